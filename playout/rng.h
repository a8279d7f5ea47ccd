// Our own small random number generators. Every result the self-play layer
// produces comes from these, never from <random>'s distributions, whose output
// differs between standard libraries.
#pragma once

#include <cstdint>

// TENGEN_HD as playout/hd.h defines it, repeated so that this installed
// header stands alone.
#ifndef TENGEN_HD
#if defined(__CUDACC__)
#define TENGEN_HD __host__ __device__
#else
#define TENGEN_HD
#endif
#endif

namespace tengen::playout {

// The splitmix64 output function: a bijective mix of 64 bits.
TENGEN_HD constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

// splitmix64: a Weyl sequence through mix64. Used to seed xoshiro.
class SplitMix64 {
 public:
  TENGEN_HD constexpr explicit SplitMix64(uint64_t seed) : state_(seed) {}
  TENGEN_HD constexpr uint64_t next() { return mix64(state_ += kGolden); }

 private:
  uint64_t state_;
};

// xoshiro256** (Blackman and Vigna), seeded through splitmix64 so that any
// 64-bit seed, zero included, gives a good state.
class Rng {
 public:
  TENGEN_HD constexpr explicit Rng(uint64_t seed) {
    SplitMix64 sm(seed);
    for (uint64_t& word : s_) word = sm.next();
  }

  TENGEN_HD constexpr uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Exactly uniform in [0, n): Lemire's multiply-shift on the high 32 bits,
  // rejecting the 2^32 mod n low products that would bias it.
  // Precondition: n > 0.
  TENGEN_HD constexpr uint32_t below(uint32_t n) {
    const uint64_t m = (next() >> 32) * uint64_t(n);
    // The low product falls below n about n times in 2^32: only then is the
    // division for the exact threshold needed. Out of line, so that the
    // compiler does not compute it on every draw.
    if (uint32_t(m) < n) [[unlikely]]
      return below_slow(n, m);
    return uint32_t(m >> 32);
  }

 private:
  [[gnu::noinline]] TENGEN_HD constexpr uint32_t below_slow(uint32_t n, uint64_t m) {
    const uint32_t threshold = uint32_t(-n) % n;
    while (uint32_t(m) < threshold) m = (next() >> 32) * uint64_t(n);
    return uint32_t(m >> 32);
  }
  TENGEN_HD static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4]{};
};

// The seed of game `index` of a run: the index-th output of the splitmix64
// sequence that starts from the mixed run seed. Depends on nothing else, so
// game i plays the same on any number of threads.
TENGEN_HD constexpr uint64_t game_seed(uint64_t run_seed, uint64_t index) {
  return mix64(mix64(run_seed) + (index + 1) * kGolden);
}

inline Rng game_rng(uint64_t run_seed, uint64_t index) {
  return Rng(game_seed(run_seed, index));
}

}  // namespace tengen::playout
