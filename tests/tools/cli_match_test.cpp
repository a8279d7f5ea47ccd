// `tengen match` end to end with scripted engines (tests/data/engines/
// fake_engine.py, run by python3) and GNU Go: an engine that plays an illegal
// move, dies, hangs, answers garbage or refuses a legal move loses every game
// with that reason and nothing else is lost; a superko violation loses only
// under the rules that forbid it; records are written as games end and
// --resume plays only the missing ones. Tests skip where python3 or GNU Go
// is missing.
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "external/command_line.h"
#include "external/gnugo.h"
#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

const std::string kFake = std::string(TENGEN_TEST_DATA_DIR) + "/engines/fake_engine.py";

#define REQUIRE_PYTHON()                                       \
  if (external::find_program("python3").empty()) {             \
    GTEST_SKIP() << "python3 is not installed (fake engines)"; \
  }

std::string fake(const std::string& mode) {
  return "python3 " + kFake + " " + mode;
}

// Runs a match with --json - and returns the parsed JSON (null on failure).
nlohmann::json match(std::vector<std::string> args, Ran* ran_out = nullptr) {
  std::vector<std::string> all = {"match", "--no-progress", "--json", "-"};
  all.insert(all.end(), args.begin(), args.end());
  const Ran ran = run(all);
  if (ran_out) *ran_out = ran;
  EXPECT_EQ(ran.status, 0) << ran.err;
  if (ran.status != 0 || !nlohmann::json::accept(ran.out)) return nullptr;
  return nlohmann::json::parse(ran.out);
}

uint64_t forfeits(const nlohmann::json& j, const std::string& engine) {
  uint64_t n = 0;
  for (const auto& [kind, by] : j["totals"]["forfeits"].items()) n += by[engine].get<uint64_t>();
  return n;
}

// Each misbehaving engine (A) loses both games, as Black and as White, with
// its reason; its opponent (B) loses nothing; both records are written.
TEST(CliMatch, EachMisbehaviourLosesWithItsReason) {
  REQUIRE_PYTHON();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"illegal", "illegal-move"}, {"die", "died"},         {"hang", "timeout"},
      {"garbage", "garbage"},      {"nonsense", "garbage"}, {"refuse", "refused-legal-move"},
  };
  for (const auto& [mode, reason] : cases) {
    TempDir dir;
    // Only the hang waits for the move timeout; a short one for it alone keeps
    // the others safe from a slow machine.
    const nlohmann::json j =
        match({"--black", fake(mode), "--white", fake("script D4 E5"), "--board", "5", "--games",
               "2", "--move-timeout", mode == "hang" ? "2" : "60", "--sgf", dir.path().string()});
    ASSERT_FALSE(j.is_null()) << mode;
    EXPECT_EQ(j["totals"]["games"], 2) << mode;
    EXPECT_EQ(j["totals"]["wins"]["B"], 2) << mode;
    EXPECT_EQ(j["totals"]["wins"]["A"], 0) << mode;
    EXPECT_EQ(j["totals"]["forfeits"][reason]["A"], 2) << mode;
    EXPECT_EQ(forfeits(j, "A"), 2u) << mode;
    EXPECT_EQ(forfeits(j, "B"), 0u) << mode;
    EXPECT_EQ(j["totals"]["void"], 0) << mode;
    for (int g = 0; g < 2; ++g) {
      const auto& game = j["games"][size_t(g)];
      EXPECT_EQ(game["forfeit"], reason) << mode << " game " << g;
      EXPECT_EQ(game["black"], g == 0 ? "A" : "B") << mode;
      const std::string record = read_file(dir / ("game-00000" + std::to_string(g) + ".sgf"));
      const std::string re =
          std::string("RE[") + (g == 0 ? "W" : "B") + "+" + (reason == "timeout" ? "T" : "F") + "]";
      EXPECT_TRUE(contains(record, re)) << mode << ": " << record;
      EXPECT_TRUE(contains(record, "XF[" + reason + "]")) << mode << ": " << record;
      EXPECT_TRUE(contains(record, "PB[Fake")) << record;
    }
  }
}

