// Golden suicide: the suicide rules on a single-stone and a two-stone
// suicide, the board afterwards, the counts, and the order of the checks.
#include <gtest/gtest.h>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

// A3 has no liberty and captures nothing.
constexpr const char* kSingle = R"(
  . O .
  O . .
  . . .
)";

// B5 joins A5 into a chain with no liberty that captures nothing.
constexpr const char* kDouble = R"(
  X . O . .
  O O . . .
  . . . . .
  . . . . .
  . . . . .
)";

TEST(GoldenSuicide, SingleStoneRefusedWhenForbidden) {
  Game game = game_from(kSingle, Color::Black, Rules::japanese());
  EXPECT_EQ(game.check(vertex(game.board(), "A3")), MoveError::Suicide);
  EXPECT_EQ(play(game, "A3"), MoveError::Suicide);
  EXPECT_EQ(diagram(game.board()), text(kSingle));
  EXPECT_EQ(game.to_move(), Color::Black);
  EXPECT_EQ(game.suicides(Color::Black), 0);
  EXPECT_TRUE(game.moves().empty());
}

TEST(GoldenSuicide, SingleStoneRefusedUnderMulti) {
  Game game = game_from(kSingle, Color::Black, Rules::nz());
  EXPECT_EQ(play(game, "A3"), MoveError::Suicide);
  EXPECT_EQ(diagram(game.board()), text(kSingle));
}

TEST(GoldenSuicide, SingleStoneAllowedWithSimpleKo) {
  Game game = game_from(kSingle, Color::Black, rules_from("tromp-taylor,ko=simple"));
  EXPECT_EQ(play(game, "A3"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(kSingle));
  EXPECT_EQ(game.suicides(Color::Black), 1);
  EXPECT_EQ(game.suicides(Color::White), 0);
  EXPECT_EQ(game.prisoners(Color::White), 0);
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(game.board().check_consistency(), "");
}

TEST(GoldenSuicide, SingleStoneRepeatsTheBoardUnderPositionalSuperko) {
  // Suicide is allowed, but the board after it is the board before it.
  Game game = game_from(kSingle, Color::Black, Rules::tromp_taylor());
  EXPECT_EQ(play(game, "A3"), MoveError::Superko);
  EXPECT_EQ(game.suicides(Color::Black), 0);
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenSuicide, SingleStoneIsANewSituationUnderSituationalSuperko) {
  // Same colouring, but now White is to move: not a repeated situation.
  Game game = game_from(kSingle, Color::Black, rules_from("tromp-taylor,ko=situational"));
  EXPECT_EQ(play(game, "A3"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(kSingle));
  EXPECT_EQ(game.suicides(Color::Black), 1);
}

TEST(GoldenSuicide, OutOfTurnSuicideUnderSituationalSuperko) {
  // Black is to move, but White plays (GTP-style) a suicide at A3: the
  // colouring comes back with Black to move next, the start's situation.
  Game game = game_from(R"(
    . X .
    X . .
    . O .
  )",
                        Color::Black, rules_from("tromp-taylor,ko=situational"));
  const Board& board = game.board();
  EXPECT_EQ(game.check(Color::White, vertex(board, "A3")), MoveError::Superko);
  EXPECT_EQ(game.play(Color::White, vertex(board, "A3")), MoveError::Superko);
  EXPECT_EQ(game.to_move(), Color::Black);
  EXPECT_EQ(game.suicides(Color::White), 0);
}

TEST(GoldenSuicide, SuicideIsCheckedBeforeSuperko) {
  Game game = game_from(kSingle, Color::Black, rules_from("tromp-taylor,suicide=forbidden"));
  EXPECT_EQ(play(game, "A3"), MoveError::Suicide);
}

TEST(GoldenSuicide, MultiStoneRefusedWhenForbidden) {
  for (const char* rules : {"japanese", "chinese", "aga"}) {
    SCOPED_TRACE(rules);
    Game game = game_from(kDouble, Color::Black, rules_from(rules));
    EXPECT_EQ(play(game, "B5"), MoveError::Suicide);
    EXPECT_EQ(diagram(game.board()), text(kDouble));
  }
}

TEST(GoldenSuicide, MultiStoneAllowedUnderMultiAndAllowed) {
  for (const char* rules : {"nz", "tromp-taylor", "tromp-taylor,suicide=multi,ko=simple"}) {
    SCOPED_TRACE(rules);
    Game game = game_from(kDouble, Color::Black, rules_from(rules));
    EXPECT_EQ(play(game, "B5"), MoveError::None);
    EXPECT_EQ(diagram(game.board()), text(R"(
      . . O . .
      O O . . .
      . . . . .
      . . . . .
      . . . . .
    )"));
    EXPECT_EQ(game.suicides(Color::Black), 2);
    EXPECT_EQ(game.prisoners(Color::White), 0);
    EXPECT_EQ(game.prisoners(Color::Black), 0);
    EXPECT_EQ(game.board().stones(Color::Black), 0);
    EXPECT_EQ(game.to_move(), Color::White);
    EXPECT_EQ(game.board().check_consistency(), "");
  }
}

TEST(GoldenSuicide, SuicidesAreCountedPerColour) {
  // White kills three of its own stones at J1, then Black two at B9.
  Game game = game_from(R"(
    X . O . . . . . .
    O O . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . X X
    . . . . . . X O X
    . . . . . . X O .
  )",
                        Color::White, Rules::nz());
  ASSERT_EQ(play_all(game, "J1 B9"), "");
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . O . . . . . .
    O O . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . X X
    . . . . . . X . X
    . . . . . . X . .
  )"));
  EXPECT_EQ(game.suicides(Color::White), 3);
  EXPECT_EQ(game.suicides(Color::Black), 2);
  EXPECT_EQ(game.prisoners(Color::Black), 0);
  EXPECT_EQ(game.prisoners(Color::White), 0);
}

TEST(GoldenLegality, OccupiedAndOffBoard) {
  Game game = game_from(kSingle, Color::Black, Rules::tromp_taylor());
  const Board& board = game.board();
  EXPECT_EQ(play(game, "B3"), MoveError::Occupied);
  EXPECT_EQ(game.play(board.point(3, 0)), MoveError::OffBoard);  // the sentinel column
  EXPECT_EQ(game.play(Point(board.array_size())), MoveError::OffBoard);
  EXPECT_EQ(game.play(kNoPoint), MoveError::OffBoard);
  EXPECT_EQ(diagram(game.board()), text(kSingle));
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenLegality, GameOverComesFirst) {
  Game game = game_from(kSingle, Color::Black, Rules::japanese());
  ASSERT_EQ(game.play(kPass), MoveError::None);
  ASSERT_EQ(game.play(kPass), MoveError::None);
  ASSERT_TRUE(game.over());
  EXPECT_EQ(play(game, "C1"), MoveError::GameOver);
  EXPECT_EQ(play(game, "B3"), MoveError::GameOver);
  EXPECT_EQ(play(game, "A3"), MoveError::GameOver);
  EXPECT_EQ(game.play(kNoPoint), MoveError::GameOver);
  EXPECT_EQ(game.play(kPass), MoveError::GameOver);
}

}  // namespace
}  // namespace tengen::golden
