// Zobrist keys: compile-time data derived from splitmix64, so there is no
// "initialise first" rule and every build hashes every position the same way.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace tengen::zobrist {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// One key per padded-array index and stone colour; covers the largest board.
constexpr int kKeyCount = (kMaxSide + 2) * (kMaxSide + 1) + 1;

struct Keys {
  std::array<std::array<uint64_t, kKeyCount>, 2> stone{};  // [Black, White][point]
  uint64_t white_to_move = 0;
};

constexpr Keys make_keys() {
  Keys keys;
  uint64_t state = 0x74656e67656eull;  // "tengen"
  for (int i = 0; i < kKeyCount; ++i) {
    keys.stone[0][i] = splitmix64(state);
    keys.stone[1][i] = splitmix64(state);
  }
  keys.white_to_move = splitmix64(state);
  return keys;
}

inline constexpr Keys kKeys = make_keys();

// Precondition: c is Black or White.
inline uint64_t key(Point p, Color c) {
  return kKeys.stone[int(c) - 1][p];
}

}  // namespace tengen::zobrist
