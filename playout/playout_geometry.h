// The playout kernel's board geometry: a size known at compile time
// (constant offsets and array bounds) or at run time. Same layout as Board:
// stride width + 1, one shared sentinel column, a sentinel row above and below.
#pragma once

#include <stdexcept>
#include <string>

#include "core/board.h"

namespace tengen {

// A board size known at compile time.
template <int W, int H>
struct FixedGeometry {
  static constexpr int kArray = (H + 2) * (W + 1) + 1;
  explicit FixedGeometry(int width, int height) {
    if (width != W || height != H) throw std::invalid_argument("geometry does not fit the board");
  }
  static constexpr int width() { return W; }
  static constexpr int height() { return H; }
  static constexpr int stride() { return W + 1; }
  static std::string name() { return std::to_string(W) + "x" + std::to_string(H); }
};

// Any size up to kMaxSide, known at run time.
struct DynamicGeometry {
  static constexpr int kArray = Board::kMaxArray;
  DynamicGeometry(int width, int height) : width_(width), height_(height) {}
  int width() const { return width_; }
  int height() const { return height_; }
  int stride() const { return width_ + 1; }
  static std::string name() { return "any"; }
  int width_, height_;
};

}  // namespace tengen
