// Area ownership of a playout's final board in one pass: stones count for
// their colour, an empty region for the one colour it reaches (neutral if it
// reaches both or neither). Empty points whose neighbours are all stones
// (every point left at the end of most playouts) are settled without a
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

// Who a point counts for, by (colour << 9 | open << 8 | Black and White
// neighbour counts): a stone's colour; for an empty point with no empty
// neighbour, the one colour it touches, else neutral; an open empty point is
// left unseen.
inline constexpr std::array<uint8_t, 3 * 512> kOwnerTable = [] {
  std::array<uint8_t, 3 * 512> t{};
  for (int c = 0; c < 3; ++c) {
    for (int open = 0; open < 2; ++open) {
      for (int counts = 0; counts < 256; ++counts) {
        const bool black = (counts & 15) != 0, white = (counts >> 4) != 0;
        Color who = black == white ? Color::Empty : (black ? Color::Black : Color::White);
        if (c != 0) who = Color(c);
        if (c == 0 && open) who = kUnseen;
        t[size_t(c << 9 | open << 8 | counts)] = uint8_t(who);
      }
    }
  }
  return t;
}();

}  // namespace playout_area_detail

// Writes who each point counts for into owner[] (Black, White, or Empty for
// neutral; walls untouched) and counts it. kArray: room for the whole array.
//
// One pass settles every stone and every empty point with no empty
// neighbour by a table, without a branch on which it is (the colour a
// playout leaves on a point is random, and a mispredicted branch costs more
// than the lookup), and counts by adding to 16-bit fields. The empty points
// with an empty neighbour are listed as they pass; a playout that ended by
// two passes leaves none (such a point is no eye and, but for superko,
// legal), so the flood fill and the second count run only after a move cap
// or a superko stand-off.
template <int kArray>
AreaCount count_playout_area(const PlayoutArea& a, Color* owner) {
  using namespace playout_area_detail;
  std::array<Point, kArray> open;
  int opens = 0;
  uint64_t owners = 0, stones = 0;  // 16-bit fields indexed by colour
  for (int y = 0; y < a.height; ++y) {
    const int row = (y + 1) * a.stride + 1;
    for (int x = 0; x < a.width; ++x) {
      const Point p = Point(row + x);
      const uint32_t c = uint32_t(a.color[p]);
      const uint32_t n = a.nbr[p];
      const uint32_t is_open = (c == 0) & ((n & 15) != 0);
      const uint32_t who = kOwnerTable[c << 9 | is_open << 8 | ((n >> 4) & 0xFF)];
      owner[p] = Color(who);
      open[size_t(opens)] = p;
      opens += int(is_open);
      owners += uint64_t(1) << ((16 * who) & 63);  // unseen lands on neutral: recounted below
      stones += uint64_t(1) << (16 * c);
    }
  }
  if (opens == 0) {
    AreaCount count;
    count.neutral = int(owners & 0xFFFF);
    count.black = int((owners >> 16) & 0xFFFF);
    count.white = int((owners >> 32) & 0xFFFF);
    count.black_stones = int((stones >> 16) & 0xFFFF);
    count.white_stones = int((stones >> 32) & 0xFFFF);
    return count;
  }
  std::array<Point, kArray> stack;
  for (int i = 0; i < opens; ++i) {
    if (owner[open[size_t(i)]] == kUnseen) fill_region(a, open[size_t(i)], owner, stack.data());
  }
  return tally(a, owner);
}

}  // namespace tengen
