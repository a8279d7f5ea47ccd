// The playout kernel: light playouts on playout/playout_game.h, specialised at
// compile time by board geometry (9x9, 13x13 and 19x19; any other size at run
// time) and rule family (ko rule x suicide rule), chosen once per run.
//
// It plays exactly the games that LightPolicy plays on a Game from the same
// start with the same random numbers (tests/playout/playout_kernel_test.cpp checks
// this move for move on every instance), only faster: the policy, the move
// cap and the scoring are the same; what differs is how the board keeps its
// chains (see playout_game.h).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/game.h"
#include "core/scoring.h"
#include "playout/playout.h"
#include "playout/rng.h"

namespace tengen::playout {

class PlayoutKernel {
 public:
  virtual ~PlayoutKernel() = default;

  // Plays one game from the start position to two consecutive passes or
  // max_turns turns (passes included). Allocates nothing.
  virtual PlayoutEnd play(Rng& rng) = 0;

  // The last game's moves, prisoners and suicides (as Game names them).
  virtual std::span<const Move> moves() const = 0;
  virtual int prisoners(Color c) const = 0;
  virtual int suicides(Color c) const = 0;

  // Scores the last game under the run's rules, and writes who each point
  // counts for under area scoring into owner (indexed like a Board's array
  // of the run's size; resized to its array size on the first call).
  virtual Score score(std::vector<Color>& owner) const = 0;

  // The instance's name: geometry and rule family, e.g. "9x9/simple/forbidden".
  virtual const char* name() const = 0;
};

// The kernel for playouts from `start` (a game before its first move) under
// its rules, with at most max_turns turns a game. Precondition: max_turns >= 1.
std::unique_ptr<PlayoutKernel> make_kernel(const Game& start, int max_turns);

}  // namespace tengen::playout
