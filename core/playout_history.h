// The playout kernel's superko history: every recorded position as its key
// and full colouring (two bitsets of kWords words: Black's, then White's).
// A probe compares colourings only on a key match, so a key collision never
// makes a legal move illegal. Slots carry a generation stamp, so clearing
// costs nothing.
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

  // Room for `positions` positions without growing (it grows past them).
  void reserve(int positions) {
    size_t slots = 64;
    while (slots < size_t(positions) * 2) slots *= 2;
    slots_.assign(slots, Slot{});
    colourings_.resize(size_t(positions) * 2 * kWords);
    capacity_ = positions;
  }
  // Forgets every position.
  void clear() {
    count_ = 0;
    if (++generation_ == 0) {  // wrapped: stamps could look current
      std::fill(slots_.begin(), slots_.end(), Slot{});
      generation_ = 1;
    }
  }
  void add(uint64_t key, const Colouring& bits) {
    if (count_ >= capacity_) grow();
    std::memcpy(&colourings_[size_t(count_) * 2 * kWords], bits.data(), sizeof(bits));
    insert(key, count_++);
  }
  // Was a position with this key and the colouring build(out) writes
  // recorded? build is called at most once, and only on a key match.
  template <class Build>
  bool contains(uint64_t key, Build&& build) const {
    const size_t mask = slots_.size() - 1;
    for (size_t i = key & mask; slots_[i].generation == generation_; i = (i + 1) & mask) {
      if (slots_[i].key != key) continue;
      uint64_t after[2 * kWords];
      build(after);
      for (size_t j = i; slots_[j].generation == generation_; j = (j + 1) & mask) {
        if (slots_[j].key == key && std::memcmp(&colourings_[size_t(slots_[j].entry) * 2 * kWords],
                                                after, sizeof(after)) == 0) {
          return true;
        }
      }
      return false;
    }
    return false;
  }

 private:
  struct Slot {
    uint64_t key = 0;
    uint32_t generation = 0;
    int32_t entry = 0;
  };
  void insert(uint64_t key, int entry) {
    const size_t mask = slots_.size() - 1;
    size_t i = key & mask;
    while (slots_[i].generation == generation_) i = (i + 1) & mask;
    slots_[i] = Slot{key, generation_, entry};
  }
  // Only past the reserved length (a game longer than max_turns + 2
  // positions, which a playout never makes): rebuilds the table.
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    const uint32_t generation = generation_;
    reserve(capacity_ * 2);
    generation_ = 1;
    for (const Slot& s : old) {
      if (s.generation == generation) insert(s.key, s.entry);
    }
  }
  std::vector<Slot> slots_;
  std::vector<uint64_t> colourings_;
  int count_ = 0, capacity_ = 0;
  uint32_t generation_ = 1;
};

}  // namespace tengen
