// A literal model of GNU Go 3.8's superko memory (engine/board.c), so that
// the cross-check can tell which of its superko answers come from how it
// keeps that memory rather than from the rules.
//
// GNU Go records, before each move, the position's hash (without the ko
// point) and the mover's colour, in arrays of kGnuGoHistory entries. When they
// are full, play_move() folds the oldest kGnuGoHistoryFold moves into its
// start position: replay_move_history() replays them from the old start onto
// the board, and the entries are shifted down. The replay updates the running
// board hash incrementally without resetting it first, and the board is then
// put back without touching the hash; so from the first fold on every hash
// GNU Go computes is off by
//   D(e) = h(start 0) ^ h(start e) ^ ko(start 0) ^ ko(start e)
// after e folds (h: the XOR of one Zobrist key per stone and colour; ko: the
// key of the ko point, if any), while the entries recorded before keep the
// offset of their own time. A superko test compares a trial hash with the
// entries: with XOR hashing, h(a) ^ D(ea) == h(b) ^ D(eb) exactly when every
// (point, colour) occurs an even number of times among a, b, start ea and
// start eb, and their ko points cancel. repeats() evaluates that, so it needs
// no hash keys. It misses repetitions and finds false ones.
//
// This was established against GNU Go 3.8 itself: the cross-check's pinned
// test (tests/external/external_gnugo_test.cpp) plays 600 moves of kos past two folds and
// every superko answer GNU Go gives is the model's.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace tengen::external {

constexpr int kGnuGoHistory = 500;                         // MAX_MOVE_HISTORY
constexpr int kGnuGoHistoryFold = 1 + kGnuGoHistory / 10;  // moves folded at a time

// A position as GNU Go hashes it.
struct GnuGoPosition {
  std::vector<Color> colouring;  // row-major
  Point ko = kNoPoint;           // GNU Go's board_ko_pos in it, kNoPoint if none
};

class GnuGoHistory {
 public:
  // Starts a game at `start` (after clear_board or fixed_handicap).
  explicit GnuGoHistory(GnuGoPosition start);

  // GNU Go plays a move (or pass) by `mover` from `before`, the current
  // position: folds if full, then records it.
  void play(GnuGoPosition before, Color mover);

  // Would GNU Go's superko test (positional; situational: only entries whose
  // colour is the opponent of c) find the position `after`, which a move by
  // c makes, among its entries? Precondition: the move is no suicide (GNU
  // Go's trial move does not remove suicided stones).
  bool repeats(const std::vector<Color>& after, Color c, bool situational) const;

  // How many times the history has been folded.
  int folds() const { return int(starts_.size()) - 1; }

 private:
  struct Entry {
    int position = -1;  // index into positions_
    int epoch = 0;      // folds before it was recorded
    Color colour = Color::Empty;
  };

  // Do hash(a, computed after ea folds) and hash(b, after eb folds) agree?
  bool same_hash(const std::vector<Color>& a, int ea, const std::vector<Color>& b, int eb) const;

  std::vector<GnuGoPosition> positions_;  // before each move played, in order
  std::vector<GnuGoPosition> starts_;     // the start position after each number of folds
  std::vector<Entry> entries_;            // the first pointer_ count
  int pointer_ = 0;
};

}  // namespace tengen::external
