// Differential testing of the fast engine (core/game.h, board.h, scoring.h)
// against the reference model (reference/reference.h): a case is a rules value, a
// board size, an optional handicap or set-up position, and a list of concrete
// steps; both engines play it side by side and must agree at every step on
// the legality of every point and the pass for both colours (the same
// MoveError), the answer to the step, the colouring, whose turn it is,
// prisoners, suicides, passes, the end of the game, the agreed dead stones,
// and the score (with and without some dead stones, under both scorings).
//
// Cases are generated from (seed, index) alone with our own RNG, biased
// towards where rules bugs live: moves in a small window, attacks on the
// weakest chains, tiny boards where positions repeat, passes, out-of-turn
// moves, off-board points and dead-stone agreements.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rules.h"
#include "core/types.h"

namespace tengen::differential {

enum class StepKind { Play, Pass, OffBoard, Agree };

// One thing a player does. Points are reference indices, y * width + x.
struct Step {
  StepKind kind = StepKind::Play;
  Color color = Color::Black;  // who plays or passes (Play, Pass, OffBoard)
  int point = 0;               // Play: the point; OffBoard: which kind (0..2, see below)
  std::vector<int> dead;       // Agree: the stones agreed dead
  friend bool operator==(const Step&, const Step&) = default;
};
// OffBoard kinds: 0 the sentinel left of row 0, 1 one past the board's array,
// 2 kNoPoint (the reference sees -2, width * height, and 65535).

struct Case {
  Rules rules;
  int width = 1;
  int height = 1;
  int handicap = 0;              // 0, or 2.. (placed per rules.handicap)
  std::vector<Color> setup;      // empty, or the start colouring (width * height points)
  Color to_move = Color::Black;  // who moves first from a set-up position
  std::vector<Step> steps;
  uint32_t dead_selector = 0;  // picks the dead stones for the score comparisons
  friend bool operator==(const Case&, const Case&) = default;
};

// The case `index` of a run seeded with `seed`. Steps are chosen while
// playing them on the fast engine, so "attack the weakest chain" becomes a
// concrete point.
Case generate_case(uint64_t seed, uint64_t index);

// Where and how the engines first differ.
struct Divergence {
  int step = 0;      // the step being compared (steps.size(): after the last)
  std::string kind;  // "check", "answer", "colouring", "prisoners", "score", ...
  std::string what;  // in words, with GTP vertices
};

// For the harness's own tests: changes the fast engine's answer to
// check(c, p) before it is compared. Production runs pass none.
using CheckFault = std::function<MoveError(const Game& game, Color c, Point p, MoveError answer)>;

struct CaseResult {
  std::optional<Divergence> divergence;
  uint64_t checks = 0;  // legality answers compared
  uint64_t scores = 0;  // scores compared
};

// Plays the case on both engines. Never throws for a well-formed case
// (setup of width * height points whose chains all have liberties).
CaseResult run_case(const Case& c, const CheckFault& fault = {});

// A set_handicap call's answer (either engine's) as a value: "" when it
// placed the handicap, else the reason its std::invalid_argument gave. A case
// may ask for a handicap its board cannot take, and the engines must agree.
template <typename SetHandicap>
std::string handicap_refusal(SetHandicap&& set_handicap) {
  try {
    set_handicap();
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

// The case in words: rules, size, handicap, set-up, and one step per line
// ("B C3", "W pass", "B off-board(1)", "agree A1 B2").
std::string describe(const Case& c);

}  // namespace tengen::differential
