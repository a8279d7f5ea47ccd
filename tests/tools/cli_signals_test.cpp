// Ctrl-C (SIGINT) and SIGTERM in every long command (the built binary): the
// run stops at the end of the work in progress, reports what finished and
// exits with 128 + the signal. Each signal is sent once the run's first
// progress line shows it under way (TENGEN_PROGRESS_SECONDS=0: a line on
// every update).
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

RunOptions stop_with(int signal, const std::string& marker, const std::string& dir = ".") {
  RunOptions o = in_dir(dir);
  o.env = {"TENGEN_PROGRESS_SECONDS=0"};
  o.signal = signal;
  o.marker = marker;
  return o;
}

TEST(CliSignals, SelfplayKeepsTheFinishedGames) {
  for (int signal : {SIGINT, SIGTERM}) {
    const Ran ran = run({"selfplay", "--board", "9", "--games", "100000000000", "--threads", "1"},
                        stop_with(signal, "selfplay: "));
    EXPECT_EQ(ran.status, 128 + signal) << ran.err;
    EXPECT_TRUE(contains(ran.out, "Interrupted: ")) << ran.out;
  }
}

TEST(CliSignals, FuzzReportsTheCasesRun) {
  TempDir dir;
  const Ran ran = run({"fuzz", "--seconds", "600", "--threads", "1", "--out", dir.path().string()},
                      stop_with(SIGTERM, "fuzz: "));
  EXPECT_EQ(ran.status, 128 + SIGTERM) << ran.err;
  EXPECT_TRUE(contains(ran.out, "(interrupted)")) << ran.out;
}

TEST(CliSignals, CountKeepsTheFinishedDepths) {
  const Ran ran =
      run({"count", "perft", "4x4", "12", "--threads", "1"}, stop_with(SIGINT, "perft depth 6"));
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "\n    5 ")) << ran.out;  // depth 5's row was kept
  EXPECT_TRUE(contains(ran.err, "interrupted")) << ran.err;
}

TEST(CliSignals, VerifyReportsTheFilesVerified) {
  TempDir dir;
  const std::string record = read_file(std::string(TENGEN_SGF_REAL_DIR) + "/001.sgf");
  for (int i = 0; i < 4000; ++i) {
    std::ofstream(dir.file("r" + std::to_string(i) + ".sgf")) << record;
  }
  const Ran ran =
      run({"verify", dir.path().string(), "--threads", "1"}, stop_with(SIGINT, "verify: 1/4,000"));
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "of 4000 files verified")) << ran.out;
}

TEST(CliSignals, CrosscheckReportsTheGamesPlayed) {
  const std::string gnugo = std::filesystem::exists("/usr/games/gnugo") ? "/usr/games/gnugo" : "";
  if (gnugo.empty()) GTEST_SKIP() << "GNU Go is not installed (scripts/setup.sh installs it)";
  const Ran ran = run({"crosscheck", "--gnugo", gnugo, "-n", "100000", "--sizes", "5", "--rules",
                       "tromp-taylor", "--threads", "1"},
                      stop_with(SIGINT, "crosscheck: "));
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "(interrupted)")) << ran.out;
}

}  // namespace
}  // namespace tengen::test
