// The random player's distribution from named positions: an opening, a
// middle game, a ko just taken, a seki, one move left and none. From each,
// the next move is drawn many times, by the playout kernel's choice
// (playout/light_choice.h on playout/playout_game.h, from a position the kernel
// reached by playing moves, so that a ko is live) and by LightPolicy on a
// Game (the same template on a view of Game). Both must
// pick only acceptable points (legal, filling none of the mover's eyes), pass
// only where there is none, and pass a chi-square test of uniformity over the
// acceptable points. Each chi-square test rejects a truly uniform pick with
// probability 1e-4 (tests/support/uniformity.h); the seeds are fixed, so a
// run is repeatable, and over this file's 62 chi-square tests the chance
// that the fixed seeds hold a false alarm was at most 62 x 1e-4 = 0.62%.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/coords.h"
#include "core/game.h"
#include "playout/light_choice.h"
#include "playout/playout_dispatch.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tests/support/golden_util.h"
#include "tests/support/positions.h"
#include "tests/support/uniformity.h"

namespace tengen::playout {
namespace {

struct Position {
  std::string name;
  Game start;                // before the first move
  std::vector<Point> moves;  // played from start before the draws
};

Position position(std::string name, const char* diagram, Color to_move, const char* rules,
                  const std::vector<std::string>& moves = {}) {
  Game start = golden::game_from(diagram, to_move, golden::rules_from(rules));
  std::vector<Point> points;
  for (const std::string& v : moves) points.push_back(golden::vertex(start.board(), v));
  return Position{name + " (" + rules + ")", start, points};
}

Game after_moves(const Position& pos) {
  Game game = pos.start;
  for (const Point p : pos.moves) {
    EXPECT_EQ(game.play(game.to_move(), p), MoveError::None) << pos.name;
  }
  return game;
}

// `samples` picks of the kernel's choice from the position.
std::vector<Point> kernel_picks(const Position& pos, int samples, uint64_t seed) {
  std::vector<Point> picks;
  const Board& board = pos.start.board();
  dispatch_playout_game(board.width(), board.height(), pos.start.rules(), [&]<class G>(TypeTag<G>) {
    G game(PlayoutStart(pos.start), pos.start.rules(), int(pos.moves.size()) + 2);
    for (const Point p : pos.moves) game.play(p, game.to_move());
    std::vector<Point> candidates(size_t(Board::kMaxArray));
    Rng rng(seed);
    for (int s = 0; s < samples; ++s)
      picks.push_back(choose_light_move(game, rng, candidates.data()));
  });
  return picks;
}

// `samples` picks of LightPolicy from the position, each taken back.
std::vector<Point> policy_picks(const Position& pos, int samples, uint64_t seed) {
  Game game = after_moves(pos);
  LightPolicy policy;
  Rng rng(seed);
  std::vector<Point> picks;
  for (int s = 0; s < samples; ++s) {
    picks.push_back(policy.play(game, rng));
    game.undo();
  }
  return picks;
}

void expect_random_player(const Position& pos, const std::vector<Point>& picks) {
  const Game game = after_moves(pos);
  const std::vector<Point> acceptable = acceptable_points(game);
  if (acceptable.size() < 2) {
    const Point only = acceptable.empty() ? kPass : acceptable[0];
    for (const Point p : picks) {
      ASSERT_EQ(p, only) << gtp_vertex(game.board(), p) << " instead of "
                         << gtp_vertex(game.board(), only);
    }
    return;
  }
  size_t next = 0;
  expect_uniform_picks(game, int(picks.size()), [&] { return picks[next++]; });
}

void expect_both(const Position& pos, int samples, uint64_t seed) {
  SCOPED_TRACE(pos.name);
  {
    SCOPED_TRACE("the kernel's choice");
    expect_random_player(pos, kernel_picks(pos, samples, seed));
  }
  {
    SCOPED_TRACE("LightPolicy on a Game");
    expect_random_player(pos, policy_picks(pos, samples, seed + 1));
  }
}

constexpr const char* kEmpty9 = R"(
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
)";

// A middle game on 9x9: eyes of both sides, and empty points with and without
// an empty neighbour mixed.
constexpr const char* kMiddle9 = R"(
  . . X O . . . . .
  . X X O . O . . .
  . . X O O . . . .
  X X . X O . . . .
  . X X . X O O . .
  X . X X O . O O .
  . X . X O O . O .
  X X X O . O O . .
  . X O O O . . . .
)";

