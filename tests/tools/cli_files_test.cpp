// Files as a careless or hostile user names them (the built binary): an
// output that names an input, or two outputs naming one file (by the file
// itself: "./x", a link), is refused with 105 and both are named; a run that
// is refused or fails leaves an existing output as it was and no temporary
// file behind; `score --sgf-out` never writes over a record; missing inputs
// are errors; an empty value is a bad value; the exit codes are README.md's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

constexpr int kBadValue = 105;
const std::string kRecord = std::string(TENGEN_TEST_DATA_DIR) + "/sgf/legal.sgf";

std::string line_of(const std::vector<std::string>& args) {
  std::string line;
  for (const std::string& a : args) line += a + " ";
  return line;
}

// No temporary output file (".NAME.tengen-PID-N") is left in `dir`.
void expect_no_temporaries(const TempDir& dir) {
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
    EXPECT_FALSE(contains(entry.path().filename().string(), ".tengen-")) << entry.path();
  }
}

// Three shards of a small run with their CSV files, in `dir`.
void write_shards(const TempDir& dir) {
  for (int k = 1; k <= 3; ++k) {
    const std::string n = std::to_string(k);
    const Ran ran =
        run({"selfplay", "--board", "5", "--games", "30", "--shard", n + "/3", "--json",
             dir / ("s" + n + ".json"), "--csv", dir / ("s" + n + ".csv"), "--no-progress"});
    ASSERT_EQ(ran.status, 0) << ran.err;
  }
}

TEST(CliFiles, AnOutputThatNamesAnInputIsRefusedAndTheInputKept) {
  TempDir dir;
  write_shards(dir);
  std::filesystem::copy_file(kRecord, dir / "r.sgf");
  std::filesystem::create_symlink(dir / "s2.json", dir / "link.json");
  const std::string record = read_file(dir / "r.sgf");
  const std::string shard = read_file(dir / "s1.json");
  const std::string csv = read_file(dir / "s1.csv");
  struct Case {
    std::vector<std::string> args;
    std::string file, text, names;  // the input, its bytes, the words naming it
  };
  const std::string s1 = dir / "s1.json", s2 = dir / "s2.json", s3 = dir / "s3.json";
  const Case cases[] = {
      {{"verify", dir / "r.sgf", "--json", dir / "r.sgf"}, dir / "r.sgf", record, "--json"},
      {{"verify", dir.path().string(), "--json", dir / "./r.sgf"}, dir / "r.sgf", record, "r.sgf"},
      {{"score", dir / "r.sgf", "--json", dir / "r.sgf", "--playouts", "4"},
       dir / "r.sgf",
       record,
       "--json"},
      {{"count", "perft", "1", "--from", dir / "r.sgf", "--json", dir / "r.sgf"},
       dir / "r.sgf",
       record,
       "--from"},
      {{"merge", s1, s2, s3, "--json", s1}, s1, shard, "--json"},
      {{"merge", s1, s2, s3, "--csv", dir / "s1.csv"}, dir / "s1.csv", csv, "--csv"},
      {{"merge", s1, s2, s3, "--json", dir / "link.json"}, s2, read_file(s2), "s2.json"},
      {{"report", s1, "-o", s1, "--force"}, s1, shard, "--output"},
  };
  for (const Case& c : cases) {
    const Ran ran = run(c.args);
    EXPECT_EQ(ran.status, kBadValue) << line_of(c.args) << ran.err;
    EXPECT_TRUE(contains(ran.err, "names the input")) << ran.err;
    EXPECT_TRUE(contains(ran.err, c.names)) << ran.err;
    EXPECT_EQ(read_file(c.file), c.text) << line_of(c.args);
  }
  expect_no_temporaries(dir);
}

TEST(CliFiles, TwoOutputsNamingOneFileAreRefused) {
  TempDir dir;
  write_shards(dir);
  { std::ofstream(dir / "a.json") << "mine"; }
  ASSERT_EQ(link((dir / "a.json").c_str(), (dir / "b.csv").c_str()), 0);
  const std::string s1 = dir / "s1.json", s2 = dir / "s2.json", s3 = dir / "s3.json";
  const std::vector<std::vector<std::string>> commands = {
      {"merge", s1, s2, s3, "--json", dir / "x", "--csv", dir / "./x"},
      {"selfplay", "--games", "5", "--json", dir / "a.json", "--csv", dir / "b.csv"},
      {"selfplay", "--games", "5", "--json", dir / "h", "--html", dir / "sub/../h"},
  };
  for (const auto& args : commands) {
    const Ran ran = run(args);
    EXPECT_EQ(ran.status, kBadValue) << line_of(args) << ran.err;
    EXPECT_TRUE(contains(ran.err, "name the same output")) << ran.err;
  }
  EXPECT_EQ(read_file(dir / "a.json"), "mine");
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
}

