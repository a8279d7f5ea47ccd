// One light playout on a PortableGame, and what the self-play statistics need
// of it, in TENGEN_HD code: the light policy's choice (playout/light_choice.h,
// the same draws), the kernel's loop (playout/kernel.cpp), and a compact
// result with the game's digest (xxHash64 of selfplay/digest.h's bytes) and
// its area owners packed two bits a vertex, so that a GPU hands back a few
// dozen bytes a game and the host finishes the statistics (gpu/results.h).
#pragma once

#include <cstdint>

#include "gpu/portable_game.h"
#include "playout/hd.h"
#include "playout/rng.h"

namespace tengen::gpu {

// light_choice.h's kDrawsWithReplacement: the draws must match it.
inline constexpr int kPortableDraws = 4;

// choose_light_move: the same random numbers give the same point.
// candidates: room for every empty point.
template <class G>
TENGEN_HD Point choose_portable_move(const G& game, playout::Rng& rng, Point* candidates) {
  const Color c = game.to_move();
  const int n = game.empty_count();
  if (n == 0) return kPass;
  for (int draw = 0; draw < kPortableDraws; ++draw) {
    const Point p = game.empty_point(int(rng.below(uint32_t(n))));
    if (!game.is_eye(p, c) && game.legal(p, c)) return p;
  }
  for (int i = 0; i < n; ++i) candidates[i] = game.empty_point(i);
  int left = n;
  while (left > 0) {
    const int i = int(rng.below(uint32_t(left)));
    if (!game.is_eye(candidates[i], c) && game.legal(candidates[i], c)) return candidates[i];
    candidates[i] = candidates[--left];
  }
  return kPass;
}

// How a playout ended: playout::PlayoutEnd's values.
inline constexpr uint8_t kEndTwoPasses = 0, kEndMoveCap = 1;

// Kernel::play: from the start to two passes or max_turns turns.
template <class G>
TENGEN_HD uint8_t play_portable(G& game, playout::Rng& rng, int max_turns, Point* candidates) {
  game.reset();
  for (int turns = 0; game.consecutive_passes() < 2; ++turns) {
    if (turns >= max_turns) return kEndMoveCap;
    game.play(choose_portable_move(game, rng, candidates), game.to_move());
  }
  return kEndTwoPasses;
}

// xxHash64 (seed 0 by default), fed byte by byte: the digest of a game's
// bytes without a buffer for them. Matches XXH64() (tests/gpu checks it).
class PortableXxh64 {
 public:
  TENGEN_HD explicit PortableXxh64(uint64_t seed = 0)
      : v_{seed + kP1 + kP2, seed + kP2, seed, seed - kP1}, seed_(seed) {}

  TENGEN_HD void byte(uint8_t b) {
    buffer_[fill_++] = b;
    ++length_;
    if (fill_ == 32) {
      for (int lane = 0; lane < 4; ++lane) v_[lane] = round(v_[lane], read64(buffer_ + 8 * lane));
      fill_ = 0;
    }
  }
  TENGEN_HD void u16(uint16_t v) {
    byte(uint8_t(v));
    byte(uint8_t(v >> 8));
  }
  TENGEN_HD void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) byte(uint8_t(v >> (8 * i)));
  }

  TENGEN_HD uint64_t value() const {
    uint64_t h;
    if (length_ >= 32) {
      h = rotl(v_[0], 1) + rotl(v_[1], 7) + rotl(v_[2], 12) + rotl(v_[3], 18);
      for (int lane = 0; lane < 4; ++lane) h = merge_round(h, v_[lane]);
    } else {
      h = seed_ + kP5;
    }
    h += length_;
    int at = 0;
    for (; at + 8 <= fill_; at += 8) {
      h ^= round(0, read64(buffer_ + at));
      h = rotl(h, 27) * kP1 + kP4;
    }
    if (at + 4 <= fill_) {
      h ^= uint64_t(read32(buffer_ + at)) * kP1;
      h = rotl(h, 23) * kP2 + kP3;
      at += 4;
    }
    for (; at < fill_; ++at) {
      h ^= buffer_[at] * kP5;
      h = rotl(h, 11) * kP1;
    }
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    h *= kP3;
    h ^= h >> 32;
    return h;
  }

 private:
  static constexpr uint64_t kP1 = 0x9E3779B185EBCA87ull, kP2 = 0xC2B2AE3D27D4EB4Full,
                            kP3 = 0x165667B19E3779F9ull, kP4 = 0x85EBCA77C2B2AE63ull,
                            kP5 = 0x27D4EB2F165667C5ull;
  TENGEN_HD static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  TENGEN_HD static uint64_t round(uint64_t acc, uint64_t input) {
    acc += input * kP2;
    return rotl(acc, 31) * kP1;
  }
  TENGEN_HD static uint64_t merge_round(uint64_t acc, uint64_t v) {
    acc ^= round(0, v);
    return acc * kP1 + kP4;
  }
  TENGEN_HD static uint64_t read64(const uint8_t* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
    return v;
  }
  TENGEN_HD static uint32_t read32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  }

  uint64_t v_[4];
  uint64_t seed_;
  uint64_t length_ = 0;
  uint8_t buffer_[32] = {};
  int fill_ = 0;
};

