#include "playout/policy.h"

#include "playout/light_choice.h"

namespace tengen::playout {
namespace {

// A Game as choose_light_move sees a game.
struct GameView {
  const Game& game;
  Color to_move() const { return game.to_move(); }
  int empty_count() const { return game.board().empty_count(); }
  Point empty_point(int i) const { return game.board().empty_point(i); }
  bool is_eye(Point p, Color c) const { return game.board().is_eye(p, c); }
  bool legal(Point p, Color c) const { return game.check_empty_point(c, p) == MoveError::None; }
};

}  // namespace

bool LightPolicy::acceptable(const Game& game, Point p) {
  return playout::acceptable(GameView{game}, game.to_move(), p);
}

Point LightPolicy::play(Game& game, Rng& rng) {
  const Point p = choose_light_move(GameView{game}, rng, candidates_.data());
  game.play_legal(game.to_move(), p);
  return p;
}

}  // namespace tengen::playout
