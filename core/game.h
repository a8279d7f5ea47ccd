// A game: the board plus the rules, whose turn it is, the move history,
// prisoners, the positions seen (for superko), passes and the end of the game.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "core/scoring.h"

namespace tengen {

// The positions a game has passed through, for superko: hashes in an
// open-addressing table, each with its full colouring so that a hash collision
// can never forbid a legal move.
class PositionHistory {
 public:
  // Forgets everything; keeps capacity.
  void clear();
  // Records the board's colouring with `side` (the player to move for
  // situational superko, Empty for positional) under `key`. Recording a
  // position twice is harmless.
  void add(const Board& board, Color side, uint64_t key);
  // Has the position play(p, c) would make, with `side`, been recorded under
  // `key`? Only on a key match is the colouring built and compared in full.
  // `effect` must be board.effect(p, c).
  bool contains_after(const Board& board, Point p, Color c, const MoveEffect& effect, Color side,
                      uint64_t key) const;
  int size() const { return count_; }
  // The key of the i-th position recorded, 0 <= i < size().
  uint64_t key(int i) const { return entry(i)[0]; }
  // Forgets the positions recorded after the first `size`, the latest first
  // (what undo needs). Precondition: size <= size().
  void truncate(int size);

 private:
  bool contains(const uint64_t* colouring, Color side, uint64_t key) const;
  void grow_slots();
  const uint64_t* entry(int e) const { return &entries_[size_t(e) * size_t(stride_)]; }

  // Entry e at entries_[e * stride_]: its key, its side, then the colouring
  // (2 * colouring_words words). The vector only grows, so after the first
  // games of a playout loop recording a position allocates nothing.
  std::vector<uint64_t> entries_;
  int count_ = 0;
  int stride_ = 0;
  std::vector<int32_t> slots_;  // entry index + 1; 0 is free
};

class Game {
 public:
  // An empty board, Black to move. Throws std::invalid_argument on a bad size.
  Game(int width, int height, const Rules& rules);
  // Starts from a set-up position. Throws std::invalid_argument if a chain of
  // the position has no liberties.
  Game(const Board& position, Color to_move, const Rules& rules);

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  // Komi decides no move's legality: it changes in place, the game as it is.
  void set_komi(double komi) { rules_.komi = komi; }
  Color to_move() const { return to_move_; }
  const std::vector<Move>& moves() const { return moves_; }
  int consecutive_passes() const { return passes_; }
  bool over() const { return end_ != EndReason::None; }
  EndReason end_reason() const { return end_; }
  // The positions recorded for superko (none under simple ko).
  const PositionHistory& history() const { return history_; }
  // The point where the last turn's single-stone capture may not be retaken
  // at once (simple ko enforces it), or kNoPoint.
  Point ko_point() const { return ko_point_; }

  // Opponent stones that c has captured.
  int prisoners(Color c) const { return prisoners_[int(c)]; }
  // Own stones c has removed by suicide. In territory scoring (and GTP's
  // `captures`) they count as the opponent's prisoners, as in GNU Go and
  // Sabaki: c's prisoners there are prisoners(c) + suicides(opponent(c)).
  int suicides(Color c) const { return suicides_[int(c)]; }

  // Would the side to move (or c) be allowed to play p? kPass is always legal
  // while the game goes on.
  MoveError check(Point p) const { return check(to_move_, p); }
  MoveError check(Color c, Point p) const;
  bool is_legal(Point p) const { return check(p) == MoveError::None; }

  // Plays for the side to move (or for c, GTP-style, whoever is to move).
  // On refusal returns the reason and changes nothing. Afterwards the opponent
  // is to move, except while Black is making free-handicap moves.
  MoveError play(Point p) { return play(to_move_, p); }
  MoveError play(Color c, Point p);

  // The playout's fast path: check() for an empty point of the board.
  // Precondition: the game is not over; p is empty and on the board.
  MoveError check_empty_point(Color c, Point p) const {
    // With an empty neighbour a move is no suicide; and it is not the simple-ko
    // point, whose neighbours are all stones of the ko stone's colour or walls.
    if (rules_.ko == KoRule::Simple && board_.has_empty_neighbour(p)) return MoveError::None;
    return check_by_effect(c, p);
  }
  // Plays without checking. Precondition: check(c, p) == MoveError::None.
  void play_legal(Color c, Point p);

