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

// TENGEN_PROGRESS_TERMINAL=1 draws as on a terminal, for tests.
bool terminal_forced() {
  const char* text = std::getenv("TENGEN_PROGRESS_TERMINAL");
  return text && std::string(text) == "1";
}

}  // namespace

ProgressReporter::ProgressReporter(std::string label, std::string unit, bool enabled)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0 || terminal_forced()),
      log_interval_(log_interval()),
      start_(Clock::now()),
      // The first line of a log comes after the interval, not at once.
      last_(start_) {}

ProgressReporter::~ProgressReporter() {
  finish();
}

std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string ProgressReporter::line(uint64_t done, uint64_t total, double elapsed,
                                   const std::string& extra, size_t width) const {
  const double rate = elapsed > 0 ? double(done) / elapsed : 0.0;
  const std::string count =
      label_ + ": " + grouped(done) + (total > 0 ? "/" + grouped(total) : "") + " " + unit_;
  const std::string speed = grouped(uint64_t(rate + 0.5)) + " " + unit_ + "/s";
  const std::string time = duration_text(elapsed);
  std::string share, left;
  if (total > 0 && done > 0 && done <= total && rate > 0) {
    share = fmt::format("{:.1f}%", 100.0 * double(done) / double(total));
    left = duration_text(double(total - done) / rate);
  }
  // The fullest line that fits; what matters least goes first.
  const std::string tail = share.empty() ? "" : " (" + share + ", about " + left + " left)";
  const std::string short_tail = share.empty() ? "" : " (" + share + ", " + left + " left)";
  for (const std::string& candidate : {
           count + ", " + speed + ", " + time + tail + (extra.empty() ? "" : ", " + extra),
           count + ", " + speed + ", " + time + tail,
           count + ", " + speed + ", " + time + short_tail,
           count + ", " + time + short_tail,
           count + short_tail,
       }) {
    if (candidate.size() <= width) return candidate;
  }
  return (count + short_tail).substr(0, width);
}

void ProgressReporter::update(uint64_t done, uint64_t total, const std::string& extra) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const auto interval = tty_ ? std::chrono::milliseconds(100) : log_interval_;
  if (now - last_ < interval) return;
  last_ = now;
  const std::string text = line(done, total, std::chrono::duration<double>(now - start_).count(),
                                extra, tty_ ? kMaxWidth : std::string::npos);
  if (tty_) {
    // Redrawn over the last line: spaces clear what it had beyond this one.
    fmt::print(stderr, "\r{:<{}}", text, std::max(text.size(), width_));
    width_ = text.size();
  } else {
    fmt::print(stderr, "{}\n", text);
  }
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressReporter::finish() {
  if (drawn_ && tty_) fmt::print(stderr, "\r{:{}}\r", "", width_);
  drawn_ = false;
  width_ = 0;
}

}  // namespace tengen::tools
