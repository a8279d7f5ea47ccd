#include "reference/reference.h"

#include <algorithm>
#include <stdexcept>

namespace tengen::reference {
namespace {

// The most points a board has; fixed-size work arrays avoid allocating in
// reaches() and clear(), which run for every stone of every move tried.
constexpr int kMaxPoints = kMaxSide * kMaxSide;

void check_size(int width, int height) {
  if (width < 1 || width > kMaxSide || height < 1 || height > kMaxSide) {
    throw std::invalid_argument("reference::Game: board size out of range");
  }
}

bool is_stone(Color c) {
  return c == Color::Black || c == Color::White;
}

// Does every stone of the colouring reach empty?
bool every_stone_reaches_empty(int width, int height, const Colouring& colouring) {
  for (int p = 0; p < width * height; ++p) {
    if (is_stone(colouring[p]) && !reaches(width, height, colouring, p, Color::Empty)) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool reaches(int width, int height, const Colouring& colouring, int p, Color c) {
  // A depth-first search over the points of P's colour, starting at P; it
  // succeeds as soon as one of them is adjacent to a point of colour C.
  const Color own = colouring[p];
  std::array<bool, kMaxPoints> visited;
  std::array<int, kMaxPoints> stack;
  std::fill_n(visited.begin(), colouring.size(), false);
  int size = 0;
  stack[size++] = p;
  visited[p] = true;
  while (size > 0) {
    const int q = stack[--size];
    for (int n : neighbours(width, height, q)) {
      if (colouring[n] == c) return true;
      if (colouring[n] == own && !visited[n]) {
        visited[n] = true;
        stack[size++] = n;
      }
    }
  }
  return false;
}

int clear(int width, int height, Colouring& colouring, Color c) {
  // Decide for every point first, then empty them all: emptying is one step.
  std::array<bool, kMaxPoints> doomed;
  for (int p = 0; p < width * height; ++p) {
    doomed[p] = colouring[p] == c && !reaches(width, height, colouring, p, Color::Empty);
  }
  int emptied = 0;
  for (int p = 0; p < width * height; ++p) {
    if (doomed[p]) {
      colouring[p] = Color::Empty;
      ++emptied;
    }
  }
  return emptied;
}

Clearing apply_move(int width, int height, Colouring& colouring, Color c, int p) {
  colouring[p] = c;
  Clearing clearing;
  clearing.opponent_stones = clear(width, height, colouring, opponent(c));
  clearing.own_stones = clear(width, height, colouring, c);
  return clearing;
}

Winner decide(double margin, TieRule tie) {
  if (margin > 0) return Winner::Black;
  if (margin < 0) return Winner::White;
  return tie == TieRule::Draw ? Winner::Draw : Winner::White;
}

Score score(int width, int height, const Colouring& colouring, const Rules& rules,
            int black_prisoners, int white_prisoners, int handicap, const std::vector<int>& dead) {
  Colouring board = colouring;
  int prisoners[3] = {0, black_prisoners, white_prisoners};
  for (int p : dead) {
    if (p < 0 || p >= width * height || !is_stone(board[p])) {
      throw std::invalid_argument("reference::score: a dead point is not a stone");
    }
    prisoners[int(opponent(board[p]))] += 1;
    board[p] = Color::Empty;
  }

  int stones[3] = {0, 0, 0};
  int territory[3] = {0, 0, 0};  // empty points that reach only that colour
  int neutral = 0;
  for (int p = 0; p < width * height; ++p) {
    if (is_stone(board[p])) {
      stones[int(board[p])] += 1;
      continue;
    }
    const bool black = reaches(width, height, board, p, Color::Black);
    const bool white = reaches(width, height, board, p, Color::White);
    if (black && !white) {
      territory[int(Color::Black)] += 1;
    } else if (white && !black) {
      territory[int(Color::White)] += 1;
    } else {
      neutral += 1;
    }
  }

  Score result;
  const int b = int(Color::Black);
  const int w = int(Color::White);
  if (rules.scoring == Scoring::Area) {
    result.black = stones[b] + territory[b];
    result.white = stones[w] + territory[w];
    if (handicap > 0) {
      switch (rules.handicap_bonus) {
        case HandicapBonus::None:
          result.handicap_bonus = 0;
          break;
        case HandicapBonus::N:
          result.handicap_bonus = handicap;
          break;
        case HandicapBonus::NMinusOne:
          result.handicap_bonus = handicap - 1;
          break;
      }
    }
  } else {
    result.black = territory[b] + prisoners[b];
    result.white = territory[w] + prisoners[w];
  }
  result.neutral = neutral;
  result.komi = rules.komi;
  result.margin = result.black - result.white - rules.komi - result.handicap_bonus;
  result.winner = decide(result.margin, rules.tie);
  return result;
}

Game::Game(int width, int height, const Rules& rules)
    : Game(width, height, Colouring(std::max(width * height, 0), Color::Empty), Color::Black,
           rules) {}

Game::Game(int width, int height, const Colouring& start, Color to_move, const Rules& rules)
    : width_(width), height_(height), rules_(rules), colouring_(start), to_move_(to_move) {
  check_size(width, height);
  if (int(start.size()) != width * height) {
    throw std::invalid_argument("reference::Game: colouring has the wrong size");
  }
  for (Color c : start) {
    if (c != Color::Empty && !is_stone(c)) {
      throw std::invalid_argument("reference::Game: a point is neither empty nor a stone");
    }
  }
  if (!is_stone(to_move)) throw std::invalid_argument("reference::Game: bad player to move");
  if (!every_stone_reaches_empty(width, height, start)) {
    throw std::invalid_argument("reference::Game: a stone does not reach empty");
  }
  history_.push_back({colouring_, to_move_});
}

Color Game::next_to_move(Color c) const {
  // While free handicap turns are left after this one, Black moves again.
  if (c == Color::Black && free_handicap_left_ > 1) return Color::Black;
  return opponent(c);
}

MoveError Game::check(Color c, int p) const {
  if (over()) return MoveError::GameOver;
  // "A turn is either a pass; or a move that doesn't repeat an earlier grid
  // colouring": a pass is always a turn.
  if (p == kPass) return MoveError::None;
  if (p < 0 || p >= area()) return MoveError::OffBoard;
  if (colouring_[p] != Color::Empty) return MoveError::Occupied;

  Colouring after = colouring_;
  const Clearing clearing = apply_move(width_, height_, after, c, p);

  if (clearing.own_stones > 0) {
    if (rules_.suicide == SuicideRule::Forbidden) return MoveError::Suicide;
    if (rules_.suicide == SuicideRule::Multi && clearing.own_stones < 2) {
      return MoveError::Suicide;
    }
  }

  switch (rules_.ko) {
    case KoRule::Simple: {
      // No move may capture exactly one stone if that stone was placed on the
      // immediately preceding turn and captured exactly one stone there. The
      // stone at last_point_ is cleared by this move and it is the only stone
      // cleared, so it is a single stone.
      const bool recapture = clearing.opponent_stones == 1 && last_point_ != kPass &&
                             last_clearing_.opponent_stones == 1 &&
                             colouring_[last_point_] == opponent(c) &&
                             after[last_point_] == Color::Empty;
      if (recapture) return MoveError::Ko;
      break;
    }
    case KoRule::Positional:
      // "A move that doesn't repeat an earlier grid colouring": the start and
      // every position after a turn are in the history.
      for (const Situation& earlier : history_) {
        if (earlier.colouring == after) return MoveError::Superko;
      }
      break;
    case KoRule::Situational: {
      // The same, for the colouring together with the player to move next.
      const Color next = next_to_move(c);
      for (const Situation& earlier : history_) {
        if (earlier.colouring == after && earlier.to_move == next) return MoveError::Superko;
      }
      break;
    }
  }
  return MoveError::None;
}

MoveError Game::play(Color c, int p) {
  const MoveError error = check(c, p);
  if (error != MoveError::None) return error;

  if (p == kPass) {
    passes_ += 1;
    last_point_ = kPass;
    last_clearing_ = {};
  } else {
    const Clearing clearing = apply_move(width_, height_, colouring_, c, p);
    prisoners_[int(c)] += clearing.opponent_stones;
    suicides_[int(c)] += clearing.own_stones;
    passes_ = 0;
    last_point_ = p;
    last_clearing_ = clearing;
  }
  end_turn(c);

  if (rules_.end == EndRule::TwoPasses && passes_ >= 2) end_ = EndReason::TwoPasses;
  if (rules_.end == EndRule::Agreement && passes_ >= 4) end_ = EndReason::FourPasses;
  return MoveError::None;
}

void Game::end_turn(Color c) {
  to_move_ = next_to_move(c);
  if (c == Color::Black && free_handicap_left_ > 0) free_handicap_left_ -= 1;
  turns_ += 1;
  history_.push_back({colouring_, to_move_});
}

std::vector<int> Game::legal_moves() const {
  std::vector<int> result;
  if (over()) return result;
  for (int p = 0; p < area(); ++p) {
    if (check(to_move_, p) == MoveError::None) result.push_back(p);
  }
  result.push_back(kPass);
  return result;
}

void Game::set_handicap(int n) {
  if (rules_.handicap != HandicapPlacement::Free)
    throw std::invalid_argument("the rules place handicap stones fixed");
  if (turns_ > 0 || handicap_ > 0)
    throw std::invalid_argument("handicap only before the first turn");
  if (std::any_of(colouring_.begin(), colouring_.end(), is_stone)) {
    throw std::invalid_argument("handicap only on an empty board");
  }
  if (n < 2) throw std::invalid_argument("a handicap is at least 2 stones");
  handicap_ = n;
  free_handicap_left_ = n;
  to_move_ = Color::Black;
  history_ = {{colouring_, to_move_}};
}

void Game::set_handicap(const std::vector<int>& stones) {
  if (rules_.handicap != HandicapPlacement::Fixed)
    throw std::invalid_argument("the rules place handicap stones freely");
  if (turns_ > 0 || handicap_ > 0)
    throw std::invalid_argument("handicap only before the first turn");
  if (std::any_of(colouring_.begin(), colouring_.end(), is_stone)) {
    throw std::invalid_argument("handicap only on an empty board");
  }
  if (stones.size() < 2) throw std::invalid_argument("a handicap is at least 2 stones");
  Colouring setup = colouring_;
  for (int p : stones) {
    if (p < 0 || p >= area()) throw std::invalid_argument("a handicap stone is off the board");
    if (setup[p] != Color::Empty) throw std::invalid_argument("two handicap stones on one point");
    setup[p] = Color::Black;
  }
  if (!every_stone_reaches_empty(width_, height_, setup)) {
    throw std::invalid_argument("the handicap stones leave a chain without liberties");
  }
  colouring_ = setup;
  handicap_ = int(stones.size());
  to_move_ = Color::White;
  // "The starting position for superko is the position after setup."
  history_ = {{colouring_, to_move_}};
}

bool Game::agree_dead(const std::vector<int>& dead) {
  if (rules_.end != EndRule::Agreement || over() || passes_ < 2) return false;
  std::vector<int> sorted = dead;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
  for (int p : dead) {
    if (p < 0 || p >= area() || !is_stone(colouring_[p])) return false;
  }
  dead_ = dead;
  end_ = EndReason::Agreement;
  return true;
}

Score Game::score(const std::vector<int>& dead) const {
  // Suicided stones are the opponent's prisoners (see Game::suicides).
  return reference::score(width_, height_, colouring_, rules_,
                          prisoners_[int(Color::Black)] + suicides_[int(Color::White)],
                          prisoners_[int(Color::White)] + suicides_[int(Color::Black)], handicap_,
                          dead);
}

}  // namespace tengen::reference
