// The playout kernel plays exactly the games LightPolicy plays on a Game:
// move for move, with the same prisoners, suicides, score and ownership, on
// every kernel instance (fixed 9x9, 13x13, 19x19 and run-time geometry, every
// ko rule x suicide rule), from empty boards and from handicaps. Game is held
// to the reference model by the prop_* suites; this pins the kernel to Game.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/scoring.h"
#include "playout/kernel.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::playout {
namespace {

struct Case {
  int width, height;
  KoRule ko;
  SuicideRule suicide;
  int handicap = 0;
  HandicapPlacement placement = HandicapPlacement::Free;
  Scoring scoring = Scoring::Area;
};

std::string describe(const Case& c) {
  return std::to_string(c.width) + "x" + std::to_string(c.height) +
         " ko=" + std::string(to_string(c.ko)) + " suicide=" + std::string(to_string(c.suicide)) +
         " handicap=" + std::to_string(c.handicap);
}

// Plays `games` seeded games both ways and compares everything a run reads.
void expect_same_games(const Case& c, int games) {
  Rules rules;
  rules.ko = c.ko;
  rules.suicide = c.suicide;
  rules.scoring = c.scoring;
  rules.handicap = c.placement;
  rules.handicap_bonus = HandicapBonus::N;
  Game start(c.width, c.height, rules);
  if (c.handicap > 0) {
    ASSERT_NO_THROW(start.set_handicap(c.handicap)) << describe(c);
  }
  const int max_turns = default_max_turns(c.width, c.height);
  auto kernel = make_kernel(start, max_turns);
  Game game = start;
  LightPolicy policy;
  std::vector<Color> owner, expected_owner;
  for (int i = 0; i < games; ++i) {
    SCOPED_TRACE(describe(c) + " kernel " + kernel->name() + " game " + std::to_string(i));
    Rng a = game_rng(7, uint64_t(i)), b = game_rng(7, uint64_t(i));
    game.reset();
    const PlayoutEnd expected_end = play_out(game, policy, a, max_turns);
    const PlayoutEnd end = kernel->play(b);
    ASSERT_EQ(end, expected_end);
    const std::vector<Move> moves(kernel->moves().begin(), kernel->moves().end());
    ASSERT_EQ(moves, game.moves());
    ASSERT_EQ(a.next(), b.next()) << "the same random numbers were used";
    for (Color color : {Color::Black, Color::White}) {
      ASSERT_EQ(kernel->prisoners(color), game.prisoners(color));
      ASSERT_EQ(kernel->suicides(color), game.suicides(color));
    }
    const Score score = kernel->score(owner);
    const Score expected = game.score();
    ASSERT_EQ(score.black, expected.black);
    ASSERT_EQ(score.white, expected.white);
    ASSERT_EQ(score.neutral, expected.neutral);
    ASSERT_EQ(score.handicap_bonus, expected.handicap_bonus);
    ASSERT_EQ(score.margin, expected.margin);
    ASSERT_EQ(score.winner, expected.winner);
    area_owners(game.board(), expected_owner);
    ASSERT_EQ(owner, expected_owner);
  }
}

class KernelSameGames : public testing::TestWithParam<std::tuple<KoRule, SuicideRule>> {};

TEST_P(KernelSameGames, OnEveryGeometry) {
  const auto [ko, suicide] = GetParam();
  // Fixed geometries, then run-time ones: tiny, thin, rectangular, odd.
  expect_same_games({9, 9, ko, suicide}, 300);
  expect_same_games({13, 13, ko, suicide}, 60);
  expect_same_games({19, 19, ko, suicide}, 20);
  expect_same_games({1, 1, ko, suicide}, 20);
  expect_same_games({1, 2, ko, suicide}, 50);
  expect_same_games({2, 2, ko, suicide}, 200);
  expect_same_games({3, 3, ko, suicide}, 200);
  expect_same_games({1, 7, ko, suicide}, 100);
  expect_same_games({5, 4, ko, suicide}, 200);
  expect_same_games({7, 7, ko, suicide}, 100);
  expect_same_games({25, 25, ko, suicide}, 5);
}

TEST_P(KernelSameGames, WithHandicapAndTerritory) {
  const auto [ko, suicide] = GetParam();
  expect_same_games({9, 9, ko, suicide, 4, HandicapPlacement::Fixed, Scoring::Territory}, 60);
  expect_same_games({9, 9, ko, suicide, 3, HandicapPlacement::Free}, 60);
  expect_same_games({19, 19, ko, suicide, 9, HandicapPlacement::Fixed}, 5);
  expect_same_games({4, 5, ko, suicide, 2, HandicapPlacement::Free, Scoring::Territory}, 60);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, KernelSameGames,
    testing::Combine(testing::Values(KoRule::Simple, KoRule::Positional, KoRule::Situational),
                     testing::Values(SuicideRule::Forbidden, SuicideRule::Multi,
                                     SuicideRule::Allowed)),
    [](const auto& info) {
      return std::string(to_string(std::get<0>(info.param))) + "_" +
             std::string(to_string(std::get<1>(info.param)));
    });

}  // namespace
}  // namespace tengen::playout
