// The command line as users meet it (the built binary): every bad number,
// size, thread count or rules text is refused before any work with a message
// that names the option and the allowed values in words (exit status 105,
// CLI11's ValidationError); an unknown command is named (109).
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

constexpr int kBadValue = 105;

struct Refusal {
  std::vector<std::string> args;
  std::string mentions;  // the message names the option and what is allowed
};

void expect_refused(const Refusal& r) {
  const Ran ran = run(r.args);
  std::string line;
  for (const std::string& a : r.args) line += a + " ";
  EXPECT_EQ(ran.status, kBadValue) << line << "\n" << ran.err;
  EXPECT_TRUE(contains(ran.err, r.mentions)) << line << "\n" << ran.err;
  EXPECT_EQ(ran.out, "") << line;
}

TEST(CliOptions, OutOfRangeNumbersAreErrors) {
  const Refusal refusals[] = {
      {{"selfplay", "--games", "99999999999999999999"}, "--games: expected a whole number from 0"},
      {{"selfplay", "--games", "-5"}, "--games: expected a whole number"},
      {{"selfplay", "--games", ""}, "--games: expected a whole number"},
      {{"selfplay", "--seed", "18446744073709551616"}, "--seed: expected a whole number"},
      {{"selfplay", "--max-turns", "-1"}, "--max-turns: expected a whole number from 1"},
      {{"play", "--seed", "-1"}, "--seed: expected a whole number from 0 to 18446744073709551615"},
      {{"play", "--max-turns", "-1"}, "--max-turns: expected a whole number from 0"},
      {{"crosscheck", "-n", "-5"}, "--games: expected a whole number"},
      {{"crosscheck", "--timeout", "nan"}, "--timeout: expected a number"},
      {{"crosscheck", "--max-moves", "-1"}, "--max-moves: expected a whole number"},
      {{"fuzz", "--seconds", "nan"}, "--seconds: expected a number from 0"},
      {{"fuzz", "--seconds", "inf"}, "--seconds: expected a number from 0"},
      {{"fuzz", "--seconds", "-1"}, "--seconds: expected a number from 0"},
      {{"fuzz", "--cases", "-1"}, "--cases: expected a whole number"},
      {{"fuzz", "--case", "1e3"}, "--case: expected a whole number"},
      {{"count", "games", "2x2", "--max-moves", "-2"}, "--max-moves: expected a whole number"},
      {{"score", "x.sgf", "--playouts", "-5"}, "--playouts: expected a whole number from 1"},
      {{"score", "x.sgf", "--playouts", "1e3"}, "--playouts: expected a whole number from 1"},
      {{"score", "x.sgf", "--seed", "-1"}, "--seed: expected a whole number from 0"},
      {{"score", "x.sgf", "--dead-percent", "101"}, "--dead-percent: expected a whole number"},
  };
  for (const Refusal& r : refusals) expect_refused(r);
}

// One meaning everywhere: 0 = all cores, at most 1024; never a crash.
TEST(CliOptions, ThreadCountsAreBounded) {
  const Refusal refusals[] = {
      {{"verify", "--threads", "100000", "."}, "--threads: expected a whole number from 0 to 1024"},
      {{"crosscheck", "--threads", "100000"}, "--threads: expected a whole number from 0 to 1024"},
      {{"selfplay", "--threads", "4096"}, "--threads: expected a whole number from 0 to 1024"},
      {{"selfplay", "--threads", "abc"}, "--threads: expected a whole number from 0 to 1024"},
      {{"fuzz", "-t", "-1"}, "--threads: expected a whole number"},
      {{"bench", "--threads", "5000"}, "--threads: expected a whole number"},
      {{"count", "legal", "2x2", "--threads", "100000"}, "--threads: expected a whole number"},
      {{"score", "x.sgf", "--threads", "100000"}, "--threads: expected a whole number from 0"},
      {{"score", "x.sgf", "--threads", "abc"}, "--threads: expected a whole number from 0"},
  };
  for (const Refusal& r : refusals) expect_refused(r);
}

// More threads than cores only slow a run down: cut to the cores, with a note.
TEST(CliOptions, OversubscriptionIsCutToTheCores) {
  const unsigned cores = std::thread::hardware_concurrency();
  if (cores == 0 || cores >= 1024) GTEST_SKIP() << "cannot tell the number of cores";
  const Ran ran = run({"selfplay", "--board", "5", "--games", "20", "--threads", "1024"});
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_TRUE(contains(ran.err, "--threads 1024 is more than the")) << ran.err;
  EXPECT_FALSE(contains(ran.err, "TBB Warning")) << ran.err;
  // oneTBB warned about arenas larger than the machine; none are made now.
  const std::string record = std::string(TENGEN_TEST_DATA_DIR) + "/sgf/legal.sgf";
  for (const Ran& other : {run({"verify", "--threads", "1024", record}),
                           run({"fuzz", "--cases", "2", "-t", "1024", "--out", "/tmp"})}) {
    EXPECT_EQ(other.status, 0) << other.err;
    EXPECT_FALSE(contains(other.err, "TBB Warning")) << other.err;
  }
}

