// `tengen count solve` stopped by Ctrl-C or SIGTERM (the built binary): it
// exits with 128 + the signal and still writes a valid JSON result, marked
// interrupted, with the proven bounds and no value. 1x7 does not finish in
// minutes (2x3 now takes seconds), so the signal, sent once the first
// progress line shows the search under way, always lands mid-search.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

TEST(CountSolveSignals, StopsWithTheBoundsInValidJson) {
  for (int signal : {SIGINT, SIGTERM}) {
    TempDir dir;
    RunOptions o = in_dir(dir.path().string());
    o.env = {"TENGEN_PROGRESS_SECONDS=0"};
    o.signal = signal;
    o.marker = "states";
    const Ran ran = run({"count", "solve", "1x7", "--table-mb", "8", "--json", "out.json"}, o);
    EXPECT_EQ(ran.status, 128 + signal) << ran.err;
    EXPECT_TRUE(contains(ran.err, "bounds [")) << ran.err;
    const std::string text = read_file(dir / "out.json");
    ASSERT_FALSE(text.empty()) << "an empty JSON file";
    const auto j = nlohmann::json::parse(text);
    EXPECT_EQ(j.at("interrupted"), true) << text;
    EXPECT_FALSE(j.contains("value")) << text;
    const int lower = j.at("lower"), upper = j.at("upper");
    EXPECT_LE(-7, lower) << text;
    EXPECT_LE(lower, upper) << text;
    EXPECT_LE(upper, 7) << text;
    EXPECT_GT(j.at("states").get<uint64_t>(), 0u) << text;
    EXPECT_TRUE(contains(ran.out, "interrupted: ")) << ran.out;
  }
}

// The table writes every row it finished (1x6 stopped by its state limit)
// and the one it was in.
TEST(CountSolveSignals, TableKeepsTheFinishedRows) {
  TempDir dir;
  RunOptions o = in_dir(dir.path().string());
  o.env = {"TENGEN_PROGRESS_SECONDS=0"};
  o.signal = SIGINT;
  o.marker = "solve 2x3";
  const Ran ran = run({"count", "solve", "--table", "6", "--rules", "tromp-taylor", "--table-mb",
                       "8", "--max-states", "100000", "--json", "out.json"},
                      o);
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  const auto j = nlohmann::json::parse(read_file(dir / "out.json"));
  EXPECT_EQ(j.at("interrupted"), true);
  const auto& boards = j.at("boards");
  ASSERT_EQ(boards.size(), 8u);
  EXPECT_EQ(boards.front().at("value"), 0);      // 1x1
  EXPECT_EQ(boards[5].at("state_limit"), true);  // 1x6
  EXPECT_EQ(boards[6].at("value"), 1);           // 2x2
  EXPECT_EQ(boards.back().at("interrupted"), true);
  EXPECT_EQ(boards.back().at("width"), 2);
}

// A board or rules the solver refuses fail before the JSON file is opened:
// no empty file is left behind.
TEST(CountSolveTool, RefusalsLeaveNoFile) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"3x3"},
                                               {"2x2", "--rules", "japanese"},
                                               {"--table", "9", "--rules", "chinese"}}) {
    TempDir dir;
    std::vector<std::string> command = {"count", "solve"};
    command.insert(command.end(), args.begin(), args.end());
    command.insert(command.end(), {"--json", "out.json"});
    const Ran ran = run(command, in_dir(dir.path().string()));
    EXPECT_NE(ran.status, 0) << args.front();
    EXPECT_TRUE(contains(ran.err, "solve")) << ran.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out.json")) << args.front();
  }
}

}  // namespace
}  // namespace tengen::test
