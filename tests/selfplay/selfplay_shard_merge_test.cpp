// Shards merge to the whole run: for random boards, rules, game counts and
// shard counts, the shards' partial results, read back from their JSON and
// merged in any order, give exactly the one-process statistics, digest,
// report and JSON (apart from timings). Partial results round-trip.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "playout/rng.h"
#include "selfplay/partial_result.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "tengen/version.h"
#include "tests/support/process_util.h"

namespace tengen::selfplay {
namespace {

using test::without_timings;

RunConfig random_config(playout::Rng& rng) {
  RunConfig config;
  const int sizes[][2] = {{5, 5}, {7, 7}, {9, 9}, {7, 5}, {3, 3}};
  const auto& size = sizes[rng.below(5)];
  config.width = size[0];
  config.height = size[1];
  const Rules presets[] = {Rules::tromp_taylor(), Rules::chinese(), Rules::japanese(), Rules::nz(),
                           Rules::aga()};
  config.rules = presets[rng.below(5)];
  config.games = rng.below(400);
  config.seed = rng.below(1000);
  config.threads = 2;
  return config;
}

std::vector<PartialResult> shards_of(const RunConfig& config, uint64_t count) {
  std::vector<PartialResult> parts;
  for (uint64_t k = 1; k <= count; ++k) {
    const Shard shard{k, count};
    RunConfig part = config;
    std::tie(part.first_game, part.end_game) = shard_range(config.games, shard);
    const std::string name = "shard-" + std::to_string(k) + ".json";
    parts.push_back(parse_result_json(result_json(run_selfplay(part), shard), name));
  }
  return parts;
}

TEST(SelfplayShardMerge, ShardRangesPartitionTheGames) {
  for (uint64_t games : {0, 1, 2, 7, 100, 1001}) {
    for (uint64_t n = 1; n <= 9; ++n) {
      uint64_t expected = 0;
      for (uint64_t k = 1; k <= n; ++k) {
        const auto [first, end] = shard_range(games, Shard{k, n});
        EXPECT_EQ(first, expected) << games << " games, shard " << k << "/" << n;
        EXPECT_LE(end - first, games / n + 1);
        EXPECT_GE(end - first, games / n);
        expected = end;
      }
      EXPECT_EQ(expected, games);
    }
  }
  EXPECT_THROW(parse_shard("0/3"), std::invalid_argument);
  EXPECT_THROW(parse_shard("4/3"), std::invalid_argument);
  EXPECT_THROW(parse_shard("3"), std::invalid_argument);
  EXPECT_THROW(parse_shard("1/x"), std::invalid_argument);
  EXPECT_THROW(parse_shard("-1/3"), std::invalid_argument);
  EXPECT_EQ(parse_shard("2/5").name(), "2/5");
}

TEST(SelfplayShardMerge, MergedShardsEqualTheWholeRunInAnyOrder) {
  playout::Rng rng = playout::game_rng(2026, 9);
  for (int trial = 0; trial < 12; ++trial) {
    const RunConfig config = random_config(rng);
    const uint64_t count = 1 + rng.below(7);
    SCOPED_TRACE(testing::Message()
                 << config.width << "x" << config.height << " " << config.rules.to_string() << ", "
                 << config.games << " games, seed " << config.seed << ", " << count << " shards");
    const RunResult whole = run_selfplay(config);
    std::vector<PartialResult> parts = shards_of(config, count);
    for (int order = 0; order < 3; ++order) {
      // Fisher-Yates with our own generator: the same orders everywhere.
      for (size_t i = parts.size(); i > 1; --i) std::swap(parts[i - 1], parts[rng.below(i)]);
      const RunResult merged = merge_results(parts);
      EXPECT_EQ(digest_hex(merged.digest), digest_hex(whole.digest));
      EXPECT_TRUE(merged.stats == whole.stats);
      EXPECT_FALSE(merged.interrupted);
      EXPECT_EQ(without_timings(result_json(merged)), without_timings(result_json(whole)));
      EXPECT_EQ(without_timings(summary_text(merged)), without_timings(summary_text(whole)));
    }
  }
}

TEST(SelfplayShardMerge, PartialResultsRoundTrip) {
  RunConfig config;
  config.width = 9;
  config.height = 7;
  config.rules = Rules::japanese();
  config.rules.komi = -2.5;
  config.games = 300;
  config.seed = 17;
  std::tie(config.first_game, config.end_game) = shard_range(300, Shard{2, 5});
  const RunResult run = run_selfplay(config);
  const PartialResult back = parse_result_json(result_json(run, Shard{2, 5}), "part.json");
  EXPECT_EQ(back.version, TENGEN_VERSION);
  EXPECT_EQ(back.shard.name(), "2/5");
  EXPECT_TRUE(back.result.stats == run.stats);
  EXPECT_EQ(back.result.digest_state, run.digest_state);
  EXPECT_EQ(back.result.config.first_game, 60u);
  EXPECT_EQ(back.result.config.end_game, 120u);
  EXPECT_TRUE(back.result.config.rules == config.rules);
  EXPECT_EQ(result_json(back.result, Shard{2, 5}), result_json(run, Shard{2, 5}));
}

TEST(SelfplayShardMerge, DigestBindsGamesToTheirIndices) {
  RunDigest a, b;
  a.add(0, 111);
  a.add(1, 222);
  b.add(0, 222);
  b.add(1, 111);
  EXPECT_NE(a.value(), b.value());
  RunDigest c, d;
  c.add(1, 222);
  d.add(0, 111);
  c.merge(d);
  EXPECT_EQ(c, a);
  EXPECT_EQ(c.value(), a.value());
}

}  // namespace
}  // namespace tengen::selfplay
