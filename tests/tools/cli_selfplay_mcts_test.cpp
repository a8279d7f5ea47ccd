// `tengen selfplay --player mcts` end to end: both sides search; game i comes
// from (seed, i) alone, so a run is the same on 1 and 2 threads; its SGF
// records replay legally; shards merge into the one-process run; a run
// stopped after a checkpoint resumes to the uninterrupted one; merge
// refuses to combine it with a random run or another budget; bad budgets
// exit 105.
#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

const std::string kTengen = TENGEN_BINARY;

// A small searched run: 5x5, 50 playouts a move, then `extra`.
std::vector<std::string> mcts_run(std::vector<std::string> extra) {
  std::vector<std::string> args = {kTengen,  "selfplay", "--player", "mcts",    "--playouts",
                                   "50",     "--board",  "5",        "--rules", "chinese",
                                   "--seed", "3",        "--games",  "6",       "--no-progress"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

#define EXPECT_MENTIONS(text, part) \
  EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

nlohmann::json read_json(const std::string& path) {
  return nlohmann::json::parse(read_file(path));
}

// The SGF files of a folder, by name, with their text.
std::vector<std::pair<std::string, std::string>> records(const std::string& dir) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    files.emplace_back(entry.path().filename().string(), read_file(entry.path().string()));
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(SelfplayMctsCli, SameGamesOnOneAndTwoThreadsAndLegalRecords) {
  TempDir dir;
  const Ran one = run_program(
      mcts_run({"--threads", "1", "--json", dir / "one.json", "--sgf", dir / "one"}), dir);
  ASSERT_EQ(one.status, 0) << one.err;
  const Ran two = run_program(
      mcts_run({"--threads", "2", "--json", dir / "two.json", "--sgf", dir / "two"}), dir);
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_MENTIONS(one.out, "Player mcts: 50 playouts a move, 1 search thread");
  const nlohmann::json a = read_json(dir / "one.json"), b = read_json(dir / "two.json");
  EXPECT_EQ(a.at("games"), 6);
  EXPECT_EQ(a.at("digest"), b.at("digest"));
  EXPECT_EQ(a.at("sufficient"), b.at("sufficient"));
  EXPECT_EQ(a.at("player"), b.at("player"));
  EXPECT_EQ(a.at("player").at("name"), "mcts");
  EXPECT_EQ(a.at("player").at("playouts"), 50);
  EXPECT_EQ(a.at("player").at("threads"), 1);
  const auto sgf_one = records(dir / "one"), sgf_two = records(dir / "two");
  EXPECT_EQ(sgf_one.size(), 6u);
  EXPECT_EQ(sgf_one, sgf_two);
  // The searching player is not the random one: another digest, and games
  // that end by passing (the search passes when passing does not lose).
  const Ran random =
      run_program({kTengen, "selfplay", "--board", "5", "--rules", "chinese", "--seed", "3",
                   "--games", "6", "--no-progress", "--json", dir / "random.json"},
                  dir);
  ASSERT_EQ(random.status, 0) << random.err;
  EXPECT_NE(read_json(dir / "random.json").at("digest"), a.at("digest"));
  EXPECT_EQ(read_json(dir / "random.json").at("player").at("name"), "random");
  // Every record replays legally under its own rules.
  const Ran verify = run_program({kTengen, "verify", dir / "one", "--no-progress"}, dir);
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
}

TEST(SelfplayMctsCli, ShardsMergeIntoTheOneProcessRun) {
  TempDir dir;
  const Ran whole = run_program(mcts_run({"--threads", "2", "--json", dir / "whole.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (const std::string k : {"1", "2"}) {
    const Ran shard = run_program(
        mcts_run({"--threads", "2", "--shard", k + "/2", "--json", dir / ("s" + k + ".json")}),
        dir);
    ASSERT_EQ(shard.status, 0) << shard.err;
  }
  const Ran merged = run_program(
      {kTengen, "merge", dir / "s2.json", dir / "s1.json", "--json", dir / "merged.json"}, dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "merged.json")),
            without_timings(read_file(dir / "whole.json")));
}

// A searched run stopped by SIGINT after its first checkpoint resumes to the
// uninterrupted run: the games under way were abandoned, not half-counted,
// and game i is played again from (seed, i).
TEST(SelfplayMctsCli, CheckpointAndResumeGiveTheUninterruptedRun) {
  TempDir dir;
  auto searched = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {
        kTengen,   "selfplay", "--player",  "mcts",    "--playouts",   "30",
        "--board", "5",        "--rules",   "chinese", "--seed",       "4",
        "--games", "400",      "--threads", "2",       "--no-progress"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const Ran whole = run_program(searched({"--json", dir / "whole.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  const std::string checkpoint = dir / "checkpoint.json";
  {
    Child child(searched({"--checkpoint", checkpoint, "--checkpoint-every", "0.01"}),
                dir / "out.txt", dir / "err.txt");
    ASSERT_TRUE(wait_for_file(checkpoint));
    child.signal(SIGINT);
    ASSERT_EQ(child.wait(), 128 + SIGINT) << read_file(dir / "err.txt");
  }
  const nlohmann::json partial = read_json(checkpoint);
  EXPECT_TRUE(partial.at("interrupted").get<bool>());
  EXPECT_LT(partial.at("games").get<int64_t>(), 400);
  EXPECT_EQ(partial.at("player").at("name"), "mcts");
  const Ran resumed = run_program(
      searched({"--checkpoint", checkpoint, "--resume", checkpoint, "--json", dir / "r.json"}),
      dir);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(without_timings(resumed.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "r.json")),
            without_timings(read_file(dir / "whole.json")));
  // Resuming with another budget is refused, naming it.
  const Ran other = run_program(
      {kTengen, "selfplay", "--player", "mcts", "--playouts", "40", "--board", "5", "--rules",
       "chinese", "--seed", "4", "--games", "400", "--no-progress", "--resume", checkpoint},
      dir);
  EXPECT_NE(other.status, 0);
  EXPECT_MENTIONS(other.err, "player.playouts");
}

TEST(SelfplayMctsCli, MergeRefusesAnotherPlayerOrBudget) {
  TempDir dir;
  const Ran searched = run_program(mcts_run({"--shard", "1/2", "--json", dir / "mcts.json"}), dir);
  ASSERT_EQ(searched.status, 0) << searched.err;
  const Ran random = run_program(
      {kTengen, "selfplay", "--board", "5", "--rules", "chinese", "--seed", "3", "--games", "6",
       "--no-progress", "--shard", "2/2", "--json", dir / "random.json"},
      dir);
  ASSERT_EQ(random.status, 0) << random.err;
  const Ran mixed = run_program({kTengen, "merge", dir / "mcts.json", dir / "random.json"}, dir);
  EXPECT_EQ(mixed.status, 1);
  EXPECT_MENTIONS(mixed.err, "field 'player' is");
  const Ran other =
      run_program({kTengen, "selfplay", "--player", "mcts", "--playouts", "60", "--board", "5",
                   "--rules", "chinese", "--seed", "3", "--games", "6", "--shard", "2/2",
                   "--no-progress", "--json", dir / "other.json"},
                  dir);
  ASSERT_EQ(other.status, 0) << other.err;
  const Ran budgets = run_program({kTengen, "merge", dir / "mcts.json", dir / "other.json"}, dir);
  EXPECT_EQ(budgets.status, 1);
  EXPECT_MENTIONS(budgets.err, "field 'player.playouts' is 60 here and 50 there");
}

TEST(SelfplayMctsCli, BadBudgetsExit105) {
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--playouts", "0"},
                                              {"--playouts", "-3"},
                                              {"--seconds", "nan"},
                                              {"--seconds", "-1"},
                                              {"--max-nodes", "20"},
                                              {"--search-threads", "-1"},
                                              {"--resign", "0.2"},
                                              {"--device", "gpu"}}) {
    std::vector<std::string> argv = mcts_run({});
    argv.insert(argv.end(), bad.begin(), bad.end());
    const Ran ran = run_program(argv);
    EXPECT_EQ(ran.status, 105) << bad[0] << " " << bad[1] << ": " << ran.err;
    EXPECT_MENTIONS(ran.err, bad[0]);
  }
}

// More than one search thread: the run goes on, saying that its games
// depend on timing.
TEST(SelfplayMctsCli, SearchThreadsWarnThatGamesDependOnTiming) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one core: one search thread";
  const Ran ran = run_program(mcts_run({"--search-threads", "2"}));
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_MENTIONS(ran.err, "warning: with more than one search thread the games depend on timing");
}

}  // namespace
}  // namespace tengen::test
