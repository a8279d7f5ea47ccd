#include "count/position_graph.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/scoring.h"
#include "count/legal.h"

namespace tengen::count {

PositionGraph::PositionGraph(int width, int height, int max_positions)
    : width_(width), height_(height) {
  const Board empty(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) points_.push_back(empty.point(x, y));
  }
  for_each_legal_position(width, height, [&](const Board& b) {
    if (int(codes_.size()) >= max_positions) {
      throw std::invalid_argument(std::to_string(width) + "x" + std::to_string(height) +
                                  " has more than " + std::to_string(max_positions) +
                                  " legal positions, too many for this count");
    }
    codes_.push_back(code(b));
  });
  std::sort(codes_.begin(), codes_.end());  // the empty board (code 0) comes first

  Rules area = Rules::tromp_taylor();
  area.komi = 0;
  first_.push_back(0);
  for (int i = 0; i < size(); ++i) {
    const Board b = board(i);
    const Score s = score(b, area, ScoreContext{});
    margin_.push_back(s.black - s.white);
    for (Color c : {Color::Black, Color::White}) {
      for (Point p : points_) {
        if (b.at(p) != Color::Empty) continue;
        const MoveEffect e = b.effect(p, c);
        Board after = b;
        after.play(p, c);
        edges_.push_back(Edge{p, index(after), e.captured_stones, e.suicided_stones});
      }
      first_.push_back(uint32_t(edges_.size()));
    }
  }
}

uint64_t PositionGraph::code(const Board& board) const {
  uint64_t c = 0;
  for (size_t i = 0; i < points_.size(); ++i) c |= uint64_t(board.at(points_[i])) << (2 * i);
  return c;
}

Board PositionGraph::board(int i) const {
  // Stones placed in row order never capture in a legal position (see legal.cpp).
  Board b(width_, height_);
  const uint64_t c = codes_[size_t(i)];
  for (size_t k = 0; k < points_.size(); ++k) {
    const Color colour = Color((c >> (2 * k)) & 3);
    if (colour != Color::Empty) b.play(points_[k], colour);
  }
  return b;
}

int PositionGraph::index(const Board& board) const {
  auto it = std::lower_bound(codes_.begin(), codes_.end(), code(board));
  if (it == codes_.end() || *it != code(board)) return -1;
  return int(it - codes_.begin());
}

}  // namespace tengen::count
