#include "tools/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <fmt/core.h>

namespace tengen::tools {
namespace {

std::string duration_text(double seconds) {
  const long s = long(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// TENGEN_PROGRESS_SECONDS=N sets the interval of a log's lines (0: every
// update), for tests and for logs that want more or fewer lines.
std::chrono::milliseconds log_interval() {
  const char* text = std::getenv("TENGEN_PROGRESS_SECONDS");
  int seconds = ProgressReporter::kLogSeconds;
  if (text && *text) seconds = std::atoi(text);
  return std::chrono::milliseconds(1000LL * std::max(seconds, 0));
}

}  // namespace

ProgressReporter::ProgressReporter(std::string label, std::string unit, bool enabled)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0),
      log_interval_(log_interval()),
      start_(Clock::now()),
      // The first line of a log comes after the interval, not at once.
      last_(start_) {}

ProgressReporter::~ProgressReporter() {
  finish();
}

void ProgressReporter::update(uint64_t done, uint64_t total, const std::string& extra) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const auto interval = tty_ ? std::chrono::milliseconds(100) : log_interval_;
  if (now - last_ < interval) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? double(done) / elapsed : 0.0;
  std::string line = label_ + ": " + std::to_string(done);
  if (total > 0) line += "/" + std::to_string(total);
  line += fmt::format(" {}, {:.0f} {}/s, {}", unit_, rate, unit_, duration_text(elapsed));
  if (total > 0 && done > 0 && done <= total && rate > 0) {
    line += fmt::format(" ({:.1f}%, about {} left)", 100.0 * double(done) / double(total),
                        duration_text(double(total - done) / rate));
  }
  if (!extra.empty()) line += ", " + extra;
  fmt::print(stderr, "{}", tty_ ? "\r" + line + "  " : line + "\n");
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressReporter::finish() {
  if (drawn_ && tty_) fmt::print(stderr, "\r{:110}\r", "");
  drawn_ = false;
}

}  // namespace tengen::tools