TEST(CliFiles, ScoreSgfOutNeverWritesOverARecord) {
  TempDir dir;
  std::filesystem::create_directories(dir / "in/a");
  std::filesystem::create_directories(dir / "in/b");
  std::filesystem::copy_file(kRecord, dir / "in/a/g.sgf");
  std::filesystem::copy_file(kRecord, dir / "in/b/g.sgf");
  const std::string record = read_file(kRecord);
  const Ran same = run({"score", dir / "in/a/g.sgf", "--sgf-out", dir / "in/a", "--playouts", "4"});
  EXPECT_EQ(same.status, kBadValue) << same.err;
  EXPECT_TRUE(contains(same.err, "--sgf-out")) << same.err;
  EXPECT_EQ(read_file(dir / "in/a/g.sgf"), record);
  // Two records of one name would land on one file.
  const Ran two = run({"score", dir / "in", "--sgf-out", dir.path().string(), "--playouts", "4"});
  EXPECT_EQ(two.status, kBadValue) << two.err;
  EXPECT_TRUE(contains(two.err, "name the same output")) << two.err;
  const Ran fine =
      run({"score", dir / "in/a", "--sgf-out", dir.path().string(), "--playouts", "4"});
  EXPECT_EQ(fine.status, 0) << fine.err;
  EXPECT_TRUE(contains(read_file(dir / "g.sgf"), "TB[") ||
              contains(read_file(dir / "g.sgf"), "TW["));
  EXPECT_EQ(read_file(dir / "in/a/g.sgf"), record);
  expect_no_temporaries(dir);
}

// selfplay --sgf: the folder is an output, and so is each game file in it
// that another option names; a file past the games written is no clash.
TEST(CliFiles, SelfplaySgfGameFilesAreOutputs) {
  TempDir dir;
  std::filesystem::create_directories(dir / "games");
  { std::ofstream(dir / "games/game-000003.sgf") << "mine"; }
  const std::vector<std::vector<std::string>> refused = {
      {"selfplay", "--board", "5", "--games", "10", "--sgf", dir / "games", "--json",
       dir / "games/game-000003.sgf"},
      {"selfplay", "--board", "5", "--games", "10", "--sgf", dir / "games", "--csv",
       dir / "games/../games/game-000003.sgf"},
      {"selfplay", "--board", "5", "--games", "10", "--sgf", dir / "x", "--json", dir / "x"},
  };
  for (const auto& args : refused) {
    const Ran ran = run(args);
    EXPECT_EQ(ran.status, kBadValue) << line_of(args) << ran.err;
    EXPECT_TRUE(contains(ran.err, "--sgf")) << ran.err;
  }
  EXPECT_EQ(read_file(dir / "games/game-000003.sgf"), "mine");
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
  const Ran fine = run({"selfplay", "--board", "5", "--games", "10", "--sgf-games", "3", "--sgf",
                        dir / "games", "--json", dir / "games/game-000003.sgf", "--no-progress"});
  EXPECT_EQ(fine.status, 0) << fine.err;
  EXPECT_TRUE(contains(read_file(dir / "games/game-000002.sgf"), "(;"));
  EXPECT_TRUE(contains(read_file(dir / "games/game-000003.sgf"), "\"games\""));
  expect_no_temporaries(dir);
}

// Refused after its outputs were named, or failed on the way: the old files
// stay as they were.
TEST(CliFiles, ARefusedOrFailedRunLeavesExistingOutputsAsTheyWere) {
  TempDir dir;
  const std::string p = dir / "p.json";
  const Ran first =
      run({"selfplay", "--board", "5", "--games", "10", "--json", p, "--no-progress"});
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string kept = read_file(p);
  ASSERT_FALSE(kept.empty());
  { std::ofstream(dir / "h.html") << "page"; }
  const std::vector<std::vector<std::string>> refused = {
      {"--html", dir / "h.html"},
      {"--resume", dir / "missing.json"},
      {"--sgf", "/proc/nope"},
      {"--csv", "/nonexistent-dir/x.csv"},
  };
  for (const auto& extra : refused) {
    std::vector<std::string> args = {"selfplay", "--board", "5",      "--games", "20",
                                     "--seed",   "7",       "--json", p};
    args.insert(args.end(), extra.begin(), extra.end());
    const Ran ran = run(args);
    EXPECT_NE(ran.status, 0) << line_of(args);
    EXPECT_EQ(read_file(p), kept) << line_of(args);
  }
  EXPECT_EQ(read_file(dir / "h.html"), "page");
  // A count refused for its depth, a verify of a missing file.
  EXPECT_EQ(run({"count", "perft", "2x2", "65", "--json", p}).status, kBadValue);
  EXPECT_EQ(run({"verify", dir / "missing.sgf", "--json", p}).status, 1);
  EXPECT_EQ(read_file(p), kept);
  expect_no_temporaries(dir);
}

