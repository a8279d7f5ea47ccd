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

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/types.h"

namespace tengen::count {

// The solver keeps the positions seen in a bitset of this many bits.
constexpr int kMaxSolvePositions = 1024;

// A solve's outcome. Complete: value == lower == upper, the principal
// variation a perfect game to its two passes. Stopped early (`stopped`, by
// SolveOptions::stop or max_nodes): only the proven bounds lower <= value <=
// upper hold, `value` is meaningless, and the principal variation is the
// table's best line so far (not a proof of anything).
struct SolveResult {
  int value = 0;                          // Black's area minus White's under perfect play, komi 0
  std::vector<Move> principal_variation;  // a perfect game, to its two passes
  uint64_t nodes = 0;                     // states searched
  int positions = 0;                      // legal positions of the board
  bool stopped = false;
  int lower = 0, upper = 0;  // proven bounds on the value
  int max_depth = 0;         // the deepest state searched, in turns from the start
  // The proof check (SolveOptions::proof_limit): replayed on the reference
  // model in full (true), or not asked or past its limit (false).
  bool proof_checked = false;
  uint64_t proof_nodes = 0;  // reference positions the proof check played
};

// What a long solve reports now and then: states searched, the search's
// current and deepest depth (turns from the start), the proven bounds, the
// table's best line from the start (empty until the start has an entry) and
// the line the search is in now.
struct SolveProgress {
  uint64_t nodes = 0;
  int depth = 0, max_depth = 0;
  int lower = 0, upper = 0;
  std::vector<Move> line;
  std::vector<Move> searching;
};
using SolveReport = std::function<void(const SolveProgress&)>;

struct SolveOptions {
  int table_megabytes = 256;  // the transposition table's size
  // Also walk a Game in step with the search (play and undo) and compare
  // every state's legal placements with its check(); throws
  // std::logic_error on a difference. Slower; for tests.
  bool check_with_game = false;
  // Polled every kSolvePollStates states: once true, the solve stops and
  // returns its bounds (SolveResult::stopped). Ctrl-C's flag in the tool.
  const std::atomic<bool>* stop = nullptr;
  // Stop (the same way) after about this many states of this run (a
  // resumed one counts from the checkpoint's); 0: no limit.
  uint64_t max_nodes = 0;
  // Static bounds from unconditionally alive chains (core/benson.h) at every
  // state; off only to measure what they save.
  bool static_bounds = true;
  // A pass first where the mover's margin already reaches beta (else passes
  // come after the placements that raise the margin). Off by default: it
  // searched 2x3 in more than 6 M states instead of 1.3 M.
  bool pass_first = false;
  // After the value, the proof check: the two proof trees (value >= v and
  // value <= v) replayed move by move on the reference model, which alone
  // lists the defender's turns (every one is followed) and scores the ends;
  // the solver only picks the prover's turn. A proof that does not hold
  // throws std::logic_error. 0: no check; else at most this many reference
  // positions, past which the check is left unfinished (proof_checked false).
  uint64_t proof_limit = 0;
  // The value the proof check replays the proof of, instead of the value
  // found: a wrong one must make it throw (the tests check that it does).
  std::optional<int> proof_claim = std::nullopt;
  // Checkpoint file: when it exists the solve resumes from it (its table,
  // bounds and state count; it must have been written for the same board,
  // superko and suicide rules and table size, else std::invalid_argument);
  // a stopped solve writes it (to a temporary file renamed over it, so a
  // kill leaves the old one whole). "": none.
  std::string checkpoint = {};
};

// States searched between two polls of SolveOptions::stop.
constexpr uint64_t kSolvePollStates = 1024;

// Solves the empty width x height board, Black to move, under `rules`. Only
// the ko, suicide and end settings count; komi is 0 and scoring is area.
// Throws std::invalid_argument under simple ko (games can cycle forever),
// territory scoring or the agreement end rule, and for boards with more than
// kMaxSolvePositions legal positions (situational superko: half that).
// `report` gets the progress every 65536 states and at every new bound.
SolveResult solve(int width, int height, const Rules& rules, const SolveOptions& options = {},
                  const SolveReport& report = {});

// Throws what solve() throws for these arguments before any work (the rules,
// the board's size); nothing else.
void check_solvable(int width, int height, const Rules& rules);

// The same value by plain alpha-beta on the reference model, no table:
// literal and slow (1x3 in a moment; 2x2 is out of its reach).
int solve_reference(int width, int height, const Rules& rules);

}  // namespace tengen::count
