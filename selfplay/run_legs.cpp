#include "selfplay/run_legs.h"

#include "playout/playout.h"

namespace tengen::selfplay {

void resolve_run(RunConfig& config, Shard shard) {
  const auto [first, end] = shard_range(config.games, shard);
  config.first_game = first;
  config.end_game = end;
  if (config.threads == 0) config.threads = default_threads();
  if (config.max_turns == 0)
    config.max_turns = playout::default_max_turns(config.width, config.height);
}

RunResult play_range(const Player& play, const RunConfig& config, const RunCallbacks& callbacks,
                     const std::atomic<bool>* stop, const std::atomic<bool>* abandon) {
  return play ? play(config, callbacks, stop) : run_selfplay(config, callbacks, stop, abandon);
}

RunResult run_legs(const RunConfig& config, const RunCallbacks& callbacks,
                   const std::atomic<bool>* stop, const LegOptions& options) {
  RunResult total;
  total.config = config;
  total.stats = Stats(config.width, config.height, config.max_turns);
  if (options.resume) {
    total = *options.resume;
    total.config.threads = config.threads;
  }
  const uint64_t end = config.range_end();
  auto next = [&] { return config.first_game + uint64_t(total.stats.games()); };
  // Each leg's games follow the last's, so the legs merge exactly.
  std::atomic<bool> pause{false};
  while (next() < end) {
    RunConfig leg = config;
    leg.first_game = next();
    RunCallbacks wrapped = callbacks;
    const uint64_t before = next() - config.first_game;
    wrapped.on_progress = [&](uint64_t done) {
      if (callbacks.on_progress) callbacks.on_progress(before + done);
      if ((stop && stop->load(std::memory_order_relaxed)) ||
          (options.leg_due && options.leg_due())) {
        pause.store(true);
      }
    };
    pause.store(false);
    // A leg that is due ends after its games under way; a stop also
    // abandons searched games under way.
    const RunResult part = play_range(options.play, leg, wrapped, &pause, stop);
    accumulate(total, part);
    total.interrupted = next() < end;
    if (total.interrupted && options.on_leg_end) options.on_leg_end(total);
    if (stop && stop->load()) break;
  }
  total.interrupted = next() < end;
  total.digest = total.digest_state.value();  // also when no game was left to play
  return total;
}

}  // namespace tengen::selfplay