// A finished game as the statistics need it (selfplay::GameSummary without
// the score, which the host computes from `area` under the run's rules).
struct PortableResult {
  uint64_t digest;       // xxHash64 of the game's bytes (selfplay/digest.h)
  uint16_t turns;        // passes included
  uint16_t stones;       // turns that were not passes
  uint16_t captures[2];  // by Black, by White
  uint16_t suicides[2];  // Black's stones, White's
  int16_t first_move;    // Black's first move's vertex; -1: a pass or White first
  uint8_t end;           // kEndTwoPasses or kEndMoveCap
  uint16_t area[5];      // AreaCount: black, white, neutral, black_stones, white_stones
};

// 32-bit words of a game's packed owners: 2 bits a vertex (0 neutral, 1
// Black, 2 White), vertex v in word v / 16.
TENGEN_HD constexpr int owner_words(int width, int height) {
  return (width * height + 15) / 16;
}

// Fills `out` and `owners` (owner_words words) from a finished game.
// owner: room for N colours; stack: room for N points.
template <class G>
TENGEN_HD void finish_portable(const G& game, uint8_t end, PortableResult& out, uint32_t* owners,
                               Color* owner, Point* stack) {
  const int w = game.width(), h = game.height(), s = game.stride();
  const int turns = game.turns();
  const uint16_t* moves = game.moves();
  PortableXxh64 digest;
  digest.u32(uint32_t(turns));
  int stones = 0;
  for (int i = 0; i < turns; ++i) {
    const Point p = Point(moves[i] & ((1 << kMoveColourShift) - 1));
    stones += p != kPass;
    digest.u16(p == kPass ? uint16_t(0xFFFF) : uint16_t((p / s - 1) * w + p % s - 1));
  }
  out.digest = digest.value();
  out.turns = uint16_t(turns);
  out.stones = uint16_t(stones);
  out.first_move = -1;
  if (turns > 0 && Color(moves[0] >> kMoveColourShift) == Color::Black) {
    const Point p = Point(moves[0] & ((1 << kMoveColourShift) - 1));
    if (p != kPass) out.first_move = int16_t((p / s - 1) * w + p % s - 1);
  }
  out.captures[0] = uint16_t(game.prisoners(Color::Black));
  out.captures[1] = uint16_t(game.prisoners(Color::White));
  out.suicides[0] = uint16_t(game.suicides(Color::Black));
  out.suicides[1] = uint16_t(game.suicides(Color::White));
  out.end = end;
  const AreaCount count = game.count_area(owner, stack);
  out.area[0] = uint16_t(count.black);
  out.area[1] = uint16_t(count.white);
  out.area[2] = uint16_t(count.neutral);
  out.area[3] = uint16_t(count.black_stones);
  out.area[4] = uint16_t(count.white_stones);
  for (int k = 0; k < owner_words(w, h); ++k) owners[k] = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int v = y * w + x;
      owners[v / 16] |= uint32_t(owner[(y + 1) * s + x + 1]) << (2 * (v % 16));
    }
  }
}

}  // namespace tengen::gpu
