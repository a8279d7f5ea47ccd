// The portable pick is exactly uniform over the moves the light policy
// accepts (legal, not filling one's own eye), from the named positions of
// tests/support/uniformity.h and positions late in games, on every geometry
// kind and rule family: many seeded one-move portable playouts, each move
// acceptable and their counts passing a chi-square test; positions with few
// acceptable points drive the pick into its fallback.
#include <gtest/gtest.h>

#include "core/game.h"
#include "gpu/portable_dispatch.h"
#include "gpu/portable_host.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tests/support/golden_util.h"
#include "tests/support/uniformity.h"

namespace tengen::gpu {
namespace {

using playout::kDivisor;

void expect_uniform(const Game& start, int samples, uint64_t seed) {
  dispatch_portable_game(start.board().width(), start.board().height(), start.rules(),
                         [&]<class G>(PortableTag<G>) {
                           PortableHost<G> host(start, 1);
                           playout::Rng rng(seed);
                           playout::expect_uniform_picks(start, samples, [&] {
                             host.play(rng);
                             EXPECT_EQ(host.game().turns(), 1);
                             return host.game().turns() == 1 ? host.moves()[0].point : kNoPoint;
                           });
                         });
}

Game position_after(int size, const Rules& rules, int moves, uint64_t seed,
                    size_t most_acceptable = 1000) {
  Game game(size, size, rules);
  playout::LightPolicy policy;
  playout::Rng rng(seed);
  for (int i = 0; i < moves || playout::acceptable_points(game).size() > most_acceptable; ++i) {
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

TEST(PortableUniform, NamedPositionsEveryFamily) {
  uint64_t seed = 10;
  for (const Rules& rules : families()) {
    expect_uniform(golden::game_from(playout::kMixed, Color::Black, rules), 30000 / kDivisor,
                   seed++);
  }
  const Game few = golden::game_from(playout::kFewAcceptable, Color::Black, Rules::chinese());
  EXPECT_EQ(golden::vertex_list(few.board(), playout::acceptable_points(few)), "C1 D1 E1");
  expect_uniform(few, 30000 / kDivisor, 20);
}

TEST(PortableUniform, LateIn9x9And19x19Games) {
  uint64_t seed = 30;
  for (const Rules& rules : families()) {
    expect_uniform(position_after(9, rules, 60, seed, 6), 20000 / kDivisor, seed);
    ++seed;
  }
  expect_uniform(position_after(19, Rules::tromp_taylor(), 300, 42, 8), 20000 / kDivisor, 42);
  expect_uniform(position_after(7, Rules::chinese(), 30, 43, 6), 20000 / kDivisor, 43);
}

}  // namespace
}  // namespace tengen::gpu
