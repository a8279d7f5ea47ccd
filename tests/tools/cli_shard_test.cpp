// The tengen binary end to end: `selfplay --shard` then `merge` prints and
// writes what the one-process run does; a run stopped by SIGINT or SIGTERM
// saves a checkpoint, and `--resume` finishes it with the uninterrupted
// result; damaged, mismatched and stray checkpoints are refused and left as
// they are. (The library-level checks are in selfplay_shard_merge_test.cpp.)
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/process_util.h"

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
  TempDir dir;
  const Ran whole = run_program(selfplay({"--board", "7", "--games", "1500", "--json",
                                          dir / "whole.json", "--csv", dir / "whole.csv"}),
                                dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (const std::string k : {"1", "2", "3"}) {
    const Ran shard = run_program(
        selfplay({"--board", "7", "--games", "1500", "--shard", k + "/3", "--json",
                  dir / ("shard" + k + ".json"), "--csv", dir / ("shard" + k + ".csv")}),
        dir);
    ASSERT_EQ(shard.status, 0) << shard.err;
    EXPECT_MENTIONS(shard.out, "Part of a run of 1,500 games");
  }
  const Ran merged =
      run_program({kTengen, "merge", dir / "shard3.json", dir / "shard1.json", dir / "shard2.json",
                   "--json", dir / "merged.json", "--csv", dir / "merged.csv"},
                  dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "merged.json")),
            without_timings(read_file(dir / "whole.json")));
  EXPECT_EQ(read_file(dir / "merged.csv"), read_file(dir / "whole.csv"));

  const Ran missing =
      run_program({kTengen, "merge", dir / "shard1.json", dir / "shard3.json"}, dir);
  EXPECT_EQ(missing.status, 1);
  EXPECT_MENTIONS(missing.err, "shard 2/3 is missing");
  const Ran absent = run_program({kTengen, "merge", dir / "nothing.json"}, dir);
  EXPECT_EQ(absent.status, 1);
  EXPECT_MENTIONS(absent.err, "nothing.json: cannot read the file");
  std::ofstream(dir / "shard2.csv", std::ios::app)
      << "1500,B,B+1,1,0,0,0,0,0,0,0,0,two_passes,pass,0\n";
  const Ran changed = run_program({kTengen, "merge", dir / "shard1.json", dir / "shard2.json",
                                   dir / "shard3.json", "--csv", dir / "again.csv"},
                                  dir);
  EXPECT_EQ(changed.status, 1);
  EXPECT_MENTIONS(changed.err, "shard2.csv: not the CSV file that");
  const Ran no_csv =
      run_program({kTengen, "merge", dir / "whole.json", "--csv", dir / "again.csv"}, dir);
  EXPECT_EQ(no_csv.status, 1);
  EXPECT_MENTIONS(no_csv.err, "whole.json: field 'csv' is missing");
}

