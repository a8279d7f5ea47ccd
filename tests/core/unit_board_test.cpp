// Unit tests of Board: sizes, layout, chains and liberties, effect() and
// play() counts, eyes, the incremental hash and the self-check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/golden_util.h"

namespace tengen {
namespace {

using golden::board_from;
using golden::text;
using golden::vertex;

TEST(UnitBoard, SizesOutOfRangeThrow) {
  EXPECT_THROW(Board(0, 5), std::invalid_argument);
  EXPECT_THROW(Board(5, 0), std::invalid_argument);
  EXPECT_THROW(Board(26, 1), std::invalid_argument);
  EXPECT_THROW(Board(1, 26), std::invalid_argument);
  EXPECT_THROW(Board(-1, 9), std::invalid_argument);
  EXPECT_THROW(Board(25, 26), std::invalid_argument);
  EXPECT_NO_THROW(Board(1, 1));
  EXPECT_NO_THROW(Board(25, 25));
  EXPECT_NO_THROW(Board(25, 1));
  EXPECT_THROW(Game(0, 5, Rules::tromp_taylor()), std::invalid_argument);
  EXPECT_THROW(Game(9, 26, Rules::tromp_taylor()), std::invalid_argument);
}

TEST(UnitBoard, Layout) {
  // What the header promises of the padded array, without pinning the exact
  // index of a point: stride W + 1, every point and every orthogonal and
  // diagonal neighbour of a point inside the array, walls elsewhere.
  for (auto [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {9, 9}, {19, 19}, {25, 25}, {7, 3}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    Board board(w, h);
    const int s = w + 1;
    EXPECT_EQ(board.width(), w);
    EXPECT_EQ(board.height(), h);
    EXPECT_EQ(board.area(), w * h);
    EXPECT_EQ(board.stride(), s);
    EXPECT_LE(board.array_size(), Board::kMaxArray);
    EXPECT_EQ(board.empty_count(), w * h);
    std::set<int> offsets(board.offsets().begin(), board.offsets().end());
    EXPECT_EQ(offsets, (std::set<int>{-1, 1, -s, s}));
    int on = 0;
    for (int i = 0; i < board.array_size(); ++i) {
      bool inside = board.on_board(Point(i));
      on += inside;
      EXPECT_EQ(board.at(Point(i)), inside ? Color::Empty : Color::Wall) << i;
    }
    EXPECT_EQ(on, w * h);
    EXPECT_FALSE(board.on_board(kPass));
    std::set<Point> seen;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        Point p = board.point(x, y);
        seen.insert(p);
        EXPECT_EQ(board.column(p), x);
        EXPECT_EQ(board.row(p), y);
        EXPECT_TRUE(board.on_board(p));
        for (int d : {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1}) {
          int q = p + d;
          ASSERT_TRUE(q >= 0 && q < board.array_size()) << x << "," << y << " " << d;
        }
        // Orthogonal neighbours are on the board exactly when inside the grid.
        EXPECT_EQ(board.on_board(Point(p - 1)), x > 0);
        EXPECT_EQ(board.on_board(Point(p + 1)), x < w - 1);
        EXPECT_EQ(board.on_board(Point(p - s)), y > 0);
        EXPECT_EQ(board.on_board(Point(p + s)), y < h - 1);
        if (x + 1 < w) {
          EXPECT_EQ(board.point(x + 1, y), p + 1);
        }
        if (y + 1 < h) {
          EXPECT_EQ(board.point(x, y + 1), p + s);
        }
      }
    }
    EXPECT_EQ(int(seen.size()), w * h);
  }
}

TEST(UnitBoard, ChainsAndLiberties) {
  Board board = board_from(R"(
    . X X . .
    . X O . .
    . . . . .
    O O . X .
    X O . . .
  )");
  EXPECT_EQ(board.chain_size(vertex(board, "B5")), 3);
  EXPECT_EQ(board.liberties(vertex(board, "B5")), 4);  // A5 D5 A4 B3
  EXPECT_EQ(board.chain_head(vertex(board, "C5")), board.chain_head(vertex(board, "B4")));
  EXPECT_EQ(board.chain_size(vertex(board, "C4")), 1);
  EXPECT_EQ(board.liberties(vertex(board, "C4")), 2);  // D4 C3
  EXPECT_EQ(board.chain_size(vertex(board, "B2")), 3);
  EXPECT_EQ(board.liberties(vertex(board, "B2")), 4);  // A3 B3 C2 C1
  EXPECT_EQ(board.liberties(vertex(board, "A1")), 0);  // a set-up position may hold one
  EXPECT_EQ(board.stones(Color::Black), 5);
  EXPECT_EQ(board.stones(Color::White), 4);
  // The circular list visits each stone of the chain once.
  Point head = board.chain_head(vertex(board, "B2"));
  std::set<std::string> stones;
  Point p = head;
  do {
    stones.insert(gtp_vertex(board, p));
    p = board.next_in_chain(p);
  } while (p != head && stones.size() < 10);
  EXPECT_EQ(stones, (std::set<std::string>{"A2", "B2", "B1"}));
}

TEST(UnitBoard, EffectAndPlayCounts) {
  struct Case {
    const char* board;
    const char* move;
    Color color;
    int captured;
    int suicided;
  };
  const Case cases[] = {
      // A plain move.
      {". . .\n. . .\n. . .\n", "B2", Color::Black, 0, 0},
      // Four white chains lose their last liberty.
      {". X O X .\nX O . O X\n. X O X .\n. . X . .\n. . . . .\n", "C4", Color::Black, 4, 0},
      // A single-stone and a two-stone suicide.
      {". O .\nO . .\n. . .\n", "A3", Color::Black, 0, 1},
      {"X . O . .\nO O . . .\n. . . . .\n", "B3", Color::Black, 0, 2},
      // Looks like suicide but captures: no suicide counted.
      {". . .\nX O .\nO . O\n", "B1", Color::Black, 1, 0},
      // A white move that captures a black chain of three.
      {"X . O\nX X O\nO O .\n", "B3", Color::White, 3, 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.board) + c.move);
    Board board = board_from(c.board);
    Point p = vertex(board, c.move);
    MoveEffect effect = board.effect(p, c.color);
    EXPECT_EQ(effect.captured_stones, c.captured);
    EXPECT_EQ(effect.suicided_stones, c.suicided);
    EXPECT_EQ(effect.suicide(), c.suicided > 0);
    const int black = board.stones(Color::Black), white = board.stones(Color::White);
    uint64_t expected_hash = board.hash_after(p, c.color);
    PlayResult result = board.play(p, c.color);
    EXPECT_EQ(result.captured_stones, c.captured);
    EXPECT_EQ(result.suicided_stones, c.suicided);
    EXPECT_EQ(board.hash(), expected_hash);
    const int own_delta = 1 - c.suicided, opp_delta = -c.captured;
    EXPECT_EQ(board.stones(Color::Black),
              black + (c.color == Color::Black ? own_delta : opp_delta));
    EXPECT_EQ(board.stones(Color::White),
              white + (c.color == Color::White ? own_delta : opp_delta));
    EXPECT_EQ(board.check_consistency(), "");
  }
}

