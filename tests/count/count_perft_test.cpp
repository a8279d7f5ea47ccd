// Move-tree counts (count/perft.h) pinned in a table, for several boards,
// depths and rule sets, from the empty board and from a position with a ko.
// Every row was computed by the fast perft and by the reference model's
// perft, which agreed, before it was pinned; at test time the fast perft
// recomputes every row and the reference model the cheap ones, and a property
// holds the two to each other from random positions. TENGEN_LONG_COUNTS=1
// adds the deeper rows (seconds each in Release).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/coords.h"
#include "core/game.h"
#include "core/zobrist.h"
#include "count/perft.h"
#include "formats/sgf.h"
#include "tests/support/long_counts.h"

namespace tengen::count {
namespace {

using props::long_counts;

// A ko in the middle of a 4x3 board: Black to move takes it at (2, 1).
constexpr const char* kKo = R"(
. X O .
X O . O
. X O .
)";

enum class Cost { Cheap, Moderate, Long };  // Cheap: also recomputed by the reference

struct PerftCase {
  const char* name;
  int width, height;
  const char* diagram;                     // nullptr: the empty board
  std::vector<std::pair<int, int>> moves;  // (x, y), alternately from Black
  const char* rules;
  int depth;
  PerftCounts expected;  // leaves, placements, captures, suicides, passes, ended, nodes
  Cost cost;
};

const std::vector<PerftCase>& table() {
  static const std::vector<PerftCase> cases = {
      {"2x2 tromp-taylor",
       2,
       2,
       nullptr,
       {},
       "tromp-taylor",
       10,
       {9273, 2840, 1576, 0, 4857, 2521, 16651},
       Cost::Cheap},
      {"2x2 nz",
       2,
       2,
       nullptr,
       {},
       "nz",
       10,
       {15073, 5984, 2368, 0, 6721, 3009, 24803},
       Cost::Cheap},
      {"2x2 simple ko, suicide allowed",
       2,
       2,
       nullptr,
       {},
       "ko=simple,suicide=allowed",
       10,
       {41993, 18960, 5136, 2512, 15385, 5601, 62979},
       Cost::Cheap},
      {"1x5 positional, multi-stone suicide",
       1,
       5,
       nullptr,
       {},
       "ko=positional,suicide=multi",
       9,
       {44409, 16122, 7926, 1972, 18389, 7333, 70131},
       Cost::Cheap},
      {"2x3 simple ko, suicide allowed",
       2,
       3,
       nullptr,
       {},
       "ko=simple,suicide=allowed",
       8,
       {113553, 40340, 13552, 21880, 37781, 12085, 163419},
       Cost::Moderate},
      {"2x3 situational, suicide allowed",
       2,
       3,
       nullptr,
       {},
       "ko=situational,suicide=allowed",
       8,
       {108229, 39292, 13376, 18364, 37197, 12005, 157431},
       Cost::Moderate},
      {"3x3 tromp-taylor",
       3,
       3,
       nullptr,
       {},
       "tromp-taylor",
       6,
       {181507, 134456, 12520, 1056, 33475, 5291, 220273},
       Cost::Moderate},
      {"3x3 japanese",
       3,
       3,
       nullptr,
       {},
       "japanese",
       6,
       {180451, 134456, 12520, 0, 33475, 5291, 219217},
       Cost::Moderate},
      {"3x3 aga",
       3,
       3,
       nullptr,
       {},
       "aga",
       6,
       {180451, 134456, 12520, 0, 33475, 5291, 219217},
       Cost::Moderate},
      {"4x4 chinese",
       4,
       4,
       nullptr,
       {},
       "chinese",
       4,
       {58001, 53664, 224, 0, 4113, 273, 62387},
       Cost::Moderate},
      {"5x5 tromp-taylor",
       5,
       5,
       nullptr,
       {},
       "tromp-taylor",
       3,
       {15651, 14992, 8, 0, 651, 26, 16328},
       Cost::Cheap},
      {"ko, japanese", 4, 3, kKo, {}, "japanese", 5, {526, 254, 88, 0, 184, 52, 762}, Cost::Cheap},
      {"ko, tromp-taylor",
       4,
       3,
       kKo,
       {},
       "tromp-taylor",
       5,
       {1110, 682, 88, 58, 282, 62, 1454},
       Cost::Cheap},
      {"ko, aga", 4, 3, kKo, {}, "aga", 5, {526, 254, 88, 0, 184, 52, 762}, Cost::Cheap},
      {"ko taken, japanese",
       4,
       3,
       kKo,
       {{2, 1}},
       "japanese",
       5,
       {378, 166, 64, 0, 148, 36, 562},
       Cost::Cheap},
      {"ko taken, tromp-taylor",
       4,
       3,
       kKo,
       {{2, 1}},
       "tromp-taylor",
       5,
       {874, 522, 64, 52, 236, 46, 1156},
       Cost::Cheap},
      {"ko taken, nz",
       4,
       3,
       kKo,
       {{2, 1}},
       "nz",
       5,
       {874, 522, 64, 52, 236, 46, 1156},
       Cost::Cheap},
      {"2x2 tromp-taylor, deep",
       2,
       2,
       nullptr,
       {},
       "tromp-taylor",
       16,
       {309905, 80512, 54072, 0, 175321, 96321, 581547},
       Cost::Moderate},
      {"2x2 aga, deep",
       2,
       2,
       nullptr,
       {},
       "aga",
       16,
       {364857, 97264, 62776, 0, 204817, 111657, 681331},
       Cost::Moderate},
      {"2x2 japanese, deep",
       2,
       2,
       nullptr,
       {},
       "japanese",
       14,
       {243257, 88368, 41664, 0, 113225, 54281, 410763},
       Cost::Moderate},
      {"2x2 simple ko, suicide allowed, deep",
       2,
       2,
       nullptr,
       {},
       "ko=simple,suicide=allowed",
       14,
       {1567353, 566768, 240448, 122208, 637929, 263385, 2468667},
       Cost::Long},
      {"1x6 tromp-taylor, deep",
       1,
       6,
       nullptr,
       {},
       "tromp-taylor",
       11,
       {2362221, 1002012, 425764, 137946, 796499, 267439, 3426159},
       Cost::Long},
      {"3x3 tromp-taylor, deep",
       3,
       3,
       nullptr,
       {},
       "tromp-taylor",
       8,
       {3507787, 2053032, 472016, 119872, 862867, 181507, 4552161},
       Cost::Long},
      {"3x3 situational, suicide allowed, deep",
       3,
       3,
       nullptr,
       {},
       "ko=situational,suicide=allowed",
       8,
       {4245411, 2367104, 502640, 412272, 963395, 193779, 5402585},
       Cost::Long},
      {"3x3 japanese, deep",
       3,
       3,
       nullptr,
       {},
       "japanese",
       8,
       {3305291, 1987688, 469584, 0, 848019, 180451, 4333761},
       Cost::Long},
  };
  return cases;
}

Rules rules_of(const char* text) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::invalid_argument(error);
  return *rules;
}

