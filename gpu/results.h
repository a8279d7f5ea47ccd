// The host's side of portable games: a run's configuration resolved as the
// CPU runner resolves it, the games' compact results (gpu/portable_playout.h)
// folded into the runner's Stats and RunDigest in game order, and a run of the
// portable code on the CPU: the reference a GPU's run must equal bit for bit.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "core/board.h"
#include "core/game.h"
#include "gpu/portable_playout.h"
#include "selfplay/runner.h"

namespace tengen::gpu {

// The game every game of the run starts from (the runner's start_game).
Game start_game(const selfplay::RunConfig& config);

// config with max_turns and batch resolved as run_selfplay resolves them
// (threads left as asked). Throws std::invalid_argument as validate() does.
selfplay::RunConfig resolve(const selfplay::RunConfig& config);

// The Zobrist stone keys in PortableEnv's layout: Black's kKeyCount, then White's.
const std::vector<uint64_t>& portable_keys();

// Folds results into statistics, a digest and the per-game callback, in the
// order they are added (which must be game order for the callback).
class ResultFolder {
 public:
  explicit ResultFolder(const selfplay::RunConfig& resolved);
  // Game `index`: its result and packed owners; `moves` (the portable
  // encoding) only where index < keep_moves, else empty.
  void add(uint64_t index, const PortableResult& result, const uint32_t* owners,
           std::span<const uint16_t> moves, const selfplay::RunCallbacks& callbacks);
  const selfplay::Stats& stats() const { return stats_; }
  const selfplay::RunDigest& digest() const { return digest_; }

 private:
  selfplay::RunConfig config_;
  Board board_;
  selfplay::Stats stats_;
  selfplay::RunDigest digest_;
  std::vector<Color> owner_;
  std::vector<Move> kept_;
};

// Games [first_game, range_end()) with the portable code on one CPU thread,
// exactly as run_selfplay plays them; same contract (stop, callbacks).
selfplay::RunResult run_portable_cpu(const selfplay::RunConfig& config,
                                     const selfplay::RunCallbacks& callbacks = {},
                                     const std::atomic<bool>* stop = nullptr);

}  // namespace tengen::gpu
