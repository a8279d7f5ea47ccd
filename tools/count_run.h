// What the four `tengen count` subcommands share (count_command.cpp adds
// them): the options every mode takes, the set-up of a run (threads, JSON
// output, Ctrl-C/SIGTERM guard, progress), and the JSON forms of the values.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <tbb/global_control.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "count/progress.h"
#include "tools/interrupt.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {

using CountClock = std::chrono::steady_clock;

double seconds_since(CountClock::time_point start);
// Seconds as the text reports show them ("0.25") and the same value in JSON
// (rounded to hundredths).
std::string seconds_text(double s);
nlohmann::ordered_json seconds_json(double s);

// "9x7"
std::string size_name(int width, int height);

// A count in decimal as a JSON number; a count wider than 64 bits (legal
// positions of boards over 40 points) as a JSON string of its digits, since
// JSON readers hold numbers in 64 bits at most.
nlohmann::ordered_json count_json(const std::string& decimal);

// Options every mode shares.
struct CommonOptions {
  std::string json;  // file for the JSON result; "-": stdout, instead of the text
  int threads = 0;
  bool no_progress = false;
};

void add_common_options(CLI::App* cmd, CommonOptions& options, bool threads = true);

// Thrown from a count's progress callback after Ctrl-C or SIGTERM: the
// counts stop through it (oneTBB passes it on to the caller).
struct Interrupted {};

// What every count run sets up before any work: its threads, its JSON output
// (opened now, so a bad path fails at once) and its Ctrl-C/SIGTERM guard.
class CountRun {
 public:
  explicit CountRun(const CommonOptions& options);

  // The text report goes to stdout unless the JSON does.
  bool text() const { return !json_.is_stdout(); }
  // Writes the JSON result, if --json asked for it.
  void write_json(const nlohmann::ordered_json& result);
  // Progress of one count, which also stops it on a signal.
  count::Progress progress(ProgressReporter& reporter) const;
  ProgressReporter reporter(const std::string& label, const std::string& unit) const;
  // The flag a signal sets, for counts that poll it themselves.
  const std::atomic<bool>* stop_flag() const { return guard_.flag(); }
  // Says on stderr that `mode` was interrupted; the exit status for it.
  int interrupted_status(const char* mode) const;
  bool interrupted() const { return guard_.interrupted(); }
  int signal_status() const { return guard_.exit_status(); }  // 128 + the signal

 private:
  const CommonOptions& options_;
  std::unique_ptr<tbb::global_control> threads_;
  Output json_;
  InterruptGuard guard_;
};

// The subcommands, each in its own file.
void add_count_legal(CLI::App* count);
void add_count_perft(CLI::App* count);
void add_count_games(CLI::App* count);
void add_count_solve(CLI::App* count);

}  // namespace tengen::tools
