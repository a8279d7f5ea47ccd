// Golden scores: a territory count with captures and dead stones, an area
// count of a settled 9x9 position, and ties with integer komi.
#include <gtest/gtest.h>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

// Black to move. C9 takes the six white stones in the corner (their last
// liberty); White's J8 takes J9. Then both pass.
constexpr const char* kTerritoryStart = R"(
  O O . O X . . O X
  O O X O . X X . .
  O X X O . X X . X
  O X O O O O O X .
  X X O . X X X O O
  . X O O O X . X X
  . X X O O X . O .
  . . X O O X . O O
  . . X O O X O . .
)";

// The board at the end:
//
//      A B C D E F G H J
//    9 . . X O x . . O .      x: dead black stones E9 F8 G8 F7 G7 J7 H6
//    8 . . X O . x x . O      o: dead white stones H3 H2 J2 G1
//    7 . X X O . x x . x
//    6 . X O O O O O x .
//    5 X X O . X X X O O
//    4 . X O O O X . X X
//    3 . X X O O X . o .
//    2 . . X O O X . o o
//    1 . . X O O X o . .
//
// Black territory, with the dead white stones removed:
//   A9 B9 A8 B8 A7 A6 (the corner C9 captured)              6
//   A4 A3 A2 B2 A1 B1                                        6
//   G4 G3 H3 J3 G2 H2 J2 G1 H1 J1                           10   = 22
// Black prisoners: 6 captured (C9) + 4 dead (H3 H2 J2 G1)    = 10   32
// White territory, with the dead black stones removed:
//   E9 F9 G9 J9 / E8 F8 G8 H8 / E7 F7 G7 H7 J7 / H6 J6      = 15
// White prisoners: 1 captured (J8) + 7 dead                  =  8   23
// Neutral: D5. Komi 0: Black by 32 - 23 = 9.
constexpr const char* kTerritoryEnd = R"(
  . . X O X . . O .
  . . X O . X X . O
  . X X O . X X . X
  . X O O O O O X .
  X X O . X X X O O
  . X O O O X . X X
  . X X O O X . O .
  . . X O O X . O O
  . . X O O X O . .
)";
constexpr const char* kTerritoryDead = "E9 F8 G8 F7 G7 J7 H6 H3 H2 J2 G1";

TEST(GoldenScore, TerritoryWithCapturesAndDeadStones) {
  Game game = game_from(kTerritoryStart, Color::Black, rules_from("japanese,komi=0"));
  ASSERT_EQ(play_all(game, "C9 J8 pass pass"), "");
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::TwoPasses);
  EXPECT_EQ(diagram(game.board()), text(kTerritoryEnd));
  EXPECT_EQ(game.prisoners(Color::Black), 6);
  EXPECT_EQ(game.prisoners(Color::White), 1);

  Score s = game.score(vertices(game.board(), kTerritoryDead));
  EXPECT_EQ(summary(s), "black 32 white 23 neutral 1 bonus 0 result B+9");
  EXPECT_EQ(s.winner, Winner::Black);
  EXPECT_EQ(s.margin, 9);
  EXPECT_EQ(s.komi, 0);
  // Scoring removes dead stones from a copy; the game's board is unchanged.
  EXPECT_EQ(diagram(game.board()), text(kTerritoryEnd));
}

TEST(GoldenScore, TerritoryWithoutDeadStones) {
  // The same end with nothing agreed dead: the "dead" stones stand, and the
  // empty points they touch count for nobody (or for them). Black: A9 B9 A8
  // B8 A7 A6, A4 A3 A2 B2 A1 B1 (12) + 6 prisoners = 18. White: J9, and H1 J1
  // next to the white stones H2 J2 G1 (3) + 1 prisoner = 4. Neutral: F9 G9
  // E8 E7 H8 H7 J6 D5 G4 G3 G2 J3 (12).
  Game game = game_from(kTerritoryStart, Color::Black, rules_from("japanese,komi=0"));
  ASSERT_EQ(play_all(game, "C9 J8 pass pass"), "");
  EXPECT_EQ(summary(game.score()), "black 18 white 4 neutral 12 bonus 0 result B+14");
}

TEST(GoldenScore, TheSameEndCountedByArea) {
  // Area: stones + territory, prisoners ignored. Black 21 stones + 22 = 43;
  // White 22 stones + 15 = 37; komi 0: Black by 6 (not 9: the prisoner
  // balance differs from the stone balance).
  Game game = game_from(kTerritoryStart, Color::Black, rules_from("chinese,komi=0"));
  ASSERT_EQ(play_all(game, "C9 J8 pass pass"), "");
  Score s = game.score(vertices(game.board(), kTerritoryDead));
  EXPECT_EQ(summary(s), "black 43 white 37 neutral 1 bonus 0 result B+6");
}

