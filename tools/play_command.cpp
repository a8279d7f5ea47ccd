// `tengen play`: one game of the light playout policy (or, with --player
// mcts, of the search against itself), printed move by move, with the final
// board and its score. A quick look at the engine and the rules at work.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/core.h>

#include "core/coords.h"
#include "core/game.h"
#include "core/presets.h"
#include "gtp/protocol.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "tools/commands.h"
#include "tools/options.h"
#include "tools/player_options.h"

namespace tengen::tools {
namespace {

struct PlayOptions : RandomGameOptions {
  bool quiet = false;
  PlayerOptions player;
};

int run_play(const PlayOptions& options) {
  auto [width, height] = options.game.size();
  Rules rules = options.game.parsed_rules();
  Game game(width, height, rules);
  if (options.handicap > 0) {
    try {
      game.set_handicap(options.handicap);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--handicap " + std::to_string(options.handicap) + ": " +
                                  e.what());
    }
  }
  playout::Rng rng(options.seed);
  playout::LightPolicy policy;
  std::unique_ptr<search::Search> searcher;
  if (auto o = options.player.search_options(width, height, options.seed)) {
    searcher = std::make_unique<search::Search>(*o);
  }
  const int max_turns = options.max_turns > 0 ? options.max_turns : 3 * width * height;
  fmt::print("Rules {} ({}), board {}x{}, seed {}", rules.to_string(),
             rules.preset_name().empty() ? "custom" : rules.preset_name(), width, height,
             options.seed);
  if (options.handicap > 0) {
    fmt::print(", handicap {} ({})", options.handicap,
               rules.handicap == HandicapPlacement::Fixed
                   ? "on " + gtp::format_gtp_vertices(
                                 game.board(), handicap_points(game.board(), options.handicap))
                   : "free: Black's first moves");
  }
  fmt::print("\n");
  int turn = 0;
  while (!game.over() && turn < max_turns) {
    const Color me = game.to_move();
    const int before = game.prisoners(me), suicides_before = game.suicides(me);
    Point p = kPass;
    double win_rate = -1;
    if (searcher) {
      const search::SearchResult r = searcher->run(game);
      if (r.resign) {
        fmt::print("{:>4} {} resigns\n", turn + 1, me == Color::Black ? "B" : "W");
        break;
      }
      p = r.move;
      win_rate = r.win_rate;
      if (game.play(p) != MoveError::None)
        throw std::logic_error("the search played an illegal move");
    } else {
      p = policy.play(game, rng);
    }
    ++turn;
    if (!options.quiet) {
      fmt::print("{:>4} {} {}", turn, me == Color::Black ? "B" : "W", gtp_vertex(game.board(), p));
      if (win_rate >= 0) fmt::print("  win rate {:.2f}", win_rate);
      if (game.prisoners(me) > before) fmt::print("  captures {}", game.prisoners(me) - before);
      if (game.suicides(me) > suicides_before) {
        fmt::print("  suicide of {}", game.suicides(me) - suicides_before);
      }
      fmt::print("\n");
    }
  }
  fmt::print("\n{}", pretty_diagram(game.board()));
  const Score s = game.score();
  // Suicided stones are the opponent's prisoners (see Game::suicides).
  fmt::print("Game {} after {} turns. Prisoners: black {}, white {}.\n",
             game.over() ? "ended by " + std::string(to_string(game.end_reason()))
                         : "stopped at the turn limit",
             turn, game.prisoners(Color::Black) + game.suicides(Color::White),
             game.prisoners(Color::White) + game.suicides(Color::Black));
  fmt::print("Score: black {}, white {} + komi {}{}, neutral {}. Result: {}\n", s.black, s.white,
             format_komi(s.komi),
             s.handicap_bonus ? " + handicap " + std::to_string(s.handicap_bonus) : "", s.neutral,
             s.result());
  return 0;
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* play = app.add_subcommand(
      "play", "Play one game (random, or --player mcts) and print it with its score");
  options->game.add_to(play, "Board size: 9 or 19x13 (1 to 25 each way)",
                       "Preset (" + preset_list() + ") or key=value,...",
                       "Komi, overrides the rules' (a multiple of 0.5 from -1000 to 1000)");
  add_seed_option(play, options->seed);
  add_int_option(play, "--max-turns", options->max_turns, "Turn limit (0: 3 x area)", 0, 1 << 30);
  add_handicap_option(play, options->handicap, "Handicap stones");
  options->player.add_to(play);
  play->add_flag("--quiet", options->quiet, "Print only the final board and score");
  on_run(play, [options] { return run_play(*options); });
}

}  // namespace tengen::tools
