// Outputs as users meet them (the built binary): '-' is stdout everywhere;
// two options naming one file are refused; a bad output path fails before
// any work; a full disk is an error; SGF records carry RE[Void] for games
// stopped at the move cap and one AP name; fuzz has --json; a broken record's
// point set twice is warned about; progress reaches a log that is no terminal.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

const std::string kRecord = std::string(TENGEN_TEST_DATA_DIR) + "/sgf/legal.sgf";

TEST(CliOutputs, DashIsStdoutEverywhere) {
  TempDir dir;
  const std::vector<std::vector<std::string>> commands = {
      {"selfplay", "--board", "5", "--games", "10", "--json", "-"},
      {"fuzz", "--cases", "2", "--json", "-", "--out", dir.path().string()},
      {"verify", kRecord, "--json", "-"},
      {"count", "legal", "2x2", "--json", "-"},
  };
  for (const auto& args : commands) {
    const Ran ran = run(args, in_dir(dir.path().string()));
    EXPECT_EQ(ran.status, 0) << args[0] << ": " << ran.err;
    EXPECT_TRUE(nlohmann::json::accept(ran.out)) << args[0] << ": " << ran.out;
    EXPECT_FALSE(std::filesystem::exists(dir.file("-"))) << args[0];
  }
  const Ran csv = run({"selfplay", "--board", "5", "--games", "3", "--csv", "-"});
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_TRUE(csv.out.rfind("game,", 0) == 0 || contains(csv.out, ",")) << csv.out;
  EXPECT_FALSE(contains(csv.out, "Games")) << csv.out;  // no text summary mixed in
}

TEST(CliOutputs, TwoOptionsNamingOneFileAreRefused) {
  TempDir dir;
  const Ran ran = run({"selfplay", "--games", "10", "--json", "x", "--csv", "./x"},
                      in_dir(dir.path().string()));
  EXPECT_EQ(ran.status, 105);
  EXPECT_TRUE(contains(ran.err, "--json and --csv name the same output")) << ran.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("x")));
  EXPECT_EQ(run({"selfplay", "--games", "10", "--json", "-", "--csv", "-"}).status, 105);
}

// The output is opened first: nothing is computed (or printed) for nothing.
TEST(CliOutputs, ABadOutputPathFailsBeforeAnyWork) {
  const std::string bad = "/nonexistent-dir/x.json";
  const std::vector<std::vector<std::string>> commands = {
      {"count", "legal", "3x3", "--json", bad},
      {"count", "perft", "3x3", "2", "--json", bad},
      {"verify", kRecord, "--json", bad},
      {"selfplay", "--games", "10", "--json", bad},
      {"fuzz", "--cases", "1", "--json", bad},
      {"crosscheck", "--gnugo", "/bin/true", "-n", "1", "--json", bad},
  };
  for (const auto& args : commands) {
    const Ran ran = run(args);
    EXPECT_EQ(ran.status, 1) << args[0] << ": " << ran.err;
    EXPECT_TRUE(contains(ran.err, "cannot write the JSON file '" + bad + "'")) << ran.err;
    EXPECT_EQ(ran.out, "") << args[0];
  }
}

TEST(CliOutputs, AFullDiskIsAnError) {
  const std::vector<std::vector<std::string>> commands = {
      {"play", "--quiet"},
      {"selfplay", "--board", "5", "--games", "10"},
      {"verify", kRecord},
      {"count", "perft", "2x2", "2"},
  };
  for (const auto& args : commands) {
    const Ran ran = run(args, stdout_to("/dev/full"));
    EXPECT_EQ(ran.status, 1) << args[0];
    EXPECT_TRUE(contains(ran.err, "writing to standard output failed")) << ran.err;
  }
  const Ran json = run({"selfplay", "--board", "5", "--games", "10", "--json", "/dev/full"});
  EXPECT_EQ(json.status, 1);
  EXPECT_TRUE(contains(json.err, "writing the JSON file '/dev/full' failed")) << json.err;
  const Ran gtp = run({"gtp"}, stdout_to("/dev/full", "name\n"));
  EXPECT_EQ(gtp.status, 1);
}

