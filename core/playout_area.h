// Area ownership of a playout's final board in one pass: stones count for
// their colour, an empty region for the one colour it reaches (neutral if it
// reaches both or neither). Empty points whose neighbours are all stones
// (nearly every point left at the end of a playout) are settled without a
// flood fill.
#pragma once

#include <array>
#include <cstdint>

#include "core/scoring.h"
#include "core/types.h"

namespace tengen {

// The board as count_playout_area reads it: colours and Board's packed
// neighbour counts (4 bits each: empty, Black, White, wall), indexed like a
// Board's array of this width, height and stride.
struct PlayoutArea {
  int width, height, stride;
  const Color* color;
  const uint16_t* nbr;
};

namespace playout_area_detail {

// Markers, never left in owner[] on return.
constexpr Color kUnseen = Color(4);
constexpr Color kFilling = Color(5);

// Floods the empty region of p (unseen) through `stack` (room for every
// point) and writes its owner over it.
inline void fill_region(const PlayoutArea& a, Point p, Color* owner, Point* stack) {
  const int s = a.stride;
  bool reaches_black = false, reaches_white = false;
  int size = 0, next = 0;
  stack[size++] = p;
  owner[p] = kFilling;
  while (next < size) {
    const Point q = stack[next++];
    const int m = a.nbr[q];
    reaches_black |= ((m >> 4) & 15) != 0;
    reaches_white |= ((m >> 8) & 15) != 0;
    if ((m & 15) == 0) continue;
    for (const int d : {-1, 1, -s, s}) {
      const Point r = Point(q + d);
      if (a.color[r] == Color::Empty && owner[r] == kUnseen) {
        owner[r] = kFilling;
        stack[size++] = r;
      }
    }
  }
  const Color who =
      reaches_black == reaches_white ? Color::Empty : (reaches_black ? Color::Black : Color::White);
  for (int k = 0; k < size; ++k) owner[stack[k]] = who;
}

inline AreaCount tally(const PlayoutArea& a, const Color* owner) {
  AreaCount count;
  for (int y = 0; y < a.height; ++y) {
    const int row = (y + 1) * a.stride + 1;
    for (int x = 0; x < a.width; ++x) {
      const Point p = Point(row + x);
      const Color o = owner[p];
      const bool stone = a.color[p] != Color::Empty;
      count.black += o == Color::Black;
      count.white += o == Color::White;
      count.neutral += o == Color::Empty;
      count.black_stones += stone && o == Color::Black;
      count.white_stones += stone && o == Color::White;
    }
  }
  return count;
}

}  // namespace playout_area_detail

// Writes who each point counts for into owner[] (Black, White, or Empty for
// neutral; walls untouched) and counts it. kArray: room for the whole array.
template <int kArray>
AreaCount count_playout_area(const PlayoutArea& a, Color* owner) {
  using namespace playout_area_detail;
  std::array<Point, kArray> stack;
  for (int y = 0; y < a.height; ++y) {
    const int row = (y + 1) * a.stride + 1;
    for (int x = 0; x < a.width; ++x) owner[row + x] = kUnseen;
  }
  for (int y = 0; y < a.height; ++y) {
    const int row = (y + 1) * a.stride + 1;
    for (int x = 0; x < a.width; ++x) {
      const Point p = Point(row + x);
      const Color c = a.color[p];
      if (c != Color::Empty) {
        owner[p] = c;
      } else if (owner[p] == kUnseen) {
        const int n = a.nbr[p];
        const bool black = (n >> 4) & 15, white = (n >> 8) & 15;
        if ((n & 15) == 0) {  // a one-point region
          owner[p] = black == white ? Color::Empty : (black ? Color::Black : Color::White);
        } else {
          fill_region(a, p, owner, stack.data());
        }
      }
    }
  }
  return tally(a, owner);
}

}  // namespace tengen
