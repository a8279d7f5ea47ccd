#include "count/legal_border.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "core/types.h"

namespace tengen::count {
namespace {

// A border state, unpacked. cell[i] is the point of the border in column i:
// 0 empty, else the label (1..w) of its chain. Labels are numbered by first
// appearance from column 0, so equal states pack equally.
//
// Packed into 64 bits, w <= 9:
//   bits  0..35   cell[i] in bits 4i..4i+3
//   bits 36..44   colour of label l (1 = white) in bit 36 + l - 1
//   bits 45..53   liberty of label l in bit 45 + l - 1
struct Border {
  static constexpr int kTemporary = kMaxBorderWidth + 1;  // a label before renumbering
  std::array<uint8_t, kMaxBorderWidth> cell{};
  std::array<uint8_t, kMaxBorderWidth + 2> white{};
  std::array<uint8_t, kMaxBorderWidth + 2> liberty{};
};

Border unpack(uint64_t code, int w) {
  Border b;
  for (int i = 0; i < w; ++i) b.cell[size_t(i)] = uint8_t((code >> (4 * i)) & 15);
  for (int l = 1; l <= w; ++l) {
    b.white[size_t(l)] = uint8_t((code >> (36 + l - 1)) & 1);
    b.liberty[size_t(l)] = uint8_t((code >> (45 + l - 1)) & 1);
  }
  return b;
}

uint64_t pack(const Border& b, int w) {
  std::array<uint8_t, kMaxBorderWidth + 2> renumber{};
  uint64_t code = 0;
  int labels = 0;
  for (int i = 0; i < w; ++i) {
    const uint8_t l = b.cell[size_t(i)];
    if (l == 0) continue;
    if (renumber[l] == 0) {
      renumber[l] = uint8_t(++labels);
      code |= uint64_t(b.white[l]) << (36 + labels - 1);
      code |= uint64_t(b.liberty[l]) << (45 + labels - 1);
    }
    code |= uint64_t(renumber[l]) << (4 * i);
  }
  return code;
}

bool appears(const Border& b, int w, uint8_t label) {
  for (int i = 0; i < w; ++i) {
    if (b.cell[size_t(i)] == label) return true;
  }
  return false;
}

using States = std::unordered_map<uint64_t, Wide>;

void add(States& states, uint64_t code, Wide count) {
  Wide& slot = states[code];
  slot = checked_add(slot, count);
}

// Adds the point in column x of row y (y == 0: nothing above it) to every
// state of `from`, in each of its three colours, into `to`.
void extend(const States& from, int w, int x, int y, States& to) {
  for (const auto& [code, count] : from) {
    const Border b = unpack(code, w);
    const int up = y > 0 ? b.cell[size_t(x)] : -1;  // -1: no point there
    const int left = x > 0 ? b.cell[size_t(x - 1)] : -1;

    // Empty: a liberty for the chains above and to the left.
    Border e = b;
    if (up > 0) e.liberty[size_t(up)] = 1;
    if (left > 0) e.liberty[size_t(left)] = 1;
    e.cell[size_t(x)] = 0;
    add(to, pack(e, w), count);

    for (uint8_t white : {uint8_t(0), uint8_t(1)}) {
      Border s = b;
      const uint8_t t = Border::kTemporary;
      s.white[t] = white;
      s.liberty[t] = uint8_t(up == 0 || left == 0);
      for (int n : {up, left}) {
        if (n <= 0 || s.white[size_t(n)] != white) continue;
        s.liberty[t] |= s.liberty[size_t(n)];
        for (int i = 0; i < w; ++i) {
          if (s.cell[size_t(i)] == n) s.cell[size_t(i)] = t;
        }
      }
      s.cell[size_t(x)] = t;
      // The point above leaves the border: an enemy chain that has no other
      // point on it will never gain a liberty.
      if (up > 0 && b.white[size_t(up)] != white && !s.liberty[size_t(up)] &&
          !appears(s, w, uint8_t(up))) {
        continue;
      }
      add(to, pack(s, w), count);
    }
  }
}

}  // namespace

Wide count_legal_border(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide ||
      std::min(width, height) > kMaxBorderWidth) {
    throw std::invalid_argument(
        "the border-state count of legal positions takes boards whose "
        "shorter side is at most " +
        std::to_string(kMaxBorderWidth) + ", not " + std::to_string(width) + "x" +
        std::to_string(height));
  }
  // Legality does not change under transposition; the shorter side is the border.
  const int w = std::min(width, height), h = std::max(width, height);
  States states, next;
  states[0] = 1;  // row -1: nothing decided (the cells are placeholders)
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      next.clear();
      next.reserve(states.size() * 2);
      extend(states, w, x, y, next);
      states.swap(next);
    }
  }
  Wide total = 0;
  for (const auto& [code, count] : states) {
    const Border b = unpack(code, w);
    bool every_chain_has_a_liberty = true;
    for (int i = 0; i < w; ++i) {
      const uint8_t l = b.cell[size_t(i)];
      if (l != 0 && !b.liberty[l]) every_chain_has_a_liberty = false;
    }
    if (every_chain_has_a_liberty) total = checked_add(total, count);
  }
  return total;
}

}  // namespace tengen::count
