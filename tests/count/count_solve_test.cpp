// Tiny boards solved (count/solve.h): values pinned, each one also found by
// plain alpha-beta on the reference model where that finishes, and every
// principal variation replayed through Game: legal turn by turn, ending in
// two passes, with the promised score; proof trees replayed on the reference
// model; stopping with bounds, checkpoints. TENGEN_LONG_COUNTS=1 adds 2x2
// under more rule sets (seconds each in Release) and 2x3.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "count/solve.h"
#include "tests/support/long_counts.h"
#include "tests/support/process_util.h"
#include "tests/support/sample_divisor.h"

namespace tengen::count {
namespace {

using props::long_counts;

Rules rules_of(const char* text) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::invalid_argument(error);
  rules->komi = 0;
  return *rules;
}

// Plays the principal variation through Game and returns "" or what is wrong.
std::string replay(int width, int height, const Rules& rules, const SolveResult& result) {
  Game game(width, height, rules);
  for (size_t i = 0; i < result.principal_variation.size(); ++i) {
    const Move m = result.principal_variation[i];
    if (game.over()) return "the game is over before turn " + std::to_string(i + 1);
    if (m.color != game.to_move()) return "turn " + std::to_string(i + 1) + " is out of turn";
    const MoveError error = game.play(m.point);
    if (error != MoveError::None) {
      return "turn " + std::to_string(i + 1) + ": " + std::string(to_string(error));
    }
  }
  if (!game.over()) return "the game is not over";
  if (game.score().margin != result.value) {
    return "it ends with margin " + std::to_string(game.score().margin);
  }
  return "";
}

TEST(CountSolve, LinesAndTheirValues) {
  // reference: also solved on the reference model (nz on 1x4 takes minutes there).
  struct SolveCase {
    int width, height;
    const char* rules;
    int value;
    bool reference;
  };
  for (const SolveCase& c :
       {SolveCase{1, 1, "tromp-taylor", 0, true}, SolveCase{1, 2, "tromp-taylor", 0, true},
        SolveCase{1, 3, "tromp-taylor", 3, true}, SolveCase{3, 1, "tromp-taylor", 3, true},
        SolveCase{1, 3, "nz", 3, true}, SolveCase{1, 3, "aga", 3, true},
        SolveCase{1, 4, "tromp-taylor", 4, true}, SolveCase{1, 4, "aga", 4, long_counts()},
        SolveCase{1, 4, "tromp-taylor,suicide=forbidden", 4, long_counts()},
        SolveCase{1, 4, "nz", 4, long_counts()}, SolveCase{1, 5, "tromp-taylor", 0, false}}) {
    const std::string name =
        std::to_string(c.width) + "x" + std::to_string(c.height) + " " + c.rules;
    const Rules rules = rules_of(c.rules);
    const SolveResult result = solve(c.width, c.height, rules, SolveOptions{16});
    EXPECT_EQ(result.value, c.value) << name;
    if (c.reference) {
      EXPECT_EQ(solve_reference(c.width, c.height, rules), c.value) << name;
    }
    EXPECT_EQ(replay(c.width, c.height, rules, result), "") << name;
  }
}

TEST(CountSolve, TwoByTwo) {
  std::vector<const char*> rule_sets = {"tromp-taylor"};
  if (long_counts()) {
    rule_sets.insert(rule_sets.end(), {"tromp-taylor,suicide=forbidden",
                                       "tromp-taylor,ko=situational", "nz", "aga"});
  }
  for (const char* text : rule_sets) {
    const Rules rules = rules_of(text);
    const SolveResult result = solve(2, 2, rules, SolveOptions{64});
    EXPECT_EQ(result.value, 1) << text;
    EXPECT_EQ(result.positions, 57) << text;
    EXPECT_EQ(replay(2, 2, rules, result), "") << text;
  }
}

// The search asks Game once per placement of the graph and keeps superko in
// its seen set; checking walks a Game in step and compares every state's
// legal placements with Game::check (a difference throws).
TEST(CountSolve, LegalTurnsAreGames) {
  struct CheckCase {
    int width, height;
    const char* rules;
    int value;
  };
  for (const CheckCase& c :
       {CheckCase{1, 3, "tromp-taylor", 3}, CheckCase{1, 3, "nz", 3},
        CheckCase{1, 4, "tromp-taylor,suicide=forbidden", 4}, CheckCase{1, 4, "aga", 4},
        CheckCase{1, 4, "nz", 4}, CheckCase{2, 2, "tromp-taylor", 1},
        CheckCase{2, 2, "tromp-taylor,ko=situational", 1}, CheckCase{2, 2, "aga", 1},
        CheckCase{1, 5, "tromp-taylor", 0}}) {
    const std::string name =
        std::to_string(c.width) + "x" + std::to_string(c.height) + " " + c.rules;
    SolveOptions options{4};
    options.check_with_game = true;
    SolveResult result;
    EXPECT_NO_THROW(result = solve(c.width, c.height, rules_of(c.rules), options)) << name;
    EXPECT_EQ(result.value, c.value) << name;
  }
}

// A stop flag already set, or a state limit, ends the search with proven
// bounds around the true value and no value.
TEST(CountSolve, StoppedSolvesGiveBounds) {
  const std::atomic<bool> stop{true};
  SolveOptions options{4};
  options.stop = &stop;
  const SolveResult stopped = solve(2, 2, rules_of("tromp-taylor"), options);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_LE(stopped.nodes, kSolvePollStates);
  EXPECT_LE(-4, stopped.lower);
  EXPECT_LE(stopped.lower, 1);
  EXPECT_LE(1, stopped.upper);
  EXPECT_LE(stopped.upper, 4);
  for (uint64_t limit : {1, 1000}) {
    SolveOptions limited{4};
    limited.max_nodes = limit;
    const SolveResult r = solve(1, 5, rules_of("tromp-taylor"), limited);
    EXPECT_TRUE(r.stopped) << limit;
    EXPECT_LE(r.nodes, limit + kSolvePollStates) << limit;
    EXPECT_LE(r.lower, 0) << limit;
    EXPECT_GE(r.upper, 0) << limit;
  }
  SolveOptions enough{4};
  enough.max_nodes = 1'000'000;
  const SolveResult r = solve(1, 5, rules_of("tromp-taylor"), enough);
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(r.lower, 0);
  EXPECT_EQ(r.upper, 0);
}

// Bounds from unconditionally alive chains and their one-point eyes: the
// same values, fewer states in all (a case may take a few more: the table
// fills differently; the counts are deterministic).
TEST(CountSolve, StaticBoundsKeepTheValues) {
  uint64_t with_bounds = 0, without_bounds = 0;
  struct BoundsCase {
    int width, height;
    const char* rules;
    int value;
  };
  for (const BoundsCase& c :
       {BoundsCase{2, 2, "tromp-taylor", 1}, BoundsCase{2, 2, "tromp-taylor,suicide=forbidden", 1},
        BoundsCase{1, 5, "tromp-taylor", 0},
        BoundsCase{1, 4, "tromp-taylor,ko=situational,suicide=forbidden", 4}}) {
    const std::string name =
        std::to_string(c.width) + "x" + std::to_string(c.height) + " " + c.rules;
    SolveOptions with{16}, without{16};
    without.static_bounds = false;
    const SolveResult a = solve(c.width, c.height, rules_of(c.rules), with);
    const SolveResult b = solve(c.width, c.height, rules_of(c.rules), without);
    EXPECT_EQ(a.value, c.value) << name;
    EXPECT_EQ(b.value, c.value) << name;
    with_bounds += a.nodes;
    without_bounds += b.nodes;
  }
  EXPECT_LT(with_bounds, without_bounds);
}

// The proof check: both proof trees of the value replayed on the reference
// model, which lists every defender's turn and scores every end (the solver
// only picks the prover's turns); a claim one off must fail it.
TEST(CountSolve, ProofsReplayOnTheReferenceModel) {
  struct ProofCase {
    int width, height;
    const char* rules;
    int value;
  };
  for (const ProofCase& c :
       {ProofCase{1, 3, "tromp-taylor", 3}, ProofCase{1, 4, "tromp-taylor", 4},
        ProofCase{1, 4, "tromp-taylor,ko=situational,suicide=forbidden", 4},
        ProofCase{1, 5, "tromp-taylor", 0}, ProofCase{1, 6, "tromp-taylor,suicide=forbidden", 1},
        ProofCase{2, 2, "tromp-taylor", 1}, ProofCase{2, 2, "tromp-taylor,suicide=forbidden", 1},
        ProofCase{2, 2, "tromp-taylor,ko=situational", 1},
        ProofCase{2, 2, "tromp-taylor,ko=situational,suicide=forbidden", 1}}) {
    const std::string name =
        std::to_string(c.width) + "x" + std::to_string(c.height) + " " + c.rules;
    const Rules rules = rules_of(c.rules);
    SolveOptions options{16};
    options.proof_limit = 1'000'000;
    const SolveResult r = solve(c.width, c.height, rules, options);
    EXPECT_EQ(r.value, c.value) << name;
    EXPECT_TRUE(r.proof_checked) << name;
    EXPECT_GT(r.proof_nodes, 0u) << name;
    // Under the sanitizers the wrong claims are tried on the small boards only.
    if (props::sample_divisor(2) > 1 && c.width * c.height > 4) continue;
    for (int wrong : {c.value - 1, c.value + 1}) {
      options.proof_claim = wrong;
      EXPECT_THROW(solve(c.width, c.height, rules, options), std::logic_error)
          << name << ", claimed " << wrong;
    }
    options.proof_claim.reset();
  }
}

// A solve stopped by its state limit writes its checkpoint and the next run
// resumes from it: runs of 1024 states each reach the value; a checkpoint
// of other rules is refused.
TEST(CountSolve, CheckpointsResume) {
  test::TempDir dir;
  const Rules rules = rules_of("tromp-taylor");
  SolveOptions options{4};
  options.max_nodes = 1;
  options.checkpoint = dir / "1x5.checkpoint";
  SolveResult r;
  int runs = 0;
  uint64_t nodes = 0;
  do {
    ++runs;
    r = solve(1, 5, rules, options);
    ASSERT_GT(r.nodes, nodes) << "run " << runs;
    nodes = r.nodes;
    EXPECT_LE(r.lower, 0);
    EXPECT_GE(r.upper, 0);
  } while (r.stopped && runs < 100);
  EXPECT_FALSE(r.stopped);
  EXPECT_GT(runs, 1);
  EXPECT_EQ(r.value, 0);
  EXPECT_EQ(replay(1, 5, rules, r), "");
  EXPECT_THROW(solve(1, 5, rules_of("tromp-taylor,suicide=forbidden"), options),
               std::invalid_argument);
}

// 2x3, a draw: B pass W pass is perfect play (about 1.3 M states, three
// seconds for both rule sets in Release); a sanitizer build takes it only
// with TENGEN_LONG_COUNTS=1.
TEST(CountSolve, TwoByThree) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  if (!long_counts()) GTEST_SKIP() << "TENGEN_LONG_COUNTS=1 solves 2x3 in a sanitizer build";
#endif
  for (const char* text : {"tromp-taylor", "tromp-taylor,suicide=forbidden"}) {
    const Rules rules = rules_of(text);
    const SolveResult result = solve(2, 3, rules, SolveOptions{128});
    EXPECT_FALSE(result.stopped) << text;
    EXPECT_EQ(result.value, 0) << text;
    EXPECT_EQ(result.positions, 489) << text;
    EXPECT_EQ(replay(2, 3, rules, result), "") << text;
  }
}

TEST(CountSolve, RulesWithoutAFiniteTreeAreRefused) {
  EXPECT_THROW(solve(2, 2, rules_of("japanese")), std::invalid_argument);
  EXPECT_THROW(solve(2, 2, rules_of("tromp-taylor,scoring=territory")), std::invalid_argument);
  EXPECT_THROW(solve(2, 2, rules_of("tromp-taylor,end=agreement")), std::invalid_argument);
  EXPECT_THROW(solve_reference(2, 2, rules_of("chinese")), std::invalid_argument);
  EXPECT_THROW(solve(5, 5, rules_of("tromp-taylor")), std::invalid_argument);
}

}  // namespace
}  // namespace tengen::count
