// The reference model: a second, deliberately simple and slow implementation
// of the rules, written to be checked against the Tromp-Taylor text line by
// line. The property tests hold the fast engine (board, game, scoring) to it.
//
// No incremental state and no hashing: a position is a plain colouring of
// width x height points, index y * width + x (row 0 at the top); "reach" is a
// path search; "clearing" is literal; the history is a list of whole
// colourings compared in full. It shares only the plain types (types.h), the
// Rules value (rules.h) and the Score value (score.h) with the fast engine.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/score.h"
#include "core/types.h"

namespace tengen::reference {

// A point is an index y * width + x; kPass is a pass.
constexpr int kPass = -1;

// A colouring of the board: Empty, Black or White per point.
using Colouring = std::vector<Color>;

// A score: the engine's plain value type (core/score.h), filled here by the
// literal rules.
using Score = tengen::Score;

// What the clearings of one move removed.
struct Clearing {
  int opponent_stones = 0;  // "clearing the opponent colour"
  int own_stones = 0;       // "then clearing one's own colour"
};

// The on-board neighbours of a point: up to four points, iterable.
struct Neighbours {
  std::array<int, 4> points{};
  int count = 0;
  const int* begin() const { return points.data(); }
  const int* end() const { return points.data() + count; }
};

// The on-board neighbours of p, in the order up, left, right, down.
inline Neighbours neighbours(int width, int height, int p) {
  const int x = p % width;
  const int y = p / width;
  Neighbours result;
  if (y > 0) result.points[result.count++] = p - width;
  if (x > 0) result.points[result.count++] = p - 1;
  if (x + 1 < width) result.points[result.count++] = p + 1;
  if (y + 1 < height) result.points[result.count++] = p + width;
  return result;
}

// "A point P, not coloured C, is said to reach C if there is a path of
// (vertically or horizontally) adjacent points of P's colour from P to a
// point of colour C." Precondition: colouring[p] != c.
bool reaches(int width, int height, const Colouring& colouring, int p, Color c);

// "Clearing a colour is the process of emptying all points of that colour that
// don't reach empty." Returns the number of points emptied.
int clear(int width, int height, Colouring& colouring, Color c);

// "A move consists of colouring an empty point one's own colour; then clearing
// the opponent colour, and then clearing one's own colour."
// Precondition: colouring[p] is Empty; c is Black or White.
Clearing apply_move(int width, int height, Colouring& colouring, Color c, int p);

// Winner by margin; a zero margin is a draw or a White win per the tie rule.
Winner decide(double margin, TieRule tie);

// Scores a colouring. Each point in `dead` (distinct points) is emptied and
// counted as a prisoner of the opponent of its colour; then area: own stones +
// empty points that reach only one's own colour; territory: those empty points
// + prisoners (captures and dead). Komi goes to White; in area scoring White
// also gets the handicap bonus for `handicap` stones. Throws
// std::invalid_argument if a dead point is not a stone.
Score score(int width, int height, const Colouring& colouring, const Rules& rules,
            int black_prisoners, int white_prisoners, int handicap, const std::vector<int>& dead);

// A game under the same rule variants as tengen::Game (core/game.h).
class Game {
 public:
  // An empty board, Black to move. Throws std::invalid_argument unless
  // 1 <= width, height <= kMaxSide.
  Game(int width, int height, const Rules& rules);
  // Starts from a set-up colouring (width * height points). Throws
  // std::invalid_argument on a bad size or if some stone does not reach empty.
  Game(int width, int height, const Colouring& start, Color to_move, const Rules& rules);

  int width() const { return width_; }
  int height() const { return height_; }
  int area() const { return width_ * height_; }
  const Rules& rules() const { return rules_; }
  const Colouring& colouring() const { return colouring_; }
  Color at(int p) const { return colouring_[p]; }
  Color to_move() const { return to_move_; }
  int consecutive_passes() const { return passes_; }
  bool over() const { return end_ != EndReason::None; }
  EndReason end_reason() const { return end_; }
  // Opponent stones that c has captured.
  int prisoners(Color c) const { return prisoners_[int(c)]; }
  // Own stones that c has removed by suicide.
  int suicides(Color c) const { return suicides_[int(c)]; }
  int handicap() const { return handicap_; }
  // What the clearings of the last turn removed (zeros after a pass).
  Clearing last_clearing() const { return last_clearing_; }
  // Turns played (moves and passes), handicap setup excluded.
  int turns() const { return turns_; }

  // Would c be allowed to play p (or pass)? Checked in this order: GameOver,
  // OffBoard, Occupied, Suicide, Ko / Superko.
  MoveError check(Color c, int p) const;
  MoveError check(int p) const { return check(to_move_, p); }
  // Plays for c, whoever is to move; on refusal changes nothing. Afterwards
  // the opponent of c is to move, except while Black makes free-handicap turns.
  MoveError play(Color c, int p);
  MoveError play(int p) { return play(to_move_, p); }
  // The points the side to move may play, in increasing order, then kPass.
  // Empty when the game is over.
  std::vector<int> legal_moves() const;

  // Before any turn on an empty board, 2 <= n; otherwise throws
  // std::invalid_argument saying why (and changes nothing), as the fast
  // engine's Game::set_handicap does. Free placement: Black makes the next n
  // turns in a row (a pass is a turn), then White.
  void set_handicap(int n);
  // Fixed placement: `stones` (distinct points) are set up as Black stones and
  // White moves first; the position after setup is the game's start.
  void set_handicap(const std::vector<int>& stones);

  // Under EndRule::Agreement, with the game going on and two or more
  // consecutive passes just played: ends the game with these (distinct)
  // stones dead. Returns false and changes nothing otherwise, or if a point
  // is not a stone.
  bool agree_dead(const std::vector<int>& dead);
  const std::vector<int>& dead_stones() const { return dead_; }

  // The score with the agreed dead stones (none unless agreed), or with `dead`.
  Score score() const { return score(dead_); }
  Score score(const std::vector<int>& dead) const;

 private:
  // A recorded situation: a colouring and who was to move in it.
  struct Situation {
    Colouring colouring;
    Color to_move;
  };

  // Who is to move after a turn by c.
  Color next_to_move(Color c) const;
  void end_turn(Color c);

  int width_;
  int height_;
  Rules rules_;
  Colouring colouring_;
  Color to_move_;
  std::vector<Situation> history_;  // the start, then the situation after every turn
  int prisoners_[3] = {0, 0, 0};
  int suicides_[3] = {0, 0, 0};
  int passes_ = 0;
  int turns_ = 0;
  int handicap_ = 0;
  int free_handicap_left_ = 0;
  // The last turn, for simple ko: a move at last_point_ (kPass for a pass or
  // no turn yet) and what its clearings removed.
  int last_point_ = kPass;
  Clearing last_clearing_;
  EndReason end_ = EndReason::None;
  std::vector<int> dead_;
};

}  // namespace tengen::reference
