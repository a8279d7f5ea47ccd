// Tiny boards solved: the margin under perfect play for both sides, by
// exhaustive alpha-beta search over the position graph (position_graph.h)
// with the whole superko history in the state.
//
// Transpositions: under superko the future of a game depends on the positions
// it has seen, so a table keyed by the position alone would be wrong. Here a
// state is (position, player to move, whether the last turn was a pass, the
// SET of positions seen; of (position, player to move) pairs under
// situational superko). The table's key keeps of that set only what can
// still matter: the unseen positions the game can reach through unseen
// positions (and passes, under situational superko). Two states that agree
// on that, on the position, the player and the pass have the same future, so
// they share an entry; keys are compared in full, never by hash alone.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rules.h"
#include "core/types.h"
#include "count/progress.h"

namespace tengen::count {

// The solver keeps the positions seen in a bitset of this many bits.
constexpr int kMaxSolvePositions = 1024;

struct SolveResult {
  int value = 0;                          // Black's area minus White's under perfect play, komi 0
  std::vector<Move> principal_variation;  // a perfect game, to its two passes
  uint64_t nodes = 0;                     // states searched
  int positions = 0;                      // legal positions of the board
};

struct SolveOptions {
  int table_megabytes = 256;  // the transposition table's size
  // Also walk a Game in step with the search (play and undo) and compare
  // every state's legal placements with its check(); throws
  // std::logic_error on a difference. Slower; for tests.
  bool check_with_game = false;
};

// Solves the empty width x height board, Black to move, under `rules`. Only
// the ko, suicide and end settings count; komi is 0 and scoring is area.
// Throws std::invalid_argument under simple ko (games can cycle forever),
// territory scoring or the agreement end rule, and for boards with more than
// kMaxSolvePositions legal positions (situational superko: half that).
// `progress` gets the states searched so far (total 0), now and then.
SolveResult solve(int width, int height, const Rules& rules, const SolveOptions& options = {},
                  const Progress& progress = {});

// The same value by plain alpha-beta on the reference model, no table:
// literal and slow (1x3 in a moment; 2x2 is out of its reach).
int solve_reference(int width, int height, const Rules& rules);

}  // namespace tengen::count
