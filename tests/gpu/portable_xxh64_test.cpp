// PortableXxh64, fed byte by byte, equals xxHash's XXH64 on every length
// from 0 to 300 (the stripe, tail-of-8, tail-of-4 and byte paths) and seeds.
#include <gtest/gtest.h>

#include <vector>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include "gpu/portable_playout.h"
#include "playout/rng.h"

namespace tengen::gpu {
namespace {

TEST(PortableXxh64, EqualsXxh64) {
  playout::Rng rng(9);
  for (const uint64_t seed : {uint64_t(0), uint64_t(12345), ~uint64_t(0)}) {
    for (int length = 0; length <= 300; ++length) {
      std::vector<uint8_t> bytes(static_cast<size_t>(length));
      for (uint8_t& b : bytes) b = uint8_t(rng.next());
      PortableXxh64 h(seed);
      for (const uint8_t b : bytes) h.byte(b);
      EXPECT_EQ(h.value(), XXH64(bytes.data(), bytes.size(), seed)) << "length " << length;
    }
  }
}

TEST(PortableXxh64, WordsAreLittleEndian) {
  PortableXxh64 a, b;
  a.u32(0x04030201);
  a.u16(0x0605);
  for (int i = 1; i <= 6; ++i) b.byte(uint8_t(i));
  EXPECT_EQ(a.value(), b.value());
  const uint8_t bytes[6] = {1, 2, 3, 4, 5, 6};
  EXPECT_EQ(a.value(), XXH64(bytes, 6, 0));
}

}  // namespace
}  // namespace tengen::gpu
