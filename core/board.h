// The fast board: colours in a flat array with a sentinel border, chains as
// circular lists with exact liberty counts kept incrementally, an incremental
// Zobrist hash, the list of empty points and a bitset colouring. It knows the
// Tromp-Taylor move (colour, clear the opponent, clear oneself) and nothing of
// ko, turns or history: that is Game's job.
//
// Layout, for a W x H board, stride S = W + 1 (one sentinel column shared by
// the right edge of a row and the left edge of the next):
//
//   index 0 .. S-1           top sentinel row
//   (y+1)*S                  sentinel left of row y
//   (y+1)*S + 1 + x          the point in column x, row y (row 0 at the top)
//   (H+1)*S .. (H+2)*S       bottom sentinel row (one extra for the last diagonal)
//
// Orthogonal neighbours p-1, p+1, p-S, p+S and diagonal ones p-S-1 ... p+S+1 of
// every point on the board lie inside the array.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace tengen {

// What a placement does, computed without playing it.
struct MoveEffect {
  int captured_stones = 0;  // opponent stones that would be cleared
  int suicided_stones = 0;  // own stones that would be cleared (0 if any capture)
  bool suicide() const { return suicided_stones > 0; }
};

// What play() did.
struct PlayResult {
  int captured_stones = 0;
  int suicided_stones = 0;
};

class Board {
 public:
  static constexpr int kMaxArray = (kMaxSide + 2) * (kMaxSide + 1) + 1;
  // Colouring bitsets cover the padded array: one bit per index and colour.
  static constexpr int kMaxColouringWords = (kMaxArray + 63) / 64;

