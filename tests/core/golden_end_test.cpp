// Golden ends of games: two passes, and the agreement rule (agree on dead
// stones after two passes, resume play, or pass four times).
#include <gtest/gtest.h>

#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

// E1 is a dead black stone in White's area.
constexpr const char* kDeadStone = R"(
  . . X O .
  . . X O .
  . . X O .
  . . X O .
  . . X O X
)";

TEST(GoldenEnd, TwoPassesEndTheGame) {
  Game game(9, 9, Rules::japanese());
  ASSERT_EQ(play_all(game, "E5 pass"), "");
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.consecutive_passes(), 1);
  ASSERT_EQ(play_all(game, "D4 pass"), "");  // a move in between resets the count
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.consecutive_passes(), 1);
  ASSERT_EQ(game.play(kPass), MoveError::None);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::TwoPasses);
  EXPECT_EQ(game.consecutive_passes(), 2);
  EXPECT_EQ(play(game, "C3"), MoveError::GameOver);
  EXPECT_FALSE(game.agree_dead({}));  // no agreement under two-passes
}

TEST(GoldenEnd, TwoPassesDoNotEndAnAgreementGame) {
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::None);
  EXPECT_EQ(game.to_move(), Color::Black);
}

TEST(GoldenEnd, AgreementAfterTwoPassesEndsWithThoseStonesDead) {
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  const std::vector<Point> dead = vertices(game.board(), "E1");
  EXPECT_FALSE(game.agree_dead(dead));  // no passes yet
  ASSERT_EQ(game.play(kPass), MoveError::None);
  EXPECT_FALSE(game.agree_dead(dead));  // one pass
  ASSERT_EQ(game.play(kPass), MoveError::None);
  EXPECT_FALSE(game.agree_dead(vertices(game.board(), "E2")));  // not a stone
  EXPECT_FALSE(game.over());
  ASSERT_TRUE(game.agree_dead(dead));
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::Agreement);
  EXPECT_EQ(vertex_list(game.board(), game.dead_stones()), "E1");
  EXPECT_EQ(play(game, "A1"), MoveError::GameOver);
  EXPECT_FALSE(game.agree_dead({}));  // already over
  // Black: columns A-C (15). White: D1-D5 and column E with E1 removed (10).
  EXPECT_EQ(summary(game.score()), "black 15 white 10 neutral 0 bonus 0 result W+2.5");
  // The stone stays on the board; only the count removes it.
  EXPECT_EQ(diagram(game.board()), text(kDeadStone));
}

TEST(GoldenEnd, AgreementWithNoDeadStones) {
  // E1 stands: E2-E5 reach both colours. Black 15 + E1 = 16, White 5.
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  ASSERT_TRUE(game.agree_dead({}));
  EXPECT_EQ(game.end_reason(), EndReason::Agreement);
  EXPECT_EQ(summary(game.score()), "black 16 white 5 neutral 4 bonus 0 result B+3.5");
}

TEST(GoldenEnd, AgreementAfterThreePasses) {
  // Three consecutive passes include two: agreement is still possible.
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass pass"), "");
  ASSERT_TRUE(game.agree_dead(vertices(game.board(), "E1")));
  EXPECT_EQ(game.end_reason(), EndReason::Agreement);
}

TEST(GoldenEnd, AMoveAfterTwoPassesResumesPlay) {
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  // Black disputes the end and plays on; White captures E1.
  ASSERT_EQ(play_all(game, "A1 E2"), "");
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.consecutive_passes(), 0);
  EXPECT_EQ(game.prisoners(Color::White), 1);
  EXPECT_FALSE(game.agree_dead({}));  // the passes no longer count
  EXPECT_EQ(diagram(game.board()), text(R"(
    . . X O .
    . . X O .
    . . X O .
    . . X O O
    X . X O .
  )"));
  ASSERT_EQ(play_all(game, "pass pass"), "");
  EXPECT_FALSE(game.over());
  ASSERT_TRUE(game.agree_dead({}));
  EXPECT_EQ(game.end_reason(), EndReason::Agreement);
  // Black: 6 stones + 9 points = 15. White: 6 stones + E5 E4 E3 E1 = 10.
  EXPECT_EQ(summary(game.score()), "black 15 white 10 neutral 0 bonus 0 result W+2.5");
}

TEST(GoldenEnd, FourPassesEndAnAgreementGame) {
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass pass"), "");
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.consecutive_passes(), 3);
  ASSERT_EQ(game.play(kPass), MoveError::None);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::FourPasses);
  EXPECT_TRUE(game.dead_stones().empty());
  EXPECT_FALSE(game.agree_dead(vertices(game.board(), "E1")));
  EXPECT_EQ(play(game, "A1"), MoveError::GameOver);
  // Scored as it stands: E1 counts for Black.
  EXPECT_EQ(summary(game.score()), "black 16 white 5 neutral 4 bonus 0 result B+3.5");
}

TEST(GoldenEnd, FourPassesNeedNotFollowAResumption) {
  // pass pass, a move, then four more passes: only consecutive passes count.
  Game game = game_from(kDeadStone, Color::Black, rules_from("tromp-taylor,end=agreement"));
  ASSERT_EQ(play_all(game, "pass pass A1 pass pass pass"), "");
  EXPECT_FALSE(game.over());
  ASSERT_EQ(game.play(kPass), MoveError::None);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end_reason(), EndReason::FourPasses);
}

}  // namespace
}  // namespace tengen::golden
