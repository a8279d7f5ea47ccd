// The self-play runner: plays a run's games in parallel on oneTBB and turns
// them into statistics, a digest and per-game output.
//
// Game i draws its randomness only from (seed, i), so a run gives
// bit-identical results on any number of threads: statistics are integers
// (see stats.h); the digest and the per-game callbacks see the games in
// index order. Memory does not grow with the number of games: batches of games
// stream through a pipeline with a bounded number in flight.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "core/rules.h"
#include "core/types.h"
#include "search/search.h"
#include "selfplay/digest.h"
#include "selfplay/stats.h"

namespace tengen::selfplay {

// The most games a run may ask for: a bound that keeps a run finite in
// practice (10^15 games is decades at a billion games a second) and every
// count exact in the statistics.
inline constexpr uint64_t kMaxGames = 1'000'000'000'000'000;

struct RunConfig {
  int width = 9;
  int height = 9;
  Rules rules = Rules::tromp_taylor();  // komi included
  uint64_t games = 1000;
  uint64_t seed = 0;
  int threads = 0;    // 0: every core oneTBB sees
  int max_turns = 0;  // 0: playout::default_max_turns(width, height)
  // Games with index < keep_moves have their moves passed to on_game (for SGF).
  uint64_t keep_moves = 0;
  // Games per batch; 0 picks by board size. Changes nothing in the results.
  int batch = 0;
  // Handicap stones of every game (0: none; else at least 2), placed as the
  // rules' handicap setting says (Game::set_handicap).
  int handicap = 0;
  // The games this process plays: indices [first_game, end_game) of the run's
  // `games` (a shard, an MPI block, the rest of a resumed run). kAllGames:
  // up to `games`.
  static constexpr uint64_t kAllGames = ~uint64_t(0);
  uint64_t first_game = 0;
  uint64_t end_game = kAllGames;
  uint64_t range_end() const { return end_game < games ? end_game : games; }
  // Who plays both sides: none, the light policy (the playout kernel); else
  // the search (search/search.h) with these options, a move at a time, its
  // seed for game i game_seed(seed, i) (options.seed is not used). With one
  // search thread and a playout budget the games are the same on any number
  // of run threads; a seconds budget or more search threads make them
  // depend on timing. The resign threshold must be 0: a game is played to
  // its end.
  std::optional<search::SearchOptions> search = std::nullopt;
};

// Called on the pipeline's serial stage, one call at a time, in game order.
struct RunCallbacks {
  // Each finished game; `moves` is empty unless summary.index < keep_moves.
  std::function<void(const GameSummary& summary, std::span<const Move> moves)> on_game;
  // After each batch, with the number of games finished so far.
  std::function<void(uint64_t games_done)> on_progress;
};

struct RunResult {
  RunConfig config;  // threads and max_turns resolved
  Stats stats;
  uint64_t digest = 0;     // digest_state.value()
  RunDigest digest_state;  // the digest's mergeable form (digest.h)
  double seconds = 0;
  // Stopped early: the statistics cover games [first_game, first_game + stats.games()).
  bool interrupted = false;
  double games_per_second() const;
  double moves_per_second() const;
};

// The number of threads a config with threads = 0 runs on.
int default_threads();

// Checks a config; throws std::invalid_argument saying why it cannot run.
void validate(const RunConfig& config);

// Plays games [first_game, range_end()) of the run. When *stop becomes true (a signal handler may
// set it), no new batch starts, the batches under way finish, and the result covers exactly the
// games finished, a prefix of the run. When *abandon becomes true, searched games under way are
// abandoned besides (they can be long): the result covers the finished prefix before the first
// abandoned game. Exceptions from the callbacks end the run and propagate.
// Throws std::invalid_argument if validate() does.
RunResult run_selfplay(const RunConfig& config, const RunCallbacks& callbacks = {},
                       const std::atomic<bool>* stop = nullptr,
                       const std::atomic<bool>* abandon = nullptr);

}  // namespace tengen::selfplay
