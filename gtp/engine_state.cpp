#include "gtp/engine_state.h"

#include <cctype>
#include <stdexcept>
#include <utility>

namespace tengen::gtp {

Rules playing_rules(Rules rules) {
  rules.end = EndRule::Agreement;
  return rules;
}

bool counts_as_it_stands(const Rules& rules) {
  const Rules tt = Rules::tromp_taylor();
  return rules.ko == tt.ko && rules.suicide == tt.suicide && rules.scoring == tt.scoring &&
         rules.end == tt.end && rules.seki == tt.seki;
}

bool State::rebuild(const BaseRecipe& recipe, const std::vector<Move>& moves,
                    const Rules& rules_to_use) {
  std::optional<Game> g;
  Board begin = recipe.board;
  if (recipe.handicap >= 2) {
    Rules r = playing_rules(rules_to_use);
    r.handicap = recipe.placement;
    g.emplace(recipe.board.width(), recipe.board.height(), r);
    try {
      g->set_handicap(recipe.handicap);
    } catch (const std::invalid_argument&) {
      return false;
    }
    for (Point p : recipe.free_stones) {
      if (g->play(Color::Black, p) != MoveError::None) return false;
    }
    begin = g->moves().empty() ? g->board() : Board(recipe.board.width(), recipe.board.height());
  } else {
    g.emplace(recipe.board, recipe.to_move, playing_rules(rules_to_use));
  }
  for (const Move& m : moves) {
    if (g->play(m.color, m.point) != MoveError::None) return false;
  }
  base = recipe;
  history = moves;
  game = std::move(g);
  start = begin;
  rules = rules_to_use;
  return true;
}

void State::clear(int width, int height) {
  BaseRecipe recipe;
  recipe.board = Board(width, height);
  capture_offset[1] = capture_offset[2] = 0;
  rebuild(recipe, {}, engine_rules);
}

Reply ok(std::string text) {
  return {true, std::move(text)};
}
Reply fail(std::string text) {
  return {false, std::move(text)};
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<Color> parse_color(std::string_view text) {
  const std::string c = lower(text);
  if (c == "b" || c == "black") return Color::Black;
  if (c == "w" || c == "white") return Color::White;
  return std::nullopt;
}

std::string color_name(Color c) {
  return c == Color::Black ? "black" : "white";
}

std::optional<int> parse_int(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::vector<Point> stones_of(const Board& board, Color c) {
  std::vector<Point> points;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (board.at(board.point(x, y)) == c) points.push_back(board.point(x, y));
    }
  }
  return points;
}

Point pick_move(State& s, Color c) {
  if (c == s.game->to_move()) {
    Game trial = *s.game;
    return s.policy.play(trial, s.rng);
  }
  Board scratch = s.board();
  for (int left = scratch.empty_count(); left > 0; --left) {
    const int i = int(s.rng.below(uint32_t(left)));
    const Point p = scratch.empty_point(i);
    if (!scratch.is_eye(p, c) && s.game->check(c, p) == MoveError::None) return p;
    scratch.swap_empty(i, left - 1);
  }
  return kPass;
}

MoveError play_move(State& s, Color c, Point p) {
  const MoveError error = s.game->play(c, p);
  if (error == MoveError::None) s.history.push_back(Move{c, p});
  return error;
}

Reply illegal(MoveError error) {
  return fail("illegal move (" + std::string(to_string(error)) + ")");
}

}  // namespace tengen::gtp
