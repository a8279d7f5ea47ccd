// The search on golden tactical positions: each has one winning move for the
// side to move (the capture, the escape from atari, the killing or saving
// point of a straight three, a kill with a ko it may not retake), on 5x5 and
// 9x9, with the rest of the board settled (Black's area full of one-point
// eyes) and the komi set so that the tactic decides the game. One thread and
// a seed: the search is deterministic, so each answer is pinned.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "core/coords.h"
#include "search/search.h"
#include "tests/support/golden_util.h"

namespace tengen {
namespace {

using golden::board_from;
using golden::vertex;

Rules chinese(double komi) {
  Rules r = Rules::chinese();
  r.komi = komi;
  return r;
}

search::SearchResult best(const Game& game, int64_t playouts, uint64_t seed = 1) {
  search::SearchOptions o;
  o.playouts = playouts;
  o.seed = seed;
  search::Search s(o);
  return s.run(game);
}

std::string name(const Game& g, Point p) {
  return gtp_vertex(g.board(), p);
}

// The candidates as "C5 2900 0.93, ...", for failure messages.
std::string candidates(const Game& g, const search::SearchResult& r) {
  std::string text;
  for (const search::Candidate& c : r.candidates) {
    text +=
        name(g, c.move) + " " + std::to_string(c.visits) + " " + std::to_string(c.win_rate) + ", ";
  }
  return text;
}

// The search's move on g, with its candidates on failure.
void expect_move(const Game& g, const std::string& expected, int64_t playouts, uint64_t seed) {
  const search::SearchResult r = best(g, playouts, seed);
  EXPECT_EQ(name(g, r.move), expected) << "seed " << seed << ": " << candidates(g, r);
  if (std::getenv("TENGEN_SEARCH_SHOW")) std::cerr << candidates(g, r) << "\n";
}

// Black wall with eyes below a White group whose eye space is B5-D5.
constexpr const char* kStraightThree5 = R"(
  O . . . O
  O O O O O
  X X X X X
  X . X . X
  X X X X X
)";

TEST(SearchTactics, KillsStraightThree5x5) {
  // White alive: 10 + 7.5 against 15; dead: Black owns the board.
  const Game g(board_from(kStraightThree5), Color::Black, chinese(7.5));
  for (uint64_t seed : {1, 2}) {
    expect_move(g, "C5", 3000, seed);
  }
}

TEST(SearchTactics, SavesStraightThree5x5) {
  const Game g(board_from(kStraightThree5), Color::White, chinese(7.5));
  for (uint64_t seed : {1, 2}) {
    expect_move(g, "C5", 3000, seed);
  }
}

TEST(SearchTactics, Captures5x5) {
  // Black's B5 is in atari inside White's eye space: only taking it gives
  // White two eyes.
  const Game g(board_from(R"(
    O X . . O
    O O O O O
    X X X X X
    X . X . X
    X X X X X
  )"),
               Color::White, chinese(7.5));
  for (uint64_t seed : {1, 2}) {
    expect_move(g, "C5", 3000, seed);
  }
}

TEST(SearchTactics, EscapesAtari5x5) {
  // White is alive (eyes A5, E5); Black's C4 cuts into its shape with one
  // liberty. C3 connects it home (Black 16 against 9 + 5.5); anything else
  // lets White take it with C3, an eye at C4 (Black 14 against 11 + 5.5).
  const Game g(board_from(R"(
    . O O O .
    O O X O O
    X X . X X
    X . X . X
    X X X X X
  )"),
               Color::Black, chinese(5.5));
  for (uint64_t seed : {1, 2}) {
    expect_move(g, "C3", 3000, seed);
  }
}

// A White group with a straight three in the top-left corner; the rest is
// Black's, full of eyes. White alive: 10 + 64.5 against 71.
constexpr const char* kStraightThree9 = R"(
  O . . . O X . X .
  O O O O O X X X X
  X X X X X X X X X
  X . X . X . X . X
  X X X X X X X X X
  . X . X . X . X .
  X X X X X X X X X
  X . X . X . X . X
  X X X X X X X X X
)";

TEST(SearchTactics, KillsAndSavesStraightThree9x9) {
  for (Color c : {Color::Black, Color::White}) {
    const Game g(board_from(kStraightThree9), c, chinese(64.5));
    expect_move(g, "C9", 3000, 1);
  }
}

TEST(SearchTactics, DoesNotRetakeKo9x9) {
  // White takes a ko at the bottom right (F2 captures G2); Black may not
  // retake at G2 at once, and wins by killing the top-left group at C9.
  Game g(board_from(R"(
    O . . . O X . X .
    O O O O O X X X X
    X X X X X X X X X
    X . X . X . X . X
    X X X X X X X X X
    . X . X . X . X .
    X X X X . X O . .
    X . X . X . X O .
    X X X X . X O . .
  )"),
         Color::White, chinese(64.5));
  ASSERT_EQ(g.play(vertex(g.board(), "F2")), MoveError::None);
  ASSERT_FALSE(g.is_legal(vertex(g.board(), "G2")));
  const search::SearchResult r = best(g, 3000);
  EXPECT_TRUE(g.is_legal(r.move));
  EXPECT_EQ(name(g, r.move), "C9") << candidates(g, r);
}

}  // namespace
}  // namespace tengen
