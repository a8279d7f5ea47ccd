#include "formats/sgf.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace tengen::formats {

std::vector<Color> final_colours(const Board& board, const SetupStep& step) {
  std::vector<Color> colour(size_t(board.array_size()), Color::Wall);
  for (const SetupStone& s : step.stones) colour[s.point] = s.color;
  return colour;
}

namespace {

// Gives each point of the board the colour `target` has for it (Wall: keep).
//
// Board::set_colour rebuilds every chain, so calling it per point would cost
// area^2 per setup. Instead the stones of the new position are played one by
// one on an empty board: while some stones are missing, every chain has a
// liberty (a chain short of its final self touches a point still empty; a
// whole final chain has its final liberties), so nothing is captured and the
// result is the position itself, in linear time. Only a position with a
// chain without liberties makes play capture; it is then built point by
// point, once, for the caller to find that chain and report it.
void set_position(Board& board, const std::vector<Color>& target) {
  auto wanted = [&](Point p) { return target[p] != Color::Wall ? target[p] : board.at(p); };
  Board fresh(board.width(), board.height());
  bool exact = true;
  for (int y = 0; y < board.height() && exact; ++y) {
    for (int x = 0; x < board.width() && exact; ++x) {
      const Point p = board.point(x, y);
      const Color c = wanted(p);
      if (c == Color::Empty) continue;
      exact = fresh.at(p) == Color::Empty && fresh.play(p, c).captured_stones == 0;
    }
  }
  for (int y = 0; y < board.height() && exact; ++y) {
    for (int x = 0; x < board.width() && exact; ++x) {
      exact = fresh.at(board.point(x, y)) == wanted(board.point(x, y));
    }
  }
  if (exact) {
    board = fresh;
    return;
  }
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (target[p] != Color::Wall && board.at(p) != target[p]) board.set_colour(p, target[p]);
    }
  }
}

}  // namespace

bool operator==(const SetupStep& a, const SetupStep& b) {
  if (a.before_move != b.before_move || a.to_move != b.to_move) return false;
  // Each point with the last colour the step gives it, by point.
  auto final_list = [](const SetupStep& step) {
    std::vector<SetupStone> list;
    for (size_t i = step.stones.size(); i-- > 0;) list.push_back(step.stones[i]);
    std::stable_sort(list.begin(), list.end(),
                     [](const SetupStone& x, const SetupStone& y) { return x.point < y.point; });
    list.erase(
        std::unique(list.begin(), list.end(),
                    [](const SetupStone& x, const SetupStone& y) { return x.point == y.point; }),
        list.end());
    return list;
  };
  return final_list(a) == final_list(b);
}

void apply_setup(Board& board, const SetupStep& step) {
  set_position(board, final_colours(board, step));
}

Board GameRecord::initial_board() const {
  // The steps before the first move make one position together: only the
  // end result is built.
  Board board(width, height);
  if (setup.empty() || setup.front().before_move != 0) return board;
  std::vector<Color> target(size_t(board.array_size()), Color::Wall);
  for (const SetupStep& step : setup) {
    if (step.before_move != 0) break;
    for (const SetupStone& s : step.stones) target[s.point] = s.color;
  }
  set_position(board, target);
  return board;
}

Color GameRecord::initial_to_move() const {
  std::optional<Color> pl;
  bool black_only = false, any_stone = false;
  for (const SetupStep& step : setup) {
    if (step.before_move != 0) break;
    if (step.to_move) pl = step.to_move;
    for (const SetupStone& s : step.stones) {
      if (s.color != Color::Empty) any_stone = true;
    }
  }
  if (pl) return *pl;
  if (!moves.empty()) return moves.front().color;
  if (any_stone) {
    const Board board = initial_board();
    black_only = board.stones(Color::White) == 0 && board.stones(Color::Black) > 0;
    if (black_only) return Color::White;
  }
  return Color::Black;
}

}  // namespace tengen::formats
