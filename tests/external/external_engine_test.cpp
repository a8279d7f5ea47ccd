// The engine-agnostic parts of external/: command lines split as a shell
// splits them, the rules an engine is told (tengen-rules, KataGo's JSON, or
// nothing, in words), stones read from showboard answers (GNU Go's and
// Tengen's layouts), and a match's totals and Elo interval.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/coords.h"
#include "core/presets.h"
#include "external/command_line.h"
#include "external/engine.h"
#include "external/match.h"

namespace tengen::external {
namespace {

TEST(CommandLine, SplitsLikeAShell) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split_command_line("gnugo --mode gtp  --level 0"),
            (V{"gnugo", "--mode", "gtp", "--level", "0"}));
  EXPECT_EQ(split_command_line("'my engine' \"a b\\\"c\" d\\ e ''"),
            (V{"my engine", "a b\"c", "d e", ""}));
  EXPECT_THROW(split_command_line("gnugo 'open"), std::invalid_argument);
  EXPECT_THROW(split_command_line("gnugo \\"), std::invalid_argument);
  EXPECT_THROW(split_command_line("  "), std::invalid_argument);
}

TEST(CommandLine, FindsProgramsOnPath) {
  EXPECT_FALSE(find_program("sh").empty());
  EXPECT_EQ(find_program("/bin/sh"), "/bin/sh");
  EXPECT_EQ(find_program("no-such-program-anywhere"), "");
  EXPECT_EQ(find_program("/nonexistent/sh"), "");
}

TEST(EngineRules, EachEngineIsToldWhatItCanBeTold) {
  const Rules tt = Rules::tromp_taylor();
  const RulesSetting tengen = rules_setting(tt, {"tengen-rules", "kata-set-rules"});
  EXPECT_EQ(tengen.command, RulesCommand::TengenRules);
  EXPECT_EQ(tengen.argument, tt.to_string());
  EXPECT_TRUE(tengen.untold.empty());

  const RulesSetting kata = rules_setting(tt, {"kata-set-rules"});
  EXPECT_EQ(kata.command, RulesCommand::KataSetRules);
  EXPECT_EQ(kata.argument,
            R"({"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,)"
            R"("tax":"NONE","whiteHandicapBonus":"0"})");
  ASSERT_EQ(kata.untold.size(), 1u);
  EXPECT_EQ(kata.untold[0], "suicide=allowed (KataGo's rules never allow a single-stone suicide)");

  std::vector<std::string> untold;
  EXPECT_EQ(katago_rules(Rules::japanese(), &untold),
            R"({"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,)"
            R"("tax":"NONE","whiteHandicapBonus":"0"})");
  EXPECT_TRUE(untold.empty());

  const RulesSetting none = rules_setting(Rules::chinese(), {"play", "genmove"});
  EXPECT_EQ(none.command, RulesCommand::None);
  EXPECT_EQ(none.untold.front(), "ko=simple");
}

TEST(Showboard, GnuGosLayout) {
  const Board board(5, 5);
  const std::string text =
      "\n   A B C D E\n 5 . . . . . 5\n 4 . + . O . 4\n 3 . . X(O). 3\n"
      " 2 . + . + . 2     WHITE (O) has captured 0 stones\n"
      " 1 . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E";
  const auto black = showboard_stones(board, text, Color::Black);
  const auto white = showboard_stones(board, text, Color::White);
  ASSERT_TRUE(black && white);
  EXPECT_EQ(*black, std::vector<Point>{*parse_gtp_vertex(board, "C3")});
  std::vector<Point> expected = {*parse_gtp_vertex(board, "D4"), *parse_gtp_vertex(board, "D3")};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(*white, expected);
  EXPECT_FALSE(showboard_stones(board, " 5 . . . . . 5\n", Color::Black));
}

TEST(Showboard, TengensOwnLayout) {
  Board board(7, 5);
  board.play(*parse_gtp_vertex(board, "G5"), Color::Black);
  board.play(*parse_gtp_vertex(board, "A1"), Color::White);
  const std::string text = pretty_diagram(board);
  EXPECT_EQ(showboard_stones(board, text, Color::Black),
            std::vector<Point>{*parse_gtp_vertex(board, "G5")})
      << text;
  EXPECT_EQ(showboard_stones(board, text, Color::White),
            std::vector<Point>{*parse_gtp_vertex(board, "A1")});
}

GameResult won_by(int engine, int black_engine, GameEnd end = GameEnd::Score) {
  GameResult r;
  r.black_engine = black_engine;
  r.end = end;
  r.winner = engine == black_engine ? Winner::Black : Winner::White;
  if (end == GameEnd::Forfeit) r.forfeit = Forfeit::Timeout;
  return r;
}

TEST(MatchTotals, CountsByEngineColourAndReason) {
  std::vector<GameResult> games = {won_by(0, 0), won_by(1, 1), won_by(1, 0, GameEnd::Forfeit),
                                   won_by(0, 1, GameEnd::Resignation)};
  GameResult capped;
  capped.end = GameEnd::MoveCap;
  games.push_back(capped);
  GameResult draw;
  draw.winner = Winner::Draw;
  games.push_back(draw);
  const MatchTotals t = match_totals(games);
  EXPECT_EQ(t.games, 6u);
  EXPECT_EQ(t.void_games, 1u);
  EXPECT_EQ(t.draws, 1u);
  EXPECT_EQ(t.wins[0], 2u);
  EXPECT_EQ(t.wins[1], 2u);
  EXPECT_EQ(t.black_wins, 2u);
  EXPECT_EQ(t.white_wins, 2u);
  EXPECT_EQ(t.forfeits[size_t(Forfeit::Timeout)][0], 1u);
  EXPECT_EQ(t.resignations[1], 1u);
  EXPECT_EQ(t.elo.games, 5u);
  EXPECT_DOUBLE_EQ(t.elo.score, 0.5);
  ASSERT_TRUE(t.elo.difference && t.elo.low && t.elo.high);
  EXPECT_NEAR(*t.elo.difference, 0.0, 1e-9);
  EXPECT_LT(*t.elo.low, -100);
  EXPECT_GT(*t.elo.high, 100);
}

// All games lost: the difference is -infinity and only the upper end of the
// interval is finite (Wilson: 0 of 100 gives at most 3.7%, about -566 Elo).
TEST(MatchTotals, AShutOutHasAnOpenInterval) {
  std::vector<GameResult> games(100, won_by(1, 0));
  const MatchTotals t = match_totals(games);
  EXPECT_EQ(t.elo.score, 0.0);
  EXPECT_FALSE(t.elo.difference);
  EXPECT_FALSE(t.elo.low);
  ASSERT_TRUE(t.elo.high);
  EXPECT_NEAR(*t.elo.high, -566, 3);
}

TEST(MatchEngines, SeedsAreSubstituted) {
  EXPECT_EQ(engine_argv({"tengen", "gtp", "--seed", "{seed}", "x{seed}y"}, 42),
            (std::vector<std::string>{"tengen", "gtp", "--seed", "42", "x42y"}));
}

}  // namespace
}  // namespace tengen::external
