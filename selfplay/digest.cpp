#include "selfplay/digest.h"

namespace tengen::selfplay {

MoveEncoder::MoveEncoder(const Board& board) {
  vertex_.fill(0xFFFF);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x)
      vertex_[board.point(x, y)] = uint16_t(y * board.width() + x);
  }
}

void MoveEncoder::append(std::span<const Move> moves, std::vector<uint8_t>& out) const {
  const size_t start = out.size();
  out.resize(start + 4 + 2 * moves.size());
  uint8_t* at = out.data() + start;
  const uint32_t turns = uint32_t(moves.size());
  for (int i = 0; i < 4; ++i) *at++ = uint8_t(turns >> (8 * i));
  for (const Move& m : moves) {
    const uint16_t v = vertex_[m.point];  // the pass (index 0) is a sentinel: 0xFFFF
    *at++ = uint8_t(v);
    *at++ = uint8_t(v >> 8);
  }
}

void encode_moves(const Board& board, std::span<const Move> moves, std::vector<uint8_t>& out) {
  MoveEncoder(board).append(moves, out);
}

uint64_t digest_bytes(std::span<const uint8_t> bytes) {
  return XXH64(bytes.data(), bytes.size(), kDigestSeed);
}

namespace {

void put_u64(uint8_t* at, uint64_t value) {
  for (int i = 0; i < 8; ++i) at[i] = uint8_t(value >> (8 * i));
}

uint64_t digest_pair(uint64_t a, uint64_t b) {
  uint8_t bytes[16];
  put_u64(bytes, a);
  put_u64(bytes + 8, b);
  return XXH64(bytes, sizeof bytes, kDigestSeed);
}

}  // namespace

void RunDigest::add(uint64_t index, uint64_t game_digest) {
  ++games_;
  sum_ += digest_pair(index, game_digest);
}

uint64_t RunDigest::value() const {
  return digest_pair(games_, sum_);
}

void StreamDigest::update_u64(uint64_t value) {
  uint8_t bytes[8];
  put_u64(bytes, value);
  XXH64_update(&state_, bytes, sizeof bytes);
}

}  // namespace tengen::selfplay
