#include <optional>
#include <string>
#include <vector>

#include "core/coords.h"
#include "gtp/commands.h"
#include "gtp/protocol.h"
#include "scoring/dead_stones.h"

namespace tengen::gtp {

Reply cmd_play(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  std::optional<Point> p = parse_gtp_vertex(s.board(), a[1]);
  if (!p) return fail("invalid coordinate");
  const MoveError error = play_move(s, *c, *p);
  if (error != MoveError::None) return illegal(error);
  return ok();
}

Reply cmd_genmove(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  // After four passes in a row the game is over: genmove is refused as play
  // is, so that the record, undo and the controller's count stay in step.
  if (s.game->over()) return illegal(MoveError::GameOver);
  if (std::optional<Reply> searched = search_genmove(s, *c)) return *searched;
  const Point p = pick_move(s, *c);
  const MoveError error = play_move(s, *c, p);
  if (error != MoveError::None) return illegal(error);
  return ok(gtp_vertex(s.board(), p));
}

// The game takes its last turn back from its own record (Game::undo): no
// replay. Moves of the base (free handicap stones) are not undone.
Reply cmd_undo(State& s, const Args&) {
  if (s.history.empty() || !s.game->can_undo()) return fail("cannot undo");
  s.game->undo();
  s.history.pop_back();
  return ok();
}

Reply cmd_showboard(State& s, const Args&) {
  const Game& g = *s.game;
  std::string text = "\n" + pretty_diagram(g.board());
  text += "Captures: black " + std::to_string(s.prisoners(Color::Black)) + ", white " +
          std::to_string(s.prisoners(Color::White)) + "\n";
  text += g.over() ? "Game over (" + std::string(to_string(g.end_reason())) + ")"
                   : color_name(g.to_move()) + " to move";
  return ok(text);
}

namespace {

// final_score and final_status_list: under rules that count the board as it
// stands (Tromp-Taylor), every chain alive; with a searching player, dead
// stones by its ownership (search_commands.cpp); otherwise dead stones and
// seki estimated by playouts on the position as it stands
// (scoring/dead_stones.h), seeded from the engine's seed alone, so that
// asking twice gives the same answer.
scoring::DeadStoneEstimate estimate_status(const State& s) {
  if (counts_as_it_stands(s.rules)) {
    scoring::DeadStoneEstimate none;
    none.status.assign(s.board().array_size(), scoring::ChainStatus::Alive);
    return none;
  }
  if (std::optional<scoring::DeadStoneEstimate> e = search_final_status(s)) return *e;
  scoring::DeadStoneOptions options;
  options.seed = s.options.seed;
  return scoring::estimate_dead_stones(s.board(), s.game->to_move(), s.rules, options);
}

}  // namespace

Reply cmd_final_score(State& s, const Args&) {
  if (counts_as_it_stands(s.rules)) {
    // Game::score(): no dead stones (GTP agrees on none); the prisoners of a
    // loaded record's earlier segments do not count under area scoring.
    return ok(s.game->score().result());
  }
  const scoring::DeadStoneEstimate e = estimate_status(s);
  return ok(
      scoring::estimated_score(*s.game, e, s.capture_offset[1], s.capture_offset[2]).result());
}

Reply cmd_final_status_list(State& s, const Args& a) {
  const std::string status = lower(a[0]);
  const scoring::ChainStatus wanted = status == "dead"   ? scoring::ChainStatus::Dead
                                      : status == "seki" ? scoring::ChainStatus::Seki
                                                         : scoring::ChainStatus::Alive;
  if (status != "alive" && status != "dead" && status != "seki") {
    return fail("invalid status (expected alive, dead or seki)");
  }
  // One chain per line, chains in the board order of their first stone.
  std::string text;
  for (const auto& chain : scoring::chains_with_status(s.board(), estimate_status(s), wanted)) {
    if (!text.empty()) text += '\n';
    text += format_gtp_vertices(s.board(), chain);
  }
  return ok(text);
}

Reply cmd_is_legal(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  std::optional<Point> p = parse_gtp_vertex(s.board(), a[1]);
  if (!p) return fail("invalid coordinate");
  return ok(s.game->check(*c, *p) == MoveError::None ? "1" : "0");
}

Reply cmd_all_legal(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  const Board& board = s.board();
  std::vector<Point> points;
  for (Point p : stones_of(board, Color::Empty)) {
    if (s.game->check(*c, p) == MoveError::None) points.push_back(p);
  }
  return ok(format_gtp_vertices(board, points));
}

Reply cmd_list_stones(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  return ok(format_gtp_vertices(s.board(), stones_of(s.board(), *c)));
}

Reply cmd_captures(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  return ok(std::to_string(s.prisoners(*c)));
}

}  // namespace tengen::gtp
