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

// xxHash64 over a stream of bytes: a run's digest is that of every game's
// bytes, in game order.
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
