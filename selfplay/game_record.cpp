#include "selfplay/game_record.h"

#include "core/game.h"

namespace tengen::selfplay {

formats::GameRecord game_record(const SgfGame& game) {
  Board start(game.board->width(), game.board->height());
  if (game.handicap > 0 && game.rules.handicap == HandicapPlacement::Fixed) {
    for (Point p : handicap_points(start, game.handicap)) start.set_colour(p, Color::Black);
  }
  // After a fixed handicap White moves first; a free one's stones are moves.
  const Color first = game.handicap > 0 && game.rules.handicap == HandicapPlacement::Fixed
                          ? Color::White
                          : Color::Black;
  formats::GameRecord record =
      formats::record_from_moves(start, game.rules, game.handicap, game.moves, first);
  record.result = game.unfinished ? "Void" : game.score.result();
  if (!game.name.empty()) record.root_extra.push_back({"GN", {game.name}});
  std::string comment = game.comment;
  if (game.unfinished) {
    comment += std::string(comment.empty() ? "" : " ") +
               "Score as it stands: " + game.score.result() + ".";
  }
  if (!comment.empty()) record.root_extra.push_back({"C", {comment}});
  return record;
}

}  // namespace tengen::selfplay
