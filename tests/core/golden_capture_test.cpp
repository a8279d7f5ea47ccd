// Golden captures: a diagram, one move, the diagram after and the prisoners.
#include <gtest/gtest.h>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

TEST(GoldenCapture, SingleStoneInTheCentre) {
  Game game = game_from(R"(
    . . . . .
    . . X . .
    . X O X .
    . . . . .
    . . . . .
  )",
                        Color::Black, Rules::japanese());
  ASSERT_EQ(play(game, "C2"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . .
    . . X . .
    . X . X .
    . . X . .
    . . . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 1);
  EXPECT_EQ(game.prisoners(Color::White), 0);
  EXPECT_EQ(game.board().stones(Color::White), 0);
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_EQ(game.board().check_consistency(), "");
}

TEST(GoldenCapture, TwoStonesOnTheEdge) {
  Game game = game_from(R"(
    X O O . .
    . X X . .
    . . . . .
    . . . . .
    . . . . .
  )",
                        Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play(game, "D5"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    X . . X .
    . X X . .
    . . . . .
    . . . . .
    . . . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 2);
  EXPECT_EQ(game.board().check_consistency(), "");
}

TEST(GoldenCapture, OneStoneInTheCorner) {
  Game game = game_from(R"(
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    O X . . .
  )",
                        Color::Black, Rules::chinese());
  ASSERT_EQ(play(game, "A2"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . .
    . . . . .
    . . . . .
    X . . . .
    . X . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 1);
}

TEST(GoldenCapture, WhiteCapturesACornerGroup) {
  // Black's three stones in the corner have one liberty, B9; White takes it.
  Game game = game_from(R"(
    X . O . .
    X X O . .
    O O . . .
    . . . . .
    . . . . .
  )",
                        Color::White, Rules::japanese());
  ASSERT_EQ(play(game, "B5"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . O O . .
    . . O . .
    O O . . .
    . . . . .
    . . . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::White), 3);
  EXPECT_EQ(game.prisoners(Color::Black), 0);
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenCapture, OneMoveCapturesFourChains) {
  // C4 is the last liberty of four separate white chains.
  Game game = game_from(R"(
    . X O X .
    X O . O X
    . X O X .
    . . X . .
    . . . . .
  )",
                        Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play(game, "C4"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . X . X .
    X . X . X
    . X . X .
    . . X . .
    . . . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 4);
  EXPECT_EQ(game.board().stones(Color::White), 0);
  EXPECT_EQ(game.board().check_consistency(), "");
}

TEST(GoldenCapture, CapturingMoveThatLooksLikeSuicide) {
  // B1 has no empty neighbour, but it takes White's last liberty first:
  // a capture, not a suicide, under every suicide rule.
  for (const char* rules : {"japanese", "tromp-taylor", "nz"}) {
    SCOPED_TRACE(rules);
    Game game = game_from(R"(
      . . . . .
      . . . . .
      . . . . .
      X O . . .
      O . O . .
    )",
                          Color::Black, rules_from(rules));
    ASSERT_EQ(play(game, "B1"), MoveError::None);
    EXPECT_EQ(diagram(game.board()), text(R"(
      . . . . .
      . . . . .
      . . . . .
      X O . . .
      . X O . .
    )"));
    EXPECT_EQ(game.prisoners(Color::Black), 1);
    EXPECT_EQ(game.suicides(Color::Black), 0);
  }
}

TEST(GoldenCapture, PrisonersAccumulateOverAGame) {
  // Black captures C3 (1), White captures the corner stone A1 (1), Black
  // captures the two-stone chain on the top edge (2).
  Game game = game_from(R"(
    X O O . .
    . X X . .
    . X O X .
    . . . . .
    X O . . .
  )",
                        Color::Black, Rules::japanese());
  EXPECT_EQ(play_all(game, "C2 A2 D5"), "");
  EXPECT_EQ(diagram(game.board()), text(R"(
    X . . X .
    . X X . .
    . X . X .
    O . X . .
    . O . . .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 3);
  EXPECT_EQ(game.prisoners(Color::White), 1);
}

}  // namespace
}  // namespace tengen::golden
