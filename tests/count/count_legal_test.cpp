// Legal-position counts (count/legal.h, count/legal_border.h) pinned in a
// table and recomputed at test time by the methods that fit the time: the
// engine's depth-first count with Board liberties, the border-state transfer
// and the reference model's 3^n check, which share nothing but the definition.
// Set TENGEN_LONG_COUNTS=1 for the engine count of every board up to 20
// points and for 7x7 (minutes in Release).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>

#include "count/legal.h"
#include "count/legal_border.h"
#include "count/published.h"
#include "tests/support/long_counts.h"

namespace tengen::count {
namespace {

using props::long_counts;

struct LegalCase {
  int width, height;
  uint64_t legal;
};

// Every W x H board with W <= H and W * H <= 20. Computed by the border
// transfer and the engine count (`tengen count legal --table 20 --method
// all`), which agree on every row, and by the reference model up to 14 points.
constexpr LegalCase kTable[] = {
    {1, 1, 1u},           {1, 2, 5u},         {1, 3, 15u},         {1, 4, 41u},
    {1, 5, 113u},         {1, 6, 313u},       {1, 7, 867u},        {1, 8, 2401u},
    {1, 9, 6649u},        {1, 10, 18413u},    {1, 11, 50991u},     {1, 12, 141209u},
    {1, 13, 391049u},     {1, 14, 1082929u},  {1, 15, 2998947u},   {1, 16, 8304961u},
    {1, 17, 22998865u},   {1, 18, 63690581u}, {1, 19, 176377839u}, {1, 20, 488441801u},
    {2, 2, 57u},          {2, 3, 489u},       {2, 4, 4125u},       {2, 5, 35117u},
    {2, 6, 299681u},      {2, 7, 2557605u},   {2, 8, 21826045u},   {2, 9, 186255781u},
    {2, 10, 1589441093u}, {3, 3, 12675u},     {3, 4, 321689u},     {3, 5, 8180343u},
    {3, 6, 208144601u},   {4, 4, 24318165u},  {4, 5, 1840058693u},
};

std::string name(const LegalCase& c) {
  return std::to_string(c.width) + "x" + std::to_string(c.height);
}

TEST(CountLegal, BorderTransferMatchesTheTable) {
  for (const LegalCase& c : kTable) {
    EXPECT_EQ(to_string(count_legal_border(c.width, c.height)), std::to_string(c.legal)) << name(c);
    EXPECT_EQ(to_string(count_legal_border(c.height, c.width)), std::to_string(c.legal)) << name(c);
  }
}

TEST(CountLegal, EngineMatchesTheTable) {
  for (const LegalCase& c : kTable) {
    if (c.width * c.height > 12 && !long_counts()) continue;
    EXPECT_EQ(count_legal_engine(c.width, c.height), c.legal) << name(c);
  }
}

TEST(CountLegal, EngineCountsTransposedBoardsAlike) {
  EXPECT_EQ(count_legal_engine(5, 2), 35117u);
  EXPECT_EQ(count_legal_engine(4, 3), 321689u);
  EXPECT_EQ(count_legal_engine(9, 1), 6649u);
}

TEST(CountLegal, ReferenceMatchesTheTable) {
  for (const LegalCase& c : kTable) {
    if (c.width * c.height > (long_counts() ? kMaxReferencePoints : 10)) continue;
    EXPECT_EQ(count_legal_reference(c.width, c.height), c.legal) << name(c);
  }
}

TEST(CountLegal, SquareBoardsMatchOeisA094777) {
  const int largest = long_counts() ? 7 : 6;
  for (int n = 1; n <= largest; ++n) {
    EXPECT_EQ(to_string(count_legal_border(n, n)), published::kSquareLegal[n - 1]) << n;
  }
}

TEST(CountLegal, ForEachVisitsEveryLegalPositionOnce) {
  std::set<std::string> seen;
  int visits = 0;
  for_each_legal_position(2, 3, [&](const Board& b) {
    if (visits == 0) {
      EXPECT_EQ(b.stones(Color::Black) + b.stones(Color::White), 0);
    }
    ++visits;
    EXPECT_FALSE(b.has_chain_without_liberties());
    EXPECT_EQ(b.check_consistency(), "");
    std::string key;
    for (int y = 0; y < 3; ++y) {
      for (int x = 0; x < 2; ++x) key += char('0' + int(b.at(b.point(x, y))));
    }
    seen.insert(key);
  });
  EXPECT_EQ(visits, 489);
  EXPECT_EQ(seen.size(), 489u);
}

TEST(CountLegal, SizesOutOfReachAreRefused) {
  EXPECT_THROW(count_legal_engine(5, 5), std::invalid_argument);
  EXPECT_THROW(count_legal_engine(0, 3), std::invalid_argument);
  EXPECT_THROW(count_legal_reference(4, 4), std::invalid_argument);
  EXPECT_THROW(count_legal_border(10, 10), std::invalid_argument);
  EXPECT_THROW(count_legal_border(26, 1), std::invalid_argument);
}

}  // namespace
}  // namespace tengen::count
