#include "selfplay/runner.h"

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/scoring.h"
#include "playout/kernel.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "selfplay/digest.h"

#if defined(__SANITIZE_THREAD__)
#define TENGEN_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TENGEN_TSAN 1
#endif
#endif
#if defined(TENGEN_TSAN)
#include <sanitizer/tsan_interface.h>

// libtbb builds its filter objects inside parallel_pipeline, where no
// annotation can reach, and each filter's first act on another thread is to
// read the reference it holds to our stage object: a race ThreadSanitizer
// reports but oneTBB orders. Suppressed only when the racing access itself is
// in that header, so races in our stages are still reported.
extern "C" const char* __tsan_default_suppressions() {
  return "race_top:oneapi/tbb/detail/_pipeline_filters.h\n";
}
#endif

namespace tengen::selfplay {
namespace {

// oneTBB hands batches from stage to stage and tasks from thread to thread
// inside libtbb, which ThreadSanitizer does not instrument, so it cannot see
// those happens-before edges. These calls state them: everything a thread did
// before happens_before(x) happens before what another thread does after
// happens_after(x). No-ops in other builds.
#if defined(TENGEN_TSAN)
// clang-format off
inline void happens_before(const void* token) { __tsan_release(const_cast<void*>(token)); }
inline void happens_after(const void* token) { __tsan_acquire(const_cast<void*>(token)); }
// clang-format on
#else
inline void happens_before(const void*) {}
inline void happens_after(const void*) {}
#endif

// The token for the stages' own objects, which oneTBB copies into its filter
// nodes: each copy states itself (see Stage). An address, never written.
const char stage_token = 0;

// Where every game of a run starts: the empty board, with the handicap.
Game start_game(const RunConfig& config) {
  Game game(config.width, config.height, config.rules);
  if (config.handicap > 0) game.set_handicap(config.handicap);
  return game;
}

// A thread's playing state, reused game after game: after the first games of
// a run, playing allocates nothing (random games; a searched game's Game
// copies may grow).
struct Worker {
  explicit Worker(const RunConfig& config)
      : board(config.width, config.height),
        encoder(board),
        stats(config.width, config.height, config.max_turns) {
    owner.reserve(Board::kMaxArray);
    if (config.search) {
      searcher = std::make_unique<search::Search>(*config.search);
      start.emplace(start_game(config));
      game.emplace(*start);
    } else {
      kernel = playout::make_kernel(start_game(config), config.max_turns);
    }
  }

