// The outputs of a run: the SGF writer (golden text), the JSON summary's
// fields, CSV rows, and the statistics' arithmetic (Wilson intervals,
// moments, histograms).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "formats/sgf.h"
#include "formats/sgf_rules.h"
#include "selfplay/game_record.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "selfplay/stats.h"
#include "tengen/version.h"
#include "tests/support/golden_util.h"

namespace tengen::selfplay {
namespace {

TEST(SelfplayReport, SgfGolden) {
  Rules rules = Rules::chinese();
  rules.komi = 7.5;
  Game game(3, 3, rules);
  ASSERT_EQ(golden::play_all(game, "B2 A1"), "");
  ASSERT_EQ(game.play(kPass), MoveError::None);
  ASSERT_EQ(game.play(kPass), MoveError::None);
  SgfGame sgf{&game.board(), rules, game.score(), game.moves(), "game 0", "a] b\\"};
  EXPECT_EQ(formats::write_sgf(game_record(sgf)),
            "(;FF[4]GM[1]CA[UTF-8]SZ[3]RU[Chinese]KM[7.5]RE[W+7.5]AP[Tengen:" TENGEN_VERSION
            "]GN[game 0]C[a\\] b\\\\]\n"
            ";B[bb];W[ac];B[];W[])\n");
}

// A fixed handicap's stones are the record's set-up (White moves first); a
// game stopped at the move cap has RE[Void] and its score in the comment.
TEST(SelfplayReport, SgfFixedHandicapAndMoveCap) {
  const Rules rules = Rules::chinese();
  Game game(9, 9, rules);
  game.set_handicap(2);
  ASSERT_EQ(golden::play_all(game, "E5"), "");
  SgfGame sgf{&game.board(), rules, game.score(), game.moves(), "", "", true, 2};
  const std::string text = formats::write_sgf(game_record(sgf));
  EXPECT_EQ(text,
            "(;FF[4]GM[1]CA[UTF-8]SZ[9]RU[Chinese]KM[7.5]HA[2]RE[Void]AP[Tengen:" TENGEN_VERSION
            "]C[Score as it stands: " +
                game.score().result() + ".]AB[gc][cg]PL[W]\n;W[ee])\n");
  const formats::SgfRead read = formats::read_sgf(text, "capped");
  ASSERT_TRUE(read.ok());
  const formats::GameRecord& back = read.games.front();
  EXPECT_EQ(back.handicap, 2);
  EXPECT_EQ(back.initial_to_move(), Color::White);
  EXPECT_EQ(back.moves, game.moves());
}

TEST(SelfplayReport, SgfRectangleAndCustomRules) {
  Rules rules = Rules::tromp_taylor();
  rules.komi = 0;
  rules.suicide = SuicideRule::Forbidden;
  const Board board(5, 3);
  SgfGame sgf{&board, rules, Score{}, {}, "", ""};
  const std::string text = formats::write_sgf(game_record(sgf));
  EXPECT_NE(text.find("SZ[5:3]"), std::string::npos) << text;
  EXPECT_NE(text.find("RU[" + rules.to_string() + "]"), std::string::npos) << text;
  EXPECT_NE(text.find("KM[0]RE[0]"), std::string::npos) << text;
  Rules japanese = Rules::japanese();
  japanese.komi = 0;
  EXPECT_EQ(formats::sgf_rules_name(japanese), "Japanese");
  EXPECT_EQ(rules_name(japanese), "japanese");
}

TEST(SelfplayReport, JsonHasTheListedFields) {
  const RunConfig config{.games = 300, .seed = 42, .threads = 2};
  const RunResult result = run_selfplay(config);
  const nlohmann::json j = nlohmann::json::parse(summary_json(result));
  for (const char* key : {"games",
                          "black_wins",
                          "white_wins",
                          "draws",
                          "turns_mean",
                          "stones_mean",
                          "margin_mean",
                          "games_per_second",
                          "digest",
                          "rules",
                          "board",
                          "komi",
                          "seed",
                          "threads",
                          "version",
                          "margin_histogram",
                          "turns_histogram",
                          "stones_histogram",
                          "ownership",
                          "first_moves",
                          "end_reasons",
                          "captures_mean",
                          "suicides_mean",
                          "moves_per_second",
                          "black_win_interval"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["games"], 300);
  EXPECT_EQ(j["seed"], 42);
  EXPECT_EQ(j["board"], "9x9");
  EXPECT_EQ(j["rules"], "tromp-taylor");
  EXPECT_EQ(j["komi"], 7.5);
  EXPECT_EQ(j["digest"], digest_hex(result.digest));
  EXPECT_EQ(
      j["black_wins"].get<int64_t>() + j["white_wins"].get<int64_t>() + j["draws"].get<int64_t>(),
      300);
  EXPECT_DOUBLE_EQ(j["turns_mean"].get<double>(), result.stats.turns().mean());
  EXPECT_EQ(j["ownership"]["black"].size(), 81u);
  EXPECT_FALSE(summary_text(result).empty());
}

TEST(SelfplayReport, CsvRowPerGame) {
  RunConfig config;
  config.games = 50;
  config.threads = 2;
  const Board board(9, 9);
  std::string csv = csv_header();
  RunCallbacks callbacks;
  callbacks.on_game = [&](const GameSummary& g, std::span<const Move>) {
    csv += csv_row(board, g);
  };
  run_selfplay(config, callbacks);
  std::istringstream in(csv);
  std::string line;
  int lines = 0;
  const std::string header = csv_header();
  const size_t columns = size_t(std::count(header.begin(), header.end(), ','));
  while (std::getline(in, line)) {
    EXPECT_EQ(size_t(std::count(line.begin(), line.end(), ',')), columns) << line;
    if (lines > 0) {
      EXPECT_EQ(line.substr(0, line.find(',')), std::to_string(lines - 1));
    }
    ++lines;
  }
  EXPECT_EQ(lines, 51);
}

TEST(SelfplayStats, WilsonInterval) {
  const Interval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-4);
  EXPECT_NEAR(half.high, 0.5962, 1e-4);
  const Interval none = wilson_interval(0, 10);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
}

TEST(SelfplayStats, MomentsAndHistograms) {
  Moments a, b, all;
  Histogram ha, hb, hall;
  const std::vector<int64_t> values = {3, -1, 4, 1, -5, 9, 2, 6};
  for (size_t i = 0; i < values.size(); ++i) {
    (i % 2 ? a : b).add(values[i]);
    (i % 2 ? ha : hb).add(values[i]);
    all.add(values[i]);
    hall.add(values[i]);
  }
  a.merge(b);
  ha.merge(hb);
  EXPECT_TRUE(a == all);
  EXPECT_TRUE(ha == hall);
  EXPECT_EQ(all.min, -5);
  EXPECT_EQ(all.max, 9);
  EXPECT_DOUBLE_EQ(all.mean(), 19.0 / 8);
  EXPECT_NEAR(all.sd(), 4.274091, 1e-6);
  EXPECT_EQ(hall.count(4), 1);
  EXPECT_EQ(hall.count(7), 0);
  EXPECT_EQ(hall.nonzero().front(), std::make_pair(int64_t(-5), int64_t(1)));
}

}  // namespace
}  // namespace tengen::selfplay