  // Throws std::invalid_argument unless 1 <= width, height <= kMaxSide.
  Board(int width, int height);
  Board(const Board& other) { copy_from(other); }
  Board& operator=(const Board& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  int width() const { return width_; }
  int height() const { return height_; }
  int stride() const { return stride_; }
  int area() const { return width_ * height_; }
  // One past the largest index used by this board's array.
  int array_size() const { return (height_ + 2) * stride_ + 1; }

  Point point(int x, int y) const { return Point((y + 1) * stride_ + x + 1); }
  int column(Point p) const { return p % stride_ - 1; }
  int row(Point p) const { return p / stride_ - 1; }
  bool on_board(Point p) const { return p < array_size() && color_[p] != Color::Wall; }

  Color at(Point p) const { return color_[p]; }
  // The whole padded array of colours (array_size() entries, laid out as
  // above), for views such as the Python module's NumPy board.
  const Color* colours() const { return color_.data(); }
  // Offsets to the four orthogonal neighbours.
  const std::array<int, 4>& offsets() const { return offsets_; }

  // Chains. Precondition: p holds a stone.
  Point chain_head(Point p) const { return head_[p]; }
  Point next_in_chain(Point p) const { return next_[p]; }
  int liberties(Point p) const { return chain_[head_[p]].liberties; }
  int chain_size(Point p) const { return chain_[head_[p]].stones; }

  int stones(Color c) const { return stones_[int(c)]; }
  uint64_t hash() const { return hash_; }

  // The empty points, in no particular order.
  int empty_count() const { return empty_count_; }
  Point empty_point(int i) const { return empty_[i]; }
  // Swaps two entries of the empty list (lets a sampler shrink a candidate
  // range in place without copying it).
  void swap_empty(int i, int j) {
    const Point a = empty_[i], b = empty_[j];
    empty_[i] = b;
    empty_[j] = a;
    empty_at_[b] = uint16_t(i);
    empty_at_[a] = uint16_t(j);
  }

  // The colouring as bitsets: words [0, n) black, [n, 2n) white, with
  // n = colouring_words(). Two boards of one size have the same colouring
  // iff these words are equal.
  int colouring_words() const { return colouring_words_; }
  const uint64_t* colouring() const { return bits_.data(); }
  bool same_colouring(const Board& other) const;
  // Writes the colouring play(p, c) would make into out[0, 2 * colouring_words()).
  // Same precondition as hash_after.
  void colouring_after(Point p, Color c, const MoveEffect& effect, uint64_t* out) const;

  // Does p have an empty orthogonal neighbour? (Then placing there is never
  // suicide.) O(1): neighbour counts are kept per point.
  bool has_empty_neighbour(Point p) const { return (neighbours_[p] & 15) != 0; }

  // Precondition: p is an empty point on the board; c is Black or White.
  MoveEffect effect(Point p, Color c) const;
  // The hash of the position play(p, c) would make. Same precondition;
  // `effect` must be effect(p, c).
  uint64_t hash_after(Point p, Color c, const MoveEffect& effect) const;
  uint64_t hash_after(Point p, Color c) const { return hash_after(p, c, this->effect(p, c)); }
  // A one-point eye of c: every on-board neighbour is c, and the opponent holds
  // fewer than two diagonal points (none on an edge or in a corner).
  bool is_eye(Point p, Color c) const {
    const int n = neighbours_[p];
    if (((n >> (4 * int(c))) & 15) + (n >> 12) != 4) return false;
    return diagonals_allow_eye(p, c);
  }

  // Colours p, clears opponent chains without liberties, then own.
  // Precondition: p is an empty point on the board; c is Black or White.
  PlayResult play(Point p, Color c);

  // What one play() changed, enough to take it back: a fixed-size value
  // (no allocation), read only by Board.
  class Change;
  // play() that also fills `change`, for undo().
  PlayResult play(Point p, Color c, Change& change);
  // Takes back the play() that filled `change`. Precondition: every play()
  // since then has been taken back, last first, and no set_colour() came
  // between. Chains, liberty counts, hash, colouring and neighbour counts are
  // then exactly as before the play, and so is the empty list's order unless
  // swap_empty() reordered it in between (then it holds the same points).
  void undo(const Change& change);

  // Sets a point's colour outside of play (setup stones, dead-stone removal)
  // and rebuilds the chains from scratch. Chains may be left without
  // liberties; has_chain_without_liberties() tells.
  void set_colour(Point p, Color c);
  bool has_chain_without_liberties() const;

  // Recomputes chains, liberties, counts, hash, empty list and colouring from
  // the colours alone and compares. Returns "" when consistent, else what differs.
  std::string check_consistency() const;

 private:
  struct Chain {
    uint16_t liberties;
    uint16_t stones;
  };

 public:
  class Change {
   public:
    const PlayResult& result() const { return result_; }

   private:
    friend class Board;
    Point point_ = kNoPoint;
    Color color_ = Color::Empty;
    uint8_t neighbours_ = 0;  // distinct neighbouring chains before the play
    uint8_t merges_ = 0;
    uint8_t captured_ = 0;       // bit i: chain neighbour_[i] was captured
    uint16_t empty_index_ = 0;   // the point's place in the empty list
    Point next_ = kNoPoint;      // next_[point] before: a captured chain's list may run through it
    Point base_ = kNoPoint;      // the own chain the stone joined (kNoPoint: a chain of its own)
    Point suicided_ = kNoPoint;  // the head of the chain removed by suicide
    PlayResult result_;
    std::array<Point, 4> neighbour_{};
    std::array<Chain, 4> neighbour_chain_{};  // their counts before the play
    std::array<Point, 3> merged_into_{};  // merge k joined chain merged_from_[k] to merged_into_[k]
    std::array<Point, 3> merged_from_{};
  };

 private:
  static bool is_stone(Color c) { return uint8_t(c) - 1u < 2u; }
  // The neighbour-count field of each colour (see neighbours_).
  static constexpr int shift(Color c) { return 4 * int(c); }

  template <bool kRecord>
  PlayResult place(Point p, Color c, Change* change);
  // place()'s middle: p starts a chain, or joins `base` and the other own
  // chains among seen[0, count) join it.
  template <bool kRecord>
  void connect(Point p, Color c, Point base, const Point* seen, int count, Change* change);
  void copy_from(const Board& other);
  // The diagonal half of is_eye.
  bool diagonals_allow_eye(Point p, Color c) const;
  void add_stone(Point p, Color c);
  void clear_point(Point p);
  void remove_chain(Point head);
  // remove_chain(head) taken back: the `stones` stones of colour c come back.
  void restore_chain(Point head, Color c, int stones);
  void restore_point(Point p, Color c, Point head);
  void remove_empty(Point p);
  Point merge_chains(Point a, Point b);
  bool adjacent_to_chain(Point p, Point head) const;
  void rebuild();
  // The halves of check_consistency: per point (walls, empty list, neighbour
  // counts, hash, stone counts, colouring), then per chain.
  std::string check_points() const;
  std::string check_chains() const;
  std::string where(Point p) const;  // "(x,y)" for messages
  void count_neighbours();

  int width_ = 0, height_ = 0, stride_ = 0;
  int colouring_words_ = 0;
  std::array<int, 4> offsets_{};
  uint64_t hash_ = 0;
  std::array<int, 4> stones_{};
  int empty_count_ = 0;

  std::array<Color, kMaxArray> color_;
  std::array<Point, kMaxArray> head_;
  std::array<Point, kMaxArray> next_;
  std::array<Chain, kMaxArray> chain_;        // valid at chain heads
  std::array<Point, kMaxArray> empty_;        // the empty points
  std::array<uint16_t, kMaxArray> empty_at_;  // index of a point in empty_
  // Orthogonal neighbours of each point by colour, 4 bits each:
  //   bits 0-3 empty, 4-7 black, 8-11 white, 12-15 wall.
  // Meaningful for points on the board only.
  std::array<uint16_t, kMaxArray> neighbours_;
  std::array<uint64_t, 2 * kMaxColouringWords> bits_;
};

}  // namespace tengen
