// Helpers for the tests that the light policy's pick (selfplay/policy.h, and
// the playout kernel that plays its games) is exactly uniform: the points it
// may pick, and a chi-square bound.
#pragma once

#include <cmath>
#include <vector>

#include "core/game.h"
#include "selfplay/policy.h"

namespace tengen::selfplay {

// The chi-square value exceeded with probability 1e-4 for `df` degrees of
// freedom (Wilson-Hilferty).
inline double chi_square_critical(int df) {
  constexpr double z = 3.719;  // normal quantile at 1 - 1e-4
  const double k = 2.0 / (9.0 * df);
  return df * std::pow(1 - k + z * std::sqrt(k), 3);
}

// The empty points the light policy accepts for the side to move, in the
// board's empty-list order.
inline std::vector<Point> acceptable_points(const Game& game) {
  std::vector<Point> points;
  const Board& board = game.board();
  for (int i = 0; i < board.empty_count(); ++i) {
    if (LightPolicy::acceptable(game, board.empty_point(i))) points.push_back(board.empty_point(i));
  }
  return points;
}

}  // namespace tengen::selfplay
