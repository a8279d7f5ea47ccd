// Helpers for the tests that the light policy's pick (playout/policy.h, and
// the playout kernel that plays its games) is exactly uniform: the points it
// may pick, and a chi-square bound.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "core/coords.h"
#include "core/game.h"
#include "playout/policy.h"
#include "tests/support/sample_divisor.h"

namespace tengen::playout {

// Samples are divided by this under the sanitizers (slow) or as configured.
constexpr int kDivisor = int(props::sample_divisor(4));

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

// Black to move. Black's eyes: A7, C7, B6. Black may not play F6 or G7
// (suicide, and under positional superko a single-stone suicide repeats the
// board). Everything else is acceptable (29 points). The unacceptable points
// sit in runs of the empty list, where "scan from a random start" would be
// biased. 7x7: the kernel's run-time geometry.
constexpr const char* kMixed = R"(
  . X . X . O .
  X . X X O . O
  X X X O O O O
  . . . . . . .
  . . . . . . .
  . . . . . . .
  . . . . . . .
)";

// Black to move: seven eyes and three acceptable points (C1 D1 E1), so most
// picks go past the draws with replacement into the fallback.
constexpr const char* kFewAcceptable = R"(
  . X . X .
  X X X X X
  . X . X .
  X X X X X
  . X . . .
)";

// Picks `samples` moves from `start` with pick() (a point, or kNoPoint when
// the pick was malformed: a failure already reported) and checks that each
// is acceptable and that their counts pass a chi-square test of uniformity.
template <class Pick>
void expect_uniform_picks(const Game& start, int samples, Pick&& pick) {
  const std::vector<Point> acceptable = acceptable_points(start);
  ASSERT_GE(acceptable.size(), 2u);
  std::map<Point, int> counts;
  for (int s = 0; s < samples; ++s) {
    const Point p = pick();
    if (p == kNoPoint) return;
    ASSERT_NE(std::find(acceptable.begin(), acceptable.end(), p), acceptable.end())
        << gtp_vertex(start.board(), p) << " is not acceptable";
    ++counts[p];
  }
  const double expected = double(samples) / double(acceptable.size());
  double chi2 = 0;
  for (Point p : acceptable) chi2 += std::pow(counts[p] - expected, 2) / expected;
  EXPECT_LT(chi2, chi_square_critical(int(acceptable.size()) - 1))
      << acceptable.size() << " acceptable points, " << samples << " samples";
}

}  // namespace tengen::playout
