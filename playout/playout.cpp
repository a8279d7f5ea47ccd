#include "playout/playout.h"

namespace tengen::playout {

std::string_view to_string(PlayoutEnd end) {
  switch (end) {
    case PlayoutEnd::TwoPasses:
      return "two passes";
    case PlayoutEnd::MoveCap:
      return "move cap";
  }
  return "?";
}

int default_max_turns(int width, int height) {
  return 3 * width * height;
}

PlayoutEnd play_out(Game& game, LightPolicy& policy, Rng& rng, int max_turns) {
  int turns = int(game.moves().size());
  while (game.consecutive_passes() < 2) {
    if (turns >= max_turns) return PlayoutEnd::MoveCap;
    policy.play(game, rng);
    ++turns;
  }
  return PlayoutEnd::TwoPasses;
}

}  // namespace tengen::playout
