// The light policy: exactly uniform among the acceptable moves (legal, not
// filling one's own eye), passing only when there is none; the eye
// definition; and the small RNG it draws from.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "core/game.h"
#include "differential/reference_playout.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tests/support/golden_util.h"
#include "tests/support/uniformity.h"

namespace tengen::playout {
namespace {

using differential::reference_is_eye;

// Draws `samples` moves from the same position: uniform over the acceptable.
void expect_uniform(const Game& start, int samples, uint64_t seed) {
  LightPolicy policy;
  Rng rng(seed);
  expect_uniform_picks(start, samples, [&] {
    Game game = start;
    const Point p = policy.play(game, rng);
    EXPECT_EQ(game.moves().size(), start.moves().size() + 1);
    return game.moves().size() == start.moves().size() + 1 ? p : kNoPoint;
  });
}

TEST(SelfplayPolicy, MixedPositionHasEyesAndIllegalPoints) {
  for (const Rules& rules : {Rules::chinese(), Rules::tromp_taylor()}) {
    const Game game = golden::game_from(kMixed, Color::Black, rules);
    const Board& board = game.board();
    for (const char* eye : {"A7", "C7", "B6"}) {
      EXPECT_TRUE(board.is_eye(golden::vertex(board, eye), Color::Black)) << eye;
    }
    for (const char* illegal : {"F6", "G7"}) {
      EXPECT_NE(game.check(golden::vertex(board, illegal)), MoveError::None) << illegal;
    }
    EXPECT_EQ(acceptable_points(game).size(), 29u);
  }
}

TEST(SelfplayPolicy, UniformChinese) {
  expect_uniform(golden::game_from(kMixed, Color::Black, Rules::chinese()), 40000 / kDivisor, 1);
}

TEST(SelfplayPolicy, UniformTrompTaylor) {
  expect_uniform(golden::game_from(kMixed, Color::Black, Rules::tromp_taylor()), 40000 / kDivisor,
                 2);
}

// Seven eyes and three acceptable points: most picks go past the draws with
// replacement into the fallback, which must be uniform too.
TEST(SelfplayPolicy, UniformWhenFewAreAcceptable) {
  const Game game = golden::game_from(kFewAcceptable, Color::Black, Rules::chinese());
  EXPECT_EQ(golden::vertex_list(game.board(), acceptable_points(game)), "C1 D1 E1");
  expect_uniform(game, 30000 / kDivisor, 3);
}

TEST(SelfplayPolicy, PassesWhenOnlyEyesAreLeft) {
  Game game = golden::game_from(R"(
    . X . X
    X X X X
    X . X .
  )",
                                Color::Black, Rules::tromp_taylor());
  LightPolicy policy;
  Rng rng(4);
  EXPECT_EQ(policy.play(game, rng), kPass);
  EXPECT_EQ(game.consecutive_passes(), 1);
  // White's every move would be a single-stone suicide, which repeats the
  // board (positional superko): White passes too.
  EXPECT_EQ(policy.play(game, rng), kPass);
  EXPECT_EQ(game.consecutive_passes(), 2);
}

// The eye definition, point by point, on the fast board and read off the
// colouring as the reference playout does.
struct EyeCase {
  const char* diagram;
  const char* point;
  Color color;
  bool eye;
};

TEST(SelfplayPolicy, EyeDefinition) {
  const EyeCase cases[] = {
      // Off the edge: fewer than two opponent diagonals.
      {". . . . .\n. O X . .\n. X . X .\n. . X . .\n. . . . .", "C3", Color::Black, true},
      {". . . . .\n. O X O .\n. X . X .\n. . X . .\n. . . . .", "C3", Color::Black, false},
      {". . . . .\n. O X . .\n. X . X .\n. . X O .\n. . . . .", "C3", Color::Black, false},
      {". . . . .\n. X X X .\n. X . X .\n. X X X .\n. . . . .", "C3", Color::Black, true},
      // An orthogonal neighbour that is empty or the opponent's: no eye.
      {". . . . .\n. . X . .\n. X . . .\n. . X . .\n. . . . .", "C3", Color::Black, false},
      {". . . . .\n. . X . .\n. X . O .\n. . X . .\n. . . . .", "C3", Color::Black, false},
      // On an edge: no opponent diagonal at all.
      {". X . X .\n. . X . .\n. . . . .\n. . . . .\n. . . . .", "C5", Color::Black, true},
      {". X . X .\n. O X . .\n. . . . .\n. . . . .\n. . . . .", "C5", Color::Black, false},
      // In a corner.
      {". X . . .\nX . . . .\n. . . . .\n. . . . .\n. . . . .", "A5", Color::Black, true},
      {". X . . .\nX O . . .\n. . . . .\n. . . . .\n. . . . .", "A5", Color::Black, false},
      {". O . . .\nO X . . .\n. . . . .\n. . . . .\n. . . . .", "A5", Color::White, false},
      {". O . . .\nO O . . .\n. . . . .\n. . . . .\n. . . . .", "A5", Color::White, true},
      // The other colour's eye is no eye of mine.
      {". . . . .\n. . X . .\n. X . X .\n. . X . .\n. . . . .", "C3", Color::White, false},
  };
  for (const EyeCase& c : cases) {
    const Board board = golden::board_from(c.diagram);
    const Point p = golden::vertex(board, c.point);
    EXPECT_EQ(board.is_eye(p, c.color), c.eye) << c.diagram << "\n" << c.point;
    reference::Colouring colouring;
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) colouring.push_back(board.at(board.point(x, y)));
    }
    const int v = board.row(p) * board.width() + board.column(p);
    EXPECT_EQ(reference_is_eye(board.width(), board.height(), colouring, v, c.color), c.eye)
        << c.diagram << "\n"
        << c.point;
  }
}