// Black takes at D3 (the white stone on C3 had one liberty), leaving a ko:
// White may not retake at C3 at once, under any ko rule.
constexpr const char* kKo = R"(
  . . . . .
  . . X O .
  . X O . O
  . . X O .
  . . . . .
)";

// Seki at the top: either side may fill D9 (a self-atari).
using positions::kSeki;

// Black to move: eyes everywhere but E1, which takes White's D1: the one
// acceptable point.
constexpr const char* kOneLeft = R"(
  . X . X .
  X X X X X
  . X . X .
  X X X X X
  . X X O .
)";

// Black to move: only Black's own eyes are empty.
constexpr const char* kNoneLeft = R"(
  . X . X .
  X X X X X
  . X . X .
  X X X X X
  . X X . X
)";

// Simple ko and both superkos; suicide forbidden, of two stones or more, any.
constexpr const char* kFamilies[] = {"chinese", "tromp-taylor", "aga", "chinese,suicide=multi",
                                     "nz"};

TEST(ChoiceUniform, Opening) {
  uint64_t seed = 100;
  for (const char* rules : kFamilies) {
    expect_both(position("9x9 opening", kEmpty9, Color::Black, rules), 40000 / kDivisor, seed);
    seed += 2;
  }
  Game empty19(19, 19, Rules::tromp_taylor());
  expect_both(Position{"19x19 opening (tromp-taylor)", empty19, {}}, 72000 / kDivisor, 150);
}

TEST(ChoiceUniform, MiddleGame) {
  uint64_t seed = 200;
  for (const char* rules : kFamilies) {
    expect_both(position("middle game", kMiddle9, Color::Black, rules), 30000 / kDivisor, seed);
    expect_both(position("middle game", kMiddle9, Color::White, rules), 30000 / kDivisor, seed + 2);
    seed += 4;
  }
}

TEST(ChoiceUniform, KoJustTaken) {
  uint64_t seed = 300;
  for (const char* rules : kFamilies) {
    const Position pos = position("ko", kKo, Color::Black, rules, {"D3"});
    const Game game = after_moves(pos);
    EXPECT_FALSE(LightPolicy::acceptable(game, golden::vertex(game.board(), "C3")));
    expect_both(pos, 20000 / kDivisor, seed);
    seed += 2;
  }
}

TEST(ChoiceUniform, Seki) {
  uint64_t seed = 400;
  for (const char* rules : kFamilies) {
    for (const Color c : {Color::Black, Color::White}) {
      const Position pos = position("seki", kSeki, c, rules);
      EXPECT_TRUE(LightPolicy::acceptable(pos.start, golden::vertex(pos.start.board(), "D9")));
      expect_both(pos, 20000 / kDivisor, seed);
      seed += 2;
    }
  }
}

TEST(ChoiceUniform, OneMoveLeftAndNone) {
  for (const char* rules : kFamilies) {
    const Position one = position("one left", kOneLeft, Color::Black, rules);
    EXPECT_EQ(golden::vertex_list(one.start.board(), acceptable_points(one.start)), "E1");
    expect_both(one, 2000, 500);
    const Position none = position("none left", kNoneLeft, Color::Black, rules);
    EXPECT_TRUE(acceptable_points(none.start).empty());
    expect_both(none, 200, 501);
  }
}

}  // namespace
}  // namespace tengen::playout
