// The tengen binary end to end: `selfplay --shard` then `merge` prints and
// writes what the one-process run does; a run stopped by SIGINT or SIGTERM
// saves a checkpoint, and `--resume` finishes it with the uninterrupted
// result; damaged, mismatched and stray checkpoints are refused and left as
// they are. (The library-level checks are in selfplay_shard_merge_test.cpp.)
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "props/process_util.h"

namespace tengen::test {
namespace {

const std::string kTengen = TENGEN_BINARY;

// `tengen selfplay` with the tests' common arguments, then `extra`.
std::vector<std::string> selfplay(std::vector<std::string> extra) {
  std::vector<std::string> args = {kTengen, "selfplay",  "--rules", "japanese",     "--seed",
                                   "5",     "--threads", "2",       "--no-progress"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

#define EXPECT_MENTIONS(text, part) \
  EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

TEST(SelfplayShardCli, ShardsThenMergeGiveTheOneProcessReportJsonAndCsv) {
  ScratchDir dir;
  const Outcome whole = run(selfplay({"--board", "7", "--games", "1500", "--json",
                                      dir / "whole.json", "--csv", dir / "whole.csv"}),
                            dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (const std::string k : {"1", "2", "3"}) {
    const Outcome shard =
        run(selfplay({"--board", "7", "--games", "1500", "--shard", k + "/3", "--json",
                      dir / ("shard" + k + ".json"), "--csv", dir / ("shard" + k + ".csv")}),
            dir);
    ASSERT_EQ(shard.status, 0) << shard.err;
    EXPECT_MENTIONS(shard.out, "Part of a run of 1,500 games");
  }
  const Outcome merged =
      run({kTengen, "merge", dir / "shard3.json", dir / "shard1.json", dir / "shard2.json",
           "--json", dir / "merged.json", "--csv", dir / "merged.csv"},
          dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_text(dir / "merged.json")),
            without_timings(read_text(dir / "whole.json")));
  EXPECT_EQ(read_text(dir / "merged.csv"), read_text(dir / "whole.csv"));

  const Outcome missing = run({kTengen, "merge", dir / "shard1.json", dir / "shard3.json"}, dir);
  EXPECT_EQ(missing.status, 1);
  EXPECT_MENTIONS(missing.err, "shard 2/3 is missing");
  const Outcome absent = run({kTengen, "merge", dir / "nothing.json"}, dir);
  EXPECT_EQ(absent.status, 1);
  EXPECT_MENTIONS(absent.err, "nothing.json: cannot read the file");
  std::ofstream(dir / "shard2.csv", std::ios::app)
      << "1500,B,B+1,1,0,0,0,0,0,0,0,0,two_passes,pass,0\n";
  const Outcome changed = run({kTengen, "merge", dir / "shard1.json", dir / "shard2.json",
                               dir / "shard3.json", "--csv", dir / "again.csv"},
                              dir);
  EXPECT_EQ(changed.status, 1);
  EXPECT_MENTIONS(changed.err, "shard2.csv: not the CSV file that");
  const Outcome no_csv =
      run({kTengen, "merge", dir / "whole.json", "--csv", dir / "again.csv"}, dir);
  EXPECT_EQ(no_csv.status, 1);
  EXPECT_MENTIONS(no_csv.err, "whole.json: field 'csv' is missing");
}

TEST(SelfplayShardCli, MoreShardsThanGamesStillMerge) {
  ScratchDir dir;
  const Outcome whole =
      run(selfplay({"--board", "5", "--games", "2", "--json", dir / "w.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  std::vector<std::string> merge = {kTengen, "merge", "--json", dir / "m.json"};
  for (const std::string k : {"1", "2", "3", "4"}) {
    const std::string json = dir / ("s" + k + ".json");
    const Outcome shard =
        run(selfplay({"--board", "5", "--games", "2", "--shard", k + "/4", "--json", json}), dir);
    ASSERT_EQ(shard.status, 0) << shard.err;
    merge.push_back(json);
  }
  const Outcome merged = run(merge, dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_text(dir / "m.json")), without_timings(read_text(dir / "w.json")));
}

// Waits for a file to appear (the first checkpoint); false after a minute.
bool wait_for(const std::string& path) {
  for (int i = 0; i < 12000; ++i) {
    if (std::filesystem::exists(path)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(SelfplayShardCli, ResumeAfterSigintAndSigtermGivesTheUninterruptedResult) {
  ScratchDir dir;
  const std::vector<std::string> run_args = {"--board", "19", "--games", "3000"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = run_args;
    args.insert(args.end(), extra.begin(), extra.end());
    return selfplay(args);
  };
  const Outcome whole = run(with({"--json", dir / "whole.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (const int number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(number == SIGINT ? "SIGINT" : "SIGTERM");
    const std::string checkpoint = dir / ("checkpoint-" + std::to_string(number) + ".json");
    {
      Child child(with({"--checkpoint", checkpoint, "--checkpoint-every", "0.01"}), dir / "out.txt",
                  dir / "err.txt");
      ASSERT_TRUE(wait_for(checkpoint));
      child.signal(number);
      ASSERT_EQ(child.wait(), 128 + number) << read_text(dir / "err.txt");
    }
    EXPECT_MENTIONS(read_text(dir / "out.txt"), "Interrupted:");
    EXPECT_MENTIONS(read_text(checkpoint), "\"interrupted\": true");
    const Outcome resumed = run(
        with({"--checkpoint", checkpoint, "--resume", checkpoint, "--json", dir / "r.json"}), dir);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(without_timings(resumed.out), without_timings(whole.out));
    EXPECT_EQ(without_timings(read_text(dir / "r.json")),
              without_timings(read_text(dir / "whole.json")));
  }
}

TEST(SelfplayShardCli, DamagedMismatchedAndStrayCheckpointsAreRefusedAndKept) {
  ScratchDir dir;
  const std::string checkpoint = dir / "checkpoint.json";
  const Outcome first = run(
      selfplay({"--board", "7", "--games", "200", "--shard", "1/2", "--checkpoint", checkpoint}),
      dir);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string saved = read_text(checkpoint);
  ASSERT_FALSE(saved.empty());

  auto resume_refused = [&](std::vector<std::string> extra, const std::string& why) {
    std::vector<std::string> args = {"--board", "7", "--games", "200", "--resume", checkpoint};
    args.insert(args.end(), extra.begin(), extra.end());
    const Outcome o = run(selfplay(args), dir);
    EXPECT_EQ(o.status, 1);
    EXPECT_MENTIONS(o.err, why);
    EXPECT_MENTIONS(o.err, checkpoint);
  };
  resume_refused({"--shard", "1/2", "--max-turns", "100"}, "field 'max_turns'");
  resume_refused({"--shard", "1/2", "--komi", "0.5"}, "field 'komi'");
  resume_refused({"--shard", "2/2"}, "shard 1/2");
  EXPECT_EQ(read_text(checkpoint), saved);

  std::string damaged = saved;
  damaged[damaged.find("\"turns\"") + 20] ^= 1;
  std::ofstream(checkpoint, std::ios::binary) << damaged;
  resume_refused({"--shard", "1/2", "--checkpoint", checkpoint}, "field 'checksum'");
  EXPECT_EQ(read_text(checkpoint), damaged);

  std::ofstream(checkpoint, std::ios::binary) << saved.substr(0, saved.size() / 3);
  resume_refused({"--shard", "1/2"}, "truncated");
  EXPECT_EQ(read_text(checkpoint), saved.substr(0, saved.size() / 3));

  const Outcome stray =
      run(selfplay({"--board", "7", "--games", "200", "--checkpoint", checkpoint}), dir);
  EXPECT_EQ(stray.status, 1);
  EXPECT_MENTIONS(stray.err, "exists");
  EXPECT_EQ(read_text(checkpoint), saved.substr(0, saved.size() / 3));
}

}  // namespace
}  // namespace tengen::test
