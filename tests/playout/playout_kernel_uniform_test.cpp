// The playout kernel's pick is exactly uniform over the moves the light policy
// accepts (legal, not filling one's own eye): from fixed positions, on every
// geometry kind (fixed 9x9, 13x13, 19x19; run-time) and rule family, many
// seeded one-move kernel playouts, each move acceptable and their counts
// passing a chi-square test. Positions with few acceptable points drive the
// pick into its fallback (drawing without replacement), which must be
// uniform too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "playout/kernel.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tests/support/golden_util.h"
#include "tests/support/uniformity.h"

namespace tengen::playout {
namespace {

// Draws `samples` one-move kernel playouts from `start`: uniform over the
// acceptable.
void expect_uniform(const Game& start, int samples, uint64_t seed) {
  auto kernel = make_kernel(start, 1);
  SCOPED_TRACE(kernel->name());
  Rng rng(seed);
  expect_uniform_picks(start, samples, [&] {
    kernel->play(rng);
    EXPECT_EQ(kernel->moves().size(), 1u);
    return kernel->moves().size() == 1 ? kernel->moves()[0].point : kNoPoint;
  });
}

// The position after `moves` light-policy moves from the empty board (or
// later, until at most `most_acceptable` points are acceptable), set up as
// the start of a game.
Game position_after(int size, const Rules& rules, int moves, uint64_t seed,
                    size_t most_acceptable = 1000) {
  Game game(size, size, rules);
  LightPolicy policy;
  Rng rng(seed);
  for (int i = 0; i < moves || acceptable_points(game).size() > most_acceptable; ++i) {
    if (game.over() || i > 10 * size * size) break;
    policy.play(game, rng);
  }
  return Game(game.board(), game.to_move(), rules);
}

std::vector<Rules> families() {
  Rules multi = Rules::chinese();
  multi.suicide = SuicideRule::Multi;
  return {Rules::chinese(), Rules::tromp_taylor(), *Rules::preset("aga"), multi};
}

TEST(KernelUniform, MixedPositionEveryFamily) {
  uint64_t seed = 10;
  for (const Rules& rules : families()) {
    expect_uniform(golden::game_from(kMixed, Color::Black, rules), 30000 / kDivisor, seed++);
  }
}

TEST(KernelUniform, FewAcceptableUsesTheFallback) {
  const Game game = golden::game_from(kFewAcceptable, Color::Black, Rules::chinese());
  EXPECT_EQ(golden::vertex_list(game.board(), acceptable_points(game)), "C1 D1 E1");
  expect_uniform(game, 30000 / kDivisor, 20);
}

TEST(KernelUniform, Fixed9x9EveryFamily) {
  uint64_t seed = 30;
  for (const Rules& rules : families()) {
    expect_uniform(position_after(9, rules, 40, seed), 30000 / kDivisor, seed);
    ++seed;
    // Late in a game: few acceptable points among many eyes and illegal ones.
    expect_uniform(position_after(9, rules, 60, seed, 6), 20000 / kDivisor, seed);
    ++seed;
  }
}

TEST(KernelUniform, Fixed13x13And19x19) {
  expect_uniform(position_after(13, Rules::chinese(), 120, 40), 30000 / kDivisor, 40);
  expect_uniform(position_after(19, Rules::chinese(), 250, 41), 40000 / kDivisor, 41);
  expect_uniform(position_after(19, Rules::tromp_taylor(), 300, 42, 8), 20000 / kDivisor, 42);
}

}  // namespace
}  // namespace tengen::playout
