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

#include <nlohmann/json.hpp>

#include "tests/support/process_util.h"

namespace tengen::test {
namespace {

// True once the process has a handler for `signal` (/proc/PID/status).
bool catches(pid_t pid, int signal) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("SigCgt:", 0) == 0) {
      return (std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1;
    }
  }
  return false;
}

// Starts `tengen args` in `dir`, its stdout and stderr to files there.
pid_t start(const std::vector<std::string>& args, const TempDir& dir) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.path().c_str()) != 0) _exit(127);
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) _exit(126);
    dup2(o, STDOUT_FILENO);
    dup2(e, STDERR_FILENO);
    std::vector<std::string> copies = {TENGEN_BINARY};
    copies.insert(copies.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

// Runs `tengen args` in `dir`, sends `signal` once it catches it (its run
// is then under way) and a little more, and waits for its end. For runs
// that print no progress line to wait for.
Ran run_and_signal(const std::vector<std::string>& args, int signal, const TempDir& dir) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const pid_t pid = start(args, dir);
  int status = 0;
  for (int i = 0; i < 3000 && !catches(pid, signal); ++i) {
    if (waitpid(pid, &status, WNOHANG) == pid)
      return {exit_status(status), read_file(out), read_file(err)};
    usleep(10000);
  }
  usleep(300000);
  kill(pid, signal);
  waitpid(pid, &status, 0);
  return {exit_status(status), read_file(out), read_file(err)};
}

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

// Searched games: the games under way are abandoned (not waited for), those
// finished before them kept, and the JSON says so.
TEST(CliSignals, SelfplayMctsKeepsTheFinishedGames) {
  TempDir dir;
  const Ran ran = run({"selfplay", "--player", "mcts", "--playouts", "30", "--board", "5",
                       "--games", "100000000", "--threads", "1", "--json", "run.json"},
                      stop_with(SIGINT, "selfplay: ", dir.path().string()));
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "Interrupted: ")) << ran.out;
  const auto j = nlohmann::json::parse(read_file(dir / "run.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_GE(j.at("games").get<int64_t>(), 1);
  EXPECT_EQ(j.at("player").at("name"), "mcts");
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

// --only: one deep count, stopped inside it, not after it.
TEST(CliSignals, CountPerftOnlyStopsAtTheFirstSignal) {
  TempDir dir;
  const Ran ran = run_and_signal(
      {"count", "perft", "5x5", "14", "--only", "--threads", "1", "--json", "perft.json"}, SIGINT,
      dir);
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  const auto j = nlohmann::json::parse(read_file(dir / "perft.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_TRUE(j.at("depths").empty());
}

TEST(CliSignals, CountGamesWritesAValidResult) {
  TempDir dir;
  const Ran ran = run_and_signal(
      {"count", "games", "2x2", "--threads", "1", "--json", "games.json"}, SIGTERM, dir);
  EXPECT_EQ(ran.status, 128 + SIGTERM) << ran.err;
  const auto j = nlohmann::json::parse(read_file(dir / "games.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_EQ(j.at("mode"), "games");
  EXPECT_FALSE(j.contains("games"));  // nothing finished
}

TEST(CliSignals, ScorePrintsAndWritesTheGamesScored) {
  TempDir dir;
  const std::string record = read_file(std::string(TENGEN_SGF_REAL_DIR) + "/001.sgf");
  std::filesystem::create_directories(dir / "records");
  for (int i = 0; i < 2000; ++i) {
    std::ofstream(dir / ("records/r" + std::to_string(i) + ".sgf")) << record;
  }
  const Ran ran = run_and_signal(
      {"score", "records", "--threads", "1", "--playouts", "64", "--json", "score.json"}, SIGINT,
      dir);
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "games scored")) << ran.out;
  const auto j = nlohmann::json::parse(read_file(dir / "score.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_LT(j.at("games").size(), 2000u);
  EXPECT_EQ(j.at("games").size(), j.at("summary").at("games").get<size_t>());
}

// A GNU Go call in progress is cut short too: the judge here (the fake
// engine standing in for GNU Go) never answers final_status_list, and the
// record limit is an hour, so only the signal can end the run. The record
// in progress is not counted.
TEST(CliSignals, ScoreStopsDuringADeadStoneCall) {
  if (std::system("python3 -c 1 >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  TempDir dir;
  const std::string judge = dir / "judge.sh";
  std::ofstream(judge) << "#!/bin/sh\nexec python3 " << TENGEN_TEST_DATA_DIR
                       << "/engines/fake_engine.py analyse\n";
  std::filesystem::permissions(judge, std::filesystem::perms::owner_all);
  const std::string record = std::string(TENGEN_TEST_DATA_DIR) + "/deadstones/gnugo9_001.sgf";
  const std::vector<std::string> args = {"score",   record,      "--dead-stones",   "gnugo",
                                         "--gnugo", judge,       "--gnugo-timeout", "3600",
                                         "--json",  "score.json"};
  const std::string err = dir / "stderr.txt";
  const pid_t pid = start(args, dir);
  int status = 0;
  for (int i = 0; i < 3000 && !catches(pid, SIGINT); ++i) usleep(10000);
  usleep(500000);  // the judge is started and asked by now
  kill(pid, SIGINT);
  // A bound for a hang, not a timing: the fix ends it in a tenth of a second.
  bool ended = false;
  for (int i = 0; i < 300 && !ended; ++i) {
    ended = waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) usleep(100000);
  }
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "score still waited for the judge 30 s after Ctrl-C";
  }
  EXPECT_EQ(exit_status(status), 128 + SIGINT) << read_file(err);
  const auto j = nlohmann::json::parse(read_file(dir / "score.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_EQ(j.at("games").size(), 0u) << j.dump();
}

TEST(CliSignals, VerifyReportsTheFilesVerified) {
  TempDir dir;
  const std::string record = read_file(std::string(TENGEN_SGF_REAL_DIR) + "/001.sgf");
  for (int i = 0; i < 4000; ++i) {
    std::ofstream(dir.file("r" + std::to_string(i) + ".sgf")) << record;
  }
  TempDir out;
  const Ran ran = run({"verify", dir.path().string(), "--threads", "1", "--json", out / "v.json"},
                      stop_with(SIGINT, "verify: 1/4,000"));
  EXPECT_EQ(ran.status, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(contains(ran.out, "of 4000 files verified")) << ran.out;
  const auto j = nlohmann::json::parse(read_file(out / "v.json"));
  EXPECT_TRUE(j.at("interrupted").get<bool>());
  EXPECT_LT(j.at("files").size(), 4000u);
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
