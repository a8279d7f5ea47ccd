// Differential testing, `tengen fuzz`'s machinery (differential/case.h,
// run.h, shrink.h): delta debugging, determinism per seed, a clean run, and a
// planted fault that the run must find, shrink to a few steps and write as a
// readable SGF.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "differential/case.h"
#include "differential/run.h"
#include "differential/shrink.h"
#include "formats/sgf.h"

namespace tengen::differential {
namespace {

TEST(Ddmin, FindsTheOneMinimalSublist) {
  std::vector<int> items;
  for (int i = 0; i < 100; ++i) items.push_back(i);
  int calls = 0;
  const auto fails = [&](const std::vector<int>& v) {
    ++calls;
    return std::find(v.begin(), v.end(), 3) != v.end() &&
           std::find(v.begin(), v.end(), 71) != v.end();
  };
  EXPECT_EQ(ddmin<int>(items, fails), (std::vector<int>{3, 71}));
  EXPECT_LT(calls, 400);
}

TEST(Ddmin, EmptyWhenNothingIsNeeded) {
  EXPECT_TRUE(ddmin<int>({1, 2, 3}, [](const std::vector<int>&) { return true; }).empty());
}

TEST(Differential, CasesDependOnSeedAndIndexAlone) {
  for (uint64_t i = 0; i < 20; ++i) EXPECT_EQ(generate_case(7, i), generate_case(7, i));
  EXPECT_FALSE(generate_case(7, 0) == generate_case(8, 0));
}

// The engines agree: a short clean run, the same on one thread and on two.
TEST(DifferentialRun, CleanRunIsTheSameOnAnyNumberOfThreads) {
  RunConfig config{.seed = 11, .cases = 150, .threads = 1};
  const RunResult one = run_cases(config);
  config.threads = 2;
  const RunResult two = run_cases(config);
  EXPECT_FALSE(one.failure.has_value()) << one.failure->divergence.what << "\n"
                                        << describe(one.failure->shrunk);
  EXPECT_EQ(one.cases, 150u);
  EXPECT_EQ(one.cases, two.cases);
  EXPECT_EQ(one.steps, two.steps);
  EXPECT_EQ(one.checks, two.checks);
  EXPECT_EQ(one.scores, two.scores);
  EXPECT_GT(one.checks, 0u);
}

TEST(DifferentialRun, NeedsABudget) {
  EXPECT_THROW(validate(RunConfig{}), std::invalid_argument);
}

// A planted bug: the fast engine "allows" a single-stone suicide that
// positional superko forbids (it leaves the board as it was).
MoveError plant_fault(const Game& game, Color c, Point p, MoveError answer) {
  if (answer == MoveError::Superko && game.rules().ko == KoRule::Positional && p != kPass &&
      game.board().on_board(p) && game.board().at(p) == Color::Empty &&
      game.board().effect(p, c).suicided_stones == 1) {
    return MoveError::None;
  }
  return answer;
}

TEST(DifferentialRun, PlantedFaultIsFoundShrunkAndWritten) {
  const RunConfig config{.seed = 3, .cases = 3000, .threads = 2, .fault = plant_fault};
  const RunResult result = run_cases(config);
  ASSERT_TRUE(result.failure.has_value());
  const Failure& f = *result.failure;
  EXPECT_EQ(f.divergence.kind, "check");
  EXPECT_NE(f.divergence.what.find("fast legal, reference superko"), std::string::npos)
      << f.divergence.what;
  // A single-stone suicide needs a point surrounded by the opponent: a few
  // stones on a small board.
  EXPECT_LE(f.shrunk.steps.size(), 8u) << describe(f.shrunk);
  EXPECT_LE(f.shrunk.steps.size(), f.original.steps.size());
  // The shrunk case fails with the fault and passes without it, and each of
  // its steps is needed.
  EXPECT_TRUE(run_case(f.shrunk, plant_fault).divergence.has_value());
  EXPECT_FALSE(run_case(f.shrunk).divergence.has_value());
  for (size_t i = 0; i < f.shrunk.steps.size(); ++i) {
    Case fewer = f.shrunk;
    fewer.steps.erase(fewer.steps.begin() + std::ptrdiff_t(i));
    const auto r = run_case(fewer, plant_fault);
    EXPECT_FALSE(r.divergence && r.divergence->kind == "check") << "step " << i << " is not needed";
  }
  // The same case alone reproduces it.
  RunConfig alone = config;
  alone.only_case = f.index;
  const RunResult again = run_cases(alone);
  ASSERT_TRUE(again.failure.has_value());
  EXPECT_EQ(again.failure->shrunk, f.shrunk);

  // The SGF reads back with the size, the exact rules and every step.
  const std::string sgf = failure_sgf(f, config.seed);
  const formats::SgfRead read = formats::read_sgf(sgf, "fuzz.sgf");
  ASSERT_TRUE(read.ok()) << read.error->message() << "\n" << sgf;
  ASSERT_EQ(read.games.size(), 1u);
  const formats::GameRecord& g = read.games[0];
  EXPECT_EQ(g.width, f.shrunk.width);
  EXPECT_EQ(g.height, f.shrunk.height);
  EXPECT_EQ(g.rules.ko, f.shrunk.rules.ko);
  EXPECT_EQ(g.rules.suicide, f.shrunk.rules.suicide);
  EXPECT_NE(sgf.find("TR[" + f.shrunk.rules.to_string() + "]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("TS["), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("--seed 3 --case " + std::to_string(f.index)), std::string::npos) << sgf;
}

}  // namespace
}  // namespace tengen::differential
