#include "tools/interrupt.h"

#include <signal.h>

namespace tengen::tools {
namespace {

// Written by the signal handler: always-lock-free atomics are safe there.
std::atomic<bool> stop_requested{false};
std::atomic<int> stop_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_stop_signal(int signal) {
  stop_signal.store(signal, std::memory_order_relaxed);
  stop_requested.store(true, std::memory_order_relaxed);
}

void install(int signal, struct sigaction* previous) {
  struct sigaction action = {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(signal, &action, previous);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  stop_requested.store(false);
  stop_signal.store(0);
  install(SIGINT, &previous_int_);
  install(SIGTERM, &previous_term_);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const {
  return &stop_requested;
}

bool InterruptGuard::interrupted() const {
  return stop_requested.load(std::memory_order_relaxed);
}

int InterruptGuard::exit_status() const {
  const int signal = stop_signal.load(std::memory_order_relaxed);
  return signal == 0 ? 0 : 128 + signal;
}

}  // namespace tengen::tools