TEST(UnitBoard, OneByOneOnlyMoveIsSuicide) {
  Board board(1, 1);
  Point p = board.point(0, 0);
  MoveEffect effect = board.effect(p, Color::Black);
  EXPECT_EQ(effect.captured_stones, 0);
  EXPECT_EQ(effect.suicided_stones, 1);
  const uint64_t empty_hash = board.hash();
  EXPECT_EQ(board.hash_after(p, Color::Black), empty_hash);
  PlayResult result = board.play(p, Color::Black);
  EXPECT_EQ(result.suicided_stones, 1);
  EXPECT_EQ(board.at(p), Color::Empty);
  EXPECT_EQ(board.hash(), empty_hash);
  EXPECT_EQ(board.empty_count(), 1);
  EXPECT_EQ(board.check_consistency(), "");
  EXPECT_EQ(diagram(board), ".\n");

  Game tt(1, 1, Rules::tromp_taylor());
  EXPECT_EQ(tt.check(p), MoveError::Superko);  // the board would repeat
  EXPECT_EQ(tt.check(kPass), MoveError::None);
  Game japanese(1, 1, Rules::japanese());
  EXPECT_EQ(japanese.check(p), MoveError::Suicide);
  Game simple(1, 1, golden::rules_from("tromp-taylor,ko=simple"));
  EXPECT_EQ(simple.play(p), MoveError::None);
  EXPECT_EQ(simple.play(p), MoveError::None);
  EXPECT_EQ(simple.suicides(Color::Black), 1);
  EXPECT_EQ(simple.suicides(Color::White), 1);
  EXPECT_FALSE(simple.over());
}

struct Eye {
  const char* board;
  const char* point;
  bool black_eye;
};