  Board board;                                     // the geometry, for vertices
  std::unique_ptr<playout::PlayoutKernel> kernel;  // random games
  std::unique_ptr<search::Search> searcher;        // searched games
  std::optional<Game> start, game;                 // searched games
  MoveEncoder encoder;
  std::vector<Color> owner;
  std::vector<uint8_t> bytes;  // the current game's digest bytes
  Stats stats;
  RunDigest digest;
};

// A batch of consecutive games on its way through the pipeline. Batches are
// recycled, so their buffers stop growing after the first few. Aligned to a
// cache line: two threads fill two batches at once.
struct alignas(64) Batch {
  uint64_t first = 0;
  int count = 0;
  std::vector<GameSummary> games;
  std::vector<std::vector<Move>> kept;  // moves of games below keep_moves, by position
  // Searched games: each game's area owners, added to the statistics in game
  // order by the last stage; abandoned: `count` cut to the games finished.
  std::vector<std::vector<Color>> owners;
  bool abandoned = false;
};

void play_batch(const RunConfig& config, Worker& w, Batch& batch) {
  batch.games.clear();
  for (int k = 0; k < batch.count; ++k) {
    const uint64_t index = batch.first + uint64_t(k);
    playout::Rng rng = playout::game_rng(config.seed, index);
    playout::PlayoutKernel& kernel = *w.kernel;
    const playout::PlayoutEnd end = kernel.play(rng);
    const Score score = kernel.score(w.owner);
    GameSummary summary = summarize(w.board, kernel, end, score);
    summary.index = index;
    w.bytes.clear();
    w.encoder.append(kernel.moves(), w.bytes);
    summary.digest = digest_bytes(w.bytes);
    w.digest.add(index, summary.digest);
    w.stats.add(summary, w.board, w.owner);
    batch.games.push_back(summary);
    if (index < config.keep_moves) {
      if (batch.kept.size() < size_t(batch.count)) batch.kept.resize(size_t(batch.count));
      batch.kept[size_t(k)].assign(kernel.moves().begin(), kernel.moves().end());
    }
  }
}

// Searched games: both sides search every move. The statistics are left to
// the last stage (in game order), so that games abandoned by a stop leave no
// trace; `abandon` also stops the search under way.
void play_searched_batch(const RunConfig& config, Worker& w, Batch& batch,
                         const std::atomic<bool>* abandon) {
  batch.games.clear();
  batch.abandoned = false;
  if (batch.owners.size() < size_t(batch.count)) batch.owners.resize(size_t(batch.count));
  search::SearchControl control;
  control.stop = abandon;
  auto abandoned = [&] { return abandon && abandon->load(std::memory_order_relaxed); };
  for (int k = 0; k < batch.count; ++k) {
    const uint64_t index = batch.first + uint64_t(k);
    w.searcher->restart(playout::game_seed(config.seed, index));
    Game& g = *w.game;
    g = *w.start;
    // Two passes end a game here whatever the rules' end setting, as they
    // end a playout (the search scores a pass after a pass as the end).
    while (g.consecutive_passes() < 2 && !g.over() && int(g.moves().size()) < config.max_turns) {
      if (abandoned()) break;
      const search::SearchResult r = w.searcher->run(g, control);
      if (abandoned()) break;
      if (g.play(r.move) != MoveError::None) {
        throw std::logic_error("the search played an illegal move");
      }
    }
    if (abandoned()) {
      batch.abandoned = true;
      batch.count = k;
      return;
    }
    const playout::PlayoutEnd end =
        int(g.moves().size()) >= config.max_turns && g.consecutive_passes() < 2 && !g.over()
            ? playout::PlayoutEnd::MoveCap
            : playout::PlayoutEnd::TwoPasses;
    std::vector<Color>& owner = batch.owners[size_t(k)];
    area_owners(g.board(), owner);
    GameSummary summary = summarize(w.board, g, end, g.score());
    summary.index = index;
    w.bytes.clear();
    w.encoder.append(g.moves(), w.bytes);
    summary.digest = digest_bytes(w.bytes);
    batch.games.push_back(summary);
    if (index < config.keep_moves) {
      if (batch.kept.size() < size_t(batch.count)) batch.kept.resize(size_t(batch.count));
      batch.kept[size_t(k)].assign(g.moves().begin(), g.moves().end());
    }
  }
}

int default_batch(const RunConfig& config) {
  // A searched game takes a while: one a batch.
  if (config.search) return 1;
  const int area = config.width * config.height;
  // About a millisecond of work per batch: enough to make the pipeline's own
  // cost vanish, small enough for a smooth progress bar and a quick stop.
  int batch = std::clamp(16384 / area, 4, 256);
  // Small runs: still several batches per thread.
  const uint64_t spread =
      (config.range_end() - config.first_game + uint64_t(config.threads) * 8 - 1) /
      (uint64_t(config.threads) * 8);
  return int(std::max<uint64_t>(1, std::min<uint64_t>(uint64_t(batch), spread)));
}

}  // namespace

double RunResult::games_per_second() const {
  return seconds > 0 ? double(stats.games()) / seconds : 0.0;
}

double RunResult::moves_per_second() const {
  return seconds > 0 ? double(stats.turns().sum) / seconds : 0.0;
}

int default_threads() {
  return std::max(1, tbb::info::default_concurrency());
}

void validate(const RunConfig& config) {
  if (config.width < 1 || config.width > kMaxSide || config.height < 1 ||
      config.height > kMaxSide) {
    throw std::invalid_argument(
        "board size " + std::to_string(config.width) + "x" + std::to_string(config.height) +
        " is out of range: each side must be 1 to " + std::to_string(kMaxSide));
  }
  if (config.threads < 0) throw std::invalid_argument("threads must be at least 1");
  if (config.threads > 4096) throw std::invalid_argument("threads must be at most 4096");
  if (config.max_turns < 0) throw std::invalid_argument("max turns must be at least 1");
  if (config.batch < 0) throw std::invalid_argument("batch must be at least 1");
  if (config.handicap != 0) {
    Game trial(config.width, config.height, config.rules);
    trial.set_handicap(config.handicap);  // throws std::invalid_argument saying why not
  }
  if (config.first_game > config.range_end()) {
    throw std::invalid_argument("the first game " + std::to_string(config.first_game) +
                                " is past the end of the run");
  }
  if (config.search) {
    search::check_options(*config.search, config.width, config.height);
    if (config.search->resign_threshold > 0) {
      throw std::invalid_argument(
          "self-play plays every game to its end: the search's resign threshold must be 0");
    }
  }
}

namespace {

// A run's shared state. Each pipeline stage holds only a pointer to it.
struct Run {
  RunConfig config;
  const RunCallbacks* callbacks = nullptr;
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* abandon = nullptr;
  tbb::enumerable_thread_specific<Worker> workers;
  std::vector<std::unique_ptr<Batch>> batches;  // owned here; touched by the first stage only
  tbb::concurrent_queue<Batch*> free_batches;
  uint64_t next = 0;  // first stage: the next game to hand out
  uint64_t done = 0;  // last stage: games finished
  // Last stage, searched games: the statistics and digest in game order, and
  // whether a game was abandoned (the games after it are not counted).
  Stats searched_stats;
  RunDigest searched_digest;
  bool cut = false;
  Board board;  // the geometry, for the statistics' vertices

