// Unit tests of the playout kernel's superko history (playout/playout_history.h):
// keys that share a bucket, one key with two colourings, growth past the
// reserved length, and forgetting. The kernel's property and differential
// tests reach these paths only by chance; these reach them on purpose.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "playout/playout_history.h"

namespace tengen {
namespace {

using History = PlayoutHistory<2>;

History::Colouring colouring(uint64_t seed) {
  return {seed, ~seed, seed * 3, seed ^ 0x55};
}

// contains(key, colouring c), counting how often the colouring was built.
bool contains(const History& h, uint64_t key, const History::Colouring& c, int* builds) {
  return h.contains(key, [&](uint64_t* out) {
    ++*builds;
    for (size_t i = 0; i < c.size(); ++i) out[i] = c[i];
  });
}

TEST(UnitPlayoutHistory, FindsWhatWasRecordedAndNothingElse) {
  History h;
  h.reserve(8);
  h.add(7, colouring(1));
  int builds = 0;
  EXPECT_TRUE(contains(h, 7, colouring(1), &builds));
  EXPECT_FALSE(contains(h, 7, colouring(2), &builds)) << "a key match is not a position match";
  EXPECT_EQ(builds, 2);
  builds = 0;
  EXPECT_FALSE(contains(h, 8, colouring(1), &builds));
  EXPECT_EQ(builds, 0) << "no key match, so no colouring built";
}

TEST(UnitPlayoutHistory, KeysSharingABucketStayApart) {
  History h;
  h.reserve(8);  // 64 buckets: keys equal modulo 64 share one
  const uint64_t a = 5, b = 5 + (uint64_t(1) << 20), c = 5 + (uint64_t(3) << 40);
  h.add(a, colouring(10));
  h.add(b, colouring(11));
  int builds = 0;
  EXPECT_TRUE(contains(h, a, colouring(10), &builds));
  EXPECT_TRUE(contains(h, b, colouring(11), &builds));
  EXPECT_FALSE(contains(h, a, colouring(11), &builds));
  EXPECT_FALSE(contains(h, b, colouring(10), &builds));
  EXPECT_FALSE(contains(h, c, colouring(10), &builds));
}

TEST(UnitPlayoutHistory, OneKeyWithTwoColourings) {
  // A key collision between two real positions: both must stay findable,
  // with the colouring built once per probe.
  History h;
  h.reserve(8);
  h.add(42, colouring(1));
  h.add(99, colouring(3));
  h.add(42, colouring(2));
  int builds = 0;
  EXPECT_TRUE(contains(h, 42, colouring(1), &builds));
  EXPECT_EQ(builds, 1);
  EXPECT_TRUE(contains(h, 42, colouring(2), &builds));
  EXPECT_FALSE(contains(h, 42, colouring(3), &builds));
  EXPECT_EQ(builds, 3);
}

TEST(UnitPlayoutHistory, GrowsPastItsReservation) {
  History h;
  h.reserve(2);
  std::vector<uint64_t> keys;
  for (uint64_t i = 0; i < 300; ++i) {
    keys.push_back(i * 0x9E3779B97F4A7C15ull);
    h.add(keys.back(), colouring(i));
  }
  int builds = 0;
  for (uint64_t i = 0; i < 300; ++i) {
    ASSERT_TRUE(contains(h, keys[i], colouring(i), &builds)) << i;
    ASSERT_FALSE(contains(h, keys[i], colouring(i + 1), &builds)) << i;
  }
}

TEST(UnitPlayoutHistory, ClearForgetsEverything) {
  History h;
  h.reserve(16);
  for (int game = 0; game < 3; ++game) {
    int builds = 0;
    for (uint64_t i = 0; i < 16; ++i) {
      EXPECT_FALSE(contains(h, i * 64 + uint64_t(game), colouring(i), &builds));
    }
    EXPECT_EQ(builds, 0) << "game " << game << " sees an earlier game's keys";
    for (uint64_t i = 0; i < 16; ++i) h.add(i * 64 + uint64_t(game + 1), colouring(i));
    for (uint64_t i = 0; i < 16; ++i) {
      EXPECT_TRUE(contains(h, i * 64 + uint64_t(game + 1), colouring(i), &builds));
    }
    h.clear();
  }
}

}  // namespace
}  // namespace tengen