TEST(UnitBoard, IsEye) {
  const Eye cases[] = {
      // Centre: fewer than two opponent diagonals.
      {". . . . .\n. . X . .\n. X . X .\n. . X . .\n. . . . .\n", "C3", true},
      {". . . . .\n. O X . .\n. X . X .\n. . X . .\n. . . . .\n", "C3", true},
      {". . . . .\n. O X . .\n. X . X .\n. . X O .\n. . . . .\n", "C3", false},
      {". . . . .\n. O X O .\n. X . X .\n. . X . .\n. . . . .\n", "C3", false},
      {". . . . .\n. X X X .\n. X . X .\n. X X X .\n. . . . .\n", "C3", true},
      // A neighbour empty or white.
      {". . . . .\n. . X . .\n. X . . .\n. . X . .\n. . . . .\n", "C3", false},
      {". . . . .\n. . X . .\n. X . O .\n. . X . .\n. . . . .\n", "C3", false},
      // Edge: no opponent diagonal.
      {". . . . .\n. . . . .\n. . . . .\n. . X . .\n. X . X .\n", "C1", true},
      {". . . . .\n. . . . .\n. . . . .\n. O X . .\n. X . X .\n", "C1", false},
      {". X . X .\n. . X . .\n. . . . .\n. . . . .\n. . . . .\n", "C5", true},
      {". X . X .\n. . X O .\n. . . . .\n. . . . .\n. . . . .\n", "C5", false},
      {". . . . .\nX . . . .\n. X . . .\nX . . . .\n. . . . .\n", "A3", true},
      {". . . . .\nX O . . .\n. X . . .\nX . . . .\n. . . . .\n", "A3", false},
      // Corner: the one diagonal must not be the opponent's.
      {". . . . .\n. . . . .\n. . . . .\nX . . . .\n. X . . .\n", "A1", true},
      {". . . . .\n. . . . .\n. . . . .\nX X . . .\n. X . . .\n", "A1", true},
      {". . . . .\n. . . . .\n. . . . .\nX O . . .\n. X . . .\n", "A1", false},
      {". . . X .\n. . . . X\n. . . . .\n. . . . .\n. . . . .\n", "E5", true},
      {". . . X .\n. . . O X\n. . . . .\n. . . . .\n. . . . .\n", "E5", false},
  };
  for (const Eye& e : cases) {
    SCOPED_TRACE(std::string(e.board) + e.point);
    Board board = board_from(e.board);
    Point p = vertex(board, e.point);
    EXPECT_EQ(board.is_eye(p, Color::Black), e.black_eye);
    EXPECT_FALSE(board.is_eye(p, Color::White));
  }
}

TEST(UnitBoard, IsEyeForWhite) {
  Board board = board_from(R"(
    O . O
    . O .
    . . .
  )");
  EXPECT_TRUE(board.is_eye(vertex(board, "B3"), Color::White));
  EXPECT_FALSE(board.is_eye(vertex(board, "B3"), Color::Black));
  board.set_colour(vertex(board, "A2"), Color::Black);  // an opponent diagonal on the edge
  EXPECT_FALSE(board.is_eye(vertex(board, "B3"), Color::White));
}

