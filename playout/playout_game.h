// The playout game: a game stripped to what a light playout asks, specialised
// at compile time by board geometry and rule family, so that no rules
// question is asked again on every move.
//
// The board, its chains and its update are playout/playout_board.h; this file
// holds the rules: legality, ko, superko, turns, passes, prisoners. What
// differs from Game:
//   - liberties are pseudo-liberties with an exact atari test
//     (playout/playout_chain.h);
//   - under simple ko: no hash, no colouring, no position history;
//   - under superko: an incremental Zobrist hash and colouring, a history of
//     (key, colouring) per recorded position (playout/playout_history.h), at
//     most one probe per candidate move, the colouring compared in full only
//     on a key match. No probe at all where the stone survives on a point no
//     position ever held a stone on, nor where the move captures nothing and
//     no earlier position can hold as many stones (see legal).
// Every rules decision (capture, suicide, ko, superko, eye) is exact; the
// properties in tests/playout/prop_kernel_test.cpp hold it to the reference model.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/zobrist.h"
#include "playout/playout_board.h"
#include "playout/playout_history.h"
#include "playout/playout_start.h"

namespace tengen {

template <class Geometry, KoRule kKo, SuicideRule kSuicide>
class PlayoutGame {
  static constexpr bool kSuperko = kKo != KoRule::Simple;
  using BoardType = PlayoutBoard<Geometry, kSuperko>;
  using Effect = typename BoardType::Effect;
  using Placed = typename BoardType::Placed;

 public:
  // Precondition: the start position fits the geometry; rules.ko and
  // rules.suicide are kKo and kSuicide.
  PlayoutGame(const PlayoutStart& start, const Rules& rules, int max_turns) : board_(start) {
    if (rules.ko != kKo || rules.suicide != kSuicide) {
      throw std::invalid_argument("kernel instance does not match the rules");
    }
    moves_.reserve(size_t(max_turns) + 2);
    if constexpr (kSuperko) history_.reserve(max_turns + 2);
    reset();
  }

  // The instance: geometry and rule family, e.g. "9x9/simple/forbidden".
  static std::string name() {
    return Geometry::name() + "/" + std::string(to_string(kKo)) + "/" +
           std::string(to_string(kSuicide));
  }

  int width() const { return board_.width(); }
  int height() const { return board_.height(); }
  int stride() const { return board_.stride(); }
  int array_size() const { return board_.array_size(); }
  Point point(int x, int y) const { return Point((y + 1) * stride() + x + 1); }

  Color at(Point p) const { return board_.at(p); }
  Color to_move() const { return to_move_; }
  int consecutive_passes() const { return passes_; }
  int empty_count() const { return board_.empty_count(); }
  Point empty_point(int i) const { return board_.empty_point(i); }
  const std::vector<Move>& moves() const { return moves_; }
  int prisoners(Color c) const { return prisoners_[int(c)]; }
  int suicides(Color c) const { return suicides_[int(c)]; }
  int handicap() const { return board_.start().handicap; }
  // The board, for check_consistency (playout/playout_check.h).
  const BoardType& board() const { return board_; }

  // Back to the start position; costs the board's size, not the maximum's.
  void reset() {
    board_.reset();
    to_move_ = board_.start().to_move;
    free_left_ = board_.start().free_handicap;
    passes_ = 0;
    ko_point_ = ko_stone_ = kNoPoint;
    prisoners_[1] = prisoners_[2] = suicides_[1] = suicides_[2] = 0;
    moves_.clear();
    if constexpr (kSuperko) {
      guard_ = 0;
      history_.clear();
      record();
    }
  }

  // Area ownership of the final board: PlayoutBoard::count_area.
  AreaCount count_area(Color* owner) const { return board_.count_area(owner); }
  // One of c's one-point eyes: Board::is_eye.
  bool is_eye(Point p, Color c) const { return board_.is_eye(p, c); }

