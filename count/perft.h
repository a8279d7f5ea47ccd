// Move-tree counts ("perft", after the chess programmers' test): the leaves of
// the game tree cut at a depth of turns. A turn is a legal move or a pass of
// the player to move, colours alternating; every sequence of `depth` turns is
// a leaf, and so is every shorter one that ended the game. Two
// implementations that share only the Rules value: the fast one on Game
// (play and undo, one game per thread), parallel with oneTBB, and
// reference_perft on the reference model.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "count/progress.h"

namespace tengen::count {

struct PerftCounts {
  uint64_t leaves = 0;      // sequences counted
  uint64_t placements = 0;  // leaves whose last turn placed a stone that neither captured nor died
  uint64_t captures = 0;    // leaves whose last turn captured
  uint64_t suicides = 0;    // leaves whose last turn was a suicide
  uint64_t passes = 0;      // leaves whose last turn was a pass
  uint64_t ended = 0;       // leaves after which the game is over
  uint64_t nodes = 0;       // sequences visited: the root, every interior node and every leaf

  PerftCounts& operator+=(const PerftCounts& other);
  friend bool operator==(const PerftCounts&, const PerftCounts&) = default;
};

// Where a perft starts: a set-up position, the player to move there, and the
// turns played since (replayed through Game, for ko, superko and passes).
struct PerftStart {
  Board setup;
  Color first_to_move = Color::Black;
  std::vector<Move> moves;

  // The empty board, Black to move.
  static PerftStart empty(int width, int height);
};

// Thrown by perft when *stop became true: the count was cut short.
struct PerftStopped {};

// Throws std::invalid_argument if a move of `start` is illegal, if the
// position has a chain without liberties, or if depth < 0. Handicap rules
// play no part: turns alternate from the player to move. When `stop` becomes
// true (a signal handler may set it) the count ends within a moment,
// throwing PerftStopped.
PerftCounts perft(const PerftStart& start, const Rules& rules, int depth,
                  const Progress& progress = {}, const std::atomic<bool>* stop = nullptr);

// The same counts on the reference model (reference/reference.h): slow (it copies
// the whole game at every node), literal, and independent of the fast board.
PerftCounts reference_perft(const PerftStart& start, const Rules& rules, int depth);

}  // namespace tengen::count