// 2x2: B A1, W B2, B B1, W A2 (takes two), B A1, W B1 (takes one), B A1
// takes three and brings back the board after the first move. Simple ko
// allows it (the recapture takes more than one stone); positional and
// situational superko forbid it.
TEST(CliMatch, SuperkoViolationLosesOnlyWhereTheRulesForbidIt) {
  REQUIRE_PYTHON();
  const std::vector<std::string> engines = {"--black",
                                            fake("script A1 B1 A1 A1"),
                                            "--white",
                                            fake("script B2 A2 B1"),
                                            "--board",
                                            "2",
                                            "--no-alternate",
                                            "--games",
                                            "1"};
  for (const std::string rules : {"chinese", "japanese", "tromp-taylor", "aga"}) {
    std::vector<std::string> args = engines;
    args.insert(args.end(), {"--rules", rules});
    const nlohmann::json j = match(args);
    ASSERT_FALSE(j.is_null()) << rules;
    const auto& game = j["games"][0];
    if (rules == "chinese" || rules == "japanese") {
      EXPECT_EQ(game["end"], "score") << rules << ": " << game;
      EXPECT_EQ(game["moves"], 9) << rules;  // seven moves, two passes
      EXPECT_EQ(forfeits(j, "A") + forfeits(j, "B"), 0u) << rules;
    } else {
      EXPECT_EQ(game["forfeit"], "illegal-move") << rules << ": " << game;
      EXPECT_EQ(game["result"], "W+F") << rules;
      EXPECT_TRUE(contains(game["detail"].get<std::string>(), "superko")) << game["detail"];
      EXPECT_EQ(game["moves"], 6) << rules;
    }
  }
}

// Black's four stones after two passes: area 4 - 7.5, the fakes agreeing that
// nothing is dead.
TEST(CliMatch, FinishedGamesAreScoredByTengen) {
  REQUIRE_PYTHON();
  const nlohmann::json j =
      match({"--black", fake("script A1 B1 A1 A1"), "--white", fake("script B2 A2 B1"), "--board",
             "2", "--no-alternate", "--games", "1", "--rules", "chinese", "--komi", "2.5"});
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["games"][0]["result"], "B+1.5");
  EXPECT_EQ(j["games"][0]["winner"], "A");
  EXPECT_TRUE(contains(j["games"][0]["detail"].get<std::string>(), "agreed")) << j["games"][0];
  EXPECT_EQ(j["totals"]["wins_by_colour"]["black"], 1);
}

TEST(CliMatch, TheMoveCapMakesAGameVoid) {
  REQUIRE_PYTHON();
  const nlohmann::json j =
      match({"--black", fake("script C3 D4 E5"), "--white", fake("script A1 B2 A5"), "--board", "5",
             "--games", "1", "--max-moves", "4"});
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["games"][0]["result"], "Void");
  EXPECT_EQ(j["games"][0]["end"], "move-cap");
  EXPECT_EQ(j["totals"]["void"], 1);
  EXPECT_EQ(j["totals"]["elo"]["decided_games"], 0);
}

TEST(CliMatch, ResumePlaysOnlyTheMissingGames) {
  REQUIRE_PYTHON();
  TempDir dir;
  const std::vector<std::string> args = {"--black", fake("illegal"),
                                         "--white", fake("script D4 E5"),
                                         "--board", "5",
                                         "--games", "3",
                                         "--sgf",   dir.path().string()};
  ASSERT_FALSE(match(args).is_null());
  const std::string first = read_file(dir / "game-000002.sgf");
  std::filesystem::remove(dir / "game-000001.sgf");

  // Without --resume the folder's games are not overwritten.
  std::vector<std::string> again = {"match", "--no-progress"};
  again.insert(again.end(), args.begin(), args.end());
  const Ran refused = run(again);
  EXPECT_EQ(refused.status, 1);
  EXPECT_TRUE(contains(refused.err, "--resume")) << refused.err;

  std::vector<std::string> resume = args;
  resume.push_back("--resume");
  const nlohmann::json j = match(resume);
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["resumed"], 2);
  EXPECT_EQ(j["totals"]["games"], 3);
  EXPECT_EQ(j["totals"]["forfeits"]["illegal-move"]["A"], 3);
  EXPECT_TRUE(std::filesystem::exists(dir / "game-000001.sgf"));
  EXPECT_EQ(read_file(dir / "game-000002.sgf"), first);

  // Other settings than the records': refused, naming the file.
  resume.insert(resume.end(), {"--komi", "0.5"});
  std::vector<std::string> other = {"match", "--no-progress"};
  other.insert(other.end(), resume.begin(), resume.end());
  const Ran mismatch = run(other);
  EXPECT_EQ(mismatch.status, 1);
  EXPECT_TRUE(contains(mismatch.err, "game-000000.sgf")) << mismatch.err;
}

