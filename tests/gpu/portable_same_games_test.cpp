// The portable code (gpu/portable_*.h) plays exactly the CPU kernel's games:
// for every rule family (ko x suicide rule), both scorings, komi, fixed and
// free handicap, and every geometry kind (fixed 9x9, 13x13, 19x19; run-time
// sizes up to 25x25), run_portable_cpu and run_selfplay give the same run
// digest (every move of every game) and the same statistics (scores,
// ownership, first moves, captures) for the same seed.
#include <gtest/gtest.h>

#include <string>

#include "gpu/results.h"
#include "selfplay/runner.h"
#include "tests/support/sample_divisor.h"

namespace tengen::gpu {
namespace {

constexpr uint64_t kDivisor = props::sample_divisor(10);

void expect_same_run(selfplay::RunConfig config) {
  SCOPED_TRACE(std::to_string(config.width) + "x" + std::to_string(config.height) + " " +
               std::string(to_string(config.rules.ko)) + "/" +
               std::string(to_string(config.rules.suicide)) + " handicap " +
               std::to_string(config.handicap) + " seed " + std::to_string(config.seed));
  config.games = std::max<uint64_t>(2, config.games / kDivisor);
  config.threads = 1;
  const selfplay::RunResult kernel = selfplay::run_selfplay(config);
  const selfplay::RunResult portable = run_portable_cpu(config);
  EXPECT_EQ(portable.stats.games(), int64_t(config.games));
  EXPECT_EQ(portable.digest, kernel.digest);
  EXPECT_TRUE(portable.stats == kernel.stats);
}

constexpr KoRule kKos[] = {KoRule::Simple, KoRule::Positional, KoRule::Situational};
constexpr SuicideRule kSuicides[] = {SuicideRule::Forbidden, SuicideRule::Allowed,
                                     SuicideRule::Multi};

selfplay::RunConfig config_for(int width, int height, KoRule ko, SuicideRule suicide,
                               uint64_t games, uint64_t seed) {
  selfplay::RunConfig c;
  c.width = width;
  c.height = height;
  c.rules = Rules::chinese();
  c.rules.ko = ko;
  c.rules.suicide = suicide;
  c.games = games;
  c.seed = seed;
  return c;
}

TEST(PortableSameGames, EveryFamily9x9) {
  uint64_t seed = 100;
  for (const KoRule ko : kKos) {
    for (const SuicideRule suicide : kSuicides) {
      expect_same_run(config_for(9, 9, ko, suicide, 1500, seed++));
    }
  }
}

TEST(PortableSameGames, EveryFamily13x13And19x19) {
  uint64_t seed = 200;
  for (const KoRule ko : kKos) {
    for (const SuicideRule suicide : kSuicides) {
      expect_same_run(config_for(13, 13, ko, suicide, 200, seed++));
      expect_same_run(config_for(19, 19, ko, suicide, 60, seed++));
    }
  }
}

TEST(PortableSameGames, EveryFamilyRunTimeSizes) {
  uint64_t seed = 300;
  for (const KoRule ko : kKos) {
    for (const SuicideRule suicide : kSuicides) {
      expect_same_run(config_for(7, 7, ko, suicide, 600, seed++));
      expect_same_run(config_for(6, 4, ko, suicide, 600, seed++));
      expect_same_run(config_for(25, 25, ko, suicide, 12, seed++));
    }
  }
}

TEST(PortableSameGames, TerritoryKomiAndHandicap) {
  selfplay::RunConfig japanese = config_for(9, 9, KoRule::Simple, SuicideRule::Forbidden, 800, 400);
  japanese.rules = *Rules::preset("japanese");
  japanese.handicap = 4;
  expect_same_run(japanese);
  selfplay::RunConfig aga = config_for(9, 9, KoRule::Situational, SuicideRule::Forbidden, 800, 401);
  aga.rules = *Rules::preset("aga");
  aga.handicap = 3;
  aga.rules.handicap = HandicapPlacement::Free;
  expect_same_run(aga);
  selfplay::RunConfig tt = config_for(19, 19, KoRule::Positional, SuicideRule::Allowed, 40, 402);
  tt.rules = Rules::tromp_taylor();
  tt.rules.komi = 0.5;
  tt.handicap = 9;
  expect_same_run(tt);
  selfplay::RunConfig free13 = config_for(13, 13, KoRule::Simple, SuicideRule::Multi, 200, 403);
  free13.rules.scoring = Scoring::Territory;
  free13.rules.handicap = HandicapPlacement::Free;
  free13.handicap = 5;
  expect_same_run(free13);
}

TEST(PortableSameGames, ShardsAndKeptMovesMatchTheRunner) {
  selfplay::RunConfig c = config_for(9, 9, KoRule::Positional, SuicideRule::Forbidden, 300, 500);
  c.first_game = 100;
  c.end_game = 250;
  c.keep_moves = 120;
  c.threads = 1;
  std::vector<std::vector<Move>> kernel_moves, portable_moves;
  std::vector<uint64_t> kernel_digests, portable_digests;
  selfplay::RunCallbacks kernel_calls, portable_calls;
  kernel_calls.on_game = [&](const selfplay::GameSummary& s, std::span<const Move> moves) {
    kernel_digests.push_back(s.digest);
    kernel_moves.emplace_back(moves.begin(), moves.end());
  };
  portable_calls.on_game = [&](const selfplay::GameSummary& s, std::span<const Move> moves) {
    portable_digests.push_back(s.digest);
    portable_moves.emplace_back(moves.begin(), moves.end());
  };
  const selfplay::RunResult kernel = selfplay::run_selfplay(c, kernel_calls);
  const selfplay::RunResult portable = run_portable_cpu(c, portable_calls);
  EXPECT_EQ(portable.digest, kernel.digest);
  ASSERT_EQ(portable_digests.size(), 150u);
  EXPECT_EQ(portable_digests, kernel_digests);
  EXPECT_EQ(portable_moves, kernel_moves);
  EXPECT_FALSE(portable_moves[0].empty());
  EXPECT_TRUE(portable_moves[25].empty());  // game 125: past keep_moves
}

TEST(PortableSameGames, StopKeepsAPrefix) {
  selfplay::RunConfig c = config_for(9, 9, KoRule::Simple, SuicideRule::Forbidden, 2000, 600);
  c.batch = 100;
  std::atomic<bool> stop{false};
  selfplay::RunCallbacks calls;
  calls.on_progress = [&](uint64_t done) {
    if (done >= 300) stop = true;
  };
  const selfplay::RunResult r = run_portable_cpu(c, calls, &stop);
  EXPECT_TRUE(r.interrupted);
  EXPECT_EQ(r.stats.games(), 300);
  c.games = 300;
  EXPECT_EQ(r.digest, selfplay::run_selfplay(c).digest);
}

}  // namespace
}  // namespace tengen::gpu