TEST(SelfplayShardCli, MoreShardsThanGamesStillMerge) {
  TempDir dir;
  const Ran whole =
      run_program(selfplay({"--board", "5", "--games", "2", "--json", dir / "w.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  std::vector<std::string> merge = {kTengen, "merge", "--json", dir / "m.json"};
  for (const std::string k : {"1", "2", "3", "4"}) {
    const std::string json = dir / ("s" + k + ".json");
    const Ran shard = run_program(
        selfplay({"--board", "5", "--games", "2", "--shard", k + "/4", "--json", json}), dir);
    ASSERT_EQ(shard.status, 0) << shard.err;
    merge.push_back(json);
  }
  const Ran merged = run_program(merge, dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "m.json")), without_timings(read_file(dir / "w.json")));
}

// --device portable (the GPU's per-game code on one CPU thread) goes through
// the same legs as the CPU runner and as --device gpu: a run of it stopped by
// SIGINT resumes from its checkpoint to the CPU runner's result, and a shard
// of it merges with a CPU shard into that result.
TEST(SelfplayShardCli, PortableDeviceCheckpointsResumesAndMergesWithTheCpu) {
  TempDir dir;
  const std::vector<std::string> run_args = {"--board", "9", "--games", "400000"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = run_args;
    args.insert(args.end(), extra.begin(), extra.end());
    return selfplay(args);
  };
  const Ran whole = run_program(with({"--json", dir / "whole.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  const std::string checkpoint = dir / "checkpoint.json";
  {
    Child child(
        with({"--device", "portable", "--checkpoint", checkpoint, "--checkpoint-every", "0.01"}),
        dir / "out.txt", dir / "err.txt");
    ASSERT_TRUE(wait_for_file(checkpoint));
    child.signal(SIGINT);
    ASSERT_EQ(child.wait(), 128 + SIGINT) << read_file(dir / "err.txt");
  }
  EXPECT_MENTIONS(read_file(checkpoint), "\"interrupted\": true");
  const Ran resumed = run_program(with({"--device", "portable", "--checkpoint", checkpoint,
                                        "--resume", checkpoint, "--json", dir / "r.json"}),
                                  dir);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(without_timings(resumed.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "r.json")),
            without_timings(read_file(dir / "whole.json")));

  const Ran cpu = run_program(with({"--shard", "1/2", "--json", dir / "s1.json"}), dir);
  ASSERT_EQ(cpu.status, 0) << cpu.err;
  const Ran portable =
      run_program(with({"--shard", "2/2", "--device", "portable", "--json", dir / "s2.json"}), dir);
  ASSERT_EQ(portable.status, 0) << portable.err;
  const Ran merged = run_program(
      {kTengen, "merge", dir / "s1.json", dir / "s2.json", "--json", dir / "m.json"}, dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(without_timings(merged.out), without_timings(whole.out));
  EXPECT_EQ(without_timings(read_file(dir / "m.json")),
            without_timings(read_file(dir / "whole.json")));
}

TEST(SelfplayShardCli, ResumeAfterSigintAndSigtermGivesTheUninterruptedResult) {
  TempDir dir;
  const std::vector<std::string> run_args = {"--board", "19", "--games", "3000"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = run_args;
    args.insert(args.end(), extra.begin(), extra.end());
    return selfplay(args);
  };
  const Ran whole = run_program(with({"--json", dir / "whole.json"}), dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (const int number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(number == SIGINT ? "SIGINT" : "SIGTERM");
    const std::string checkpoint = dir / ("checkpoint-" + std::to_string(number) + ".json");
    {
      Child child(with({"--checkpoint", checkpoint, "--checkpoint-every", "0.01"}), dir / "out.txt",
                  dir / "err.txt");
      ASSERT_TRUE(wait_for_file(checkpoint));
      child.signal(number);
      ASSERT_EQ(child.wait(), 128 + number) << read_file(dir / "err.txt");
    }
    EXPECT_MENTIONS(read_file(dir / "out.txt"), "Interrupted:");
    EXPECT_MENTIONS(read_file(checkpoint), "\"interrupted\": true");
    const Ran resumed = run_program(
        with({"--checkpoint", checkpoint, "--resume", checkpoint, "--json", dir / "r.json"}), dir);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(without_timings(resumed.out), without_timings(whole.out));
    EXPECT_EQ(without_timings(read_file(dir / "r.json")),
              without_timings(read_file(dir / "whole.json")));
  }
}

TEST(SelfplayShardCli, DamagedMismatchedAndStrayCheckpointsAreRefusedAndKept) {
  TempDir dir;
  const std::string checkpoint = dir / "checkpoint.json";
  const Ran first = run_program(
      selfplay({"--board", "7", "--games", "200", "--shard", "1/2", "--checkpoint", checkpoint}),
      dir);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string saved = read_file(checkpoint);
  ASSERT_FALSE(saved.empty());

  auto resume_refused = [&](std::vector<std::string> extra, const std::string& why) {
    std::vector<std::string> args = {"--board", "7", "--games", "200", "--resume", checkpoint};
    args.insert(args.end(), extra.begin(), extra.end());
    const Ran o = run_program(selfplay(args), dir);
    EXPECT_EQ(o.status, 1);
    EXPECT_MENTIONS(o.err, why);
    EXPECT_MENTIONS(o.err, checkpoint);
  };
  resume_refused({"--shard", "1/2", "--max-turns", "100"}, "field 'max_turns'");
  resume_refused({"--shard", "1/2", "--komi", "0.5"}, "field 'komi'");
  resume_refused({"--shard", "2/2"}, "shard 1/2");
  EXPECT_EQ(read_file(checkpoint), saved);

  std::string damaged = saved;
  damaged[damaged.find("\"turns\"") + 20] ^= 1;
  std::ofstream(checkpoint, std::ios::binary) << damaged;
  resume_refused({"--shard", "1/2", "--checkpoint", checkpoint}, "field 'checksum'");
  EXPECT_EQ(read_file(checkpoint), damaged);

  std::ofstream(checkpoint, std::ios::binary) << saved.substr(0, saved.size() / 3);
  resume_refused({"--shard", "1/2"}, "truncated");
  EXPECT_EQ(read_file(checkpoint), saved.substr(0, saved.size() / 3));

  const Ran stray =
      run_program(selfplay({"--board", "7", "--games", "200", "--checkpoint", checkpoint}), dir);
  EXPECT_EQ(stray.status, 105);  // a bad --checkpoint: it would replace a file
  EXPECT_MENTIONS(stray.err, "exists");
  EXPECT_EQ(read_file(checkpoint), saved.substr(0, saved.size() / 3));
}

}  // namespace
}  // namespace tengen::test