// A small deterministic generator (splitmix64) for move sequences.
uint64_t next(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The board rebuilt from its colours alone.
Board rebuilt(const Board& board) {
  Board fresh(board.width(), board.height());
  for (int y = 0; y < board.height(); ++y)
    for (int x = 0; x < board.width(); ++x) {
      Color c = board.at(board.point(x, y));
      if (c != Color::Empty) fresh.set_colour(board.point(x, y), c);
    }
  return fresh;
}

TEST(UnitBoard, IncrementalStateMatchesARebuildAfterEveryMove) {
  for (auto [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {2, 2}, {3, 5}, {9, 9}, {19, 19}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    uint64_t state = uint64_t(w * 100 + h);
    Board board(w, h);
    Color c = Color::Black;
    int captures = 0;
    for (int move = 0; move < std::min(3 * w * h + 20, 400); ++move) {
      if (board.empty_count() == 0) break;
      Point p = board.empty_point(int(next(state) % uint64_t(board.empty_count())));
      ASSERT_EQ(board.at(p), Color::Empty);
      MoveEffect effect = board.effect(p, c);
      uint64_t hash = board.hash_after(p, c);
      PlayResult result = board.play(p, c);
      ASSERT_EQ(result.captured_stones, effect.captured_stones);
      ASSERT_EQ(result.suicided_stones, effect.suicided_stones);
      ASSERT_EQ(board.hash(), hash);
      ASSERT_EQ(board.check_consistency(), "") << "move " << move;
      if (move % 16 == 0) {  // a rebuild stone by stone is slow in Debug builds
        Board fresh = rebuilt(board);
        ASSERT_EQ(fresh.hash(), board.hash());
        ASSERT_TRUE(fresh.same_colouring(board));
      }
      ASSERT_EQ(board.stones(Color::Black) + board.stones(Color::White) + board.empty_count(),
                w * h);
      captures += result.captured_stones;
      c = opponent(c);
    }
    if (w * h >= 9) {
      EXPECT_GT(captures, 0);  // the sequences do exercise captures
    }
  }
}

TEST(UnitBoard, HashAfterEveryEmptyPoint) {
  Board board = board_from(R"(
    . X O X .
    X O . O X
    . X O X .
    O . X . .
    . O . O X
  )");
  for (Color c : {Color::Black, Color::White}) {
    for (int i = 0; i < board.empty_count(); ++i) {
      Point p = board.empty_point(i);
      Board copy = board;
      uint64_t hash = board.hash_after(p, c);
      copy.play(p, c);
      EXPECT_EQ(copy.hash(), hash) << gtp_vertex(board, p);
      EXPECT_EQ(rebuilt(copy).hash(), hash) << gtp_vertex(board, p);
    }
  }
}

TEST(UnitBoard, HashDependsOnTheColouringOnly) {
  Board a(5, 5), b(5, 5);
  a.play(a.point(1, 1), Color::Black);
  a.play(a.point(2, 2), Color::White);
  b.play(b.point(2, 2), Color::White);
  b.play(b.point(1, 1), Color::Black);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_TRUE(a.same_colouring(b));
  Board c(5, 5);
  c.play(c.point(1, 1), Color::White);
  c.play(c.point(2, 2), Color::Black);
  EXPECT_NE(a.hash(), c.hash());
  EXPECT_FALSE(a.same_colouring(c));
  EXPECT_NE(a.hash(), Board(5, 5).hash());
}

TEST(UnitBoard, SetColourAndChainsWithoutLiberties) {
  Board board(3, 3);
  board.set_colour(board.point(0, 0), Color::Black);
  board.set_colour(board.point(1, 0), Color::White);
  EXPECT_FALSE(board.has_chain_without_liberties());
  board.set_colour(board.point(0, 1), Color::White);
  EXPECT_TRUE(board.has_chain_without_liberties());  // A3 is surrounded
  EXPECT_EQ(board.liberties(board.point(0, 0)), 0);
  EXPECT_EQ(board.check_consistency(), "");
  EXPECT_THROW(Game(board, Color::Black, Rules::tromp_taylor()), std::invalid_argument);
  board.set_colour(board.point(0, 0), Color::Empty);
  EXPECT_FALSE(board.has_chain_without_liberties());
  EXPECT_EQ(board.liberties(board.point(1, 0)), 3);  // A3 C3 B2
  EXPECT_EQ(board.stones(Color::Black), 0);
  EXPECT_EQ(board.empty_count(), 7);
  EXPECT_EQ(board.check_consistency(), "");
  EXPECT_EQ(diagram(board), text(R"(
    . O .
    O . .
    . . .
  )"));
}

TEST(UnitBoard, SwapEmptyKeepsTheSet) {
  Board board = board_from(". X .\n. O .\n. . .\n");
  std::set<Point> before;
  for (int i = 0; i < board.empty_count(); ++i) before.insert(board.empty_point(i));
  board.swap_empty(0, board.empty_count() - 1);
  board.swap_empty(1, 2);
  std::set<Point> after;
  for (int i = 0; i < board.empty_count(); ++i) after.insert(board.empty_point(i));
  EXPECT_EQ(before, after);
  EXPECT_EQ(board.check_consistency(), "");
  board.play(board.empty_point(0), Color::Black);
  EXPECT_EQ(board.check_consistency(), "");
}

TEST(UnitBoard, CopyIsIndependent) {
  Board a = board_from(". X\nO .\n");
  Board b = a;
  b.play(b.point(0, 0), Color::White);  // captures nothing: X B2 keeps B1
  EXPECT_EQ(diagram(a), ". X\nO .\n");
  EXPECT_EQ(diagram(b), "O X\nO .\n");
  a = b;
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(a.check_consistency(), "");
}

TEST(UnitGame, ResetReturnsToTheStart) {
  Game game = golden::game_from(". . .\n. X .\n. . .\n", Color::White, Rules::tromp_taylor());
  ASSERT_EQ(golden::play_all(game, "A1 C3 pass"), "");
  game.reset();
  EXPECT_EQ(diagram(game.board()), ". . .\n. X .\n. . .\n");
  EXPECT_EQ(game.to_move(), Color::White);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.consecutive_passes(), 0);
  // The history is forgotten too: the same moves are legal again.
  EXPECT_EQ(golden::play_all(game, "A1 C3 pass"), "");
}

TEST(UnitGame, MovesRecordColourAndPoint) {
  Game game(5, 5, Rules::japanese());
  ASSERT_EQ(golden::play_all(game, "C3 pass D4"), "");
  const Board& board = game.board();
  std::vector<Move> expected = {{Color::Black, vertex(board, "C3")},
                                {Color::White, kPass},
                                {Color::Black, vertex(board, "D4")}};
  EXPECT_EQ(game.moves(), expected);
  // GTP-style: a colour may play out of turn.
  EXPECT_EQ(game.play(Color::Black, vertex(board, "E5")), MoveError::None);
  EXPECT_EQ(game.to_move(), Color::White);
}

}  // namespace
}  // namespace tengen