// Ctrl-C after the first game: the games under way finish, no new one
// starts; every finished game is in the report and in the folder; 130.
TEST(CliMatch, CtrlCKeepsTheFinishedGames) {
  REQUIRE_PYTHON();
  TempDir dir;
  RunOptions options;
  options.env = {"TENGEN_PROGRESS_SECONDS=0"};
  options.signal = SIGINT;
  options.marker = "match: 1/";
  const Ran ran =
      run({"match", "--black", fake("illegal"), "--white", fake("script D4 E5"), "--board", "5",
           "--games", "1000", "--sgf", dir / "games", "--json", dir / "match.json"},
          options);
  EXPECT_EQ(ran.status, 130) << ran.err;
  const nlohmann::json j = nlohmann::json::parse(read_file(dir / "match.json"));
  EXPECT_TRUE(j["interrupted"].get<bool>());
  const uint64_t games = j["totals"]["games"];
  EXPECT_GE(games, 1u);
  EXPECT_LT(games, 1000u);
  uint64_t records = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "games")) {
    records += entry.path().extension() == ".sgf";
  }
  EXPECT_EQ(records, games);
  EXPECT_EQ(j["totals"]["forfeits"]["illegal-move"]["A"], games);
}

TEST(CliMatch, BadEnginesAreRefusedBeforeAnyGame) {
  const Ran missing = run({"match", "--white", "no-such-engine-xyz --mode gtp"});
  EXPECT_EQ(missing.status, 105);  // a bad value of --white
  EXPECT_TRUE(contains(missing.err, "cannot find the program 'no-such-engine-xyz'")) << missing.err;
  const Ran quote = run({"match", "--white", "gnugo 'unclosed"});
  EXPECT_EQ(quote.status, 105);
  EXPECT_TRUE(contains(quote.err, "unclosed quote")) << quote.err;
  const Ran silent = run({"match", "--white", "/bin/true"});
  EXPECT_EQ(silent.status, 1);
  EXPECT_TRUE(contains(silent.err, "--white: the engine does not work")) << silent.err;
}

// The example: Tengen's random player against GNU Go, colours
// alternating, no forfeit; GNU Go cannot be told the rules and is warned
// about with the flags that would tell it.
TEST(CliMatch, TengenAgainstGnuGo) {
  const std::string gnugo = external::find_gnugo();
  if (gnugo.empty()) GTEST_SKIP() << "gnugo is not installed";
  Ran ran;
  const nlohmann::json j =
      match({"--black", "tengen gtp", "--white", gnugo + " --mode gtp --level 0", "--board", "9",
             "--games", "2", "--parallel", "2"},
            &ran);
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["totals"]["games"], 2);
  EXPECT_EQ(j["totals"]["void"], 0);
  EXPECT_EQ(forfeits(j, "A") + forfeits(j, "B"), 0u) << j["games"];
  EXPECT_EQ(j["engines"][0]["rules_command"], "tengen-rules");
  EXPECT_EQ(j["engines"][1]["name"], "GNU Go");
  EXPECT_TRUE(contains(ran.err, "--chinese-rules --forbid-suicide --simple-ko")) << ran.err;
}

// crosscheck --engine: Tengen's own GTP engine is told every rule set and
// agrees with itself; an engine with no way to say what it sees is named
// check by check, and one that cannot be told the rules needs --rules.
TEST(CliCrosscheckEngine, AnyEngineIsCheckedAsFarAsItCanAnswer) {
  const Ran self = run({"crosscheck", "--engine", "tengen gtp", "-n", "1", "--sizes", "5",
                        "--no-progress", "--json", "-"});
  EXPECT_EQ(self.status, 0) << self.err;
  ASSERT_TRUE(nlohmann::json::accept(self.out)) << self.out;
  const nlohmann::json j = nlohmann::json::parse(self.out);
  EXPECT_EQ(j["rule_sets"].size(), 18u);
  EXPECT_EQ(j["rule_sets"][0]["rules_command"], "tengen-rules");
  EXPECT_TRUE(j["clean"].get<bool>());
  EXPECT_GT(j["total"]["points_compared"].get<uint64_t>(), 0u);

  REQUIRE_PYTHON();
  const Ran no_rules = run({"crosscheck", "--engine", fake("script"), "-n", "1"});
  EXPECT_EQ(no_rules.status, 105);  // --rules is needed
  EXPECT_TRUE(contains(no_rules.err, "give the one rule set it plays under")) << no_rules.err;
  const Ran blind = run({"crosscheck", "--engine", fake("script"), "--rules", "chinese", "-n", "1",
                         "--sizes", "5", "--no-progress"});
  EXPECT_EQ(blind.status, 0) << blind.err;
  for (const char* check :
       {"legality of every point (no all_legal)", "stones (neither list_stones nor showboard)",
        "captures (no captures)", "settled scores (no final_status_list or final_score)"}) {
    EXPECT_TRUE(contains(blind.err, std::string("cannot answer: ") + check)) << blind.err;
  }
}

}  // namespace
}  // namespace tengen::test
