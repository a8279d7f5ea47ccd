// Golden handicaps: the fixed star points (GTP fixed_handicap order), free
// placement, and White's handicap compensation in area scoring.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

struct Fixed {
  int size;
  int n;
  const char* points;  // in GTP order
};

// GTP 2, section 4.1.1, on 19x19; the same pattern on the 4-4 points of
// 13x13 and the 3-3 points of 9x9.
constexpr Fixed kFixed[] = {
    {19, 2, "D4 Q16"},
    {19, 3, "D4 Q16 D16"},
    {19, 4, "D4 Q16 D16 Q4"},
    {19, 5, "D4 Q16 D16 Q4 K10"},
    {19, 6, "D4 Q16 D16 Q4 D10 Q10"},
    {19, 7, "D4 Q16 D16 Q4 D10 Q10 K10"},
    {19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"},
    {19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
    {13, 2, "D4 K10"},
    {13, 3, "D4 K10 D10"},
    {13, 4, "D4 K10 D10 K4"},
    {13, 5, "D4 K10 D10 K4 G7"},
    {13, 6, "D4 K10 D10 K4 D7 K7"},
    {13, 7, "D4 K10 D10 K4 D7 K7 G7"},
    {13, 8, "D4 K10 D10 K4 D7 K7 G4 G10"},
    {13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"},
    {9, 2, "C3 G7"},
    {9, 3, "C3 G7 C7"},
    {9, 4, "C3 G7 C7 G3"},
    {9, 5, "C3 G7 C7 G3 E5"},
    {9, 6, "C3 G7 C7 G3 C5 G5"},
    {9, 7, "C3 G7 C7 G3 C5 G5 E5"},
    {9, 8, "C3 G7 C7 G3 C5 G5 E3 E7"},
    {9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"},
};

TEST(GoldenHandicap, FixedPointsInGtpOrder) {
  for (const Fixed& f : kFixed) {
    SCOPED_TRACE(std::to_string(f.size) + "x" + std::to_string(f.size) +
                 " n=" + std::to_string(f.n));
    Board board(f.size, f.size);
    EXPECT_EQ(vertex_list(board, handicap_points(board, f.n)), f.points);
  }
}

TEST(GoldenHandicap, FixedPlacementPutsTheStonesAndWhiteMovesFirst) {
  for (const Fixed& f : kFixed) {
    SCOPED_TRACE(std::to_string(f.size) + "x" + std::to_string(f.size) +
                 " n=" + std::to_string(f.n));
    Game game(f.size, f.size, Rules::japanese());
    game.set_handicap(f.n);
    EXPECT_EQ(game.handicap(), f.n);
    EXPECT_EQ(game.to_move(), Color::White);
    const Board& board = game.board();
    EXPECT_EQ(board.stones(Color::Black), f.n);
    EXPECT_EQ(board.stones(Color::White), 0);
    for (Point p : vertices(board, f.points)) {
      EXPECT_EQ(board.at(p), Color::Black) << gtp_vertex(board, p);
    }
    EXPECT_EQ(board.check_consistency(), "");
  }
}

TEST(GoldenHandicap, NineStonesOnNineByNine) {
  Game game(9, 9, Rules::chinese());
  game.set_handicap(9);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . X . X . X . .
    . . . . . . . . .
    . . X . X . X . .
    . . . . . . . . .
    . . X . X . X . .
    . . . . . . . . .
    . . . . . . . . .
  )"));
  ASSERT_EQ(play_all(game, "E6"), "");  // White
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenHandicap, FiveStonesOnThirteen) {
  Game game(13, 13, Rules::aga());
  game.set_handicap(5);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . X . . . . . X . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . X . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . X . . . . . X . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
  )"));
}

TEST(GoldenHandicap, FixedRefusals) {
  {
    Game game(19, 19, Rules::japanese());
    EXPECT_THROW(game.set_handicap(1), std::invalid_argument);
    EXPECT_THROW(game.set_handicap(10), std::invalid_argument);
    EXPECT_EQ(game.handicap(), 0);
    EXPECT_EQ(game.board().stones(Color::Black), 0);
    EXPECT_EQ(game.to_move(), Color::Black);
  }
  {
    Game game(19, 19, Rules::japanese());
    ASSERT_EQ(play_all(game, "D4"), "");
    EXPECT_THROW(game.set_handicap(2), std::invalid_argument);  // a move has been played
    EXPECT_EQ(game.board().stones(Color::Black), 1);
  }
  Board board(19, 19);
  EXPECT_TRUE(handicap_points(board, 10).empty());
  EXPECT_TRUE(handicap_points(board, 1).empty());
}

TEST(GoldenHandicap, FreePlacementBlackMovesNTimes) {
  Game game(9, 9, Rules::tromp_taylor());
  game.set_handicap(3);
  EXPECT_EQ(game.handicap(), 3);
  EXPECT_EQ(game.board().stones(Color::Black), 0);
  EXPECT_EQ(game.to_move(), Color::Black);
  ASSERT_EQ(play_all(game, "A1"), "");
  EXPECT_EQ(game.to_move(), Color::Black);
  ASSERT_EQ(play_all(game, "J9"), "");
  EXPECT_EQ(game.to_move(), Color::Black);
  ASSERT_EQ(play_all(game, "E5"), "");
  EXPECT_EQ(game.to_move(), Color::White);
  ASSERT_EQ(play_all(game, "D5"), "");
  EXPECT_EQ(game.to_move(), Color::Black);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . . . . . X
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X . . . . . . . .
  )"));
}

TEST(GoldenHandicap, FreePlacementOnAnyBoardSize) {
  // Free placement needs no star points.
  Game game(5, 3, Rules::nz());
  game.set_handicap(4);
  EXPECT_EQ(game.to_move(), Color::Black);
}

// Four stones on an empty 9x9, then both pass: Black owns all 81 points by
// area (77 of them by territory), White nothing.
struct Bonus {
  const char* rules;
  const char* summary;
};

constexpr Bonus kBonus[] = {
    // komi 7.5, bonus N = 4: 81 - 7.5 - 4
    {"chinese", "black 81 white 0 neutral 0 bonus 4 result B+69.5"},
    // komi 7.5, bonus N-1 = 3
    {"aga", "black 81 white 0 neutral 0 bonus 3 result B+70.5"},
    // no bonus
    {"chinese,bonus=none", "black 81 white 0 neutral 0 bonus 0 result B+73.5"},
    // free placement, bonus N
    {"tromp-taylor,bonus=n", "black 81 white 0 neutral 0 bonus 4 result B+69.5"},
    // territory: the bonus is an area-scoring compensation only; komi 6.5
    {"japanese", "black 77 white 0 neutral 0 bonus 0 result B+70.5"},
    {"japanese,bonus=n", "black 77 white 0 neutral 0 bonus 0 result B+70.5"},
};

TEST(GoldenHandicap, BonusInAreaScoring) {
  for (const Bonus& b : kBonus) {
    SCOPED_TRACE(b.rules);
    Rules rules = rules_from(b.rules);
    Game game(9, 9, rules);
    game.set_handicap(4);
    if (rules.handicap == HandicapPlacement::Free) {
      ASSERT_EQ(play_all(game, "C3 G7 C7 G3"), "");
    }
    ASSERT_EQ(play_all(game, "pass pass"), "");
    ASSERT_TRUE(game.over());
    EXPECT_EQ(summary(game.score()), b.summary);
  }
}

TEST(GoldenHandicap, BonusFromTheScoreContext) {
  Board board = board_from(R"(
    . X O .
    . X O .
    . X O .
    . X O .
  )");
  ScoreContext context;
  context.handicap_stones = 2;
  EXPECT_EQ(summaries(board, context, {"chinese,komi=0", "aga,komi=0", "tromp-taylor,komi=0"}),
            text(R"(
    chinese,komi=0: black 8 white 8 neutral 0 bonus 2 result W+2
    aga,komi=0: black 8 white 8 neutral 0 bonus 1 result W+1
    tromp-taylor,komi=0: black 8 white 8 neutral 0 bonus 0 result 0
  )"));
}

}  // namespace
}  // namespace tengen::golden