TEST(CliOutputs, GamesStoppedAtTheMoveCapAreVoid) {
  TempDir dir;
  const Ran ran = run({"selfplay", "--board", "9", "--games", "2", "--max-turns", "5", "--sgf",
                       dir.file("sgf"), "--no-progress"});
  ASSERT_EQ(ran.status, 0) << ran.err;
  const std::string sgf = read_file(dir.file("sgf/game-000000.sgf"));
  EXPECT_TRUE(contains(sgf, "RE[Void]")) << sgf;
  EXPECT_TRUE(contains(sgf, "Score as it stands: ")) << sgf;
  EXPECT_TRUE(contains(sgf, "AP[Tengen:")) << sgf;
}

TEST(CliOutputs, FuzzWritesJson) {
  TempDir dir;
  const Ran ran = run({"fuzz", "--cases", "3", "--json", dir.file("fuzz.json"), "--out",
                       dir.path().string(), "--no-progress"});
  ASSERT_EQ(ran.status, 0) << ran.err;
  const auto json = nlohmann::json::parse(read_file(dir.file("fuzz.json")));
  EXPECT_EQ(json.at("cases"), 3);
  EXPECT_EQ(json.at("seed"), 1);
  EXPECT_TRUE(json.at("divergence").is_null());
  EXPECT_TRUE(contains(ran.out, "3 cases")) << ran.out;
}

TEST(CliOutputs, APointSetTwiceInOneNodeIsWarned) {
  TempDir dir;
  {
    std::ofstream out(dir.file("twice.sgf"));
    out << "(;GM[1]FF[4]SZ[9]AB[ee]AW[ee];B[cc])";
  }
  const Ran ran = run({"verify", dir.file("twice.sgf")});
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "point ee is set twice in one node")) << ran.out;
}

// Not a terminal: a progress line every few seconds (here every update).
TEST(CliOutputs, ProgressReachesALog) {
  TempDir dir;
  RunOptions options = in_dir(dir.path().string());
  options.env = {"TENGEN_PROGRESS_SECONDS=0"};
  const Ran selfplay = run({"selfplay", "--board", "5", "--games", "3000"}, options);
  EXPECT_TRUE(contains(selfplay.err, "selfplay: ")) << selfplay.err;
  EXPECT_TRUE(contains(selfplay.err, " games/s")) << selfplay.err;
  EXPECT_FALSE(contains(selfplay.err, "\r")) << selfplay.err;
  const Ran verify = run({"verify", kRecord}, options);
  EXPECT_TRUE(contains(verify.err, "verify: 1/1 files")) << verify.err;
  const Ran count = run({"count", "legal", "3x3"}, options);
  EXPECT_TRUE(contains(count.err, "legal 3x3 engine: ")) << count.err;
  const Ran quiet = run({"selfplay", "--board", "5", "--games", "300", "--no-progress"}, options);
  EXPECT_EQ(quiet.err, "");
}

// On a terminal (forced here): every drawing of the line fits an 80-column
// terminal even for a billion games, counts have thousands separators as the
// summary does, and the line is cleared with exactly its width.
TEST(CliOutputs, TheProgressLineFitsEightyColumns) {
  RunOptions options;
  options.env = {"TENGEN_PROGRESS_TERMINAL=1"};
  options.signal = SIGINT;
  options.marker = "selfplay: ";
  const Ran ran = run({"selfplay", "--games", "1000000000", "--threads", "1"}, options);
  EXPECT_EQ(ran.status, 130) << ran.err;
  std::vector<std::string> parts;
  for (size_t start = 0, end; start <= ran.err.size(); start = end + 1) {
    end = ran.err.find('\r', start);
    if (end == std::string::npos) end = ran.err.size();
    parts.push_back(ran.err.substr(start, end - start));
  }
  size_t drawn = 0, last_width = 0, clear = 0;
  for (const std::string& part : parts) {
    if (contains(part, "selfplay: ")) {
      ++drawn;
      EXPECT_LE(part.size(), 79u) << part;
      EXPECT_TRUE(contains(part, "/1,000,000,000 games")) << part;
      last_width = part.size();
    } else if (!part.empty() && part.find_first_not_of(' ') == std::string::npos) {
      clear = part.size();
    }
  }
  ASSERT_GE(drawn, 1u) << ran.err;
  EXPECT_EQ(clear, last_width) << ran.err;
}

}  // namespace
}  // namespace tengen::test
