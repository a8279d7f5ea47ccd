// Golden Benson: textbook positions, and which chains Benson's algorithm
// finds unconditionally alive (pass-alive) and which regions they hold.
#include <gtest/gtest.h>

#include <string>

#include "core/benson.h"
#include "tests/support/golden_util.h"

namespace tengen::golden {
namespace {

// The answer as a diagram: a pass-alive stone of `c` upper case (X, O), any
// other stone lower case (x, o), a point of c's pass-alive territory '*'
// (empty or an opponent stone), '.' otherwise.
std::string alive_map(const Board& board, Color c) {
  const PassAlive alive = pass_alive(board, c);
  std::string out;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      const Color at = board.at(p);
      char ch = '.';
      if (at == Color::Black) ch = alive.chains[p] ? 'X' : 'x';
      if (at == Color::White) ch = alive.chains[p] ? 'O' : 'o';
      if (alive.territory[p]) ch = '*';
      out += (x ? " " : "") + std::string(1, ch);
    }
    out += '\n';
  }
  return out;
}

TEST(GoldenBenson, TwoEyesInTheCornerLive) {
  // A5 and C5 are two one-point eyes of one chain; E5 is a third.
  const Board board = board_from(R"(
    . X . X .
    X X X X X
    . . . . .
    . . . . .
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    * X * X *
    X X X X X
    . . . . .
    . . . . .
  )"));
}

TEST(GoldenBenson, OneEyeIsNotEnough) {
  // One vital region (A5); the region below is not vital (its bottom row
  // holds no liberties).
  const Board board = board_from(R"(
    . X X X X
    X X X X X
    . . . . .
    . . . . .
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    . x x x x
    x x x x x
    . . . . .
    . . . . .
  )"));
}

TEST(GoldenBenson, ChainsLiveTogetherThroughSharedEyes) {
  // Benson's own kind of example: five separate chains, none with two eyes
  // of its own in the usual sense, each touching two or more one-point
  // regions that are vital to it.
  const Board board = board_from(R"(
    X . X
    . X .
    X . X
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    X * X
    * X *
    X * X
  )"));
}

TEST(GoldenBenson, OneNonVitalRegionBringsAllDown) {
  // C1's region (C2 C1 B1) holds C1, a liberty of no chain: not vital. C3
  // then has one vital region, drops, takes B3 with it, and so on for all.
  const Board board = board_from(R"(
    X . X
    . X .
    X . .
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    x . x
    . x .
    x . .
  )"));
}

TEST(GoldenBenson, OpponentStoneInAVitalRegionIsTerritory) {
  // C5 (White) and D5 form one region; D5 is a liberty of the black chain,
  // so the region is vital and C5 can be captured whatever White does.
  const Board board = board_from(R"(
    . X O . X
    X X X X X
    . . . . .
    . . . . .
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    * X * * X
    X X X X X
    . . . . .
    . . . . .
  )"));
  EXPECT_EQ(alive_map(board, Color::White), text(R"(
    . x o . x
    x x x x x
    . . . . .
    . . . . .
  )"));
}

TEST(GoldenBenson, RegionSharedWithTheOpponentIsNoEye) {
  // The left chain has two one-point eyes (A5, A3) and lives. The right
  // chain's only candidate eyes (C5, E5, E3) lie in one region with White's
  // stones: vital to it, but one region, so it does not.
  const Board board = board_from(R"(
    . X . X . O
    X X O X X O
    . X O X . O
    X X O X X O
    O O O O O O
  )");
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    * X . x . o
    X X o x x o
    * X o x . o
    X X o x x o
    o o o o o o
  )"));
}

TEST(GoldenBenson, WhiteWallAroundTheCornerLives) {
  // One white chain with four one-point eyes (F5, F3, D1, F1); the region
  // with Black's stones is not vital to it and is not its territory.
  const Board board = board_from(R"(
    . X . X O . O
    X X . X O O O
    . X X X O . O
    X X O O O O O
    O O O . O . O
  )");
  EXPECT_EQ(alive_map(board, Color::White), text(R"(
    . x . x O * O
    x x . x O O O
    . x x x O * O
    x x O O O O O
    O O O * O * O
  )"));
}

TEST(GoldenBenson, EmptyBoardHasNoLife) {
  const Board board(5, 5);
  EXPECT_EQ(alive_map(board, Color::Black), text(R"(
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
  )"));
}

}  // namespace
}  // namespace tengen::golden
