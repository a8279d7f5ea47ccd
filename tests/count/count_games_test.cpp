// Tromp and Farnebäck's game counts (count/games.h): paths from the empty
// board in the graph of legal positions and single moves of either colour,
// visiting no position twice. Pinned against the published numbers, and the
// fast count (bitsets, a reach-keyed cache, symmetry) held to the naive one
// on the reference model with explicit colourings. TENGEN_LONG_COUNTS=1 adds
// the full 2x2 count (a minute or two in Release on 2 cores).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "count/games.h"
#include "count/position_graph.h"
#include "count/published.h"
#include "tests/support/long_counts.h"

namespace tengen::count {
namespace {

using props::long_counts;

TEST(CountGames, TheSmallestBoardsByBothMethods) {
  // 1x1: no move changes the empty board (a lone stone is suicide).
  EXPECT_EQ(count_games(1, 1), 1u);
  EXPECT_EQ(count_games_reference(1, 1), 1u);
  // 1x2: four first moves, each with exactly one continuation (the capture).
  EXPECT_EQ(count_games(1, 2), 9u);
  EXPECT_EQ(count_games_reference(1, 2), 9u);
  EXPECT_EQ(count_games(2, 1), 9u);
  EXPECT_EQ(count_games(1, 3), 907u);
  EXPECT_EQ(count_games_reference(1, 3), 907u);
  EXPECT_EQ(count_games(3, 1), 907u);
}

TEST(CountGames, OneByFour) {
  EXPECT_EQ(count_games(1, 4), 2098407841u);
}

TEST(CountGames, ShortGamesOfTheLargerBoardsByBothMethods) {
  struct Case {
    int width, height, max_moves;
    uint64_t games;
  };
  for (const Case& c :
       {Case{1, 4, 8, 17209}, Case{1, 4, 11, 198261}, Case{2, 2, 6, 3417}, Case{2, 2, 9, 37577}}) {
    const std::string name = std::to_string(c.width) + "x" + std::to_string(c.height) + " up to " +
                             std::to_string(c.max_moves) + " moves";
    EXPECT_EQ(count_games(c.width, c.height, c.max_moves), c.games) << name;
    EXPECT_EQ(count_games_reference(c.width, c.height, c.max_moves), c.games) << name;
  }
  EXPECT_EQ(count_games(2, 2, 0), 1u);
  EXPECT_EQ(count_games(2, 2, 1), 9u);
}

TEST(CountGames, TwoByTwoMatchesTromp1999) {
  if (!long_counts()) GTEST_SKIP() << "set TENGEN_LONG_COUNTS=1 (a minute or two)";
  EXPECT_EQ(count_games(2, 2), published::kGames2x2);
}

TEST(CountGames, ThePositionGraphOfTwoByTwo) {
  const PositionGraph graph(2, 2, 64);
  EXPECT_EQ(graph.size(), 57);
  int changing = 0, suicides = 0;
  for (int i = 0; i < graph.size(); ++i) {
    EXPECT_EQ(graph.index(graph.board(i)), i);
    for (Color c : {Color::Black, Color::White}) {
      for (const PositionGraph::Edge& e : graph.moves(i, c)) {
        changing += e.to != i;
        suicides += e.suicided > 0;
      }
    }
  }
  // Tromp: "the only suicides possible on 2*2 are of a single stone or of 4
  // stones"; the 4-stone ones lead back to the empty board.
  EXPECT_EQ(changing, 192);
  EXPECT_GT(suicides, 0);
}

TEST(CountGames, BoardsWithTooManyPositionsAreRefused) {
  EXPECT_THROW(count_games(1, 5), std::invalid_argument);
  EXPECT_THROW(count_games(2, 3), std::invalid_argument);
  EXPECT_THROW(count_games_reference(1, 5), std::invalid_argument);
}

}  // namespace
}  // namespace tengen::count
