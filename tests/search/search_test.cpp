// The search's contracts: one thread and a seed give the same result every
// time; two and more threads only ever play legal moves; the tree is reused
// between moves; bad options are refused with a clear error; passing and
// every rule set and board size.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/rules.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "search/search.h"
#include "tests/support/golden_util.h"
#include "tests/support/sample_divisor.h"

namespace tengen {
namespace {

using search::Search;
using search::SearchOptions;
using search::SearchResult;

SearchOptions with(int64_t playouts, int threads = 1, uint64_t seed = 7) {
  SearchOptions o;
  o.playouts = playouts;
  o.threads = threads;
  o.seed = seed;
  return o;
}

// A position some random moves into a game.
Game random_position(int size, const Rules& rules, int moves, uint64_t seed) {
  Game g(size, size, rules);
  playout::LightPolicy policy;
  playout::Rng rng(seed);
  for (int i = 0; i < moves && !g.over(); ++i) policy.play(g, rng);
  return g;
}

TEST(Search, OneThreadIsReproducible) {
  const Game g = random_position(9, Rules::chinese(), 20, 3);
  const int64_t n = 500 / int64_t(props::sample_divisor(4));
  Search a(with(n)), b(with(n));
  const SearchResult x = a.run(g), y = b.run(g);
  EXPECT_EQ(x.move, y.move);
  ASSERT_EQ(x.candidates.size(), y.candidates.size());
  for (size_t i = 0; i < x.candidates.size(); ++i) {
    EXPECT_EQ(x.candidates[i].move, y.candidates[i].move);
    EXPECT_EQ(x.candidates[i].visits, y.candidates[i].visits);
    EXPECT_EQ(x.candidates[i].win_rate, y.candidates[i].win_rate);
  }
  EXPECT_EQ(x.ownership, y.ownership);
  EXPECT_EQ(x.playouts, n);
  // Another seed searches differently (the seed is used).
  Search c(with(n, 1, 8));
  const SearchResult z = c.run(g);
  bool differs = z.candidates.size() != x.candidates.size();
  for (size_t i = 0; !differs && i < x.candidates.size(); ++i) {
    differs = x.candidates[i].visits != z.candidates[i].visits;
  }
  EXPECT_TRUE(differs);
}

// Plays a game between two searches with `threads` threads; every move must
// be legal, and a game reaches its end.
void play_game(int size, const Rules& rules, int threads, int64_t playouts, int max_moves) {
  Game g(size, size, rules);
  Search black(with(playouts, threads, 1)), white(with(playouts, threads, 2));
  for (int i = 0; i < max_moves && !g.over(); ++i) {
    Search& s = g.to_move() == Color::Black ? black : white;
    const SearchResult r = s.run(g);
    ASSERT_FALSE(r.resign);
    ASSERT_EQ(g.check(r.move), MoveError::None)
        << rules.to_string() << " move " << i << " " << int(r.move);
    ASSERT_EQ(g.play(r.move), MoveError::None);
    ASSERT_GE(r.playouts, playouts);
    ASSERT_LE(r.playouts, playouts + threads);
  }
}

TEST(Search, ThreadsPlayOnlyLegalMoves) {
  const int64_t playouts = 400 / int64_t(props::sample_divisor(4));
  for (const int threads : {2, 4}) {
    play_game(5, Rules::tromp_taylor(), threads, playouts, 60);
    play_game(7, Rules::japanese(), threads, playouts, 30);
  }
}

TEST(Search, EveryRuleSetAndSize) {
  const int64_t playouts = 100 / int64_t(props::sample_divisor(5));
  for (const char* rules :
       {"tromp-taylor", "japanese", "chinese", "aga", "nz", "chinese,ko=situational,suicide=multi",
        "japanese,ko=simple,suicide=allowed,seki=neutral"}) {
    Rules r = golden::rules_from(rules);
    play_game(5, r, 1, playouts, 40);
  }
  // Rectangular and the fixed-geometry sizes.
  Game g(3, 7, Rules::chinese());
  EXPECT_EQ(g.check(Search(with(50)).run(g).move), MoveError::None);
  for (int size : {2, 13, 19}) {
    Game h(size, size, Rules::tromp_taylor());
    EXPECT_EQ(h.check(Search(with(20)).run(h).move), MoveError::None);
  }
  // Free handicap: Black moves twice.
  Game f(9, 9, Rules::tromp_taylor());
  f.set_handicap(2);
  Search s(with(50));
  ASSERT_EQ(f.play(s.run(f).move), MoveError::None);
  ASSERT_EQ(f.to_move(), Color::Black);
  ASSERT_EQ(f.play(s.run(f).move), MoveError::None);
}

TEST(Search, KeepsTheTreeBetweenMoves) {
  Game g = random_position(9, Rules::chinese(), 10, 5);
  const int64_t n = 2000 / int64_t(props::sample_divisor(4));
  Search s(with(n));
  const SearchResult first = s.run(g);
  ASSERT_FALSE(first.candidates.empty());
  ASSERT_GE(first.candidates.front().pv.size(), 2u);
  const Point reply = first.candidates.front().pv[1];
  ASSERT_EQ(g.play(first.move), MoveError::None);
  ASSERT_EQ(g.play(reply), MoveError::None);
  const SearchResult second = s.run(g);
  // The visits below the expected reply are kept: more than this search's.
  EXPECT_GT(second.root_visits, second.playouts);
  // A position not in the tree starts afresh.
  Game other = random_position(9, Rules::chinese(), 12, 6);
  EXPECT_EQ(s.run(other).root_visits, n);
}

TEST(Search, PassesWhenPassingDoesNotLose) {
  // The board is settled and Black is ahead; White has passed.
  Game g(golden::board_from(R"(
    . X O . O
    X X O O O
    . X O O .
    X X X O O
    . X . X O
  )"),
         Color::White, Rules::chinese());
  g.set_komi(0.5);
  ASSERT_EQ(g.play(kPass), MoveError::None);
  Search s(with(500));
  EXPECT_EQ(s.run(g).move, kPass);
}

TEST(Search, RefusesBadOptions) {
  auto refused = [](SearchOptions o, const std::string& words) {
    try {
      Search s(o);
      ADD_FAILURE() << "accepted: " << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  SearchOptions o;
  o.playouts = 0;
  refused(o, "no budget");
  o.playouts = -5;
  refused(o, "playouts");
  o = SearchOptions{};
  o.seconds = std::nan("");
  refused(o, "seconds");
  o.seconds = -1;
  refused(o, "seconds");
  o = SearchOptions{};
  o.threads = 0;
  refused(o, "threads");
  // A cap too small for the board: refused when the board is known.
  o = SearchOptions{};
  o.max_nodes = 50;
  Search small(o);
  const Game g(9, 9, Rules::chinese());
  try {
    small.run(g);
    ADD_FAILURE() << "a 50-node tree searched 9x9";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("too small"), std::string::npos) << e.what();
  }
  // The smallest cap that fits searches, and the tree stops growing there.
  o.max_nodes = search::min_nodes(9, 9);
  Search tiny(o);
  EXPECT_EQ(g.check(tiny.run(g).move), MoveError::None);
}

TEST(Search, SecondsBudget) {
  SearchOptions o;
  o.playouts = 0;
  o.seconds = 0.05;
  Search s(o);
  const Game g(9, 9, Rules::chinese());
  const SearchResult r = s.run(g);
  EXPECT_GE(r.playouts, 1);
  EXPECT_EQ(g.check(r.move), MoveError::None);
}

// A stop flag ends a search whose budget would not end for hours; the
// reports come while it searches, each with candidates.
TEST(Search, StopsWhenAskedAndReportsMeanwhile) {
  for (const int threads : {1, 2}) {
    Search s(with(int64_t(1) << 30, threads));
    const Game g = random_position(9, Rules::chinese(), 10, 5);
    std::atomic<bool> stop{false};
    int reports = 0;
    search::SearchControl control;
    control.stop = &stop;
    control.report_seconds = 0.001;
    control.on_report = [&](const SearchResult& r) {
      EXPECT_FALSE(r.candidates.empty());
      EXPECT_TRUE(r.ownership.empty());
      if (++reports == 3) stop.store(true);
    };
    const SearchResult r = s.run(g, control);
    EXPECT_EQ(reports, 3) << threads;
    EXPECT_LT(r.playouts, int64_t(1) << 30);
    EXPECT_EQ(g.check(r.move), MoveError::None);
  }
}

// restart(seed) makes a used Search search as a new one with that seed.
TEST(Search, RestartIsANewSearch) {
  const Game g = random_position(9, Rules::chinese(), 12, 4);
  Search used(with(200, 1, 7));
  used.run(random_position(9, Rules::chinese(), 30, 9));
  used.run(g);
  used.restart(11);
  Search fresh(with(200, 1, 11));
  const SearchResult x = used.run(g), y = fresh.run(g);
  EXPECT_EQ(x.move, y.move);
  ASSERT_EQ(x.candidates.size(), y.candidates.size());
  for (size_t i = 0; i < x.candidates.size(); ++i) {
    EXPECT_EQ(x.candidates[i].move, y.candidates[i].move);
    EXPECT_EQ(x.candidates[i].visits, y.candidates[i].visits);
  }
  EXPECT_EQ(x.ownership, y.ownership);
}

}  // namespace
}  // namespace tengen
