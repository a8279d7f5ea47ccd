// `tengen gtp`: a GTP version 2 engine on standard input and output
// (formats/gtp_engine.h), for GUIs and match runners. genmove plays the light
// playout policy from --seed.
#include <iostream>
#include <memory>
#include <string>

#include "formats/gtp_engine.h"
#include "tools/commands.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

struct GtpCommandOptions {
  std::string board = "19";
  std::string rules = "tromp-taylor";
  std::string komi;
  uint64_t seed = 1;
  std::string name = "Tengen";
};

int run_gtp(const GtpCommandOptions& options) {
  formats::GtpEngineOptions engine_options;
  std::tie(engine_options.width, engine_options.height) = parse_board_size(options.board);
  engine_options.rules = parse_rules(options.rules, options.komi);
  engine_options.seed = options.seed;
  engine_options.name = options.name;
  formats::GtpEngine engine(engine_options);
  std::ios::sync_with_stdio(false);
  engine.run(std::cin, std::cout);
  return 0;
}

}  // namespace

void add_gtp_command(CLI::App& app) {
  auto options = std::make_shared<GtpCommandOptions>();
  CLI::App* gtp =
      app.add_subcommand("gtp", "Run a GTP version 2 engine on stdin/stdout (random light policy)");
  gtp->add_option("--board", options->board, "Initial board size: 19 or 19x13 (1 to 25 each way)")
      ->capture_default_str();
  gtp->add_option("--rules", options->rules,
                  "Preset (tromp-taylor, japanese, chinese, aga, nz) or key=value,...")
      ->capture_default_str();
  gtp->add_option("--komi", options->komi, "Komi, overrides the rules' (multiple of 0.5)");
  gtp->add_option("--seed", options->seed, "Seed of genmove's random generator")
      ->capture_default_str();
  gtp->add_option("--name", options->name, "Name reported by the name command")
      ->capture_default_str();
  gtp->footer(
      "Commands: list_commands gives them all. Besides GTP 2's own: rectangular_boardsize W H,\n"
      "is_legal, all_legal, list_stones, captures (as in GNU Go), and\n"
      "tengen-rules [PRESET|key=value,...] to show or set the rules (komi included).\n"
      "final_status_list calls every stone alive: the engine is a random player.");
  gtp->callback([options] {
    if (int rc = run_gtp(*options); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace tengen::tools