TEST(CliOptions, BoardSizesParseOneWay) {
  EXPECT_EQ(run({"play", "--board", "007", "--quiet"}).status, 0);
  EXPECT_EQ(run({"play", "--board", "0009", "--quiet"}).status, 0);
  EXPECT_EQ(run({"play", "--board", "7x0009", "--quiet"}).status, 0);
  expect_refused({{"play", "--board", "026"}, "each side a whole number from 1 to 25"});
  expect_refused({{"selfplay", "--board", "9x"}, "each side a whole number from 1 to 25"});
  expect_refused({{"gtp", "--board", "+9"}, "each side a whole number from 1 to 25"});
}

TEST(CliOptions, RulesWithARepeatedKeyAreRefused) {
  expect_refused({{"selfplay", "--rules", "ko=simple,ko=positional"}, "'ko' is given twice"});
  expect_refused({{"play", "--rules", "japanese,"}, "trailing ','"});
  expect_refused({{"play", "--komi", "7.3"}, "multiple of 0.5 from -1000 to 1000"});
  expect_refused({{"score", "x.sgf", "--komi", "7.3"}, "multiple of 0.5 from -1000 to 1000"});
  expect_refused({{"score", "x.sgf", "--rules", "japanese,"}, "trailing ','"});
}

TEST(CliOptions, AnUnknownCommandIsNamed) {
  const Ran ran = run({"foo"});
  EXPECT_EQ(ran.status, 109);
  EXPECT_TRUE(contains(ran.err, "unknown command 'foo'")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "selfplay")) << ran.err;
  const Ran none = run({});
  EXPECT_EQ(none.status, 106);
  EXPECT_TRUE(contains(none.err, "give a command (one of: play, selfplay")) << none.err;
}

TEST(CliOptions, PlayAndSelfplayTakeAHandicap) {
  const Ran fixed =
      run({"play", "--board", "9", "--rules", "japanese", "--handicap", "4", "--max-turns", "1"});
  EXPECT_EQ(fixed.status, 0) << fixed.err;
  EXPECT_TRUE(contains(fixed.out, "handicap 4 (on ")) << fixed.out;
  EXPECT_TRUE(contains(fixed.out, "   1 W ")) << fixed.out;  // White moves first
  const Ran free = run({"play", "--board", "9", "--handicap", "2", "--max-turns", "3"});
  EXPECT_EQ(free.status, 0) << free.err;
  EXPECT_TRUE(contains(free.out, "   2 B ")) << free.out;  // Black's second stone
  const Ran one = run({"play", "--handicap", "1"});
  EXPECT_EQ(one.status, kBadValue);
  EXPECT_TRUE(contains(one.err, "--handicap: expected 0 (none) or 2 to 361")) << one.err;

  // selfplay's games start from the handicap, and their records replay.
  TempDir dir;
  const Ran selfplay = run({"selfplay", "--board", "9", "--rules", "japanese", "--handicap", "3",
                            "--games", "20", "--sgf", dir.file("sgf"), "--sgf-games", "3"});
  ASSERT_EQ(selfplay.status, 0) << selfplay.err;
  EXPECT_TRUE(contains(selfplay.out, "Handicap 3 (fixed)")) << selfplay.out;
  const std::string sgf = read_file(dir.file("sgf/game-000000.sgf"));
  EXPECT_TRUE(contains(sgf, "HA[3]")) << sgf;
  EXPECT_TRUE(contains(sgf, "AB[")) << sgf;  // the handicap stones as set-up
  EXPECT_TRUE(contains(sgf, ";W[")) << sgf;
  const Ran verify = run({"verify", dir.file("sgf")});
  EXPECT_EQ(verify.status, 0) << verify.out;
  EXPECT_TRUE(contains(verify.out, "3 files, 3 games")) << verify.out;
  const Ran bad = run({"selfplay", "--board", "5", "--rules", "japanese", "--handicap", "2"});
  EXPECT_EQ(bad.status, kBadValue);
  EXPECT_TRUE(contains(bad.err, "not defined on 5x5")) << bad.err;
}

}  // namespace
}  // namespace tengen::test