TEST(GoldenScore, FreeFunctionAgreesWithTheGame) {
  Board board = board_from(kTerritoryEnd);
  ScoreContext context;
  context.black_prisoners = 6;
  context.white_prisoners = 1;
  context.dead = vertices(board, kTerritoryDead);
  EXPECT_EQ(
      summaries(board, context, {"japanese,komi=0", "japanese,komi=6.5", "japanese,komi=9.5"}),
      text(R"(
        japanese,komi=0: black 32 white 23 neutral 1 bonus 0 result B+9
        japanese,komi=6.5: black 32 white 23 neutral 1 bonus 0 result B+2.5
        japanese,komi=9.5: black 32 white 23 neutral 1 bonus 0 result W+0.5
      )"));
}

TEST(GoldenScore, DeadListMustNameStones) {
  Board board = board_from(kTerritoryEnd);
  ScoreContext context;
  context.dead = vertices(board, "A9");  // empty
  EXPECT_THROW(score(board, Rules::japanese(), context), std::invalid_argument);
}

// A settled 9x9 position, counted by hand (Tromp-Taylor area, komi 7.5):
//
//      A B C D E F G H J     Black stones: C9 B8 C8 B7 A6 B6 B5 C5 C4 D4
//    9 . . X O . . . . .                   D3 E3 F3 G3 H3 J3 B2 G2     = 18
//    8 . X X O . O . . .     Black's empty points: A9 B9 A8 A7 (4),
//    7 . X O O . . . . .       A5 A4 B4 A3 B3 C3 A2 C2 D2 E2 F2 H2 J2
//    6 X X O . O . . . .       and the nine of row 1 (22)              = 26
//    5 . X X . O . . . .     Black area 18 + 26                        = 44
//    4 . . X X O O O O O     White stones: D9 D8 F8 C7 D7 C6 E6 E5
//    3 . . . X X X X X X                   E4 F4 G4 H4 J4              = 13
//    2 . X . . . . X . .     White's empty points: E9-J9 (5), E8 G8 H8
//    1 . . . . . . . . .       J8 (4), E7-J7 (5), F6-J6 (4), F5-J5 (4) = 22
//                            White area 13 + 22                        = 35
// Neutral: D6 D5 (they reach both colours). 44 - 35 - 7.5 = 1.5.
TEST(GoldenScore, AreaOfASettledNineByNine) {
  Game game = game_from(R"(
    . . X O . . . . .
    . X X O . O . . .
    . X O O . . . . .
    X X O . O . . . .
    . X X . O . . . .
    . . X X O O O O O
    . . . X X X X X X
    . X . . . . X . .
    . . . . . . . . .
  )",
                        Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play_all(game, "pass pass"), "");
  ASSERT_TRUE(game.over());
  Score s = game.score();
  EXPECT_EQ(summary(s), "black 44 white 35 neutral 2 bonus 0 result B+1.5");
  EXPECT_EQ(s.margin, 1.5);
  EXPECT_EQ(s.komi, 7.5);
  EXPECT_EQ(s.winner, Winner::Black);
}

TEST(GoldenScore, AreaOwnersOfASmallBoard) {
  // Who each point counts for; B2 and C2 reach both colours.
  Board board = board_from(R"(
    . X O .
    . X O .
    X . . O
    . X O .
  )");
  std::vector<Color> owner;
  area_owners(board, owner);
  ASSERT_EQ(int(owner.size()), board.array_size());
  std::string rows;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      Color c = owner[board.point(x, y)];
      rows += c == Color::Black ? 'B' : c == Color::White ? 'W' : c == Color::Empty ? '-' : '?';
    }
    rows += '\n';
  }
  EXPECT_EQ(rows, text(R"(
    BBWW
    BBWW
    B--W
    BBWW
  )"));
  EXPECT_EQ(owner[0], Color::Wall);
}

// Black 8, White 8 by area.
constexpr const char* kEvenSplit = R"(
  . X O .
  . X O .
  . X O .
  . X O .
)";

TEST(GoldenScore, TieWithKomiZeroIsADrawUnderTieDraw) {
  Game game = game_from(kEvenSplit, Color::Black, rules_from("tromp-taylor,komi=0,tie=draw"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  Score s = game.score();
  EXPECT_EQ(summary(s), "black 8 white 8 neutral 0 bonus 0 result 0");
  EXPECT_EQ(s.winner, Winner::Draw);
  EXPECT_EQ(s.margin, 0);
}

TEST(GoldenScore, TieWithKomiZeroIsAWhiteWinUnderTieWhite) {
  Game game = game_from(kEvenSplit, Color::Black, rules_from("tromp-taylor,komi=0,tie=white"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  Score s = game.score();
  EXPECT_EQ(s.winner, Winner::White);
  EXPECT_EQ(s.margin, 0);
  EXPECT_EQ(summary(s), "black 8 white 8 neutral 0 bonus 0 result W+0");
}

// Black: 15 stones and points in columns A-C + D1 = 16. White: D2-D5 and E1
// (5 stones) + E2-E5 (4 points) = 9. 16 - 9 = 7.
constexpr const char* kSevenApart = R"(
  . . X O .
  . . X O .
  . . X O .
  . . X O .
  . . X X O
)";

TEST(GoldenScore, TieWithKomiSeven) {
  Board board = board_from(kSevenApart);
  ScoreContext none;
  Score draw = score(board, Rules::nz(), none);  // komi 7, tie=draw
  EXPECT_EQ(summary(draw), "black 16 white 9 neutral 0 bonus 0 result 0");
  EXPECT_EQ(draw.winner, Winner::Draw);
  EXPECT_EQ(draw.komi, 7);

  Score white = score(board, rules_from("nz,tie=white"), none);
  EXPECT_EQ(white.winner, Winner::White);
  EXPECT_EQ(white.result(), "W+0");

  Score black = score(board, rules_from("nz,komi=6.5,tie=white"), none);
  EXPECT_EQ(black.winner, Winner::Black);
  EXPECT_EQ(black.result(), "B+0.5");
}

TEST(GoldenScore, DecideByMarginAndTieRule) {
  EXPECT_EQ(decide(0.5, TieRule::Draw), Winner::Black);
  EXPECT_EQ(decide(-0.5, TieRule::Draw), Winner::White);
  EXPECT_EQ(decide(0, TieRule::Draw), Winner::Draw);
  EXPECT_EQ(decide(0, TieRule::White), Winner::White);
  EXPECT_EQ(decide(3, TieRule::White), Winner::Black);
}

}  // namespace
}  // namespace tengen::golden