PerftStart start_of(const PerftCase& c) {
  PerftStart start = PerftStart::empty(c.width, c.height);
  if (c.diagram != nullptr) {
    std::string error;
    auto board = parse_diagram(c.diagram, &error);
    if (!board) throw std::invalid_argument(error);
    start.setup = *board;
  }
  Color colour = Color::Black;
  for (auto [x, y] : c.moves) {
    start.moves.push_back(Move{colour, start.setup.point(x, y)});
    colour = opponent(colour);
  }
  return start;
}

std::string describe(const PerftCounts& c) {
  return "{" + std::to_string(c.leaves) + ", " + std::to_string(c.placements) + ", " +
         std::to_string(c.captures) + ", " + std::to_string(c.suicides) + ", " +
         std::to_string(c.passes) + ", " + std::to_string(c.ended) + ", " +
         std::to_string(c.nodes) + "}";
}

TEST(CountPerft, FastPerftMatchesTheTable) {
  for (const PerftCase& c : table()) {
    if (c.cost == Cost::Long && !long_counts()) continue;
    const PerftCounts got = perft(start_of(c), rules_of(c.rules), c.depth);
    EXPECT_EQ(got, c.expected) << c.name << ": got " << describe(got);
  }
}

TEST(CountPerft, ReferencePerftMatchesTheCheapRows) {
  for (const PerftCase& c : table()) {
    if (c.cost != Cost::Cheap && !(long_counts() && c.cost == Cost::Moderate)) continue;
    const PerftCounts got = reference_perft(start_of(c), rules_of(c.rules), c.depth);
    EXPECT_EQ(got, c.expected) << c.name << ": got " << describe(got);
  }
}

TEST(CountPerft, EveryDepthOfASmallTreeAgreesWithTheReference) {
  const PerftStart start = PerftStart::empty(2, 3);
  for (const char* rules : {"tromp-taylor", "japanese", "nz"}) {
    for (int depth = 0; depth <= 5; ++depth) {
      EXPECT_EQ(perft(start, rules_of(rules), depth),
                reference_perft(start, rules_of(rules), depth))
          << rules << " depth " << depth;
    }
  }
}

