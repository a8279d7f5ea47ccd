// Golden ko and superko: simple ko, the recapture that takes more than the ko
// stone, positional superko on a 2x2 board, and situational against
// positional superko.
#include <gtest/gtest.h>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

constexpr const char* kKoShape = R"(
  . . . . .
  . X O . .
  X O . O .
  . X O . .
  . . . . .
)";

TEST(GoldenKo, SimpleKoRefusedThenRetakenAfterAThreat) {
  Game game = game_from(kKoShape, Color::Black, Rules::japanese());
  ASSERT_EQ(play(game, "C3"), MoveError::None);
  const std::string after_take = text(R"(
    . . . . .
    . X O . .
    X . X O .
    . X O . .
    . . . . .
  )");
  EXPECT_EQ(diagram(game.board()), after_take);
  EXPECT_EQ(game.prisoners(Color::Black), 1);

  // White may not retake at once; the refusal changes nothing.
  EXPECT_EQ(game.check(vertex(game.board(), "B3")), MoveError::Ko);
  EXPECT_EQ(play(game, "B3"), MoveError::Ko);
  EXPECT_EQ(diagram(game.board()), after_take);
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_EQ(game.moves().size(), 1u);

  // A threat and its answer, then the retake is legal.
  ASSERT_EQ(play_all(game, "E5 E1"), "");
  ASSERT_EQ(play(game, "B3"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . . . O
    . X O . .
    X O . O .
    . X O . .
    . . . . X
  )"));
  EXPECT_EQ(game.prisoners(Color::White), 1);

  // Now Black may not retake at once.
  EXPECT_EQ(play(game, "C3"), MoveError::Ko);
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenKo, KoStoneMayBeTakenBackAfterAPass) {
  // Under simple ko a pass is enough to lift the ban.
  Game game = game_from(kKoShape, Color::Black, Rules::chinese());
  ASSERT_EQ(play(game, "C3"), MoveError::None);
  EXPECT_EQ(play(game, "B3"), MoveError::Ko);
  ASSERT_EQ(game.play(kPass), MoveError::None);  // White
  ASSERT_EQ(play(game, "A1"), MoveError::None);  // Black
  EXPECT_EQ(play(game, "B3"), MoveError::None);
}

TEST(GoldenKo, PositionalSuperkoRefusesTheImmediateRetake) {
  // The retake would recreate the position before C3.
  Game game = game_from(kKoShape, Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play(game, "C3"), MoveError::None);
  EXPECT_EQ(play(game, "B3"), MoveError::Superko);
  ASSERT_EQ(play_all(game, "E5 E1"), "");
  EXPECT_EQ(play(game, "B3"), MoveError::None);
}

TEST(GoldenKo, SituationalSuperkoRefusesTheImmediateRetake) {
  Game game = game_from(kKoShape, Color::Black, Rules::aga());
  ASSERT_EQ(play(game, "C3"), MoveError::None);
  EXPECT_EQ(play(game, "B3"), MoveError::Superko);
}

TEST(GoldenKo, RecaptureOfTheKoStoneAndOthersIsAllowed) {
  // Black's C3 captures one stone but joins B2 C2, a chain whose last
  // liberty is then B3: White's B3 takes three stones (a snapback), which no
  // ko rule forbids.
  for (const char* rules : {"japanese", "tromp-taylor", "aga"}) {
    SCOPED_TRACE(rules);
    Game game = game_from(R"(
      . . . . .
      . X O . .
      X O . O .
      O X X O .
      . O O . .
    )",
                          Color::Black, rules_from(rules));
    ASSERT_EQ(play(game, "C3"), MoveError::None);
    EXPECT_EQ(diagram(game.board()), text(R"(
      . . . . .
      . X O . .
      X . X O .
      O X X O .
      . O O . .
    )"));
    ASSERT_EQ(play(game, "B3"), MoveError::None);
    EXPECT_EQ(diagram(game.board()), text(R"(
      . . . . .
      . X O . .
      X O . O .
      O . . O .
      . O O . .
    )"));
    EXPECT_EQ(game.prisoners(Color::Black), 1);
    EXPECT_EQ(game.prisoners(Color::White), 3);
  }
}

// On a 2x2 board (A2 B2 on top, A1 B1 below), from the empty board:
//
//   1 B pass   . .    2 W B1   . .    3 B A2   X .    4 W pass
//              . .             . O             . O
//   5 B B2     X X    6 W pass        7 B A1   X X    (A1 takes B1's last
//              . O                             X .     liberty)
//
//   8 W B1 would take A2 B2 A1 (their last liberty) and leave  . .
//                                                              . O
// which is the position after move 2, with Black to move both times: a
// three-stone capture, so simple ko allows it; positional superko does not,
// and neither does situational superko (same player to move).
constexpr const char* kTwoByTwo = "pass B1 A2 pass B2 pass A1";

TEST(GoldenSuperko, TwoByTwoThreeStoneCaptureRepeatsAPosition) {
  Game game(2, 2, Rules::tromp_taylor());
  ASSERT_EQ(play_all(game, kTwoByTwo), "");
  EXPECT_EQ(diagram(game.board()), text(R"(
    X X
    X .
  )"));
  EXPECT_EQ(game.prisoners(Color::Black), 1);
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_EQ(play(game, "B1"), MoveError::Superko);
  EXPECT_EQ(diagram(game.board()), text(R"(
    X X
    X .
  )"));
  EXPECT_EQ(game.prisoners(Color::White), 0);
}

TEST(GoldenSuperko, TwoByTwoSituationalAlsoRefuses) {
  Game game(2, 2, rules_from("tromp-taylor,ko=situational"));
  ASSERT_EQ(play_all(game, kTwoByTwo), "");
  EXPECT_EQ(play(game, "B1"), MoveError::Superko);
}

TEST(GoldenSuperko, TwoByTwoSimpleKoAllows) {
  Game game(2, 2, rules_from("tromp-taylor,ko=simple"));
  ASSERT_EQ(play_all(game, kTwoByTwo), "");
  EXPECT_EQ(play(game, "B1"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(R"(
    . .
    . O
  )"));
  EXPECT_EQ(game.prisoners(Color::White), 3);
}

// Situational and positional superko part ways. The game starts from
//
//   X .     Black to move.
//   . .
//
//   1 B B2   X X    2 W A1   X X    3 B B1   X X    4 W A1   . .
//            . .             O .             . X             O .
//   (3 takes A1; 4 takes A2 B2 B1)
//
//   5 B pass        6 W B2   . O    7 B pass        8 W B1   . O
//                            O .                             O O
//
//   9 B A2 takes B2 A1 B1 and leaves   X .   with White to move.
//                                      . .
// The colouring is the start's, so positional superko refuses it; the start
// had Black to move, so situational superko allows it.
constexpr const char* kStartCorner = R"(
  X .
  . .
)";
constexpr const char* kBackToTheStart = "B2 A1 B1 A1 pass B2 pass B1";

TEST(GoldenSuperko, PositionalRefusesAColouringRecreatedWithTheOtherPlayerToMove) {
  Game game = game_from(kStartCorner, Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play_all(game, kBackToTheStart), "");
  EXPECT_EQ(diagram(game.board()), text(R"(
    . O
    O O
  )"));
  EXPECT_EQ(game.to_move(), Color::Black);
  EXPECT_EQ(play(game, "A2"), MoveError::Superko);
}

TEST(GoldenSuperko, SituationalAllowsAColouringRecreatedWithTheOtherPlayerToMove) {
  Game game = game_from(kStartCorner, Color::Black, rules_from("tromp-taylor,ko=situational"));
  ASSERT_EQ(play_all(game, kBackToTheStart), "");
  EXPECT_EQ(play(game, "A2"), MoveError::None);
  EXPECT_EQ(diagram(game.board()), text(kStartCorner));
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_EQ(game.prisoners(Color::Black), 1 + 3);
  EXPECT_EQ(game.prisoners(Color::White), 3);
}

TEST(GoldenSuperko, PassIsLegalThoughItKeepsTheColouring) {
  Game game = game_from(kStartCorner, Color::Black, Rules::tromp_taylor());
  ASSERT_EQ(play_all(game, kBackToTheStart), "");
  EXPECT_EQ(game.check(kPass), MoveError::None);
  EXPECT_EQ(game.play(kPass), MoveError::None);
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_FALSE(game.over());
}

}  // namespace
}  // namespace tengen::golden
