#include "differential/reference_playout.h"

#include "core/board.h"

namespace tengen::differential {

using playout::PlayoutEnd;
using playout::Rng;
using selfplay::GameSummary;
using selfplay::RunConfig;
using selfplay::Stats;

bool reference_is_eye(int width, int height, const reference::Colouring& colouring, int p,
                      Color c) {
  const int x = p % width, y = p / width;
  for (auto [dx, dy] : {std::pair{0, -1}, {-1, 0}, {1, 0}, {0, 1}}) {
    const int nx = x + dx, ny = y + dy;
    if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
    if (colouring[ny * width + nx] != c) return false;
  }
  int opponent_diagonals = 0;
  bool off_board_diagonal = false;
  for (auto [dx, dy] : {std::pair{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}) {
    const int nx = x + dx, ny = y + dy;
    if (nx < 0 || nx >= width || ny < 0 || ny >= height) {
      off_board_diagonal = true;
    } else if (colouring[ny * width + nx] == opponent(c)) {
      ++opponent_diagonals;
    }
  }
  return off_board_diagonal ? opponent_diagonals == 0 : opponent_diagonals < 2;
}

void reference_playout(int width, int height, const Rules& rules, Rng& rng, int max_turns,
                       GameSummary& summary, std::vector<Color>& owner, std::vector<int>* moves) {
  reference::Game game(width, height, rules);
  summary = GameSummary{};
  summary.end = PlayoutEnd::TwoPasses;
  std::vector<int> acceptable;
  while (game.consecutive_passes() < 2) {
    if (game.turns() >= max_turns) {
      summary.end = PlayoutEnd::MoveCap;
      break;
    }
    const Color me = game.to_move();
    acceptable.clear();
    for (int p : game.legal_moves()) {
      if (p != reference::kPass && !reference_is_eye(width, height, game.colouring(), p, me)) {
        acceptable.push_back(p);
      }
    }
    const int move =
        acceptable.empty() ? reference::kPass : acceptable[rng.below(uint32_t(acceptable.size()))];
    game.play(move);
    if (summary.turns == 0) summary.first_move = move;
    ++summary.turns;
    summary.stones += move != reference::kPass;
    if (moves) moves->push_back(move);
  }
  summary.captures_black = game.prisoners(Color::Black);
  summary.captures_white = game.prisoners(Color::White);
  summary.suicides_black = game.suicides(Color::Black);
  summary.suicides_white = game.suicides(Color::White);
  summary.score = game.score();

  const reference::Colouring& colouring = game.colouring();
  owner.assign(colouring.size(), Color::Empty);
  for (int p = 0; p < width * height; ++p) {
    if (colouring[p] != Color::Empty) {
      owner[p] = colouring[p];
      continue;
    }
    const bool black = reference::reaches(width, height, colouring, p, Color::Black);
    const bool white = reference::reaches(width, height, colouring, p, Color::White);
    owner[p] = black == white ? Color::Empty : (black ? Color::Black : Color::White);
  }
}

Stats reference_stats(const RunConfig& config) {
  const int max_turns = config.max_turns > 0
                            ? config.max_turns
                            : playout::default_max_turns(config.width, config.height);
  Stats stats(config.width, config.height, max_turns);
  // Stats::add reads ownership through a board's array layout.
  const Board board(config.width, config.height);
  std::vector<Color> owner_by_point(size_t(board.array_size()), Color::Wall);
  std::vector<Color> owner;
  GameSummary summary;
  for (uint64_t i = 0; i < config.games; ++i) {
    Rng rng = playout::game_rng(config.seed, i);
    reference_playout(config.width, config.height, config.rules, rng, max_turns, summary, owner);
    summary.index = i;
    for (int y = 0; y < config.height; ++y) {
      for (int x = 0; x < config.width; ++x) {
        owner_by_point[board.point(x, y)] = owner[size_t(y * config.width + x)];
      }
    }
    stats.add(summary, board, owner_by_point);
  }
  return stats;
}

}  // namespace tengen::differential
