// The one progress reporter of every long command, on stderr. On a terminal
// it redraws one line at most ten times a second, never wider than 79
// columns, and clears exactly what it drew; elsewhere (a pipe, a log, CI) it
// prints a whole line every few seconds, so a long run is never silent.
// Counts have thousands separators, as the summaries do. Nothing when
// disabled (--no-progress).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace tengen::tools {

class ProgressReporter {
 public:
  // `unit` names what is counted ("games", "cases", "files").
  ProgressReporter(std::string label, std::string unit, bool enabled);
  ~ProgressReporter();  // finish()
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

  // `done` of `total` units (total 0: unknown), with optional extra words.
  // Prints only when the interval has passed. Not thread-safe: callers
  // serialise their calls (the runs call their progress one at a time).
  void update(uint64_t done, uint64_t total, const std::string& extra = "");
  // Ends a terminal line that was drawn.
  void finish();

  // Seconds between lines when stderr is not a terminal (the environment
  // variable TENGEN_PROGRESS_SECONDS overrides it).
  static constexpr int kLogSeconds = 5;
  // The widest line: an 80-column terminal keeps it on one line.
  static constexpr size_t kMaxWidth = 79;

  // The line for `done` of `total` after `elapsed` seconds (what update
  // prints), at most `width` characters: the extra words, then the words of
  // the estimate, then the speed are left out where it would be wider. A
  // log's lines are whole (width unlimited): a log has no columns to fit.
  std::string line(uint64_t done, uint64_t total, double elapsed, const std::string& extra,
                   size_t width = kMaxWidth) const;

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_, unit_;
  bool enabled_;
  bool tty_;
  std::chrono::milliseconds log_interval_;
  Clock::time_point start_, last_;
  bool drawn_ = false;
  size_t width_ = 0;  // of the line on the terminal
};

// 1234567 as "1,234,567".
std::string grouped(uint64_t n);

}  // namespace tengen::tools
