// `tengen fuzz`'s work: differential cases (case.h) on every core for
// a time or case budget; the first failing case shrunk to a short one (delta
// debugging on its steps and set-up, then simpler rules) and written as SGF.
//
// Deterministic per seed: case i comes from (seed, i) alone; cases are taken
// in index order and each runs to its end, so the cases run are always
// 0..n-1, and the failure reported is the one with the lowest index among
// them, whatever the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "differential/case.h"
#include "differential/kernel_case.h"

namespace tengen::differential {

struct RunConfig {
  uint64_t seed = 1;
  uint64_t cases = 0;                   // case budget; 0: none
  double seconds = 0;                   // time budget; 0: none (one of the two must be set)
  int threads = 0;                      // 0: all cores
  std::optional<uint64_t> only_case{};  // run this case alone (no budget needed)
  CheckFault fault{};                   // for the harness's own tests only
  KernelFault kernel_fault{};           // likewise, for the playout kernel
};

struct Failure {
  uint64_t index = 0;  // the case
  Case original;
  Divergence original_divergence;
  Case shrunk;
  Divergence divergence;  // the shrunk case's
};

struct Progress {
  uint64_t cases = 0;
  uint64_t checks = 0;
  double seconds = 0;
  bool failed = false;
};

struct RunResult {
  uint64_t cases = 0;  // cases run: 0..cases-1 (or only_case)
  uint64_t steps = 0;
  uint64_t checks = 0;  // legality answers compared
  uint64_t scores = 0;  // score comparisons (each several scorings)
  double seconds = 0;
  bool interrupted = false;
  std::optional<Failure> failure;
};

// Checks a config; throws std::invalid_argument saying why it cannot run.
void validate(const RunConfig& config);

// Both comparisons of case c: the fast engine's (run_case), then, if it
// agrees, the playout kernel's (run_kernel_case); checks and scores summed.
CaseResult run_case_and_kernel(const Case& c, const CheckFault& fault = {},
                               const KernelFault& kernel_fault = {});

// Runs the cases on a oneTBB pool; shrinks the failure, if any. `progress`
// (if set) is called about once a second from one thread; `stop` ends the
// run early (interrupted). Throws std::invalid_argument if validate() does.
RunResult run_cases(const RunConfig& config,
                    const std::function<void(const Progress&)>& progress = {},
                    const std::atomic<bool>* stop = nullptr);

// A shorter case that diverges in the same way (same Divergence::kind):
// steps after the divergence dropped, then ddmin on the steps and the set-up
// stones, no handicap, simpler rules where the failure stays. Precondition:
// run_case_and_kernel(c, fault, kernel_fault) diverges.
Case shrink_case(const Case& c, const CheckFault& fault = {}, const KernelFault& kernel_fault = {});

// The failure as an SGF game: size, rules (RU, KM, and TR with the exact
// Tengen rules text), set-up, the moves the fast engine accepted, and in
// TS[] every step (off-board points and agreements included); C[] says what
// diverged and how to reproduce it.
std::string failure_sgf(const Failure& failure, uint64_t seed);

}  // namespace tengen::differential
