#include "formats/replay.h"

#include <algorithm>
#include <stdexcept>

namespace tengen::formats {
namespace {

// HA[n] whose only setup is the n fixed star points: replayed through
// Game::set_handicap (under fixed placement, whatever the rules say, as the
// stones are where fixed placement puts them) so that the score knows the
// handicap.
bool is_fixed_handicap(const GameRecord& record, const Board& initial) {
  const int n = record.handicap;
  if (n < 2) return false;
  if (initial.stones(Color::White) != 0 || initial.stones(Color::Black) != n) return false;
  const std::vector<Point> points = handicap_points(initial, n);
  if (int(points.size()) != n) return false;
  return std::all_of(points.begin(), points.end(),
                     [&](Point p) { return initial.at(p) == Color::Black; });
}

// HA[n] with no setup and n black moves first: a free handicap.
bool is_free_handicap(const GameRecord& record, const Board& initial) {
  const size_t n = size_t(record.handicap);
  if (n < 2 || initial.stones(Color::Black) + initial.stones(Color::White) != 0) return false;
  if (record.moves.size() < n) return false;
  return std::all_of(record.moves.begin(), record.moves.begin() + long(n),
                     [](const Move& m) { return m.color == Color::Black && m.point != kPass; });
}

class Replayer {
 public:
  Replayer(const GameRecord& record, const ReplayOptions& options)
      : record_(record),
        options_(options),
        rules_(options.as_stated ? record.rules : replay_rules(record)) {}

  Replay run() {
    const Board initial = record_.initial_board();
    size_t step = 0;
    while (step < record_.setup.size() && record_.setup[step].before_move == 0) ++step;
    if (initial.has_chain_without_liberties()) {
      result_.setup_error = "the initial setup has a chain without liberties";
      return std::move(result_);
    }
    if (is_fixed_handicap(record_, initial)) {
      Rules fixed = rules_;
      fixed.handicap = HandicapPlacement::Fixed;
      result_.game.emplace(record_.width, record_.height, fixed);
      result_.game->set_handicap(record_.handicap);
    } else if (is_free_handicap(record_, initial)) {
      Rules free = rules_;
      free.handicap = HandicapPlacement::Free;
      result_.game.emplace(record_.width, record_.height, free);
      // A free handicap that would fill the board is refused (it throws);
      // such a record is replayed as a game without one.
      if (record_.handicap < initial.area()) result_.game->set_handicap(record_.handicap);
    } else {
      result_.game.emplace(initial, record_.initial_to_move(), rules_);
    }
    keep_start();
    const size_t last = std::min(record_.moves.size(), options_.max_moves);
    for (size_t i = 0; i <= last; ++i) {
      while (step < record_.setup.size() && record_.setup[step].before_move == i) {
        if (!apply_setup(record_.setup[step++], i)) return finish();
      }
      if (i == last) break;
      const Move& m = record_.moves[i];
      MoveError error = result_.game->play(m.color, m.point);
      if (error == MoveError::GameOver) {
        // Four passes ended the game; the record goes on: a new segment.
        restart(result_.game->board(), m.color);
        error = result_.game->play(m.color, m.point);
      }
      if (error != MoveError::None) {
        result_.illegal =
            IllegalMove{i + 1, m, error, record_.move_offsets.empty() ? 0 : record_.move_offsets[i],
                        record_.move_lines.empty() ? 1 : record_.move_lines[i]};
        return finish();
      }
      ++result_.moves_played;
    }
    return finish();
  }

 private:
  void keep_start() {
    if (options_.keep_start) result_.start = result_.game;
  }

  // Ends a segment and starts the next from `board`.
  void restart(const Board& board, Color to_move) {
    black_captures_ += result_.game->prisoners(Color::Black);
    white_captures_ += result_.game->prisoners(Color::White);
    result_.game.emplace(board, to_move, rules_);
    ++result_.segments;
    keep_start();
  }

  bool apply_setup(const SetupStep& s, size_t before_move) {
    Board board = result_.game->board();
    formats::apply_setup(board, s);
    if (board.has_chain_without_liberties()) {
      result_.setup_error =
          "the setup at line " + std::to_string(s.line) + " leaves a chain without liberties";
      return false;
    }
    Color to_move = result_.game->to_move();
    if (s.to_move) {
      to_move = *s.to_move;
    } else if (before_move < record_.moves.size()) {
      to_move = record_.moves[before_move].color;
    }
    restart(board, to_move);
    return true;
  }

  Replay finish() {
    result_.black_captures = black_captures_ + result_.game->prisoners(Color::Black);
    result_.white_captures = white_captures_ + result_.game->prisoners(Color::White);
    return std::move(result_);
  }

  const GameRecord& record_;
  const ReplayOptions& options_;
  Rules rules_;
  Replay result_;
  int black_captures_ = 0;
  int white_captures_ = 0;
};

}  // namespace

Rules replay_rules(const GameRecord& record) {
  Rules rules = record.rules;
  rules.end = EndRule::Agreement;
  return rules;
}

Replay replay(const GameRecord& record, const ReplayOptions& options) {
  return Replayer(record, options).run();
}

}  // namespace tengen::formats
