// Ctrl-C (SIGINT) and SIGTERM for long commands: while an InterruptGuard
// lives, either signal only sets a flag that the run polls, so the command
// stops at the end of the work in progress and still writes what finished.
// A second signal ends the process at once (the handler is reset after the
// first). The command then exits with 128 + the signal (130 for Ctrl-C,
// 143 for SIGTERM), as a shell does.
#pragma once

#include <atomic>
#include <csignal>

namespace tengen::tools {

class InterruptGuard {
 public:
  InterruptGuard();   // installs the handlers; clears the flag
  ~InterruptGuard();  // restores the previous handlers
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The flag the run polls; true once a signal has arrived.
  const std::atomic<bool>* flag() const;
  bool interrupted() const;
  // 128 + the signal that arrived (0 if none).
  int exit_status() const;

 private:
  struct sigaction previous_int_ = {};
  struct sigaction previous_term_ = {};
};

}  // namespace tengen::tools
