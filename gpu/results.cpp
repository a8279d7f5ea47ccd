#include "gpu/results.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "core/scoring.h"
#include "core/zobrist.h"
#include "gpu/portable_dispatch.h"
#include "gpu/portable_host.h"
#include "playout/playout.h"
#include "playout/rng.h"

namespace tengen::gpu {

Game start_game(const selfplay::RunConfig& config) {
  Game game(config.width, config.height, config.rules);
  if (config.handicap > 0) game.set_handicap(config.handicap);
  return game;
}

selfplay::RunConfig resolve(const selfplay::RunConfig& config) {
  selfplay::validate(config);
  selfplay::RunConfig c = config;
  if (c.max_turns == 0) c.max_turns = playout::default_max_turns(c.width, c.height);
  if (c.batch == 0) c.batch = 256;
  return c;
}

const std::vector<uint64_t>& portable_keys() {
  static const std::vector<uint64_t> keys = [] {
    std::vector<uint64_t> k(2 * size_t(zobrist::kKeyCount));
    for (int c = 0; c < 2; ++c) {
      for (int i = 0; i < zobrist::kKeyCount; ++i) {
        k[size_t(c * zobrist::kKeyCount + i)] = zobrist::kKeys.stone[size_t(c)][size_t(i)];
      }
    }
    return k;
  }();
  return keys;
}

ResultFolder::ResultFolder(const selfplay::RunConfig& resolved)
    : config_(resolved),
      board_(resolved.width, resolved.height),
      stats_(resolved.width, resolved.height, resolved.max_turns),
      owner_(size_t(board_.array_size()), Color::Wall) {}

void ResultFolder::add(uint64_t index, const PortableResult& r, const uint32_t* owners,
                       std::span<const uint16_t> moves, const selfplay::RunCallbacks& callbacks) {
  const int w = config_.width, h = config_.height;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int v = y * w + x;
      owner_[board_.point(x, y)] = Color((owners[v / 16] >> (2 * (v % 16))) & 3);
    }
  }
  AreaCount count;
  count.black = r.area[0];
  count.white = r.area[1];
  count.neutral = r.area[2];
  count.black_stones = r.area[3];
  count.white_stones = r.area[4];
  ScoreContext context;
  // Suicided stones are the opponent's prisoners (Game::score).
  context.black_prisoners = r.captures[0] + r.suicides[1];
  context.white_prisoners = r.captures[1] + r.suicides[0];
  context.handicap_stones = config_.handicap;
  selfplay::GameSummary s;
  s.index = index;
  s.end = playout::PlayoutEnd(r.end);
  s.turns = r.turns;
  s.stones = r.stones;
  s.captures_black = r.captures[0];
  s.captures_white = r.captures[1];
  s.suicides_black = r.suicides[0];
  s.suicides_white = r.suicides[1];
  s.first_move = r.first_move;
  s.score = score_count(count, config_.rules, context);
  s.digest = r.digest;
  digest_.add(index, r.digest);
  stats_.add(s, board_, owner_);
  if (callbacks.on_game) {
    kept_.clear();
    for (const uint16_t m : moves) {
      kept_.push_back(Move{Color(m >> kMoveColourShift), Point(m & ((1 << kMoveColourShift) - 1))});
    }
    callbacks.on_game(s, kept_);
  }
}

selfplay::RunResult run_portable_cpu(const selfplay::RunConfig& config,
                                     const selfplay::RunCallbacks& callbacks,
                                     const std::atomic<bool>* stop) {
  const selfplay::RunConfig c = resolve(config);
  const Game start = start_game(c);
  selfplay::RunResult result;
  result.config = c;
  result.config.threads = 1;
  ResultFolder folder(c);
  const auto began = std::chrono::steady_clock::now();
  uint64_t done = 0;
  dispatch_portable_game(c.width, c.height, c.rules, [&]<class G>(PortableTag<G>) {
    PortableHost<G> host(start, c.max_turns);
    for (uint64_t i = c.first_game; i < c.range_end(); ++i) {
      if ((i - c.first_game) % uint64_t(c.batch) == 0 && i != c.first_game) {
        if (callbacks.on_progress) callbacks.on_progress(done);
        if (stop && stop->load(std::memory_order_relaxed)) break;
      }
      playout::Rng rng(playout::game_seed(c.seed, i));
      const PortableResult r = host.finish(host.play(rng));
      const size_t kept = i < c.keep_moves ? size_t(host.game().turns()) : 0;
      folder.add(i, r, host.owners(), std::span<const uint16_t>(host.raw_moves().data(), kept),
                 callbacks);
      ++done;
    }
  });
  if (callbacks.on_progress) callbacks.on_progress(done);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  result.stats = folder.stats();
  result.digest_state = folder.digest();
  result.digest = result.digest_state.value();
  result.interrupted = c.first_game + done < c.range_end();
  return result;
}

}  // namespace tengen::gpu