  explicit Run(const RunConfig& c)
      : config(c),
        workers([this] { return Worker(config); }),
        next(c.first_game),
        board(c.width, c.height) {}
};

// A pipeline stage: a pointer to the run and what to do with it. Its copy
// constructor runs in libtbb's setup, so it states the copy for the sanitizer.
template <typename Action>
struct Stage {
  Run* run;
  Action action;
  Stage(Run* r, Action a) : run(r), action(a) {}
  Stage(const Stage& other) : run(other.run), action(other.action) { happens_before(&stage_token); }
  template <typename T>
  auto operator()(T&& input) const {
    happens_after(&stage_token);
    return action(*run, std::forward<T>(input));
  }
};

// First stage, serial: hands out the next batch of game indices, or stops.
Batch* next_batch(Run& run, tbb::flow_control& fc) {
  happens_after(&run.next);
  Batch* batch = nullptr;
  if (run.next >= run.config.range_end() ||
      (run.stop && run.stop->load(std::memory_order_relaxed)) ||
      (run.abandon && run.abandon->load(std::memory_order_relaxed))) {
    fc.stop();
  } else {
    if (!run.free_batches.try_pop(batch)) {
      run.batches.push_back(std::make_unique<Batch>());
      batch = run.batches.back().get();
    }
    happens_after(batch);
    batch->first = run.next;
    batch->count =
        int(std::min<uint64_t>(uint64_t(run.config.batch), run.config.range_end() - run.next));
    run.next += uint64_t(batch->count);
    happens_before(batch);
  }
  happens_before(&run.next);
  return batch;
}

// Middle stage, parallel: plays the batch on this thread's worker.
Batch* play(Run& run, Batch* batch) {
  happens_after(batch);
  Worker& worker = run.workers.local();
  if (run.config.search) {
    play_searched_batch(run.config, worker, *batch, run.abandon);
  } else {
    play_batch(run.config, worker, *batch);
  }
  happens_before(&worker);
  happens_before(batch);
  return batch;
}

// Last stage, serial and in order: the digest, the callbacks, recycling.
void finish_batch(Run& run, Batch* batch) {
  happens_after(&run.done);
  happens_after(batch);
  if (run.config.search) {
    // After an abandoned game nothing counts: the result is a prefix.
    if (run.cut) batch->count = 0;
    for (int k = 0; k < batch->count; ++k) {
      const GameSummary& summary = batch->games[size_t(k)];
      run.searched_stats.add(summary, run.board, batch->owners[size_t(k)]);
      run.searched_digest.add(summary.index, summary.digest);
    }
    run.cut = run.cut || batch->abandoned;
  }
  if (run.callbacks->on_game) {
    for (int k = 0; k < batch->count; ++k) {
      const GameSummary& summary = batch->games[size_t(k)];
      run.callbacks->on_game(summary, summary.index < run.config.keep_moves
                                          ? std::span<const Move>(batch->kept[size_t(k)])
                                          : std::span<const Move>());
    }
  }
  run.done += uint64_t(batch->count);
  if (run.callbacks->on_progress) run.callbacks->on_progress(run.done);
  happens_before(batch);
  run.free_batches.push(batch);
  happens_before(&run.done);
}

}  // namespace

RunResult run_selfplay(const RunConfig& requested, const RunCallbacks& callbacks,
                       const std::atomic<bool>* stop, const std::atomic<bool>* abandon) {
  validate(requested);
  Run run(requested);
  RunConfig& config = run.config;
  if (config.threads == 0) config.threads = default_threads();
  if (config.max_turns == 0)
    config.max_turns = playout::default_max_turns(config.width, config.height);
  if (config.batch == 0) config.batch = default_batch(config);
  run.callbacks = &callbacks;
  run.stop = stop;
  run.abandon = abandon;
  run.searched_stats = Stats(config.width, config.height, config.max_turns);

  RunResult result;
  result.config = config;
  const auto start = std::chrono::steady_clock::now();
  // Up to threads * 4 batches in flight: enough to keep every thread busy
  // while the serial stage catches up, and a bound on memory.
  const size_t tokens = size_t(config.threads) * 4;
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                  size_t(std::max(config.threads, default_threads())));
  tbb::task_arena arena(config.threads);
  auto first = [](Run& r, tbb::flow_control& fc) { return next_batch(r, fc); };
  auto middle = [](Run& r, Batch* b) { return play(r, b); };
  auto last = [](Run& r, Batch* b) { finish_batch(r, b); };
  const auto stages =
      tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order, Stage(&run, first)) &
      tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel, Stage(&run, middle)) &
      tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, Stage(&run, last));
  happens_before(&stage_token);
  arena.execute([&] { tbb::parallel_pipeline(tokens, stages); });
  happens_after(&run.next);
  happens_after(&run.done);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  result.stats = Stats(config.width, config.height, config.max_turns);
  run.workers.combine_each([&](const Worker& w) {
    happens_after(&w);
    result.stats.merge(w.stats);
    result.digest_state.merge(w.digest);
  });
  result.stats.merge(run.searched_stats);
  result.digest_state.merge(run.searched_digest);
  result.digest = result.digest_state.value();
  result.interrupted = config.first_game + run.done < config.range_end();
  return result;
}

}  // namespace tengen::selfplay
