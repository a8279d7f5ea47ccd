// The light playout policy: the side to move picks uniformly at random among
// its legal moves that do not fill one of its own one-point eyes
// (Board::is_eye), and passes only when there is none. Legal means legal under
// the game's rules (ko rule, suicide rule), so a Tromp-Taylor playout may hold
// multi-stone suicides and never repeats a position.
#pragma once

#include <array>

#include "core/game.h"
#include "playout/rng.h"

namespace tengen::playout {

class LightPolicy {
 public:
  // Plays the policy's move for the side to move and returns its point (kPass
  // when it passed). The pick is exactly uniform over the acceptable points:
  // see light_choice.h. Allocates nothing.
  // Precondition: the game is not over.
  Point play(Game& game, Rng& rng);

  // Whether the side to move may play p under the policy: not one of its own
  // eyes, and legal. Precondition: p is an empty point on the board.
  static bool acceptable(const Game& game, Point p);

 private:
  std::array<Point, Board::kMaxArray> candidates_;
};

}  // namespace tengen::playout
