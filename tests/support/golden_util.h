// Helpers for the golden and unit tests: diagrams in raw strings, GTP vertices,
// move lists and score summaries as text, so that a test reads as
// "this board, this action, this board or answer".
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/coords.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "core/types.h"

namespace tengen {

// Readable names in gtest's failure messages.
inline void PrintTo(MoveError e, std::ostream* os) {
  *os << to_string(e);
}
inline void PrintTo(EndReason r, std::ostream* os) {
  *os << to_string(r);
}
inline void PrintTo(Winner w, std::ostream* os) {
  *os << to_string(w);
}
inline void PrintTo(Color c, std::ostream* os) {
  *os << to_string(c);
}
inline void PrintTo(const Rules& r, std::ostream* os) {
  *os << r.to_string();
}

namespace golden {

// A diagram as written in a test, in the form diagram() prints: blank lines
// dropped, each line stripped of surrounding blanks and ended by '\n'.
inline std::string text(std::string_view raw) {
  std::string out;
  while (!raw.empty()) {
    size_t end = raw.find('\n');
    std::string_view line = raw.substr(0, end);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.remove_suffix(1);
    if (!line.empty()) {
      out += line;
      out += '\n';
    }
    if (end == std::string_view::npos) break;
    raw.remove_prefix(end + 1);
  }
  return out;
}

// Parses a test diagram; throws (failing the test) if it does not parse.
inline Board board_from(std::string_view raw) {
  std::string error;
  auto board = parse_diagram(text(raw), &error);
  if (!board) throw std::runtime_error("bad test diagram: " + error + "\n" + text(raw));
  return *board;
}

// A GTP vertex ("D4", "pass"); throws (failing the test) if it does not parse.
inline Point vertex(const Board& board, std::string_view gtp) {
  auto p = parse_gtp_vertex(board, gtp);
  if (!p) throw std::runtime_error("bad test vertex: " + std::string(gtp));
  return *p;
}

// Space-separated GTP vertices.
inline std::vector<Point> vertices(const Board& board, std::string_view list) {
  std::vector<Point> points;
  while (!list.empty()) {
    size_t space = list.find(' ');
    std::string_view word = list.substr(0, space);
    if (!word.empty()) points.push_back(vertex(board, word));
    if (space == std::string_view::npos) break;
    list.remove_prefix(space + 1);
  }
  return points;
}

// Points as space-separated GTP vertices.
inline std::string vertex_list(const Board& board, const std::vector<Point>& points) {
  std::string out;
  for (Point p : points) out += (out.empty() ? "" : " ") + gtp_vertex(board, p);
  return out;
}

// Plays a GTP vertex for the side to move.
inline MoveError play(Game& game, std::string_view gtp) {
  return game.play(vertex(game.board(), gtp));
}

// Plays space-separated GTP vertices for the sides to move, in turn, and
// checks the board after each. Returns "" if all were played, else the first
// refusal as "E5: ko" (the rest are not played) or an inconsistency.
inline std::string play_all(Game& game, std::string_view moves) {
  for (Point p : vertices(game.board(), moves)) {
    MoveError e = game.play(p);
    if (e != MoveError::None) return gtp_vertex(game.board(), p) + ": " + std::string(to_string(e));
    std::string bad = game.board().check_consistency();
    if (!bad.empty()) return gtp_vertex(game.board(), p) + ": inconsistent board: " + bad;
  }
  return "";
}

// A game that starts from a test diagram.
inline Game game_from(std::string_view raw, Color to_move, const Rules& rules) {
  return Game(board_from(raw), to_move, rules);
}

inline Rules rules_from(std::string_view text) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::runtime_error("bad test rules: " + error);
  return *rules;
}

// The integer parts of a score and its result, one line: the golden form.
// The komi and the margin are in the result ("B+9", "W+0.5", "0").
inline std::string summary(const Score& s) {
  return "black " + std::to_string(s.black) + " white " + std::to_string(s.white) + " neutral " +
         std::to_string(s.neutral) + " bonus " + std::to_string(s.handicap_bonus) + " result " +
         s.result();
}

// The board scored under each rules text (rules_from) with the same context:
// one line each, "RULES: SUMMARY", to compare with a golden table.
inline std::string summaries(const Board& board, const ScoreContext& context,
                             std::initializer_list<std::string_view> rules) {
  std::string out;
  for (std::string_view r : rules) {
    out += std::string(r) + ": " + summary(score(board, rules_from(r), context)) + "\n";
  }
  return out;
}

}  // namespace golden
}  // namespace tengen
