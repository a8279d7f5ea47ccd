// formats/record_rules.h and formats/record_result.h: komi, rules and results
// written the ways real records write them, and the records of
// tests/data/score-records (README.md there), each with the rules, komi,
// inferences, warnings, margin and difference class it must give. The
// records' final positions have no dead stones, so the counts need no
// estimate.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "core/scoring.h"
#include "formats/record_result.h"
#include "formats/record_rules.h"
#include "formats/replay.h"
#include "formats/sgf.h"

namespace tengen::formats {
namespace {

TEST(RecordRules, KomiAsKmWritesIt) {
  struct Case {
    const char* km;
    std::optional<double> komi;
    const char* how;
  };
  for (const Case& c :
       {Case{"6.5", 6.5, ""}, Case{"7.500000", 7.5, ""}, Case{" 0 ", 0.0, ""},
        Case{"650", 6.5, "hundredths"}, Case{"750", 7.5, "hundredths"},
        Case{"-650", -6.5, "hundredths"}, Case{"3.75", 7.5, "stones"},
        Case{"375", 7.5, "hundredths of stones"}, Case{"6.3", std::nullopt, ""},
        Case{"abc", std::nullopt, ""}, Case{"", std::nullopt, ""}, Case{"655", std::nullopt, ""}}) {
    const std::optional<KomiReading> r = read_komi_text(c.km);
    ASSERT_EQ(r.has_value(), c.komi.has_value()) << c.km;
    if (!r) continue;
    EXPECT_EQ(r->komi, *c.komi) << c.km;
    EXPECT_EQ(r->how, c.how) << c.km;
  }
}

// Hundredths only where the value as written is not plausible: past the
// board's points (and 99), and never in Tengen's own records.
TEST(RecordRules, KomiAsWrittenWherePlausible) {
  struct Case {
    const char* km;
    KomiSource source;
    std::optional<double> komi;
    const char* how;
  };
  for (const Case& c : {
           Case{"100", {361, false}, 100.0, ""},
           Case{"100", {81, false}, 1.0, "hundredths"},
           Case{"100", {81, true}, 100.0, ""},
           Case{"-150", {81, false}, -1.5, "hundredths"},
           Case{"361", {361, false}, 361.0, ""},
           Case{"650", {361, true}, 650.0, ""},
           Case{"600", {625, false}, 600.0, ""},
           Case{"650", {625, false}, 6.5, "hundredths"},
           Case{"655", {625, false}, std::nullopt, ""},
           Case{"375", {625, false}, 375.0, ""},
           Case{"375", {361, false}, 7.5, "hundredths of stones"},
           Case{"1000", {361, true}, 1000.0, ""},
           Case{"1000", {361, false}, 10.0, "hundredths"},
           Case{"1e300", {361, true}, 1e300, ""},
           Case{"1e300", {361, false}, std::nullopt, ""},
           Case{"50", {25, false}, 50.0, ""},
           Case{"6.25", {81, true}, 6.25, ""},
           Case{"6.25", {81, false}, 12.5, "stones"},
           Case{"100.5", {81, false}, std::nullopt, ""},
           Case{"100.5", {121, false}, 100.5, ""},
       }) {
    const std::optional<KomiReading> r = read_komi_text(c.km, c.source);
    ASSERT_EQ(r.has_value(), c.komi.has_value()) << c.km;
    if (!r) continue;
    EXPECT_EQ(r->komi, *c.komi) << c.km << " on " << c.source.points;
    EXPECT_EQ(r->how, c.how) << c.km << " on " << c.source.points;
  }
  EXPECT_TRUE(is_tengen_application("Tengen:0.4.0"));
  EXPECT_TRUE(is_tengen_application("Tengen"));
  EXPECT_FALSE(is_tengen_application("TengenFork:1"));
  EXPECT_FALSE(is_tengen_application("Sabaki:0.52"));
}

// A record's board and AP decide: KM[100] from Tengen's selfplay on 9x9 is
// 100 for `tengen score`; from another program there it is 1 (hundredths).
TEST(RecordRules, TengensOwnRecordsAsWritten) {
  const SgfRead sgf = read_sgf(
      "(;GM[1]SZ[9]RU[Chinese]KM[100]AP[Tengen:0.4.0])(;GM[1]SZ[9]RU[Chinese]KM[100])"
      "(;GM[1]SZ[19]RU[Chinese]KM[100])(;GM[1]SZ[9]RU[Chinese]KM[0]AP[Tengen:0.4.0])",
      "t");
  ASSERT_TRUE(sgf.ok());
  EXPECT_EQ(sgf.games[0].rules.komi, 100);
  EXPECT_TRUE(sgf.games[0].warnings.empty());
  EXPECT_EQ(sgf.games[1].rules.komi, 1);
  ASSERT_EQ(sgf.games[1].warnings.size(), 1u);
  EXPECT_EQ(sgf.games[1].warnings[0].problem, "KM[100] read as hundredths: komi 1");
  EXPECT_EQ(sgf.games[2].rules.komi, 100);
  const RecordRules own = infer_record_rules(sgf.games[0], {});
  EXPECT_EQ(own.rules.komi, 100);
  EXPECT_TRUE(own.inferences.size() == 1u && own.warnings.empty());
  EXPECT_EQ(infer_record_rules(sgf.games[1], {}).rules.komi, 1);
  EXPECT_EQ(infer_record_rules(sgf.games[2], {}).rules.komi, 100);
  // Tengen's KM[0] is the komi played: no warning that it may be unrecorded.
  const RecordRules zero = infer_record_rules(sgf.games[3], {});
  EXPECT_EQ(zero.rules.komi, 0);
  EXPECT_TRUE(zero.warnings.empty());
}

TEST(RecordRules, KomiInWords) {
  struct Case {
    const char* text;
    std::optional<double> komi;
  };
  for (const Case& c :
       {Case{"Komi 7.5", 7.5}, Case{"komi: 6.5, Japanese rules", 6.5}, Case{"6.5 komi", 6.5},
        Case{"Chinese rules, komi is 7.5", 7.5}, Case{"黑贴3又3/4子", 7.5}, Case{"贴目：6.5", 6.5},
        Case{"贴3.75子", 7.5}, Case{"黑贴3¾子", 7.5}, Case{"コミ6目半", 6.5},
        Case{"コミ六目半", 6.5}, Case{"덤 6집반", 6.5}, Case{"덤 7.5", 7.5},
        Case{"no komi here", std::nullopt}, Case{"Komitee", std::nullopt},
        Case{"komi 6.3", std::nullopt}, Case{"", std::nullopt}}) {
    EXPECT_EQ(komi_in_text(c.text), c.komi) << c.text;
  }
}

TEST(RecordRules, PointsAsGoTextsWriteThem) {
  struct Case {
    const char* text;
    double points;
    size_t used;
  };
  for (const Case& c : {Case{"6.5", 6.5, 3}, Case{"6目半勝ち", 6.5, 7}, Case{"반집승", 0.5, 6},
                        Case{"3又3/4子", 7.5, 10}, Case{"2子", 4, 4}, Case{"12 points", 12, 2},
                        Case{"六目", 6, 6}, Case{"1/4子", 0.5, 6}}) {
    size_t used = 0;
    EXPECT_EQ(read_points(c.text, &used), c.points) << c.text;
    EXPECT_EQ(used, c.used) << c.text;
  }
  size_t used = 0;
  EXPECT_EQ(read_points("R", &used), std::nullopt);
}

TEST(RecordRules, RulesInWords) {
  struct Case {
    const char* text;
    const char* name;  // "" : none
    Scoring scoring;
  };
  for (const Case& c :
       {Case{"Chinese", "chinese", Scoring::Area}, Case{"Korean", "korean", Scoring::Territory},
        Case{"japanese", "japanese", Scoring::Territory},
        Case{"Chinese 7.5 komi", "chinese", Scoring::Area},
        Case{"中国规则", "chinese", Scoring::Area},
        Case{"日本ルール", "japanese", Scoring::Territory},
        Case{"한국 룰", "korean", Scoring::Territory}, Case{"GOE", "goe", Scoring::Area},
        Case{"AGA", "aga", Scoring::Area}, Case{"Go", "", Scoring::Area},
        Case{"", "", Scoring::Area}}) {
    std::string name;
    const std::optional<Rules> r = rules_in_text(c.text, &name);
    ASSERT_EQ(r.has_value(), *c.name != '\0') << c.text;
    if (!r) continue;
    EXPECT_EQ(name, c.name) << c.text;
    EXPECT_EQ(r->scoring, c.scoring) << c.text;
  }
}

TEST(RecordRules, KataGoRulesStrings) {
  const std::optional<Rules> area = rules_in_text("koPOSITIONALscoreAREAtaxNONEsui1button1whbN");
  ASSERT_TRUE(area);
  EXPECT_EQ(area->ko, KoRule::Positional);
  EXPECT_EQ(area->scoring, Scoring::Area);
  EXPECT_EQ(area->suicide, SuicideRule::Multi);
  EXPECT_EQ(area->handicap_bonus, HandicapBonus::N);
  const std::optional<Rules> territory = rules_in_text("koSIMPLEscoreTERRITORYtaxSEKIsui0");
  ASSERT_TRUE(territory);
  EXPECT_EQ(territory->ko, KoRule::Simple);
  EXPECT_EQ(territory->scoring, Scoring::Territory);
  EXPECT_EQ(territory->suicide, SuicideRule::Forbidden);
  EXPECT_EQ(territory->seki, SekiRule::Neutral);
  EXPECT_FALSE(rules_in_text("koWHATEVERscoreAREA"));
}

TEST(RecordRules, Servers) {
  std::string name;
  ASSERT_TRUE(server_rules("Tygem Baduk", &name));
  EXPECT_EQ(name, "korean");
  ASSERT_TRUE(server_rules("野狐围棋", &name));
  EXPECT_EQ(name, "chinese");
  ASSERT_TRUE(server_rules("The KGS Go Server at http://www.gokgs.com/", &name));
  EXPECT_EQ(name, "japanese");
  EXPECT_FALSE(server_rules("Tokyo", &name));
}

TEST(RecordRules, OverridesWin) {
  const SgfRead sgf = read_sgf("(;GM[1]SZ[9]RU[Chinese]KM[7.5])", "t");
  ASSERT_TRUE(sgf.ok());
  RecordRulesOverrides o;
  o.rules = Rules::japanese();
  RecordRules r = infer_record_rules(sgf.games[0], o);
  EXPECT_EQ(r.rules.scoring, Scoring::Territory);
  EXPECT_EQ(r.rules.komi, 7.5);  // the record's komi stays
  EXPECT_EQ(r.inferences.front(), "rules japanese from --rules");
  o.komi = 0.5;
  r = infer_record_rules(sgf.games[0], o);
  EXPECT_EQ(r.rules.komi, 0.5);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RecordRules, HandicapKomi) {
  // KM[0] in a handicap game is a real komi of 0; no KM there is 0.5, warned.
  const SgfRead sgf = read_sgf(
      "(;GM[1]SZ[19]RU[Japanese]KM[0]HA[2]AB[dp][pd])(;GM[1]SZ[19]RU[Japanese]HA[2]AB[dp][pd])",
      "t");
  ASSERT_TRUE(sgf.ok());
  const RecordRules zero = infer_record_rules(sgf.games[0], {});
  EXPECT_EQ(zero.rules.komi, 0);
  EXPECT_TRUE(zero.warnings.empty());
  const RecordRules none = infer_record_rules(sgf.games[1], {});
  EXPECT_EQ(none.rules.komi, 0.5);
  EXPECT_EQ(none.warnings.size(), 1u);
}

TEST(RecordResult, ResultsAsRecordsWriteThem) {
  struct Case {
    const char* re;
    char winner;
    std::optional<double> margin;
  };
  for (const Case& c : {Case{"B+3.5", 'B', 3.5},
                        Case{"W+0.5", 'W', -0.5},
                        Case{"B+12", 'B', 12},
                        Case{"w+2.5 points", 'W', -2.5},
                        Case{"W+R", 'W', std::nullopt},
                        Case{"B+Resign", 'B', std::nullopt},
                        Case{"B+T", 'B', std::nullopt},
                        Case{"B+", 'B', std::nullopt},
                        Case{"W+0.0", 'W', std::nullopt},  // Fox: a win on time
                        Case{"B+0", 'B', std::nullopt},
                        Case{"0", '0', 0.0},
                        Case{"Draw", '0', 0.0},
                        Case{"Jigo", '0', 0.0},
                        Case{"Void", '?', std::nullopt},
                        Case{"?", '?', std::nullopt},
                        Case{"", '?', std::nullopt},
                        Case{"黑胜3又3/4子", 'B', 7.5},
                        Case{"白胜1/4子", 'W', -0.5},
                        Case{"白中盘胜", 'W', std::nullopt},
                        Case{"黒6目半勝ち", 'B', 6.5},
                        Case{"黒中押し勝ち", 'B', std::nullopt},
                        Case{"백 반집승", 'W', -0.5},
                        Case{"흑 불계승", 'B', std::nullopt},
                        Case{"和棋", '0', 0.0}}) {
    const RecordResult r = read_result(c.re);
    EXPECT_EQ(r.winner, c.winner) << c.re;
    EXPECT_EQ(r.margin, c.margin) << c.re;
  }
}

// The records of tests/data/score-records: one final position (Black: a
// wall on column D and a stone at A9; White: a wall on column E), so area
// counting gives B 36 W 45 and territory counting B 26 W 36, headed the many
// ways real records write rules, komi and result.
struct Expected {
  const char* file;
  const char* rules;  // RecordRules::name
  double komi;
  size_t inferences, warnings;
  double record_margin;
  Difference difference;
};

TEST(RecordRules, TheScoreRecords) {
  const char* kat = "koPOSITIONALscoreAREAtaxNONEsui1";
  for (const Expected& e : {
           Expected{"km_points_japanese", "japanese", 6.5, 1, 0, -16.5, Difference::None},
           Expected{"km_hundredths", "japanese", 6.5, 2, 0, -16.5, Difference::None},
           Expected{"km_stones_chinese", "chinese", 7.5, 2, 0, -16.5, Difference::None},
           Expected{"km_zero_comment", "chinese", 7.5, 2, 0, -16.5, Difference::None},
           Expected{"km_zero_game_name", "chinese", 7.5, 2, 0, -16.5, Difference::None},
           Expected{"km_missing_chinese", "chinese", 7.5, 2, 0, -16.5, Difference::None},
           Expected{"ru_server_tygem", "korean", 6.5, 1, 0, -16.5, Difference::None},
           Expected{"ru_katago", kat, 7, 1, 0, -16, Difference::None},
           Expected{"ru_from_komi_area", "chinese", 7.5, 1, 0, -16.5, Difference::None},
           Expected{"ru_from_komi_territory", "japanese", 6.5, 1, 0, -16.5, Difference::None},
           Expected{"ru_cjk_name", "chinese", 7.5, 1, 0, -16.5, Difference::None},
           Expected{"ru_unknown", "japanese", 6.5, 0, 2, -16.5, Difference::None},
           Expected{"km_zero_half_point", "japanese", 6.5, 2, 0, -16.5, Difference::None},
           Expected{"diff_komi", "japanese", 0, 1, 1, -17, Difference::Komi},
           Expected{"diff_counting", "chinese", 7.5, 1, 0, -17.5, Difference::Counting},
           Expected{"diff_parity", "japanese", 6.5, 1, 0, -17.5, Difference::Parity},
           Expected{"diff_life_and_death", "japanese", 6.5, 1, 0, -30.5, Difference::LifeAndDeath},
       }) {
    SCOPED_TRACE(e.file);
    const SgfRead sgf =
        read_sgf_file(std::string(TENGEN_TEST_DATA_DIR) + "/score-records/" + e.file + ".sgf");
    ASSERT_TRUE(sgf.ok());
    ASSERT_EQ(sgf.games.size(), 1u);
    GameRecord record = sgf.games[0];
    const RecordRules rules = infer_record_rules(record, {});
    EXPECT_EQ(rules.name, e.rules);
    EXPECT_EQ(rules.rules.komi, e.komi);
    EXPECT_EQ(rules.inferences.size(), e.inferences);
    EXPECT_EQ(rules.warnings.size(), e.warnings);
    const RecordResult result = read_result(record.result);
    ASSERT_TRUE(result.margin);
    EXPECT_EQ(*result.margin, e.record_margin);
    record.rules = rules.rules;
    const Replay r = replay(record);
    ASSERT_TRUE(r.ok());
    const ScoreContext context = r.game->score_context();
    const Score count = score(r.game->board(), r.game->rules(), context);
    EXPECT_EQ(count.black, rules.rules.scoring == Scoring::Area ? 36 : 26);
    EXPECT_EQ(count.white, rules.rules.scoring == Scoring::Area ? 45 : 36);
    const DifferenceClass d =
        classify_difference(r.game->board(), r.game->rules(), context, e.record_margin);
    EXPECT_EQ(d.kind, e.difference) << d.detail;
    EXPECT_EQ(d.kind == Difference::None, count.margin == e.record_margin);
  }
}

}  // namespace
}  // namespace tengen::formats
