// `tengen fuzz`: differential fuzzing of the fast engine against the
// reference model on every core (check/fuzz.h), for a time or case budget.
// On a divergence the case is shrunk and written as SGF; exit status 1.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "check/fuzz.h"
#include "tools/commands.h"

namespace tengen::tools {
namespace {

struct FuzzOptions {
  uint64_t seed = 1;
  double seconds = 0;
  uint64_t cases = 0;
  int64_t only_case = -1;
  int threads = 0;
  std::string out = ".";
  bool no_progress = false;
};

std::atomic<bool> fuzz_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_fuzz_sigint(int) {
  fuzz_interrupted.store(true, std::memory_order_relaxed);
}

// Ctrl-C stops the run at the end of the cases in progress; a second one
// ends the process (SA_RESETHAND).
class SigintGuard {
 public:
  SigintGuard() {
    fuzz_interrupted.store(false);
    struct sigaction action = {};
    action.sa_handler = on_fuzz_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &previous_);
  }
  ~SigintGuard() { sigaction(SIGINT, &previous_, nullptr); }
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

 private:
  struct sigaction previous_ = {};
};

int run_fuzz_command(const FuzzOptions& o) {
  check::FuzzConfig config;
  config.seed = o.seed;
  config.seconds = o.seconds;
  config.cases = o.cases;
  config.threads = o.threads;
  if (o.only_case >= 0) config.only_case = uint64_t(o.only_case);
  if (config.cases == 0 && config.seconds == 0 && !config.only_case) config.seconds = 60;
  if (std::string error = check::validate(config); !error.empty()) {
    throw std::invalid_argument(error);
  }
  std::filesystem::create_directories(o.out);

  const bool tty = isatty(STDERR_FILENO);
  double last_line = -10;
  const auto progress = [&](const check::FuzzProgress& p) {
    if (o.no_progress) return;
    // Not a terminal: a line every ten seconds rather than every second.
    if (!tty && p.seconds - last_line < 10) return;
    last_line = p.seconds;
    std::fprintf(stderr, "%sfuzz: %llu cases, %.0f cases/s, %llu checks, %.0f s%s%s",
                 tty ? "\r" : "", static_cast<unsigned long long>(p.cases),
                 p.seconds > 0 ? p.cases / p.seconds : 0.0,
                 static_cast<unsigned long long>(p.checks), p.seconds,
                 p.failed ? ", divergence found" : "", tty ? "  " : "\n");
    std::fflush(stderr);
  };
  check::FuzzResult result;
  {
    SigintGuard guard;
    result = check::run_fuzz(config, progress, &fuzz_interrupted);
  }
  if (tty && !o.no_progress) std::fprintf(stderr, "\n");

  std::printf(
      "tengen fuzz: seed %llu, %llu cases, %llu steps, %llu legality answers and %llu "
      "score comparisons, %.1f s%s\n",
      static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(result.cases),
      static_cast<unsigned long long>(result.steps), static_cast<unsigned long long>(result.checks),
      static_cast<unsigned long long>(result.scores), result.seconds,
      result.interrupted ? " (interrupted)" : "");
  if (!result.failure) {
    std::printf("no divergence between the fast engine and the reference model\n");
    return result.interrupted ? 128 + SIGINT : 0;
  }
  const check::FuzzFailure& f = *result.failure;
  const std::string path =
      (std::filesystem::path(o.out) /
       ("tengen-fuzz-seed" + std::to_string(o.seed) + "-case" + std::to_string(f.index) + ".sgf"))
          .string();
  {
    std::ofstream out(path, std::ios::out | std::ios::trunc | std::ios::binary);
    out << check::failure_sgf(f, o.seed);
    if (!out) throw std::runtime_error("cannot write '" + path + "'");
  }
  std::printf("DIVERGENCE in case %llu (%s at step %d): %s\n",
              static_cast<unsigned long long>(f.index), f.original_divergence.kind.c_str(),
              f.original_divergence.step, f.original_divergence.what.c_str());
  std::printf("shrunk from %zu to %zu steps: %s at step %d: %s\n%s", f.original.steps.size(),
              f.shrunk.steps.size(), f.divergence.kind.c_str(), f.divergence.step,
              f.divergence.what.c_str(), check::describe(f.shrunk).c_str());
  std::printf("written to %s; reproduce with: tengen fuzz --seed %llu --case %llu\n", path.c_str(),
              static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(f.index));
  return 1;
}

}  // namespace

void add_fuzz_command(CLI::App& app) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* cmd = app.add_subcommand(
      "fuzz",
      "Differential fuzzing: random rules, board sizes and move sequences played on the fast "
      "engine and the reference model side by side, on every core, comparing the legality of "
      "every point, the state and the score at every step. A divergence is shrunk, written as "
      "SGF and exits with status 1. Case i depends on (seed, i) alone.");
  cmd->add_option("--seed", options->seed, "run seed")->capture_default_str();
  cmd->add_option("--seconds", options->seconds,
                  "time budget (default 60 when no --cases is given)");
  cmd->add_option("--cases", options->cases, "case budget");
  cmd->add_option("--case", options->only_case, "run (and shrink) this case alone")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("-t,--threads", options->threads, "worker threads (0: all cores)")
      ->capture_default_str();
  cmd->add_option("--out", options->out, "directory for the failure's SGF")->capture_default_str();
  cmd->add_flag("--no-progress", options->no_progress, "no progress line on stderr");
  cmd->callback([options] {
    const int status = run_fuzz_command(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace tengen::tools
