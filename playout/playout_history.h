// The playout kernel's superko history: every recorded position as its key
// and full colouring (two bitsets of kWords words: Black's, then White's),
// in the order recorded, chained into buckets by the key's low bits. A probe
// walks one bucket and compares colourings only on a key match, so a key
// collision never makes a legal move illegal. Recording a position is
// straight-line code (no probe sequence, no branch on the table). Bucket
// heads carry a generation stamp, so forgetting every position costs
// nothing.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tengen {

template <int kWords>
class PlayoutHistory {
 public:
  using Colouring = std::array<uint64_t, 2 * kWords>;

  // Room for `positions` positions without growing (it grows past them),
  // with at least two buckets per position, so that buckets are short.
  void reserve(int positions) {
    size_t buckets = 64;
    while (buckets < size_t(positions) * 2) buckets *= 2;
    head_.assign(buckets, 0);
    generation_ = 1;
    capacity_ = 0;
    count_ = 0;
    resize(std::max(1, positions));
  }
  // Forgets every position.
  void clear() {
    count_ = 0;
    if (++generation_ == 0) {  // wrapped: stamps could look current
      std::fill(head_.begin(), head_.end(), 0);
      generation_ = 1;
    }
  }
  void add(uint64_t key, const Colouring& bits) {
    if (count_ >= capacity_) [[unlikely]]
      resize(2 * capacity_);
    const size_t i = size_t(count_++);
    keys_[i] = key;
    std::memcpy(&colourings_[i * 2 * kWords], bits.data(), sizeof(bits));
    uint64_t& head = head_[bucket(key)];
    next_[i] = first(head);
    head = uint64_t(generation_) << 32 | i;
  }
  // Was a position with this key and the colouring build(out) writes
  // recorded? build is called at most once, and only on a key match.
  template <class Build>
  bool contains(uint64_t key, Build&& build) const {
    bool built = false;
    uint64_t after[2 * kWords];
    for (int32_t i = first(head_[bucket(key)]); i != kNone; i = next_[size_t(i)]) {
      if (keys_[size_t(i)] != key) continue;
      if (!built) {
        build(after);
        built = true;
      }
      if (std::memcmp(&colourings_[size_t(i) * 2 * kWords], after, sizeof(after)) == 0) {
        return true;
      }
    }
    return false;
  }

 private:
  static constexpr int32_t kNone = -1;
  size_t bucket(uint64_t key) const { return size_t(key) & (head_.size() - 1); }
  // The last position recorded in a bucket whose head is h, or kNone.
  int32_t first(uint64_t h) const {
    return uint32_t(h >> 32) == generation_ ? int32_t(uint32_t(h)) : kNone;
  }
  // Past the reserved length only (a game longer than max_turns + 2
  // positions, which a playout never makes). The buckets keep their number:
  // longer chains, the same answers.
  void resize(int capacity) {
    capacity_ = capacity;
    keys_.resize(size_t(capacity));
    next_.resize(size_t(capacity));
    colourings_.resize(size_t(capacity) * 2 * kWords);
  }
  // Per bucket: generation << 32 | the last position recorded in it; a head
  // of an earlier generation is an empty bucket.
  std::vector<uint64_t> head_;
  std::vector<int32_t> next_;  // per position: the one recorded before it in its bucket
  std::vector<uint64_t> keys_;
  std::vector<uint64_t> colourings_;
  int count_ = 0, capacity_ = 0;
  uint32_t generation_ = 1;
};

}  // namespace tengen
