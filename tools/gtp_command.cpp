// `tengen gtp`: a GTP version 2 engine on standard input and output
// (gtp/engine.h), for GUIs and match runners. genmove plays the light
// playout policy from --seed, or with --player mcts the search's move.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/presets.h"
#include "gtp/engine.h"
#include "tools/commands.h"
#include "tools/options.h"
#include "tools/player_options.h"

namespace tengen::tools {
namespace {

struct GtpCommandOptions {
  GameOptions game{.board = "19"};
  uint64_t seed = 1;
  std::string name = "Tengen";
  PlayerOptions player;
};

int run_gtp(const GtpCommandOptions& options) {
  gtp::GtpEngineOptions engine_options;
  std::tie(engine_options.width, engine_options.height) = options.game.size();
  engine_options.rules = options.game.parsed_rules();
  engine_options.seed = options.seed;
  engine_options.name = options.name;
  engine_options.search =
      options.player.search_options(engine_options.width, engine_options.height, options.seed);
  gtp::GtpEngine engine(engine_options);
  std::ios::sync_with_stdio(false);
  engine.run(std::cin, std::cout);
  std::cout.flush();
  if (!std::cout) throw std::runtime_error("writing to standard output failed");
  return 0;
}

}  // namespace

void add_gtp_command(CLI::App& app) {
  auto options = std::make_shared<GtpCommandOptions>();
  CLI::App* gtp = app.add_subcommand(
      "gtp", "Run a GTP version 2 engine on stdin/stdout (random or mcts player)");
  options->game.add_to(
      gtp, "Initial board size: 19 or 19x13 (1 to 25 each way)",
      "Preset (" + preset_list() +
          ") or key=value,...: the rules of every game (a loaded record's RU applies "
          "to that game only)",
      "Komi, overrides the rules' (a multiple of 0.5 from -1000 to 1000; GTP's "
      "komi command takes any finite number)");
  add_seed_option(gtp, options->seed, "Seed of genmove's random generator (and the search's)");
  options->player.add_to(gtp);
  gtp->add_option("--name", options->name, "Name reported by the name command")
      ->capture_default_str();
  gtp->footer(
      "Commands: list_commands gives them all. Besides GTP 2's own: rectangular_boardsize W H,\n"
      "is_legal, all_legal, list_stones, captures (as in GNU Go), and\n"
      "tengen-rules [PRESET|key=value,...] to show or set the rules (komi included).\n"
      "final_score and final_status_list estimate dead stones and seki by playouts\n"
      "(as `tengen score`); genmove is the random player.\n"
      "--player mcts: genmove searches (UCT with RAVE) within --playouts and --seconds and\n"
      "the time control (time_settings, kgs-time_settings, time_left); dead stones from the\n"
      "search's ownership; lz-analyze [color] [interval] streams Leela Zero's info lines\n"
      "every interval (centiseconds) until the next command arrives.");
  on_run(gtp, [options] { return run_gtp(*options); });
}

}  // namespace tengen::tools
