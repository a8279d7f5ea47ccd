// The dead-stone estimate is a function of (position, rules, seed, playouts)
// alone: the same on any number of threads, and the same score for a real
// record however it is run.
#include <gtest/gtest.h>

#include <string>

#include "formats/replay.h"
#include "formats/sgf.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "scoring/dead_stones.h"
#include "tests/support/golden_util.h"

namespace tengen {
namespace {

using scoring::DeadStoneEstimate;
using scoring::DeadStoneOptions;

void expect_same(const DeadStoneEstimate& a, const DeadStoneEstimate& b) {
  EXPECT_EQ(a.black_owned, b.black_owned);
  EXPECT_EQ(a.white_owned, b.white_owned);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.dead, b.dead);
  EXPECT_EQ(a.seki, b.seki);
}

// A 13x13 middle game: 90 light-policy moves from an empty board.
Game middle_game() {
  Game game(13, 13, Rules::japanese());
  playout::LightPolicy policy;
  playout::Rng rng = playout::game_rng(42, 0);
  for (int i = 0; i < 90 && !game.over(); ++i) policy.play(game, rng);
  return game;
}

TEST(DeadStonesDeterminism, SameOnAnyNumberOfThreads) {
  const Game game = middle_game();
  DeadStoneOptions options;
  options.playouts = 100;  // not a multiple of the task size
  options.seed = 3;
  options.threads = 1;
  const DeadStoneEstimate one =
      scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options);
  EXPECT_EQ(one.playouts, 100);
  for (int threads : {2, 3, 8}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    options.threads = threads;
    expect_same(one,
                scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options));
  }
}

TEST(DeadStonesDeterminism, EveryPlayoutCountsOnce) {
  // Each point ends as Black's, White's or nobody's in each playout.
  const Game game = middle_game();
  DeadStoneOptions options;
  options.playouts = 37;
  const DeadStoneEstimate e =
      scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options);
  const Board& board = game.board();
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      EXPECT_LE(e.black_owned[p] + e.white_owned[p], 37);
      EXPECT_GE(e.black_owned[p], 0);
      EXPECT_GE(e.white_owned[p], 0);
    }
  }
}

TEST(DeadStonesDeterminism, ARealRecordScoresTheSameOnAnyNumberOfThreads) {
  // 029.sgf: a 19x19 game between people, counted (RE[B+4.5]).
  const formats::SgfRead read =
      formats::read_sgf_file(std::string(TENGEN_TEST_DATA_DIR) + "/sgf-real/029.sgf");
  ASSERT_TRUE(read.ok());
  const formats::Replay r = formats::replay(read.games.front());
  ASSERT_TRUE(r.ok());
  const Game& game = *r.game;
  DeadStoneOptions options;
  options.playouts = 48;
  options.threads = 1;
  const DeadStoneEstimate one =
      scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options);
  options.threads = 4;
  const DeadStoneEstimate four =
      scoring::estimate_dead_stones(game.board(), game.to_move(), game.rules(), options);
  expect_same(one, four);
  EXPECT_EQ(scoring::estimated_score(game, one).result(),
            scoring::estimated_score(game, four).result());
}

}  // namespace
}  // namespace tengen
