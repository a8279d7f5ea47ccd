// The fast runner against the reference model: the same light policy played
// on reference/reference.h, the slow literal Tromp-Taylor implementation, must give
// the same statistics within a few standard errors, on small boards under
// several rule sets. Every run is seeded, so the test is deterministic. A
// second check replays fast playouts on the reference model move by move.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/game.h"
#include "differential/reference_playout.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "reference/reference.h"
#include "selfplay/runner.h"
#include "tests/support/sample_divisor.h"

namespace tengen::selfplay {
namespace {

using differential::reference_is_eye;
using differential::reference_stats;

// Sanitizer builds run fewer games (GCC marks ASan and TSan builds; a build
// may also set TENGEN_SELFPLAY_TEST_DIVISOR). The reference model allocates
// at every step, which sanitizers make slow, hence the larger divisor.
constexpr uint64_t kDivisor = props::sample_divisor(10);
// The 7x7 and 9x9 comparisons take minutes under a sanitizer and add nothing
// there that the small boards and the runner tests do not cover.
constexpr bool kLargeBoards = kDivisor == 1;

// Tolerance in standard errors of the difference. With about a dozen
// quantities per case, 4.5 leaves a false alarm rate near 1e-4 per case for
// unseeded runs; seeded runs are fixed.
constexpr double kSigmas = 4.5;

struct Case {
  const char* name;
  int width;
  int height;
  Rules rules;
  uint64_t games;
};

Rules komi(Rules rules, double k) {
  rules.komi = k;
  return rules;
}

void expect_close_means(const char* what, const Moments& fast, const Moments& ref) {
  const double se = std::sqrt(fast.standard_error() * fast.standard_error() +
                              ref.standard_error() * ref.standard_error());
  // A small floor keeps quantities that are constant in both runs comparable.
  EXPECT_LE(std::abs(fast.mean() - ref.mean()), kSigmas * se + 1e-9)
      << what << ": fast mean " << fast.mean() << ", reference mean " << ref.mean()
      << ", standard error of the difference " << se;
}

void expect_close_rates(const char* what, int64_t fast_k, int64_t fast_n, int64_t ref_k,
                        int64_t ref_n) {
  const double p1 = double(fast_k) / double(fast_n), p2 = double(ref_k) / double(ref_n);
  const double pooled = double(fast_k + ref_k) / double(fast_n + ref_n);
  const double se = std::sqrt(pooled * (1 - pooled) * (1.0 / double(fast_n) + 1.0 / double(ref_n)));
  EXPECT_LE(std::abs(p1 - p2), kSigmas * se + 1e-9)
      << what << ": fast " << p1 << ", reference " << p2 << ", standard error " << se;
}

void compare(const Case& c) {
  SCOPED_TRACE(c.name);
  RunConfig config;
  config.width = c.width;
  config.height = c.height;
  config.rules = c.rules;
  config.games = c.games / kDivisor;
  config.threads = 2;
  config.seed = 2024;
  const RunResult fast = run_selfplay(config);
  config.seed = 4048;  // independent games for the reference
  const Stats ref = reference_stats(config);
  const Stats& f = fast.stats;
  ASSERT_EQ(f.games(), int64_t(config.games));
  ASSERT_EQ(ref.games(), int64_t(config.games));
  const int64_t n = f.games();

  expect_close_rates("black wins", f.black_wins(), n, ref.black_wins(), n);
  expect_close_rates("white wins", f.white_wins(), n, ref.white_wins(), n);
  expect_close_rates("move cap", f.ended_by(playout::PlayoutEnd::MoveCap), n,
                     ref.ended_by(playout::PlayoutEnd::MoveCap), n);
  expect_close_means("twice the margin", f.twice_margin(), ref.twice_margin());
  expect_close_means("turns", f.turns(), ref.turns());
  expect_close_means("stones", f.stones(), ref.stones());
  expect_close_means("captures by black", f.captures_black(), ref.captures_black());
  expect_close_means("captures by white", f.captures_white(), ref.captures_white());
  expect_close_means("suicides by black", f.suicides_black(), ref.suicides_black());
  expect_close_means("suicides by white", f.suicides_white(), ref.suicides_white());
  // Ownership of the centre and of a corner.
  for (int v : {0, (c.height / 2) * c.width + c.width / 2}) {
    expect_close_rates("owned by black", f.owned(v, Color::Black), n, ref.owned(v, Color::Black),
                       n);
    expect_close_rates("owned by white", f.owned(v, Color::White), n, ref.owned(v, Color::White),
                       n);
  }
}

TEST(SelfplayReference, Chinese5x5) {
  compare({"chinese 5x5", 5, 5, komi(Rules::chinese(), 0.5), 4000});
}
TEST(SelfplayReference, TrompTaylor5x5) {
  compare({"tromp-taylor 5x5", 5, 5, komi(Rules::tromp_taylor(), 0.5), 4000});
}
TEST(SelfplayReference, Japanese5x4) {
  compare({"japanese 5x4", 5, 4, komi(Rules::japanese(), 0), 4000});
}
TEST(SelfplayReference, Nz4x4) {
  compare({"nz 4x4", 4, 4, komi(Rules::nz(), 1), 4000});
}
TEST(SelfplayReference, Aga6x5) {
  compare({"aga 6x5", 6, 5, komi(Rules::aga(), 2.5), 2000});
}
TEST(SelfplayReference, Chinese7x7) {
  if (!kLargeBoards) GTEST_SKIP() << "sanitizer build";
  compare({"chinese 7x7", 7, 7, komi(Rules::chinese(), 7.5), 2000});
}
TEST(SelfplayReference, TrompTaylor7x7) {
  if (!kLargeBoards) GTEST_SKIP() << "sanitizer build";
  compare({"tromp-taylor 7x7", 7, 7, komi(Rules::tromp_taylor(), 7.5), 2000});
}
TEST(SelfplayReference, TrompTaylor9x9) {
  if (!kLargeBoards) GTEST_SKIP() << "sanitizer build";
  compare({"tromp-taylor 9x9", 9, 9, Rules::tromp_taylor(), 1000});
}

// Fast playouts replayed on the reference model: every move is legal there
// and fills no own eye, every pass comes when the reference has no acceptable
// move (or as the second pass after one), and the scores agree.
void replay(int width, int height, const Rules& rules, uint64_t games) {
  Game game(width, height, rules);
  playout::LightPolicy policy;
  const Board& board = game.board();
  for (uint64_t i = 0; i < games; ++i) {
    SCOPED_TRACE("game " + std::to_string(i) + " under " + rules.to_string());
    game.reset();
    playout::Rng rng = playout::game_rng(77, i);
    playout::play_out(game, policy, rng, playout::default_max_turns(width, height));
    reference::Game ref(width, height, rules);
    for (const Move& m : game.moves()) {
      const int p =
          m.point == kPass ? reference::kPass : board.row(m.point) * width + board.column(m.point);
      if (p == reference::kPass) {
        for (int q : ref.legal_moves()) {
          ASSERT_TRUE(q == reference::kPass ||
                      reference_is_eye(width, height, ref.colouring(), q, ref.to_move()))
              << "passed with an acceptable move at " << q;
        }
      } else {
        ASSERT_FALSE(reference_is_eye(width, height, ref.colouring(), p, ref.to_move()));
      }
      ASSERT_EQ(ref.play(p), MoveError::None) << "move " << p;
    }
    const Score fast = game.score();
    const reference::Score slow = ref.score();
    ASSERT_EQ(fast.black, slow.black);
    ASSERT_EQ(fast.white, slow.white);
    ASSERT_EQ(fast.winner, slow.winner);
    ASSERT_EQ(game.prisoners(Color::Black), ref.prisoners(Color::Black));
    ASSERT_EQ(game.prisoners(Color::White), ref.prisoners(Color::White));
    ASSERT_EQ(game.suicides(Color::Black), ref.suicides(Color::Black));
    ASSERT_EQ(game.suicides(Color::White), ref.suicides(Color::White));
  }
}

TEST(SelfplayReference, ReplayFastPlayouts) {
  replay(5, 5, Rules::chinese(), 300 / kDivisor);
  replay(5, 5, Rules::tromp_taylor(), 300 / kDivisor);
  replay(6, 4, Rules::nz(), 300 / kDivisor);
  replay(7, 7, Rules::japanese(), 100 / kDivisor);
  replay(7, 7, Rules::tromp_taylor(), 100 / kDivisor);
}

}  // namespace
}  // namespace tengen::selfplay