// A match run again without --resume is refused; its JSON stays.
TEST(CliFiles, AMatchRefusedKeepsItsJson) {
  TempDir dir;
  const std::vector<std::string> args = {
      "match", "--black", "tengen gtp",  "--white", "tengen gtp",   "--board",      "3", "--games",
      "1",     "--sgf",   dir / "games", "--json",  dir / "m.json", "--no-progress"};
  const Ran first = run(args);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string kept = read_file(dir / "m.json");
  ASSERT_TRUE(nlohmann::json::accept(kept));
  const Ran again = run(args);
  EXPECT_EQ(again.status, 1);
  EXPECT_TRUE(contains(again.err, "--resume")) << again.err;
  EXPECT_EQ(read_file(dir / "m.json"), kept);
  expect_no_temporaries(dir);
}

TEST(CliFiles, AnEmptyValueIsABadValue) {
  const std::vector<std::vector<std::string>> commands = {
      {"selfplay", "--games", "5", "--json", ""},
      {"selfplay", "--games", "5", "--csv", ""},
      {"selfplay", "--games", "5", "--komi", ""},
      {"verify", kRecord, "--json", ""},
      {"crosscheck", "--engine", ""},
      {"bench", "--compare", ""},
      {"count", "legal", "2x2", "--json", ""},
      {"verify", ""},
  };
  for (const auto& args : commands) {
    const Ran ran = run(args);
    EXPECT_EQ(ran.status, kBadValue) << line_of(args) << ran.err;
    EXPECT_TRUE(contains(ran.err, "an empty value")) << ran.err;
    EXPECT_EQ(ran.out, "") << line_of(args);
  }
}

TEST(CliFiles, MissingInputsAreErrors) {
  TempDir dir;
  std::filesystem::create_directories(dir / "empty");
  for (const std::string command : {"verify", "score"}) {
    const Ran missing = run({command, "/nonexistent"});
    EXPECT_EQ(missing.status, 1) << command;
    EXPECT_TRUE(contains(missing.err, "'/nonexistent': no such file")) << missing.err;
    const Ran empty = run({command, dir / "empty"});
    EXPECT_EQ(empty.status, 1) << command;
    EXPECT_TRUE(contains(empty.err, "no *.sgf file")) << empty.err;
  }
  const Ran diagram = run({"count", "perft", "3", "--diagram", "/nonexistent"});
  EXPECT_EQ(diagram.status, 1);
  EXPECT_TRUE(contains(diagram.err, "/nonexistent")) << diagram.err;
}

// README.md "Exit codes": 105 a bad value, 106 a required argument not
// given, 109 an unknown command or option.
TEST(CliFiles, ExitCodesAreTheReadmes) {
  const std::vector<std::pair<std::vector<std::string>, int>> cases = {
      {{"selfplay", "--games", "5", "--shard", "0/2"}, kBadValue},
      {{"selfplay", "--games", "5", "--shard", "3/2"}, kBadValue},
      {{"selfplay", "--games", "5", "--handicap", "1"}, kBadValue},
      {{"play", "--handicap", "1"}, kBadValue},
      {{"crosscheck", "--ko", "foo"}, kBadValue},
      {{"count", "legal", "2x2", "--method", "foo"}, kBadValue},
      {{"count", "perft", "2x2", "65"}, kBadValue},
      {{"selfplay", "--games"}, kBadValue},
      {{"bench", "--seconds", "nan"}, kBadValue},
      {{"bench", "--rounds", "0"}, kBadValue},
      {{"selfplay", "--games", "5", "--checkpoint-every", "nan"}, kBadValue},
      {{"count", "foo"}, 109},
      {{"foo"}, 109},
      {{"selfplay", "--no-such-option"}, 109},
      {{"verify"}, 106},
  };
  for (const auto& [args, status] : cases) {
    const Ran ran = run(args);
    EXPECT_EQ(ran.status, status) << line_of(args) << ran.err;
    EXPECT_EQ(ran.out, "") << line_of(args);
  }
  const Ran unknown = run({"count", "foo"});
  EXPECT_TRUE(contains(unknown.err, "unknown command 'foo'")) << unknown.err;
}

TEST(CliFiles, BenchCompareWithAProgramThatWritesNoResultIsAnError) {
  const Ran ran = run(
      {"bench", "--compare", "/bin/true", "--no-signature", "--seconds", "0.01", "--rounds", "1"});
  EXPECT_EQ(ran.status, 1) << ran.out;
  EXPECT_TRUE(contains(ran.err, "/bin/true selfplay wrote no readable --json")) << ran.err;
  EXPECT_FALSE(contains(ran.out, "1.00x")) << ran.out;
}

}  // namespace
}  // namespace tengen::test
