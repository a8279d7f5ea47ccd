#include "selfplay/sgf_writer.h"

#include <optional>
#include <utility>

#include "core/coords.h"
#include "core/game.h"
#include "tengen/version.h"

namespace tengen::selfplay {

std::string sgf_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    if (ch == ']' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

std::string sgf_rules_value(const Rules& rules) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"tromp-taylor", "Tromp-Taylor"},
      {"japanese", "Japanese"},
      {"chinese", "Chinese"},
      {"aga", "AGA"},
      {"nz", "NZ"}};
  for (const auto& [preset, sgf_name] : kNames) {
    std::optional<Rules> named = Rules::preset(preset);
    if (!named) continue;
    named->komi = rules.komi;
    if (*named == rules) return std::string(sgf_name);
  }
  return rules.to_string();
}

std::string write_sgf(const SgfGame& game) {
  const Board& board = *game.board;
  std::string out = "(;FF[4]GM[1]CA[UTF-8]AP[Tengen:" TENGEN_VERSION "]";
  auto property = [&out](std::string_view id, std::string_view value) {
    out += id;
    out += '[';
    out += value;
    out += ']';
  };
  std::string size = std::to_string(board.width());
  if (board.height() != board.width()) {
    size += ':';
    size += std::to_string(board.height());
  }
  property("SZ", size);
  property("RU", sgf_escape(sgf_rules_value(game.rules)));
  property("KM", format_komi(game.rules.komi));
  if (game.handicap > 0) {
    property("HA", std::to_string(game.handicap));
    if (game.rules.handicap == HandicapPlacement::Fixed) {
      out += "AB";
      for (Point p : handicap_points(board, game.handicap)) out += "[" + sgf_point(board, p) + "]";
    }
  }
  property("RE", game.unfinished ? "Void" : game.score.result());
  if (!game.name.empty()) property("GN", sgf_escape(game.name));
  std::string comment = game.comment;
  if (game.unfinished) {
    comment += std::string(comment.empty() ? "" : " ") +
               "Score as it stands: " + game.score.result() + ".";
  }
  if (!comment.empty()) property("C", sgf_escape(comment));
  int on_line = 0;
  for (const Move& m : game.moves) {
    if (on_line++ % 12 == 0) out += "\n";
    out += m.color == Color::Black ? ";B[" : ";W[";
    if (m.point != kPass) out += sgf_point(board, m.point);
    out += "]";
  }
  out += ")\n";
  return out;
}

}  // namespace tengen::selfplay
