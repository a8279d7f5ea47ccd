// The playout kernel against the reference model (differential/kernel_case.h):
// every kernel instance (fixed 9x9, 13x13, 19x19 and run-time geometry x
// ko rule x suicide rule) agrees on random cases, and a planted kernel fault
// is found by `tengen fuzz`'s run, shrunk to a few steps and reported as a
// kernel divergence.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "differential/case.h"
#include "differential/kernel_case.h"
#include "differential/run.h"
#include "playout/rng.h"

namespace tengen::differential {
namespace {

// In-turn plays in a small window (so chains are captured and positions
// repeat) and some passes, for a width x height board.
Case window_case(int width, int height, const Rules& rules, uint64_t seed, int steps) {
  playout::Rng rng(seed);
  Case c;
  c.rules = rules;
  c.width = width;
  c.height = height;
  const int side = std::min(width, 4);
  Color to_move = Color::Black;
  for (int i = 0; i < steps; ++i) {
    Step s;
    s.color = to_move;
    if (rng.below(25) == 0) {
      s.kind = StepKind::Pass;
    } else {
      s.point = int(rng.below(uint32_t(std::min(height, 4)))) * width + int(rng.below(side));
    }
    c.steps.push_back(s);
    to_move = opponent(to_move);
  }
  return c;
}

TEST(DifferentialKernel, EveryInstanceAgrees) {
  static constexpr std::pair<int, int> kSizes[] = {{9, 9}, {13, 13}, {19, 19}, {5, 3}};
  uint64_t seed = 1;
  for (const auto& [width, height] : kSizes) {
    for (KoRule ko : {KoRule::Simple, KoRule::Positional, KoRule::Situational}) {
      for (SuicideRule suicide :
           {SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed}) {
        Rules rules = Rules::tromp_taylor();
        rules.ko = ko;
        rules.suicide = suicide;
        for (int k = 0; k < 3; ++k) {
          const Case c = window_case(width, height, rules, seed++, 120);
          const CaseResult r = run_kernel_case(c);
          EXPECT_FALSE(r.divergence.has_value())
              << r.divergence->kind << " at step " << r.divergence->step << ": "
              << r.divergence->what << "\n"
              << describe(c);
          EXPECT_GT(r.checks, 0u);
          EXPECT_EQ(r.scores, 1u);
        }
      }
    }
  }
}

TEST(DifferentialKernel, GeneratedCasesAgree) {
  for (uint64_t i = 0; i < 300; ++i) {
    const Case c = generate_case(5, i);
    const CaseResult r = run_kernel_case(c);
    EXPECT_FALSE(r.divergence.has_value())
        << "case " << i << ": " << r.divergence->kind << ": " << r.divergence->what << "\n"
        << describe(c);
  }
}

// A planted kernel bug: under situational superko, White "may not" play the
// first point of the board.
bool plant_kernel_fault(const Rules& rules, Color c, int p, bool legal) {
  return rules.ko == KoRule::Situational && c == Color::White && p == 0 ? !legal : legal;
}

TEST(DifferentialKernel, PlantedFaultIsFoundShrunkAndReported) {
  RunConfig config{.seed = 3, .cases = 2000, .threads = 2, .kernel_fault = plant_kernel_fault};
  const RunResult result = run_cases(config);
  ASSERT_TRUE(result.failure.has_value());
  const Failure& f = *result.failure;
  EXPECT_EQ(f.divergence.kind, "kernel check");
  EXPECT_NE(f.divergence.what.find("/situational/"), std::string::npos) << f.divergence.what;
  // White's first turn needs at most one step before it.
  EXPECT_LE(f.shrunk.steps.size(), 2u) << describe(f.shrunk);
  EXPECT_TRUE(run_case_and_kernel(f.shrunk, {}, plant_kernel_fault).divergence.has_value());
  EXPECT_FALSE(run_case_and_kernel(f.shrunk).divergence.has_value());
  const std::string sgf = failure_sgf(f, config.seed);
  EXPECT_NE(sgf.find("Playout kernel and reference model diverge"), std::string::npos) << sgf;

  // Without the fault the same cases are clean.
  config.kernel_fault = {};
  config.cases = result.cases;
  EXPECT_FALSE(run_cases(config).failure.has_value());
}

}  // namespace
}  // namespace tengen::differential