  // May c play the empty point p? Exact under the instance's ko and suicide
  // rules. Precondition: p is an empty point of the board.
  bool legal(Point p, Color c) const {
    if constexpr (!kSuperko) {
      // The ko point's neighbours are all stones or walls: with an empty
      // neighbour a move is neither suicide nor a ko retake.
      if (board_.has_empty_neighbour(p)) return true;
      if (p != ko_point_) {
        // No ko question: only whether the stone would have a liberty,
        // which needs no stone counts.
        if constexpr (kSuicide == SuicideRule::Allowed) return true;
        if (board_.has_liberty_after(p, c)) return true;
        if constexpr (kSuicide == SuicideRule::Forbidden) return false;
      }
      const Effect e = board_.effect(p, c);
      if (e.suicided) return suicide_allowed(e.suicided);
      return !(p == ko_point_ && e.captured == 1 && board_.at(ko_stone_) == opponent(c));
    } else {
      if (board_.has_empty_neighbour(p) || board_.has_liberty_after(p, c)) {
        // The stone keeps a liberty, so the new position holds a stone at
        // p, which no earlier position held if p was never occupied: no
        // repetition, whatever the move captures.
        if (!board_.ever_occupied(p)) return true;
        if (!board_.captures_any(p, c)) {
          // Adds one stone and removes none.
          if (!may_repeat(p)) return true;
          return !history_.contains(key_after_placement(p, c), [&](uint64_t* out) {
            board_.colouring_after(p, c, Effect{}, out);
          });
        }
      } else if constexpr (kSuicide == SuicideRule::Forbidden) {
        return false;  // suicide
      } else if (board_.own_neighbours(p, c) == 0) {
        // A single-stone suicide: the multi rule forbids it, and under
        // positional superko it leaves the colouring as it is.
        if constexpr (kSuicide == SuicideRule::Multi || kKo == KoRule::Positional) return false;
      }
      const Effect e = board_.effect(p, c);
      if (e.suicided) {
        if (!suicide_allowed(e.suicided)) return false;
        // A single-stone suicide leaves the colouring as it is.
        if (kKo == KoRule::Positional && e.suicided == 1) return false;
      } else if (e.captured == 0 && !may_repeat(p)) {
        return true;
      }
      return !history_.contains(board_.key_after(p, c, e) ^ side_key(c),
                                [&](uint64_t* out) { board_.colouring_after(p, c, e, out); });
    }
  }

  // Plays c at p, or passes (kPass). Precondition: legal(p, c) or a pass.
  void play(Point p, Color c) {
    moves_.push_back(Move{c, p});
    ko_point_ = ko_stone_ = kNoPoint;
    if (p == kPass) {
      ++passes_;
    } else {
      passes_ = 0;
      const Placed placed = board_.place(p, c);
      prisoners_[int(c)] += placed.captured;
      suicides_[int(c)] += placed.suicided;
      if (placed.ko_point != kNoPoint) {
        ko_point_ = placed.ko_point;
        ko_stone_ = p;
      }
      if constexpr (kSuperko) {
        // guard_: the most stones any position held before the last removal;
        // just before this move's removals the board held stones() + removed.
        const int removed = placed.captured + placed.suicided;
        if (removed > 0) guard_ = std::max(guard_, board_.stones() + removed);
      }
    }
    // Black moves again while free handicap stones are left; arithmetic,
    // not a branch on the colour, which alternates.
    const bool black = c == Color::Black;
    to_move_ = Color(int(opponent(c)) - int(black & (free_left_ > 1)));
    free_left_ -= int(black & (free_left_ > 0));
    if constexpr (kSuperko) {
      if (p != kPass || kKo == KoRule::Situational) record();
    }
  }

 private:
 private:
  static constexpr bool suicide_allowed(int stones) {
    return kSuicide == SuicideRule::Allowed || (kSuicide == SuicideRule::Multi && stones >= 2);
  }

  // Could the position after a move at p that removes nothing equal an
  // earlier one? Stones only grow between removals, so every position since
  // the last removal holds fewer stones than the new one; and a position that
  // never held a stone at p cannot match one that does.
  bool may_repeat(Point p) const {
    return board_.stones() + 1 <= guard_ && board_.ever_occupied(p);
  }

  uint64_t side_key(Color c) const {
    // Situational superko: the player to move after c's move is part of it.
    if constexpr (kKo == KoRule::Situational) {
      const Color next = c == Color::Black && free_left_ > 1 ? Color::Black : opponent(c);
      return next == Color::White ? zobrist::kKeys.white_to_move : 0;
    }
    return 0;
  }
  uint64_t key_after_placement(Point p, Color c) const {
    return board_.hash() ^ zobrist::key(p, c) ^ side_key(c);
  }
  void record() {
    uint64_t key = board_.hash();
    if constexpr (kKo == KoRule::Situational) {
      if (to_move_ == Color::White) key ^= zobrist::kKeys.white_to_move;
    }
    history_.add(key, board_.colouring());
  }

  BoardType board_;
  Color to_move_ = Color::Black;
  int free_left_ = 0;
  int passes_ = 0;
  Point ko_point_ = kNoPoint, ko_stone_ = kNoPoint;
  int prisoners_[3] = {0, 0, 0};
  int suicides_[3] = {0, 0, 0};
  std::vector<Move> moves_;

  // Superko only.
  int guard_ = 0;  // most stones of any position before the last removal
  PlayoutHistory<BoardType::kWords> history_;
};

}  // namespace tengen
