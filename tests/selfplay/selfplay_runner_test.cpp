// The runner: bit-identical results on any number of threads and any batch
// size; game i depends on (seed, i) alone; games stream in order; the move
// cap; a stop request keeps exactly the finished games, a prefix of the run.
// These tests are also the ThreadSanitizer workload for the runner.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/game.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "selfplay/digest.h"
#include "selfplay/runner.h"
#include "tests/support/sample_divisor.h"

namespace tengen::selfplay {
namespace {

constexpr uint64_t kDivisor = props::sample_divisor(4);

RunConfig config_for(int width, int height, const Rules& rules, uint64_t games, uint64_t seed) {
  return {.width = width, .height = height, .rules = rules, .games = games, .seed = seed};
}

void expect_same_run(RunConfig config) {
  SCOPED_TRACE(config.rules.to_string());
  config.threads = 1;
  const RunResult one = run_selfplay(config);
  config.threads = 2;
  const RunResult two = run_selfplay(config);
  config.batch = 7;  // a different cut into batches
  const RunResult cut = run_selfplay(config);
  config.threads = 3;  // more threads than cores
  config.batch = 1;
  const RunResult three = run_selfplay(config);
  EXPECT_EQ(one.stats.games(), int64_t(config.games));
  EXPECT_FALSE(one.interrupted);
  for (const RunResult* other : {&two, &cut, &three}) {
    EXPECT_EQ(one.digest, other->digest);
    EXPECT_TRUE(one.stats == other->stats);
  }
}

TEST(SelfplayRunner, SameResultsOnOneAndTwoThreads) {
  expect_same_run(config_for(9, 9, Rules::tromp_taylor(), 2000 / kDivisor, 11));
  expect_same_run(config_for(9, 9, Rules::chinese(), 2000 / kDivisor, 12));
  expect_same_run(config_for(13, 7, Rules::japanese(), 500 / kDivisor, 13));
}

TEST(SelfplayRunner, SeedChangesTheGames) {
  RunConfig config = config_for(9, 9, Rules::chinese(), 50, 1);
  const uint64_t a = run_selfplay(config).digest;
  config.seed = 2;
  EXPECT_NE(a, run_selfplay(config).digest);
}

// Game i alone, played outside the runner from game_rng(seed, i), makes the
// same moves; the run's digest sums each game's digest bound to its index (digest.h).
TEST(SelfplayRunner, GameDependsOnSeedAndIndexAlone) {
  RunConfig config = config_for(9, 9, Rules::tromp_taylor(), 200, 99);
  config.threads = 2;
  config.keep_moves = 200;
  std::vector<uint64_t> indices;
  std::vector<std::vector<Move>> kept;
  RunCallbacks callbacks;
  callbacks.on_game = [&](const GameSummary& game, std::span<const Move> moves) {
    indices.push_back(game.index);
    kept.emplace_back(moves.begin(), moves.end());
  };
  const RunResult result = run_selfplay(config, callbacks);
  ASSERT_EQ(indices.size(), 200u);

  Game game(9, 9, config.rules);
  playout::LightPolicy policy;
  RunDigest digest;
  for (uint64_t i = 0; i < 200; ++i) {
    EXPECT_EQ(indices[i], i);
    game.reset();
    playout::Rng rng = playout::game_rng(config.seed, i);
    playout::play_out(game, policy, rng, playout::default_max_turns(9, 9));
    EXPECT_EQ(game.moves(), kept[i]) << "game " << i;
    std::vector<uint8_t> bytes;
    encode_moves(game.board(), game.moves(), bytes);
    digest.add(i, digest_bytes(bytes));
  }
  EXPECT_EQ(result.digest, digest.value());
  EXPECT_EQ(result.digest_state, digest);
}

TEST(SelfplayRunner, MoveCap) {
  RunConfig config = config_for(9, 9, Rules::tromp_taylor(), 100, 5);
  config.max_turns = 10;
  std::vector<GameSummary> games;
  RunCallbacks callbacks;
  callbacks.on_game = [&](const GameSummary& game, std::span<const Move>) {
    games.push_back(game);
  };
  const RunResult result = run_selfplay(config, callbacks);
  EXPECT_EQ(result.stats.ended_by(playout::PlayoutEnd::MoveCap), 100);
  EXPECT_EQ(result.stats.turns().min, 10);
  EXPECT_EQ(result.stats.turns().max, 10);
  for (const GameSummary& g : games) {
    EXPECT_EQ(g.end, playout::PlayoutEnd::MoveCap);
    EXPECT_EQ(g.turns, 10);
  }
  // With the default cap, 9x9 games end by passes. On 2x2 simple ko lets
  // games cycle until the cap stops them.
  config = config_for(9, 9, Rules::chinese(), 100, 5);
  const RunResult nine = run_selfplay(config);
  EXPECT_EQ(nine.config.max_turns, playout::default_max_turns(9, 9));
  EXPECT_EQ(nine.stats.ended_by(playout::PlayoutEnd::TwoPasses), 100);
  config = config_for(2, 2, Rules::chinese(), 100, 5);
  const RunResult small = run_selfplay(config);
  EXPECT_GT(small.stats.ended_by(playout::PlayoutEnd::MoveCap), 0);
  EXPECT_EQ(small.stats.turns().max, playout::default_max_turns(2, 2));
}

// Under the agreement end rule a playout stops at two passes as well.
TEST(SelfplayRunner, AgreementEndRuleStopsAtTwoPasses) {
  Rules rules = Rules::tromp_taylor();
  rules.end = EndRule::Agreement;
  RunConfig config = config_for(5, 5, rules, 200, 8);
  const RunResult result = run_selfplay(config);
  EXPECT_EQ(result.stats.ended_by(playout::PlayoutEnd::TwoPasses) +
                result.stats.ended_by(playout::PlayoutEnd::MoveCap),
            200);
  EXPECT_GT(result.stats.ended_by(playout::PlayoutEnd::TwoPasses), 190);
}

// A stop request during the run: the finished games are a prefix, and they
// are exactly what a shorter run of that many games gives.
TEST(SelfplayRunner, StopKeepsFinishedGames) {
  RunConfig config = config_for(9, 9, Rules::chinese(), 100000, 21);
  config.threads = 2;
  config.batch = 16;
  std::atomic<bool> stop{false};
  uint64_t seen = 0;
  bool in_order = true;
  RunCallbacks callbacks;
  callbacks.on_game = [&](const GameSummary& game, std::span<const Move>) {
    in_order &= game.index == seen;
    ++seen;
  };
  callbacks.on_progress = [&](uint64_t done) {
    if (done >= 200) stop.store(true);
  };
  const RunResult stopped = run_selfplay(config, callbacks, &stop);
  EXPECT_TRUE(stopped.interrupted);
  EXPECT_TRUE(in_order);
  EXPECT_GE(stopped.stats.games(), 200);
  EXPECT_LT(stopped.stats.games(), 100000);
  EXPECT_EQ(uint64_t(stopped.stats.games()), seen);

  config.games = seen;
  const RunResult prefix = run_selfplay(config);
  EXPECT_FALSE(prefix.interrupted);
  EXPECT_EQ(prefix.digest, stopped.digest);
  EXPECT_TRUE(prefix.stats == stopped.stats);
}

// The flag set from another thread, as a signal handler would.
TEST(SelfplayRunner, StopFromAnotherThread) {
  RunConfig config = config_for(9, 9, Rules::tromp_taylor(), 1u << 30, 22);
  config.threads = 2;
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> done{0};
  RunCallbacks callbacks;
  callbacks.on_progress = [&](uint64_t n) { done.store(n); };
  std::thread stopper([&] {
    while (done.load() < 1000) std::this_thread::yield();
    stop.store(true);
  });
  const RunResult result = run_selfplay(config, callbacks, &stop);
  stopper.join();
  EXPECT_TRUE(result.interrupted);
  EXPECT_GE(result.stats.games(), 1000);
  EXPECT_EQ(result.stats.turns().count, result.stats.games());
}

TEST(SelfplayRunner, StopBeforeStartPlaysNothing) {
  std::atomic<bool> stop{true};
  const RunResult result = run_selfplay(config_for(9, 9, Rules::chinese(), 100, 1), {}, &stop);
  EXPECT_TRUE(result.interrupted);
  EXPECT_EQ(result.stats.games(), 0);
}

TEST(SelfplayRunner, StatisticsAddUp) {
  const RunResult r = run_selfplay(config_for(9, 9, Rules::tromp_taylor(), 1000, 3));
  const Stats& s = r.stats;
  EXPECT_EQ(s.black_wins() + s.white_wins() + s.draws(), 1000);
  EXPECT_EQ(s.ended_by(playout::PlayoutEnd::TwoPasses) + s.ended_by(playout::PlayoutEnd::MoveCap),
            1000);
  int64_t first_moves = 0;
  for (int64_t g : s.first_move_games()) first_moves += g;
  EXPECT_EQ(first_moves, 1000);
  for (int v = 0; v < 81; ++v) {
    EXPECT_EQ(s.owned(v, Color::Black) + s.owned(v, Color::White) + s.owned(v, Color::Empty), 1000);
  }
  int64_t histogram_games = 0;
  for (const auto& [value, count] : s.turns_histogram().nonzero()) histogram_games += count;
  EXPECT_EQ(histogram_games, 1000);
  EXPECT_LE(s.stones().max, s.turns().max);
  // Komi 7.5 is in every margin: twice the margin is odd.
  for (const auto& [twice, count] : s.twice_margin_histogram().nonzero()) EXPECT_NE(twice % 2, 0);
}

TEST(SelfplayRunner, RejectsBadConfigs) {
  RunConfig config;
  config.width = 26;
  EXPECT_THROW(validate(config), std::invalid_argument);
  EXPECT_THROW(run_selfplay(config), std::invalid_argument);
  config.width = 9;
  config.threads = -1;
  EXPECT_THROW(validate(config), std::invalid_argument);
  config.threads = 0;
  EXPECT_NO_THROW(validate(config));
}

}  // namespace
}  // namespace tengen::selfplay