// The start as `tengen count perft --from` builds it from a record: its setup,
// the player to move and its moves.
TEST(CountPerft, StartFromAGameRecord) {
  const formats::SgfRead read = formats::read_sgf(
      "(;GM[1]FF[4]SZ[4:3]RU[Japanese]AB[ba][ab][bc]AW[ca][bb][db][cc]PL[B];B[cb])", "ko.sgf");
  ASSERT_TRUE(read.ok());
  const formats::GameRecord& record = read.games.front();
  const PerftStart start{record.initial_board(), record.initial_to_move(), record.moves};
  EXPECT_EQ(perft(start, record.rules, 5), (PerftCounts{378, 166, 64, 0, 148, 36, 562}));
  EXPECT_EQ(perft(start, rules_of("tromp-taylor"), 5),
            (PerftCounts{874, 522, 64, 52, 236, 46, 1156}));
}

TEST(CountPerft, DepthZeroAndFinishedGamesAreOneLeaf) {
  PerftStart start = PerftStart::empty(3, 3);
  EXPECT_EQ(perft(start, Rules::tromp_taylor(), 0), (PerftCounts{1, 0, 0, 0, 0, 0, 1}));
  start.moves = {Move{Color::Black, kPass}, Move{Color::White, kPass}};
  EXPECT_EQ(perft(start, Rules::tromp_taylor(), 3), (PerftCounts{1, 0, 0, 0, 0, 1, 1}));
}

TEST(CountPerft, BadStartsAreRefused) {
  PerftStart start = PerftStart::empty(3, 3);
  start.moves = {Move{Color::Black, start.setup.point(1, 1)},
                 Move{Color::White, start.setup.point(1, 1)}};
  EXPECT_THROW(perft(start, Rules::tromp_taylor(), 1), std::invalid_argument);
  EXPECT_THROW(perft(PerftStart::empty(3, 3), Rules::tromp_taylor(), -1), std::invalid_argument);
  std::string error;
  PerftStart dead{*parse_diagram("X O\nO .\n", &error), Color::Black, {}};
  EXPECT_THROW(perft(dead, Rules::tromp_taylor(), 1), std::invalid_argument);
}

// From a position reached by random legal play (kos, captures and superko
// history included), the fast perft and the reference perft agree.
RC_GTEST_PROP(CountPerft, FastAgreesWithReferenceFromRandomPositions, ()) {
  const auto [width, height] =
      *rc::gen::element(std::pair{1, 1}, std::pair{1, 3}, std::pair{1, 5}, std::pair{6, 1},
                        std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{2, 4},
                        std::pair{3, 3}, std::pair{4, 3}, std::pair{2, 6}, std::pair{1, 9});
  const KoRule ko = *rc::gen::element(KoRule::Simple, KoRule::Positional, KoRule::Situational);
  const SuicideRule suicide =
      *rc::gen::element(SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::Allowed);
  Rules rules = Rules::tromp_taylor();
  rules.ko = ko;
  rules.suicide = suicide;
  rules.end = *rc::gen::element(EndRule::TwoPasses, EndRule::Agreement);
  // The line played before the perft, from a seed (RapidCheck scales its own
  // ranges by size, which would leave most lines a few moves long).
  uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  std::vector<uint32_t> choices(5 + zobrist::splitmix64(seed) % 40);
  for (uint32_t& choice : choices) choice = uint32_t(zobrist::splitmix64(seed) % 1000);
  PerftStart start = PerftStart::empty(width, height);
  Game game(width, height, rules);
  for (uint32_t choice : choices) {
    if (game.over()) break;
    std::vector<Point> legal;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const Point p = game.board().point(x, y);
        if (game.is_legal(p)) legal.push_back(p);
      }
    }
    // Passes are rare and never end the game, so that the start has a tree
    // and a history behind it.
    const bool pass = choice % 10 == 0 && game.consecutive_passes() + 1 < 2;
    if (legal.empty() && !pass) break;
    const Point p = pass || legal.empty() ? kPass : legal[choice % legal.size()];
    start.moves.push_back(Move{game.to_move(), p});
    game.play(p);
  }
  const int depth = width * height <= 6 ? 3 : 2;
  RC_TAG(start.moves.size() < 10 ? "under 10 moves played" : "10 or more moves played");
  RC_ASSERT(perft(start, rules, depth) == reference_perft(start, rules, depth));
}

}  // namespace
}  // namespace tengen::count
