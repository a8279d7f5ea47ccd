// The legal positions of a tiny board, numbered, with the moves between them:
// the graph on which Tromp and Farnebäck count games (games.h) and on which
// the solver searches (solve.h). Position 0 is the empty board.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/board.h"

namespace tengen::count {

class PositionGraph {
 public:
  // A placement.
  struct Edge {
    Point point;   // where the stone was placed
    int to;        // the position after it
    int captured;  // opponent stones cleared
    int suicided;  // own stones cleared (the placed one included)
  };

  // Enumerates the legal positions and the moves between them. Throws
  // std::invalid_argument if the board has more than `max_positions` legal
  // positions or more than kMaxEnginePoints points (legal.h).
  PositionGraph(int width, int height, int max_positions);

  int width() const { return width_; }
  int height() const { return height_; }
  int size() const { return int(codes_.size()); }

  // Position i on a board. 0 <= i < size().
  Board board(int i) const;
  // The position of a board of this size, or -1 if it has a chain without
  // liberties.
  int index(const Board& board) const;

  // The placements of c from position i, in row order of point. A
  // single-stone suicide leads back to i itself (to == i), which no game
  // of Tromp and Farnebäck's graph and no move under positional superko can
  // take. Neither the suicide rule nor ko is applied here.
  std::span<const Edge> moves(int i, Color c) const {
    const size_t k = 2 * size_t(i) + (c == Color::White);
    return {edges_.data() + first_[k], edges_.data() + first_[k + 1]};
  }

  // Black's area minus White's (stones + empty points reaching only one
  // colour), without komi.
  int area_margin(int i) const { return margin_[size_t(i)]; }

 private:
  uint64_t code(const Board& board) const;

  int width_, height_;
  std::vector<Point> points_;    // the board's points in row order
  std::vector<uint64_t> codes_;  // sorted: 2 bits per point in row order
  std::vector<Edge> edges_;      // by (position, colour)
  std::vector<uint32_t> first_;  // 2 * size() + 1 offsets into edges_
  std::vector<int> margin_;
};

}  // namespace tengen::count
