#include "formats/sgf.h"

#include <string>
#include <utility>

#include "core/coords.h"
#include "formats/sgf_rules.h"
#include "tengen/version.h"

namespace tengen::formats {
namespace {

void write_property(std::string& out, std::string_view id, std::string_view value) {
  out += id;
  out += '[';
  out += sgf_escape(value);
  out += ']';
}

// Writes a setup step's properties: AB, AW, AE, each point once with the last
// colour the step gives it, in board order; then PL.
void write_setup(std::string& out, const Board& board, const SetupStep& step) {
  const std::vector<Color> colour = final_colours(board, step);
  static constexpr std::pair<std::string_view, Color> kLists[] = {
      {"AB", Color::Black}, {"AW", Color::White}, {"AE", Color::Empty}};
  for (const auto& [id, color] : kLists) {
    bool first = true;
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        if (colour[p] != color) continue;
        if (first) out += id;
        first = false;
        out += '[' + sgf_point(board, p) + ']';
      }
    }
  }
  if (step.to_move) write_property(out, "PL", *step.to_move == Color::Black ? "B" : "W");
}

}  // namespace

std::string write_sgf(const GameRecord& record) {
  const Board board(record.width, record.height);
  std::string out = "(;FF[4]GM[1]";
  if (!record.charset.empty()) write_property(out, "CA", record.charset);
  std::string size = std::to_string(record.width);
  if (record.height != record.width) size += ":" + std::to_string(record.height);
  write_property(out, "SZ", size);
  write_property(out, "RU", sgf_rules_name(record.rules));
  write_property(out, "KM", format_komi(record.rules.komi));
  if (record.handicap > 0) write_property(out, "HA", std::to_string(record.handicap));
  if (!record.result.empty()) write_property(out, "RE", record.result);
  if (!record.black_name.empty()) write_property(out, "PB", record.black_name);
  if (!record.white_name.empty()) write_property(out, "PW", record.white_name);
  for (const SgfProperty& p : record.root_extra) {
    out += p.id;
    for (const std::string& v : p.values) out += '[' + sgf_escape(v) + ']';
  }
  // The first setup step before any move goes in the root; any other step
  // gets a node of its own, so that reading gives back the same steps.
  size_t step = 0;
  if (!record.setup.empty() && record.setup[0].before_move == 0) {
    write_setup(out, board, record.setup[step++]);
  }
  out += '\n';
  int on_line = 0;
  for (size_t i = 0; i <= record.moves.size(); ++i) {
    while (step < record.setup.size() && record.setup[step].before_move == i) {
      out += ';';
      write_setup(out, board, record.setup[step++]);
      out += '\n';
      on_line = 0;
    }
    if (i == record.moves.size()) break;
    const Move& m = record.moves[i];
    out += m.color == Color::Black ? ";B[" : ";W[";
    if (m.point != kPass) out += sgf_point(board, m.point);
    out += ']';
    if (++on_line == 12) {
      out += '\n';
      on_line = 0;
    }
  }
  if (out.back() == '\n') out.pop_back();
  out += ")\n";
  return out;
}

std::string write_sgf(std::span<const GameRecord> records) {
  std::string out;
  for (const GameRecord& r : records) out += write_sgf(r);
  return out;
}

GameRecord record_from_moves(const Board& start, const Rules& rules, int handicap,
                             std::span<const Move> moves, Color to_move) {
  GameRecord record;
  record.width = start.width();
  record.height = start.height();
  record.rules = rules;
  record.ruleset = sgf_rules_name(rules);
  record.has_komi = true;
  record.komi_text = format_komi(rules.komi);
  record.handicap = handicap;
  record.charset = "UTF-8";
  record.root_extra.push_back(SgfProperty{"AP", {std::string("Tengen:") + TENGEN_VERSION}});
  record.moves.assign(moves.begin(), moves.end());
  // Black stones, then white, each in board order: the order write_sgf
  // gives them (AB before AW).
  SetupStep step;
  for (Color c : {Color::Black, Color::White}) {
    for (int y = 0; y < start.height(); ++y) {
      for (int x = 0; x < start.width(); ++x) {
        const Point p = start.point(x, y);
        if (start.at(p) == c) step.stones.push_back(SetupStone{p, c});
      }
    }
  }
  if (!step.stones.empty()) {
    step.to_move = record.moves.empty() ? to_move : record.moves.front().color;
    record.setup.push_back(std::move(step));
  }
  return record;
}

GameRecord record_from_game(const Game& game, const Board& start) {
  GameRecord record =
      record_from_moves(start, game.rules(), game.handicap(), game.moves(), game.to_move());
  if (game.over()) record.result = game.score().result();
  return record;
}

}  // namespace tengen::formats
