// A playout chain's record: stones and pseudo-liberties (one per
// stone-empty adjacency, so a liberty shared by two stones counts twice),
// with their sum and sum of squares. A chain has no liberty iff the count is
// 0, and is in atari (exactly one liberty) iff count * sum_sq == sum * sum
// (Cauchy-Schwarz: equality iff every pseudo-liberty is the same point).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace tengen {

struct PlayoutChain {
  uint16_t stones;
  uint16_t libs;  // pseudo-liberties
  uint32_t lib_sum;
  uint32_t lib_sum_sq;
};

// Exactly one liberty (possibly counted several times). Precondition: libs > 0.
inline bool in_atari(const PlayoutChain& c) {
  return uint64_t(c.libs) * c.lib_sum_sq == uint64_t(c.lib_sum) * c.lib_sum;
}
inline void add_lib(PlayoutChain& c, Point p) {
  ++c.libs;
  c.lib_sum += p;
  c.lib_sum_sq += uint32_t(p) * p;
}
inline void remove_lib(PlayoutChain& c, Point p) {
  --c.libs;
  c.lib_sum -= p;
  c.lib_sum_sq -= uint32_t(p) * p;
}
// c's liberties and stones join into `into`'s.
inline void join(PlayoutChain& into, const PlayoutChain& c) {
  into.stones = uint16_t(into.stones + c.stones);
  into.libs = uint16_t(into.libs + c.libs);
  into.lib_sum += c.lib_sum;
  into.lib_sum_sq += c.lib_sum_sq;
}

}  // namespace tengen
