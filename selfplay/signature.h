// The signature: a fixed, seeded set of self-play runs on several boards and
// rule sets, folded into one digest. `tengen bench` prints it with the speed,
// and a test pins it: a change that alters any game, or any game's score,
// changes the signature, and must do so on purpose.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "selfplay/runner.h"

namespace tengen::selfplay {

// The runs of the signature, in order (threads left 0).
std::vector<RunConfig> signature_runs();

struct SignatureResult {
  // xxHash64 over, for each run in order: its digest, then its games, Black
  // wins, White wins, draws and sums of twice the margin, captures and
  // suicides, each as a little-endian 64-bit integer.
  uint64_t digest = 0;
  uint64_t games = 0;
  uint64_t moves = 0;
  double seconds = 0;
  bool interrupted = false;
  std::vector<RunResult> runs;
  double playouts_per_second() const { return seconds > 0 ? double(games) / seconds : 0.0; }
};

// Plays the signature on `threads` threads (0: all cores). The digest does not
// depend on the number of threads.
SignatureResult run_signature(int threads, const std::atomic<bool>* stop = nullptr);

}  // namespace tengen::selfplay
