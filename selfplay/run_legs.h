// A run played in legs: what `tengen selfplay` and the Python module share
// between parsing their arguments and reporting. The run is narrowed to a
// shard, then played in legs that each continue the last (a checkpoint is
// due, a stop was asked); the legs merge exactly into the one-run result.
#pragma once

#include <atomic>
#include <functional>

#include "selfplay/partial_result.h"
#include "selfplay/runner.h"

namespace tengen::selfplay {

// Narrows `config` to the games of `shard` (none given: all of them) and
// resolves threads (0: default_threads()) and max_turns (0: the default).
void resolve_run(RunConfig& config, Shard shard);

// What plays a range of games: run_selfplay, or another engine with its
// contract (game i from (seed, i); *stop ends it after a prefix of the range;
// callbacks in game order), such as the GPU's (gpu/device.h). Empty:
// run_selfplay.
using Player =
    std::function<RunResult(const RunConfig&, const RunCallbacks&, const std::atomic<bool>* stop)>;

// Plays the range with `play`, or run_selfplay when it is empty (which also
// abandons searched games under way when *abandon becomes true).
RunResult play_range(const Player& play, const RunConfig& config,
                     const RunCallbacks& callbacks = {}, const std::atomic<bool>* stop = nullptr,
                     const std::atomic<bool>* abandon = nullptr);

struct LegOptions {
  // The finished games to continue from (a resumed checkpoint of this run and
  // range), or null to start at the range's first game.
  const RunResult* resume = nullptr;
  // Asked after each batch: true ends the leg there (a checkpoint is due).
  std::function<bool()> leg_due;
  // Called after every leg that leaves games of the range unplayed.
  std::function<void(const RunResult& total)> on_leg_end;
  // What plays each leg (empty: run_selfplay).
  Player play;
};

// Plays games [first_game, range_end()) of a resolved config (resolve_run) in
// legs. When *stop becomes true the leg under way ends after its batches in
// flight and no other starts; the result is then marked interrupted and
// covers the finished prefix. Exceptions from the callbacks propagate.
RunResult run_legs(const RunConfig& config, const RunCallbacks& callbacks,
                   const std::atomic<bool>* stop, const LegOptions& options = {});

}  // namespace tengen::selfplay
