// An engine author's first program against the installed Tengen package: a
// few moves and a capture with tengen::core, a light playout to the end with
// tengen::playout, the score, and the game as SGF with tengen::formats.
// Exit status 1 if the engine refuses a move the program expects to be legal.
#include <iostream>
#include <string_view>

#include "core/board.h"
#include "core/coords.h"
#include "core/game.h"
#include "core/rules.h"
#include "formats/sgf.h"
#include "playout/playout.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tengen/version.h"

int main() {
  const tengen::Rules rules = tengen::Rules::chinese();
  tengen::Game game(9, 9, rules);
  const tengen::Board start = game.board();

  // Black surrounds the white stone on E5 and captures it with F5; White
  // plays elsewhere.
  for (std::string_view vertex : {"D5", "E5", "E6", "J9", "E4", "J8", "F5"}) {
    const auto point = tengen::parse_gtp_vertex(game.board(), vertex);
    const tengen::MoveError error = point ? game.play(*point) : tengen::MoveError::OffBoard;
    if (error != tengen::MoveError::None) {
      std::cerr << "tengen_consumer: " << vertex << " refused: " << tengen::to_string(error)
                << '\n';
      return 1;
    }
  }
  std::cout << "tengen " << TENGEN_VERSION << '\n'
            << "black prisoners: " << game.prisoners(tengen::Color::Black) << '\n'
            << tengen::diagram(game.board());

  // Game i of a run with seed s is seeded from (s, i) alone.
  tengen::playout::LightPolicy policy;
  tengen::playout::Rng rng = tengen::playout::game_rng(1, 0);
  const tengen::playout::PlayoutEnd end =
      tengen::playout::play_out(game, policy, rng, tengen::playout::default_max_turns(9, 9));
  const tengen::Score score = game.score();
  std::cout << "playout end: " << tengen::playout::to_string(end) << '\n'
            << "turns: " << game.moves().size() << '\n'
            << "score: black " << score.black << ", white " << score.white << ", komi "
            << score.komi << '\n'
            << "result: " << score.result() << '\n'
            << tengen::formats::write_sgf(tengen::formats::record_from_game(game, start));
  return 0;
}
