#include "core/game.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "core/zobrist.h"

namespace tengen {

// ---------------------------------------------------------------------------
// PositionHistory

void PositionHistory::clear() {
  // Free only the slots in use, so clearing costs the length of the game.
  const size_t mask = slots_.size() - 1;
  for (int e = 0; e < count_; ++e) {
    for (size_t i = entry(e)[0] & mask; slots_[i] != 0; i = (i + 1) & mask) slots_[i] = 0;
  }
  count_ = 0;
}

void PositionHistory::grow_slots() {
  std::vector<int32_t> slots(std::max<size_t>(64, slots_.size() * 2), 0);
  const size_t mask = slots.size() - 1;
  for (int e = 0; e < count_; ++e) {
    size_t i = entry(e)[0] & mask;
    while (slots[i] != 0) i = (i + 1) & mask;
    slots[i] = e + 1;
  }
  slots_.swap(slots);
}

bool PositionHistory::contains(const uint64_t* colouring, Color side, uint64_t key) const {
  if (slots_.empty()) return false;
  const size_t mask = slots_.size() - 1;
  for (size_t i = key & mask; slots_[i] != 0; i = (i + 1) & mask) {
    const uint64_t* e = entry(slots_[i] - 1);
    if (e[0] == key && e[1] == uint64_t(side) &&
        std::memcmp(e + 2, colouring, size_t(stride_ - 2) * sizeof(uint64_t)) == 0) {
      return true;
    }
  }
  return false;
}

void PositionHistory::add(const Board& board, Color side, uint64_t key) {
  const int stride = 2 + 2 * board.colouring_words();
  if (stride != stride_) {  // a board of another size: start afresh
    slots_.assign(slots_.size(), 0);
    count_ = 0;
    stride_ = stride;
  }
  if (size_t(count_ + 1) * 2 > slots_.size()) grow_slots();
  if (size_t(count_ + 1) * size_t(stride_) > entries_.size()) {
    entries_.resize(std::max<size_t>(entries_.size() * 2, size_t(64 * stride_)));
  }
  uint64_t* e = &entries_[size_t(count_) * size_t(stride_)];
  e[0] = key;
  e[1] = uint64_t(side);
  const uint64_t* colouring = board.colouring();
  for (int w = 2; w < stride_; ++w) e[w] = colouring[w - 2];  // a few words: no memcpy call
  const size_t mask = slots_.size() - 1;
  size_t i = key & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = ++count_;
}

void PositionHistory::truncate(int size) {
  // Entries go latest first, so each one is the last of its probe run that
  // anything still recorded could reach: freeing its slot breaks no search.
  const size_t mask = slots_.size() - 1;
  for (; count_ > size; --count_) {
    size_t i = entry(count_ - 1)[0] & mask;
    while (slots_[i] != count_) i = (i + 1) & mask;
    slots_[i] = 0;
  }
}

bool PositionHistory::contains_after(const Board& board, Point p, Color c, const MoveEffect& effect,
                                     Color side, uint64_t key) const {
  if (slots_.empty()) return false;
  const size_t mask = slots_.size() - 1;
  for (size_t i = key & mask; slots_[i] != 0; i = (i + 1) & mask) {
    if (entry(slots_[i] - 1)[0] == key) {
      // A key match is nearly always a true repetition (a ko recapture, a
      // single-stone suicide), so the full comparison is rarely wasted.
      uint64_t after[2 * Board::kMaxColouringWords];
      board.colouring_after(p, c, effect, after);
      return contains(after, side, key);
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Game

Game::Game(int width, int height, const Rules& rules)
    : Game(Board(width, height), Color::Black, rules) {}

Game::Game(const Board& position, Color to_move, const Rules& rules)
    : rules_(rules), start_(position), start_to_move_(to_move), board_(position) {
  if (position.has_chain_without_liberties()) {
    throw std::invalid_argument("the position has a chain without liberties");
  }
  if (to_move != Color::Black && to_move != Color::White) {
    throw std::invalid_argument("the player to move must be black or white");
  }
  reset();
}

void Game::reset() {
  board_ = start_;
  to_move_ = start_to_move_;
  moves_.clear();
  turns_.clear();
  prisoners_[1] = prisoners_[2] = 0;
  suicides_[1] = suicides_[2] = 0;
  passes_ = 0;
  ko_point_ = ko_stone_ = kNoPoint;
  free_handicap_left_ =
      rules_.handicap == HandicapPlacement::Free && start_to_move_ == Color::Black ? handicap_ : 0;
  end_ = EndReason::None;
  dead_.clear();
  history_.clear();
  record_position();
}

Color Game::next_to_move(Color c) const {
  return c == Color::Black && free_handicap_left_ > 1 ? Color::Black : opponent(c);
}

Color Game::history_side(Color to_move) const {
  return rules_.ko == KoRule::Situational ? to_move : Color::Empty;
}

uint64_t Game::history_key(uint64_t hash, Color side) const {
  return side == Color::White ? hash ^ zobrist::kKeys.white_to_move : hash;
}

void Game::record_position() {
  if (rules_.ko == KoRule::Simple) return;
  Color side = history_side(to_move_);
  history_.add(board_, side, history_key(board_.hash(), side));
}

MoveError Game::check(Color c, Point p) const {
  if (over()) return MoveError::GameOver;
  if (p == kPass) return MoveError::None;
  if (!board_.on_board(p)) return MoveError::OffBoard;
  if (board_.at(p) != Color::Empty) return MoveError::Occupied;
  return check_empty_point(c, p);
}

MoveError Game::check_by_effect(Color c, Point p) const {
  return check_effect(c, p, board_.effect(p, c));
}

MoveError Game::check_effect(Color c, Point p, const MoveEffect& effect) const {
  if (effect.suicide()) {
    if (rules_.suicide == SuicideRule::Forbidden) return MoveError::Suicide;
    if (rules_.suicide == SuicideRule::Multi && effect.suicided_stones < 2) {
      return MoveError::Suicide;
    }
  }
  if (rules_.ko == KoRule::Simple) {
    const bool retakes_ko =
        p == ko_point_ && effect.captured_stones == 1 && board_.at(ko_stone_) == opponent(c);
    return retakes_ko ? MoveError::Ko : MoveError::None;
  }
  return check_superko(c, p, effect);
}

MoveError Game::check_superko(Color c, Point p, const MoveEffect& effect) const {
  // A single-stone suicide leaves the colouring as it is, and the current
  // colouring is always recorded.
  if (rules_.ko == KoRule::Positional && effect.suicided_stones == 1) return MoveError::Superko;
  const Color side = history_side(next_to_move(c));
  const uint64_t key = history_key(board_.hash_after(p, c, effect), side);
  return history_.contains_after(board_, p, c, effect, side, key) ? MoveError::Superko
                                                                  : MoveError::None;
}

MoveError Game::play(Color c, Point p) {
  const MoveError error = check(c, p);
  if (error == MoveError::None) play_legal(c, p);
  return error;
}

void Game::play_legal(Color c, Point p) {
  moves_.push_back(Move{c, p});
  Turn& turn = turns_.emplace_back();
  turn.to_move = to_move_;
  turn.passes = passes_;
  turn.ko_point = ko_point_;
  turn.ko_stone = ko_stone_;
  turn.free_handicap_left = free_handicap_left_;
  turn.history_size = history_.size();
  ko_point_ = ko_stone_ = kNoPoint;
  if (p == kPass) {
    ++passes_;
  } else {
    passes_ = 0;
    const PlayResult result = board_.play(p, c, turn.board);
    prisoners_[int(c)] += result.captured_stones;
    suicides_[int(c)] += result.suicided_stones;
    // A single stone that captured a single stone and has one liberty, the
    // point it captured, may be retaken there only after another turn.
    if (result.captured_stones == 1 && board_.chain_size(p) == 1 && board_.liberties(p) == 1) {
      for (int d : board_.offsets()) {
        if (board_.at(Point(p + d)) == Color::Empty) ko_point_ = Point(p + d);
      }
      ko_stone_ = p;
    }
  }
  to_move_ = next_to_move(c);
  if (c == Color::Black && free_handicap_left_ > 0) --free_handicap_left_;
  // A pass leaves the colouring as it was: under positional superko it is
  // recorded already.
  if (p != kPass || rules_.ko == KoRule::Situational) record_position();
  if (rules_.end == EndRule::TwoPasses ? passes_ >= 2 : passes_ >= 4) {
    end_ = rules_.end == EndRule::TwoPasses ? EndReason::TwoPasses : EndReason::FourPasses;
  }
}

void Game::undo() {
  if (turns_.empty()) throw std::logic_error("undo: no turn to take back");
  const Turn& turn = turns_.back();
  const Move move = moves_.back();
  if (move.point != kPass) {
    board_.undo(turn.board);
    const PlayResult& result = turn.board.result();
    prisoners_[int(move.color)] -= result.captured_stones;
    suicides_[int(move.color)] -= result.suicided_stones;
  }
  to_move_ = turn.to_move;
  passes_ = turn.passes;
  ko_point_ = turn.ko_point;
  ko_stone_ = turn.ko_stone;
  free_handicap_left_ = turn.free_handicap_left;
  history_.truncate(turn.history_size);
  end_ = EndReason::None;  // no turn is played after the end
  dead_.clear();
  moves_.pop_back();
  turns_.pop_back();
}

void Game::set_handicap(int n) {
  if (!moves_.empty() || board_.stones(Color::Black) + board_.stones(Color::White) > 0) {
    throw std::invalid_argument("handicap can only be set on an empty board before the first move");
  }
  if (n < 2) throw std::invalid_argument("handicap must be at least 2 stones");
  if (rules_.handicap == HandicapPlacement::Fixed) {
    std::vector<Point> points = handicap_points(board_, n);
    if (points.empty()) {
      throw std::invalid_argument("a fixed handicap of " + std::to_string(n) +
                                  " stones is not defined on " + std::to_string(board_.width()) +
                                  "x" + std::to_string(board_.height()));
    }
    for (Point p : points) start_.set_colour(p, Color::Black);
    start_to_move_ = Color::White;
  } else if (n >= board_.area()) {
    throw std::invalid_argument("a free handicap of " + std::to_string(n) +
                                " stones does not fit the board");
  }
  handicap_ = n;
  reset();
}

bool Game::agree_dead(const std::vector<Point>& dead) {
  if (rules_.end != EndRule::Agreement || over() || passes_ < 2) return false;
  for (Point p : dead) {
    if (!board_.on_board(p) || board_.at(p) == Color::Empty) return false;
  }
  dead_ = dead;
  end_ = EndReason::Agreement;
  return true;
}

ScoreContext Game::score_context() const {
  ScoreContext context;
  // Stones removed by suicide are the opponent's prisoners, as in GNU Go and
  // Sabaki; this keeps area and territory scores exactly related.
  context.black_prisoners = prisoners_[int(Color::Black)] + suicides_[int(Color::White)];
  context.white_prisoners = prisoners_[int(Color::White)] + suicides_[int(Color::Black)];
  context.handicap_stones = handicap_;
  return context;
}

Score Game::score(const std::vector<Point>& dead) const {
  ScoreContext context = score_context();
  context.dead = dead;
  return tengen::score(board_, rules_, context);
}

std::vector<Point> handicap_points(const Board& board, int n) {
  // GTP's fixed_handicap: star points on the third line (boards 7 to 12) or
  // fourth line (13 and up); no centre or side points on even sizes; at most
  // 4 stones on 7x7; square boards only.
  const int size = board.width();
  if (board.height() != size || size < 7 || n < 2) return {};
  const int max_stones = size == 7 ? 4 : (size % 2 == 0 ? 4 : 9);
  if (n > max_stones) return {};
  const int edge = size >= 13 ? 3 : 2;
  const int lo = edge, hi = size - 1 - edge, mid = size / 2;
  // (x, y) with y counted from the top; GTP's D4 on 19x19 is (3, 15).
  auto at = [&](int x, int y) { return board.point(x, y); };
  const Point lower_left = at(lo, hi), upper_right = at(hi, lo), upper_left = at(lo, lo),
              lower_right = at(hi, hi), left = at(lo, mid), right = at(hi, mid),
              bottom = at(mid, hi), top = at(mid, lo), centre = at(mid, mid);
  std::vector<Point> points = {lower_left, upper_right};
  if (n >= 3) points.push_back(upper_left);
  if (n >= 4) points.push_back(lower_right);
  if (n == 5 || n == 7 || n == 9) points.push_back(centre);
  if (n >= 6) {
    points.push_back(left);
    points.push_back(right);
  }
  if (n >= 8) {
    points.push_back(bottom);
    points.push_back(top);
  }
  // GTP order: the centre comes last for 5, 7 and 9.
  if (n == 5 || n == 7 || n == 9) {
    auto it = std::find(points.begin(), points.end(), centre);
    points.erase(it);
    points.push_back(centre);
  }
  return points;
}

}  // namespace tengen