  // The rules part of check() for an empty point, given what placing there
  // does: the suicide rule, then ko or superko. For searches that need the
  // effect anyway. Precondition: the game is not over; p is empty and on the
  // board; effect == board().effect(p, c).
  MoveError check_effect(Color c, Point p, const MoveEffect& effect) const;
  // Would a pass by anyone now end the game (two passes in a row, or four
  // under the agreement end rule)? Precondition: the game is not over.
  bool pass_ends() const { return passes_ + 1 >= (rules_.end == EndRule::TwoPasses ? 2 : 4); }

  // Undo. Every turn played (play, play_legal: moves, passes, free-handicap
  // stones) can be taken back, the latest first, back to the start (the
  // set-up position, fixed handicap stones included). After undo() every
  // observable is as it was before that turn: the board (chains, liberties,
  // hash, colouring, the empty list's order unless swap_empty reordered it),
  // the player to move, moves, prisoners, suicides, passes, ko, the positions
  // seen, the end of the game. An agreement (agree_dead) that ended the game
  // after the turn is taken back with it. Costs about what the turn cost; a
  // game allocates nothing for it once it has played as many turns before.
  bool can_undo() const { return !turns_.empty(); }
  // Precondition: can_undo(); otherwise throws std::logic_error.
  void undo();

  // Handicap, before any move on an empty board; 2 <= n.
  // Fixed: stones on the star points (see handicap_points), White to move.
  // Free: Black makes the next n moves in a row.
  // A handicap that cannot be (a move played, n < 2, no fixed placement of n
  // stones on this board, a free handicap that fills it) throws
  // std::invalid_argument naming the problem, and changes nothing.
  void set_handicap(int n);
  int handicap() const { return handicap_; }

  // Under EndRule::Agreement, after two consecutive passes: end the game with
  // these stones dead. Returns false (and changes nothing) if not allowed now
  // or if a point is not a stone.
  bool agree_dead(const std::vector<Point>& dead);
  const std::vector<Point>& dead_stones() const { return dead_; }

  // The score with the agreed dead stones (none unless agreed), or with `dead`.
  Score score() const { return score(dead_); }
  Score score(const std::vector<Point>& dead) const;
  // What scoring needs beyond the board, without dead stones: prisoners
  // (captures plus the opponent's stones removed by suicide, GNU Go's and
  // Sabaki's convention) and the handicap.
  ScoreContext score_context() const;

  // Reorders the board's list of empty points (see Board::swap_empty); changes
  // nothing else, so a playout policy can sample moves in place.
  void swap_empty(int i, int j) { board_.swap_empty(i, j); }

  // Back to the starting position with an empty history; keeps capacity, so a
  // playout loop that resets a game allocates nothing after the first game.
  void reset();

 private:
  // Who moves after c: the opponent, except during free-handicap moves.
  Color next_to_move(Color c) const;
  // For situational superko the side to move, else Empty.
  Color history_side(Color to_move) const;
  uint64_t history_key(uint64_t hash, Color side) const;
  void record_position();
  MoveError check_by_effect(Color c, Point p) const;
  MoveError check_superko(Color c, Point p, const MoveEffect& effect) const;

  // What a turn changed beyond its move, to take it back.
  struct Turn {
    Board::Change board;  // unused for a pass
    Color to_move;
    int passes;
    Point ko_point, ko_stone;
    int free_handicap_left;
    int history_size;
  };

  Rules rules_;
  Board start_;
  Color start_to_move_;
  Board board_;
  Color to_move_;
  std::vector<Move> moves_;
  std::vector<Turn> turns_;  // one per move, in order
  PositionHistory history_;  // used only under superko
  int prisoners_[3] = {0, 0, 0};
  int suicides_[3] = {0, 0, 0};
  int passes_ = 0;
  Point ko_point_ = kNoPoint;  // simple ko: the point that may not be retaken
  Point ko_stone_ = kNoPoint;  // and the single stone that retaking would capture
  int handicap_ = 0;
  int free_handicap_left_ = 0;
  EndReason end_ = EndReason::None;
  std::vector<Point> dead_;
};

// The star points for a fixed handicap of n stones on a W x H board, in the
// GTP fixed_handicap order; empty if that handicap is not defined there.
std::vector<Point> handicap_points(const Board& board, int n);

}  // namespace tengen
