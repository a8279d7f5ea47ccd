// Digests that pin games exactly: xxHash64 over a fixed byte form of the moves.
//
// A game's bytes: its number of turns as a little-endian uint32, then one
// little-endian uint16 per turn: the vertex y * width + x, or 0xFFFF for a
// pass. Colours are implied (Black first, then alternating), and vertices do
// not depend on the board's internal layout.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include "core/board.h"
#include "core/types.h"

namespace tengen::selfplay {

constexpr uint64_t kDigestSeed = 0;

// Writes games' bytes for one board size; a table replaces the divisions
// that turning points into vertices would take.
class MoveEncoder {
 public:
  explicit MoveEncoder(const Board& board);
  // Appends a game's bytes to `out`.
  void append(std::span<const Move> moves, std::vector<uint8_t>& out) const;

 private:
  std::array<uint16_t, Board::kMaxArray> vertex_{};
};

// Appends a game's bytes to `out`.
void encode_moves(const Board& board, std::span<const Move> moves, std::vector<uint8_t>& out);

// xxHash64 of bytes.
uint64_t digest_bytes(std::span<const uint8_t> bytes);

// A run's digest, built so that any split of the run merges back exactly:
// each game contributes xxHash64(le64(index) || le64(game digest)), the
// contributions are summed modulo 2^64, and the digest is xxHash64 of
// le64(games) || le64(sum). Binding each game to its index makes the digest
// change when games are reordered or moved; the sum makes it independent of
// the order games finish in, of threads, shards, MPI ranks and resumes.
class RunDigest {
 public:
  RunDigest() = default;
  RunDigest(uint64_t games, uint64_t sum) : games_(games), sum_(sum) {}
  void add(uint64_t index, uint64_t game_digest);
  void merge(const RunDigest& other) {
    games_ += other.games_;
    sum_ += other.sum_;
  }
  uint64_t games() const { return games_; }
  uint64_t sum() const { return sum_; }  // the mergeable state, with games()
  uint64_t value() const;
  friend bool operator==(const RunDigest&, const RunDigest&) = default;

 private:
  uint64_t games_ = 0;
  uint64_t sum_ = 0;
};

// xxHash64 over a stream of bytes (the signature's digest of its runs).
class StreamDigest {
 public:
  StreamDigest() { XXH64_reset(&state_, kDigestSeed); }
  void update(std::span<const uint8_t> bytes) { XXH64_update(&state_, bytes.data(), bytes.size()); }
  void update_u64(uint64_t value);
  uint64_t value() const { return XXH64_digest(&state_); }

 private:
  XXH64_state_t state_;
};

}  // namespace tengen::selfplay
