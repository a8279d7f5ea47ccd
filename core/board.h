// The fast board: colours in a flat array with a sentinel border, chains as
// circular lists with exact liberty counts kept incrementally, an incremental
// Zobrist hash, the list of empty points and a bitset colouring. It knows the
// Tromp-Taylor move (colour, clear the opponent, clear oneself) and nothing of
// ko, turns or history: that is Game's job.
//
// Layout, for a W x H board, stride S = W + 1 (one shared sentinel column):
//
//   index 0 .. S-1           top sentinel row
//   (y+1)*S + x              the point in column x, row y (row 0 at the top)
//   (y+1)*S + W              sentinel at the end of row y (also left of row y+1)
//   (H+1)*S .. (H+2)*S - 1   bottom sentinel row
//
// Neighbours of p are p-1, p+1, p-S, p+S, and always lie inside the array.
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
  static constexpr int kMaxArray = (kMaxSide + 2) * (kMaxSide + 1);
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
  int array_size() const { return (height_ + 2) * stride_; }

  Point point(int x, int y) const { return Point((y + 1) * stride_ + x); }
  int column(Point p) const { return p % stride_; }
  int row(Point p) const { return p / stride_ - 1; }
  bool on_board(Point p) const { return p < array_size() && color_[p] != Color::Wall; }

  Color at(Point p) const { return color_[p]; }
  const std::array<Point, 4>& offsets() const { return offsets_; }

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
  void swap_empty(int i, int j);

  // The colouring as bitsets: words [0, n) black, [n, 2n) white, with
  // n = colouring_words(). Two boards of one size have the same colouring
  // iff these words are equal.
  int colouring_words() const { return colouring_words_; }
  const uint64_t* colouring() const { return bits_.data(); }
  bool same_colouring(const Board& other) const;

  // Precondition: p is an empty point on the board; c is Black or White.
  MoveEffect effect(Point p, Color c) const;
  // The hash of the position play(p, c) would make. Same precondition.
  uint64_t hash_after(Point p, Color c) const;
  // A one-point eye of c: every on-board neighbour is c, and the opponent holds
  // fewer than two diagonal points (none on an edge or in a corner).
  bool is_eye(Point p, Color c) const;

  // Colours p, clears opponent chains without liberties, then own.
  // Precondition: p is an empty point on the board; c is Black or White.
  PlayResult play(Point p, Color c);

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

  void copy_from(const Board& other);
  void add_stone(Point p, Color c);
  void clear_point(Point p);
  void remove_chain(Point head);
  void merge_chains(Point a, Point b);
  bool adjacent_to_chain(Point p, Point head) const;
  void rebuild();

  int width_ = 0, height_ = 0, stride_ = 0;
  int colouring_words_ = 0;
  std::array<Point, 4> offsets_{};
  uint64_t hash_ = 0;
  std::array<int, 4> stones_{};
  int empty_count_ = 0;

  std::array<Color, kMaxArray> color_;
  std::array<Point, kMaxArray> head_;
  std::array<Point, kMaxArray> next_;
  std::array<Chain, kMaxArray> chain_;        // valid at chain heads
  std::array<Point, kMaxArray> empty_;        // the empty points
  std::array<uint16_t, kMaxArray> empty_at_;  // index of a point in empty_
  std::array<uint64_t, 2 * kMaxColouringWords> bits_;
};

}  // namespace tengen
