// The playout board checks itself: every incremental field of
// playout/playout_board.h recomputed from the colours alone and compared.
// For tests (after every move) and debugging; a playout never calls it.
#pragma once

#include <string>
#include <vector>

#include "playout/playout_board.h"

namespace tengen {

// "" if the board is consistent, else the first difference in words.
template <class Geometry, bool kKeys>
std::string check_consistency(const PlayoutBoard<Geometry, kKeys>& b) {
  const int n = b.array_size(), s = b.stride();
  const int d[4] = {-1, 1, -s, s};
  auto at = [&](int p) { return "point " + std::to_string(p); };
  // Neighbour counts, and the empty list against the colours.
  int empties = 0;
  for (int p = 0; p < n; ++p) {
    const Color c = b.color_[p];
    if (c == Color::Wall) continue;
    int counts = 0;
    for (const int k : d) counts += 1 << (4 * int(b.color_[p + k]));
    if (b.nbr_[p] != counts) return at(p) + ": neighbour counts";
    if (c != Color::Empty) continue;
    ++empties;
    const int i = b.empty_at_[p];
    if (i >= b.empty_count_ || b.empty_[i] != p) return at(p) + ": not in the empty list";
    if (b.head_[p] != kNoPoint) return at(p) + ": empty point with a chain";
  }
  if (empties != b.empty_count_) return "empty count";
  // Chains: each stone's chain by a flood fill, against its head, ring and record.
  std::vector<int> chain_of(size_t(n), -1);
  uint64_t hash = 0;
  int stones = 0;
  for (int p = 0; p < n; ++p) {
    const Color c = b.color_[p];
    if ((c != Color::Black && c != Color::White) || chain_of[size_t(p)] >= 0) continue;
    std::vector<int> chain{p};
    chain_of[size_t(p)] = p;
    PlayoutChain record{0, 0, 0, 0};
    uint64_t key = 0;
    for (size_t i = 0; i < chain.size(); ++i) {
      const int q = chain[i];
      ++record.stones;
      key ^= zobrist::key(Point(q), c);
      for (const int k : d) {
        const int r = q + k;
        if (b.color_[r] == Color::Empty) add_lib(record, Point(r));
        if (b.color_[r] == c && chain_of[size_t(r)] < 0) {
          chain_of[size_t(r)] = p;
          chain.push_back(r);
        }
      }
    }
    const Point head = b.head_[p];
    int ring = 0;
    Point q = head;
    do {
      if (q >= n || chain_of[q] != p) return at(p) + ": chain ring leaves the chain";
      q = b.next_[q];
    } while (q != head && ++ring <= int(chain.size()));
    if (ring + 1 != int(chain.size())) return at(p) + ": chain ring length";
    for (const int stone : chain) {
      if (b.head_[stone] != head) return at(stone) + ": head differs within its chain";
    }
    const PlayoutChain& kept = b.chain_[head];
    if (kept.stones != record.stones || kept.libs != record.libs ||
        kept.lib_sum != record.lib_sum || kept.lib_sum_sq != record.lib_sum_sq) {
      return at(p) + ": chain record";
    }
    if constexpr (kKeys) {
      if (b.chain_key_[head] != key) return at(p) + ": chain key";
      hash ^= key;
      stones += int(chain.size());
    }
  }
  if constexpr (kKeys) {
    if (b.hash_ != hash) return "hash";
    if (b.stones_ != stones) return "stone count";
    for (int p = 0; p < n; ++p) {
      for (const Color c : {Color::Black, Color::White}) {
        const bool bit = b.bits_[(int(c) - 1) * b.kWords + (p >> 6)] >> (p & 63) & 1;
        if (bit != (b.color_[p] == c)) return at(p) + ": colouring bit";
      }
      if (b.color_[p] == Color::Black || b.color_[p] == Color::White) {
        if (!b.ever_occupied(Point(p))) return at(p) + ": stone never marked occupied";
      }
    }
  }
  return "";
}

}  // namespace tengen
