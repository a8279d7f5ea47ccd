// The portable code is the same random player as the CPU kernel in
// distribution too: the first games of the kernel's published 1,000,000-game
// 9x9 run (bench/README.md: `tengen selfplay --rules chinese --komi 7.5
// --seed 2026`: Black 42.15%, 111.040 turns, 39.200 captures, margin
// -5.311), played by the portable code, have Black's win rate, mean turns,
// mean captures and mean margin within the 95% intervals of those figures.
// The portable games are a subsample of the kernel's run, so the interval of
// their mean's difference from the run's is 1.96 sd sqrt(1/n - 1/N), with
// this sample's deviations.
// (Digest equality in portable_same_games_test is the stronger check: the
// games themselves are the kernel's.) 100,000 games in Release, fewer under
// the sanitizers.
#include <gtest/gtest.h>

#include <cmath>

#include "gpu/results.h"
#include "tests/support/sample_divisor.h"

namespace tengen::gpu {
namespace {

constexpr double kKernelGames = 1'000'000;

// |mean - kernel| within 1.96 standard errors of the difference.
void expect_close(const char* what, double mean, double sd, double n, double kernel) {
  const double tolerance = 1.96 * sd * std::sqrt(1 / n - 1 / kKernelGames);
  EXPECT_LE(std::abs(mean - kernel), tolerance)
      << what << ": " << mean << " against the kernel's " << kernel;
}

TEST(PortableStats, Dailey9x9WithinTheKernelsIntervals) {
  selfplay::RunConfig c;
  c.rules = Rules::chinese();
  c.rules.komi = 7.5;
  c.games = 100'000 / props::sample_divisor(20);
  c.seed = 2026;
  const selfplay::RunResult r = run_portable_cpu(c);
  const selfplay::Stats& s = r.stats;
  const double n = double(s.games());
  ASSERT_EQ(s.games(), int64_t(c.games));
  const double p = double(s.black_wins()) / n;
  expect_close("Black's win rate", p, std::sqrt(p * (1 - p)), n, 0.4215);
  expect_close("turns", s.turns().mean(), s.turns().sd(), n, 111.040);
  expect_close("captures", s.captures().mean(), s.captures().sd(), n, 39.200);
  expect_close("margin", s.twice_margin().mean() / 2, s.twice_margin().sd() / 2, n, -5.311);
}

}  // namespace
}  // namespace tengen::gpu