// Any colouring, any empty point, either colour: the fast board and the
// colouring-based definition agree.
RC_GTEST_PROP(SelfplayPolicy, EyeTestsAgree, ()) {
  const int width = *rc::gen::inRange(1, 8);
  const int height = *rc::gen::inRange(1, 8);
  const auto colours = *rc::gen::container<std::vector<int>>(
      size_t(width * height), rc::gen::weightedElement<int>({{3, 0}, {4, 1}, {2, 2}}));
  Board board(width, height);
  reference::Colouring colouring;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const Color c = Color(colours[size_t(y * width + x)]);
      colouring.push_back(c);
      if (c != Color::Empty) board.set_colour(board.point(x, y), c);
    }
  }
  for (int v = 0; v < width * height; ++v) {
    if (colouring[size_t(v)] != Color::Empty) continue;
    const Point p = board.point(v % width, v / width);
    for (Color c : {Color::Black, Color::White}) {
      RC_ASSERT(board.is_eye(p, c) == reference_is_eye(width, height, colouring, v, c));
    }
  }
}

TEST(SelfplayRng, SplitMixMatchesPublishedOutput) {
  // The first outputs of splitmix64 seeded with 0, as published with the
  // reference implementation.
  SplitMix64 sm(0);
  EXPECT_EQ(sm.next(), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(sm.next(), 0x6E789E6AA1B965F4ull);
}

TEST(SelfplayRng, BelowIsUniform) {
  Rng rng(5);
  for (uint32_t n : {1u, 2u, 3u, 7u, 81u, 361u}) {
    std::vector<int> counts(n, 0);
    const int samples = int(n) * 2000 / kDivisor;
    for (int s = 0; s < samples; ++s) {
      const uint32_t x = rng.below(n);
      ASSERT_LT(x, n);
      ++counts[x];
    }
    if (n == 1) continue;
    const double expected = double(samples) / n;
    double chi2 = 0;
    for (int c : counts) chi2 += std::pow(c - expected, 2) / expected;
    EXPECT_LT(chi2, chi_square_critical(int(n) - 1)) << "n = " << n;
  }
}

TEST(SelfplayRng, GameSeedsDependOnSeedAndIndexOnly) {
  EXPECT_EQ(game_seed(1, 5), game_seed(1, 5));
  EXPECT_NE(game_seed(1, 5), game_seed(1, 6));
  EXPECT_NE(game_seed(1, 5), game_seed(2, 5));
  Rng a = game_rng(9, 3), b = game_rng(9, 3);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(a.next(), b.next());
}

}  // namespace
}  // namespace tengen::playout
