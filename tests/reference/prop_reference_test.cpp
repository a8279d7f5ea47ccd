// The fast engine against the reference model (reference/reference.h), and the
// superko decisions in particular.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "tests/support/generators.h"

namespace tengen::props {
namespace {

std::string where(const Board& board, int step, Color c, Point p) {
  return "step " + std::to_string(step) + ", " + std::string(to_string(c)) + " " +
         gtp_vertex(board, p);
}

// Both engines answer check() alike for every point and the pass, for c.
// Returns how many answers were Ko or Superko.
int expect_same_checks(const GamePair& g, Color c, int step) {
  const Board& board = g.fast.board();
  int repetitions = 0;
  for (int p = -1; p < board.area(); ++p) {
    const Point fp = to_fast(board, p);
    const MoveError fast = g.fast.check(c, fp);
    const MoveError ref = g.ref.check(c, p);
    if (fast != ref) {
      RC_FAIL(where(board, step, c, fp) + ": fast " + std::string(to_string(fast)) +
              ", reference " + std::string(to_string(ref)));
    }
    repetitions += fast == MoveError::Ko || fast == MoveError::Superko;
  }
  return repetitions;
}

void expect_same_state(const GamePair& g) {
  RC_ASSERT(colouring_of(g.fast.board()) == g.ref.colouring());
  RC_ASSERT(g.fast.to_move() == g.ref.to_move());
  for (Color c : {Color::Black, Color::White}) {
    RC_ASSERT(g.fast.prisoners(c) == g.ref.prisoners(c));
    RC_ASSERT(g.fast.suicides(c) == g.ref.suicides(c));
  }
  RC_ASSERT(g.fast.consecutive_passes() == g.ref.consecutive_passes());
  RC_ASSERT(g.fast.over() == g.ref.over());
  RC_ASSERT(g.fast.end_reason() == g.ref.end_reason());
  RC_ASSERT(to_reference(g.fast.board(), g.fast.dead_stones()) == g.ref.dead_stones());
  RC_ASSERT(g.fast.handicap() == g.ref.handicap());
  RC_ASSERT(int(g.fast.moves().size()) == g.ref.turns());
}

// The game's own score, and both scorings with and without dead stones.
void expect_same_scores(const GamePair& g, uint32_t dead_selector) {
  RC_ASSERT(g.fast.score() == g.ref.score());
  const Board& board = g.fast.board();
  for (const std::vector<Point>& dead : {std::vector<Point>{}, pick_stones(board, dead_selector)}) {
    for (Scoring scoring : {Scoring::Area, Scoring::Territory}) {
      Rules rules = g.fast.rules();
      rules.scoring = scoring;
      ScoreContext context;
      context.black_prisoners = g.fast.prisoners(Color::Black);
      context.white_prisoners = g.fast.prisoners(Color::White);
      context.handicap_stones = g.fast.handicap();
      context.dead = dead;
      RC_ASSERT(tengen::score(board, rules, context) ==
                reference::score(board.width(), board.height(), g.ref.colouring(), rules,
                                 g.ref.prisoners(Color::Black), g.ref.prisoners(Color::White),
                                 g.ref.handicap(), to_reference(board, dead)));
    }
  }
}

// Plays a scenario's attempts on both engines, comparing every answer and all
// state. Scores are compared every few steps (the reference scorer is slow on
// big boards), when the game ends and at the end. Tags the case by whether
// any check was refused as a repetition (Ko or Superko).
void play_both(GamePair g, const Scenario& s) {
  expect_same_state(g);
  const int area = s.width * s.height;
  const int score_every = area <= 25 ? 1 : 8;
  int repetitions = 0;
  for (int i = 0; i < int(s.attempts.size()); ++i) {
    const Color c = g.fast.to_move();
    repetitions += expect_same_checks(g, c, i);
    repetitions += expect_same_checks(g, opponent(c), i);
    const Board before = g.fast.board();
    const Answer fast = attempt_fast(g.fast, s.attempts[i]);
    const Answer ref = attempt_ref(g.ref, before, s.attempts[i]);
    RC_ASSERT(fast == ref);
    expect_same_state(g);
    if (i % score_every == 0 || g.fast.over()) expect_same_scores(g, s.dead_selector);
  }
  expect_same_scores(g, s.dead_selector);
  std::vector<int> legal;
  for (int p = 0; p < s.width * s.height; ++p) {
    if (g.fast.is_legal(to_fast(g.fast.board(), p))) legal.push_back(p);
  }
  if (!g.fast.over()) legal.push_back(reference::kPass);
  RC_ASSERT(g.ref.legal_moves() == legal);
  RC_TAG(repetitions > 0 ? "repetitions refused" : "no repetition refused");
}

RC_GTEST_PROP(Reference, FastEngineEqualsReference, ()) {
  const Scenario s = *gen_scenario();
  play_both(start_pair(s), s);
}

// The same, always from a set-up position with either player to move: the
// start counts as the first position of the game.
RC_GTEST_PROP(Reference, FastEngineEqualsReferenceFromPosition, ()) {
  ScenarioOptions options;
  options.position_percent = 100;
  options.big_boards = false;
  const Scenario s = *gen_scenario(options);
  play_both(start_pair(s), s);
}

// Positions that repeat a lot: boards of at most 9 points, superko rules,
// passes, suicide allowed often. Every check of either colour is compared,
// so every superko decision of the hash history meets a full comparison of
// whole colourings with the whole history.
RC_GTEST_PROP(Superko, HashHistoryEqualsFullComparison, ()) {
  ScenarioOptions options;
  options.tiny_boards = true;
  options.ko = {KoRule::Positional, KoRule::Situational};
  const Scenario s = *gen_scenario(options);
  play_both(start_pair(s), s);
}

// Simple ko refuses only what positional and situational superko refuse:
// the same attempts are played under the three ko rules while their answers
// agree, and every Ko refusal of the simple game is a Superko refusal there.
// Situational superko is held to this only while the players alternate: after
// a move out of turn, the retake recreates the colouring with the other
// player to move (a case the shrinker found).
RC_GTEST_PROP(Superko, SimpleKoRefusalIsSuperkoRefusal, ()) {
  ScenarioOptions options;
  options.ko = {KoRule::Simple};
  options.big_boards = false;
  const Scenario s = *gen_scenario(options);
  tengen::Game simple = start_fast(s);
  std::vector<tengen::Game> superko;
  std::vector<bool> in_step;
  for (KoRule ko : {KoRule::Positional, KoRule::Situational}) {
    Scenario t = s;
    t.rules.ko = ko;
    superko.push_back(start_fast(t));
    in_step.push_back(true);
  }
  int kos = 0;
  for (const Attempt& a : s.attempts) {
    const Board& board = simple.board();
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        if (simple.check(p) != MoveError::Ko) continue;
        ++kos;
        for (size_t k = 0; k < superko.size(); ++k) {
          if (in_step[k]) RC_ASSERT(superko[k].check(p) == MoveError::Superko);
        }
      }
    }
    const Answer answer = attempt_fast(simple, a);
    for (size_t k = 0; k < superko.size(); ++k) {
      if (in_step[k] && !(attempt_fast(superko[k], a) == answer)) in_step[k] = false;
    }
    if (a.out_of_turn) in_step[1] = false;
  }
  RC_TAG(kos > 0 ? "ko refusals" : "no ko");
}

}  // namespace
}  // namespace tengen::props
