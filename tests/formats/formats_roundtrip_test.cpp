// The SGF writer and reader round trip: a random game (random rules, any
// size up to 25x25 including rectangles, a handicap or a set-up position,
// light-policy moves with passes) written by write_sgf and read back by
// read_sgf gives the same record, and replaying it gives the same game.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/coords.h"
#include "core/game.h"
#include "formats/record_rules.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tengen/version.h"
#include "tests/support/generators.h"

namespace tengen::formats {
namespace {

struct RandomGame {
  Board start{1, 1};
  std::optional<Game> game;
};

// Plays a game from (rules, size, start kind, seed); start 0: empty board,
// 1: a handicap, 2: a set-up position.
RandomGame random_game(const Rules& rules, int width, int height, int start_kind, uint64_t seed,
                       int turns) {
  playout::Rng rng(seed);
  RandomGame g;
  g.start = Board(width, height);
  g.game.emplace(width, height, rules);
  if (start_kind == 1) {
    const int n = 2 + int(rng.below(8));
    bool placed = true;
    try {
      g.game->set_handicap(n);
    } catch (const std::invalid_argument&) {
      placed = false;  // not defined on this board, or filling it: no handicap
    }
    if (placed && rules.handicap == HandicapPlacement::Fixed) {
      for (Point p : handicap_points(g.start, n)) g.start.set_colour(p, Color::Black);
    }
  } else if (start_kind == 2) {
    Board setup(width, height);
    const int stones = int(rng.below(uint32_t(setup.area() / 2 + 1)));
    for (int i = 0; i < stones; ++i) {
      const Point p =
          setup.point(int(rng.below(uint32_t(width))), int(rng.below(uint32_t(height))));
      setup.set_colour(p, rng.below(2) ? Color::Black : Color::White);
    }
    if (!setup.has_chain_without_liberties()) {
      g.start = setup;
      g.game.emplace(setup, rng.below(2) ? Color::Black : Color::White, rules);
    }
  }
  playout::LightPolicy policy;
  for (int t = 0; t < turns && !g.game->over(); ++t) {
    // Now and then a pass, so that records hold passes and resumptions.
    if (rng.below(32) == 0) {
      g.game->play(kPass);
    } else {
      policy.play(*g.game, rng);
    }
  }
  return g;
}

RC_GTEST_PROP(SgfRoundTrip, WriteThenReadGivesTheSameRecordAndGame, ()) {
  const Rules rules = *rc::gen::arbitrary<bool>()
                          ? *props::gen_rules()
                          : *rc::gen::element(Rules::japanese(), Rules::chinese(), Rules::aga(),
                                              Rules::nz(), Rules::tromp_taylor());
  const int width = *rc::gen::weightedOneOf<int>(
      {{3, rc::gen::inRange(1, 10)}, {1, rc::gen::inRange(1, kMaxSide + 1)}});
  const int height = *rc::gen::weightedOneOf<int>(
      {{2, rc::gen::just(width)}, {1, rc::gen::inRange(1, kMaxSide + 1)}});
  const int start_kind = *rc::gen::inRange(0, 3);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  const int turns = *rc::gen::inRange(0, 3 * width * height + 2);
  const RandomGame g = random_game(rules, width, height, start_kind, seed, turns);

  GameRecord record = record_from_game(*g.game, g.start);
  record.black_name = "Black ]\\ player";
  record.white_name = "\xE7\x99\xBD [white]";
  const std::string text = write_sgf(record);
  SgfRead read = read_sgf(text, "roundtrip.sgf");
  RC_ASSERT(read.ok());
  RC_ASSERT(read.games.size() == 1u);
  const GameRecord& back = read.games[0];
  RC_ASSERT(back.width == width);
  RC_ASSERT(back.height == height);
  RC_ASSERT(back.rules == g.game->rules());
  RC_ASSERT(back.handicap == record.handicap);
  RC_ASSERT(back.result == record.result);
  RC_ASSERT(back.black_name == record.black_name);
  RC_ASSERT(back.white_name == record.white_name);
  RC_ASSERT(back.moves == record.moves);
  RC_ASSERT(back.setup == record.setup);
  RC_ASSERT(back.warnings.empty());

  // Replayed, the record gives the same position and prisoners: every move
  // the engine played is legal again.
  const Replay r = replay(back);
  RC_ASSERT(r.ok());
  RC_ASSERT(r.moves_played == record.moves.size());
  RC_ASSERT(diagram(r.game->board()) == diagram(g.game->board()));
  RC_ASSERT(r.black_captures == g.game->prisoners(Color::Black));
  RC_ASSERT(r.white_captures == g.game->prisoners(Color::White));

  // And writing the read record gives the same text.
  RC_ASSERT(write_sgf(back) == text);
}

TEST(SgfWriter, GoldenRecord) {
  Game game(9, 9, Rules::chinese());
  game.set_handicap(2);
  Board start(9, 9);
  for (Point p : handicap_points(start, 2)) start.set_colour(p, Color::Black);
  game.play(*parse_gtp_vertex(game.board(), "E5"));
  game.play(kPass);
  game.play(kPass);
  game.play(kPass);
  GameRecord record = record_from_game(game, start);
  record.black_name = "B]";
  EXPECT_EQ(
      write_sgf(record),
      "(;FF[4]GM[1]CA[UTF-8]SZ[9]RU[Chinese]KM[7.5]HA[2]RE[W+8.5]PB[B\\]]AP[Tengen:" TENGEN_VERSION
      "]AB[gc][cg]PL[W]\n"
      ";W[ee];B[];W[])\n");
  Game rect(13, 5, Rules::tromp_taylor());
  rect.play(*parse_gtp_vertex(rect.board(), "N5"));
  EXPECT_EQ(write_sgf(record_from_game(rect, Board(13, 5))),
            "(;FF[4]GM[1]CA[UTF-8]SZ[13:5]RU[Tromp-Taylor]KM[7.5]AP[Tengen:" TENGEN_VERSION
            "]\n;B[ma])\n");
}

// Every komi Tengen accepts (a multiple of 0.5 from -1000 to 1000) on boards
// from 1x1 to 25x25 comes back as written, both from read_sgf (GTP loadsgf,
// Python's Game.from_sgf) and from infer_record_rules (`tengen score`),
// with nothing inferred or warned: KM[100] is 100, not 1 in hundredths.
// Without Tengen's AP the same holds wherever the komi is plausible as
// written (no larger than the board's points, or 99). 4001 komis, 5 boards.
TEST(SgfRoundTrip, EveryKomiComesBackAsWritten) {
  for (const auto& [width, height] :
       {std::pair{1, 1}, std::pair{7, 3}, std::pair{9, 9}, std::pair{19, 19}, std::pair{25, 25}}) {
    for (int twice = -2000; twice <= 2000; ++twice) {
      const double komi = twice / 2.0;
      Rules rules = Rules::chinese();
      rules.komi = komi;
      GameRecord record = record_from_moves(Board(width, height), rules, 0, {}, Color::Black);
      for (const bool tengen : {true, false}) {
        if (!tengen) {
          if (std::abs(komi) > std::max(width * height, 99)) continue;
          record.root_extra.clear();  // no AP: another program's record
        }
        const SgfRead read = read_sgf(write_sgf(record), "komi.sgf");
        ASSERT_TRUE(read.ok());
        const GameRecord& back = read.games[0];
        ASSERT_EQ(back.rules.komi, komi) << write_sgf(record);
        ASSERT_TRUE(back.warnings.empty()) << back.warnings[0].problem;
        const RecordRules inferred = infer_record_rules(back, {});
        ASSERT_EQ(inferred.rules.komi, komi) << write_sgf(record);
        ASSERT_TRUE(inferred.komi_known);
        // Another program's KM[0] in an even game may be a komi it did not
        // record: read as 0, with a warning that says so.
        ASSERT_EQ(inferred.warnings.size(), !tengen && komi == 0 ? 1u : 0u) << write_sgf(record);
      }
    }
  }
}

// A GTP komi that is no multiple of 0.5 (6.25) is Tengen's too, and read back.
TEST(SgfRoundTrip, TengensQuarterKomiComesBack) {
  Rules rules = Rules::japanese();
  rules.komi = 6.25;
  const GameRecord record = record_from_moves(Board(9, 9), rules, 0, {}, Color::Black);
  const SgfRead read = read_sgf(write_sgf(record), "komi.sgf");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.games[0].rules.komi, 6.25);
  EXPECT_EQ(infer_record_rules(read.games[0], {}).rules.komi, 6.25);
  // Rules no preset names, with such a komi: RU leaves the komi to KM, so
  // that Rules::parse reads it, and the rules come back whole.
  for (const double komi : {6.25, 1e300, -0.1}) {
    Rules custom = *Rules::parse("ko=simple,suicide=allowed,end=agreement", nullptr);
    custom.komi = komi;
    const std::string text = write_sgf(record_from_moves(Board(9, 9), custom, 0, {}, Color::Black));
    const SgfRead back = read_sgf(text, "komi.sgf");
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.games[0].rules, custom) << text;
    EXPECT_TRUE(back.games[0].warnings.empty()) << text;
  }
}

}  // namespace
}  // namespace tengen::formats
