// `tengen selfplay`: many light playouts on every core (or, with --player
// mcts, games of the search against itself, a game per core), turned into
// statistics (stdout, --json), one CSV row per game (--csv) and the first
// games as SGF files (--sgf). Ctrl-C or SIGTERM stops cleanly: the games
// finished so far are summarised and written as usual (exit status 130 or
// 143; tools/interrupt.h).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <fmt/core.h>

#include "core/board.h"
#include "core/presets.h"
#include "formats/sgf.h"
#include "gpu/device.h"
#include "gpu/results.h"
#include "report/page.h"
#include "report/result.h"
#include "selfplay/game_record.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/player_options.h"
#include "tools/progress.h"
#include "tools/selfplay_distributed.h"

namespace tengen::tools {
namespace {

struct SelfplayOptions : RandomGameOptions {
  uint64_t games = 100000;
  int threads = 0;
  std::string json;
  std::string csv;
  std::string sgf;
  uint64_t sgf_games = 10;
  bool no_progress = false;
  std::string html;
  bool force = false;
  DistributedOptions distributed;  // --shard, --checkpoint, --resume, mpirun
  std::string device = "cpu";      // --device: cpu, gpu or portable (gpu/README.md)
  PlayerOptions player;            // --player mcts and the search's budget
};

// The run the options ask for; throws std::invalid_argument if it is not one.
selfplay::RunConfig run_config(const SelfplayOptions& options) {
  const auto [width, height] = options.game.size();
  selfplay::RunConfig config;
  config.width = width;
  config.height = height;
  config.rules = options.game.parsed_rules();
  config.games = options.games;
  config.seed = options.seed;
  config.threads = resolve_threads(options.threads);
  config.max_turns = options.max_turns;
  config.handicap = options.handicap;
  config.keep_moves = options.sgf.empty() ? 0 : options.sgf_games;
  config.search = options.player.search_options(width, height, options.seed);
  if (config.search) {
    if (options.player.resign > 0) {
      throw CLI::ValidationError("--resign",
                                 "self-play plays every game to its end (its statistics need a "
                                 "score); resigning is for gtp and play");
    }
    if (options.device != "cpu") {
      throw CLI::ValidationError("--device",
                                 "the GPU (and its portable code) plays the random player only");
    }
    if (config.search->threads > 1 || config.search->seconds > 0) {
      fmt::print(stderr,
                 "tengen: warning: with {} the games depend on timing: the same seed will not "
                 "give the same games (one search thread and --playouts alone do)\n",
                 config.search->threads > 1 ? "more than one search thread" : "--seconds");
    }
  }
  selfplay::validate(config);
  return config;
}

// The file --sgf writes game `index` to, in its folder.
std::string sgf_game_name(uint64_t index) {
  return fmt::format("game-{:06}.sgf", index);
}

void run_selfplay_command(SelfplayOptions& options) {
  // Everything that can be wrong with the arguments or the outputs fails
  // here, before any game is played.
  FileCheck check;
  for (const auto& [option, path] :
       {std::pair<const char*, const std::string&>{"--json", options.json},
        {"--csv", options.csv},
        {"--html", options.html}}) {
    if (!path.empty()) check.output(option, path);
  }
  const DistributedOptions& d = options.distributed;
  if (!d.resume.empty()) check.input("--resume", d.resume);
  // --checkpoint may name the checkpoint it resumes: it is then replaced.
  if (!d.checkpoint.empty()) {
    if (d.resume.empty() || !same_file(d.resume, d.checkpoint)) {
      check.output("--checkpoint", d.checkpoint);
    }
  }
  if (!options.sgf.empty()) {
    // The folder is an output itself, and so is every game file in it that
    // another option names (they are too many to list one by one).
    check.output("--sgf", options.sgf);
    const uint64_t files = std::min(options.sgf_games, options.games);
    for (const std::string& path :
         {options.json, options.csv, options.html, d.checkpoint, d.resume}) {
      if (path.empty() || path == "-") continue;
      const std::filesystem::path p(path);
      const std::string parent = p.has_parent_path() ? p.parent_path().string() : ".";
      unsigned long long index = 0;
      char tail = 0;
      const std::string name = p.filename().string();
      if (std::sscanf(name.c_str(), "game-%llu.sgf%c", &index, &tail) == 1 && index < files &&
          name == sgf_game_name(index) && same_file(parent, options.sgf)) {
        check.output("--sgf (game " + std::to_string(index) + ")", path);
      }
    }
  }
  check.check();
  selfplay::RunConfig config = run_config(options);
  // The GPU's games (or its code's on one CPU thread) go through the same
  // legs, checkpoints and MPI blocks as the CPU runner's: the same contract.
  if (options.device == "gpu") {
    gpu::device_name();  // no GPU: fails here, before any output is made
    options.distributed.play = [](const selfplay::RunConfig& c, const selfplay::RunCallbacks& b,
                                  const std::atomic<bool>* stop) {
      return gpu::run_gpu(c, b, stop);
    };
  } else if (options.device == "portable") {
    options.distributed.play = [](const selfplay::RunConfig& c, const selfplay::RunCallbacks& b,
                                  const std::atomic<bool>* stop) {
      return gpu::run_portable_cpu(c, b, stop);
    };
  }
  if (!prepare_distributed(config, options.distributed,
                           !options.csv.empty() || !options.sgf.empty())) {
    return;  // an MPI rank other than 0: it played what rank 0 handed it
  }
  Output json, csv;
  if (!options.json.empty()) json = Output(options.json, "JSON file");
  if (!options.csv.empty()) {
    csv = Output(options.csv, "CSV file");
    csv.write(selfplay::csv_header());
  }
  if (!options.distributed.resume.empty() && !std::filesystem::exists(options.distributed.resume)) {
    throw std::runtime_error("cannot resume from checkpoint '" + options.distributed.resume +
                             "': no such file");
  }
  Output html;
  if (!options.html.empty()) html = Output(options.html, "HTML file", options.force);
  if (!options.sgf.empty()) prepare_output_dir(options.sgf, "SGF directory");

  const Board board(config.width, config.height);
  selfplay::RunCallbacks callbacks;
  if (csv.enabled() || config.keep_moves > 0) {
    callbacks.on_game = [&](const selfplay::GameSummary& game, std::span<const Move> moves) {
      csv.write(selfplay::csv_row(board, game));
      if (game.index < config.keep_moves) {
        selfplay::SgfGame sgf{
            &board,
            config.rules,
            game.score,
            moves,
            "tengen selfplay game " + std::to_string(game.index) + ", seed " +
                std::to_string(config.seed) +
                (config.search
                     ? ", player mcts" + (config.search->playouts > 0
                                              ? ", " + std::to_string(config.search->playouts) +
                                                    " playouts a move"
                                              : std::string())
                     : std::string()),
            game.end == playout::PlayoutEnd::MoveCap ? "Stopped at the move cap." : "",
            game.end == playout::PlayoutEnd::MoveCap,
            config.handicap};
        const std::string path =
            (std::filesystem::path(options.sgf) / sgf_game_name(game.index)).string();
        write_whole_file(path, formats::write_sgf(selfplay::game_record(sgf)), "SGF file");
      }
    };
  }
  ProgressReporter progress("selfplay", "games", !options.no_progress);
  callbacks.on_progress = [&](uint64_t done) { progress.update(done, config.games); };

  selfplay::RunResult result;
  InterruptGuard guard;
  result = run_distributed(config, callbacks, guard.flag(), options.distributed);
  progress.finish();

  // With an output on stdout ("-") the text summary stays out of its way.
  if (!json.is_stdout() && !csv.is_stdout()) {
    fmt::print("{}", selfplay::summary_text(result));
  }
  // The CSV first: a shard's JSON records the CSV file's checksum.
  csv.close();
  json.write(distributed_json(result, options.distributed, options.csv));
  json.close();
  if (!options.html.empty()) {
    // The page is drawn from the JSON form, exactly as `tengen report` would.
    const report::Result read = report::parse_result(selfplay::summary_json(result), "selfplay");
    html.write(report::report_page({read}));
    html.close();
  }
  if (result.interrupted) throw CLI::RuntimeError(guard.exit_status());
}

}  // namespace

void add_selfplay_command(CLI::App& app) {
  auto options = std::make_shared<SelfplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay",
      "Play many games (light playouts, or --player mcts: the search on both sides) in parallel "
      "and print their statistics");
  options->game.add_to(
      cmd, "Board size: N or WxH, 1 to 25",
      "Rules: a preset (" + preset_list() + "), key=value,... or a preset with overrides",
      "Komi, a multiple of 0.5 from -1000 to 1000 (default: the rules' komi)");
  add_count_option(cmd, "--games", options->games, "Number of games", 0, selfplay::kMaxGames);
  add_seed_option(cmd, options->seed, "Run seed: game i is seeded from (seed, i)");
  add_threads_option(cmd, options->threads);
  add_handicap_option(cmd, options->handicap, "Handicap stones of every game");
  add_int_option(cmd, "--max-turns", options->max_turns,
                 "Cap on the turns of a game, passes included (default: 3 per point)", 1, 1 << 30);
  cmd->add_option("--json", options->json, "Write the summary as JSON to FILE ('-': stdout)")
      ->type_name("FILE");
  cmd->add_option("--csv", options->csv, "Write one CSV row per game to FILE ('-': stdout)")
      ->type_name("FILE");
  cmd->add_option("--sgf", options->sgf, "Write the first games as SGF files into DIR")
      ->type_name("DIR");
  add_count_option(cmd, "--sgf-games", options->sgf_games, "How many games --sgf writes");
  cmd->add_option("--html", options->html, "Write an HTML report (as `tengen report`) to FILE")
      ->type_name("FILE");
  cmd->add_flag("--force", options->force, "Overwrite an existing --html file");
  cmd->add_flag("--no-progress", options->no_progress, "No progress on stderr");
  add_distributed_options(cmd, options->distributed);
  cmd->add_option("--device", options->device,
                  "cpu (every core), gpu (a CUDA build's GPU: the same games, bit for bit) or "
                  "portable (the GPU's code on one CPU thread: its games checked without a GPU)")
      ->check(CLI::IsMember({"cpu", "gpu", "portable"}));
  options->player.add_to(cmd, "--search-threads");
  cmd->footer(
      "--player mcts: both sides search every move (UCT with RAVE, search/README.md) within\n"
      "--playouts and --seconds; --threads plays that many games at once, each search on\n"
      "--search-threads threads (1 by default). Game i comes from (--seed, i) alone, the same\n"
      "on any number of --threads, with one search thread and a --playouts budget only:\n"
      "--search-threads above 1 or --seconds make the games depend on timing (a warning says\n"
      "so). --resign is refused: every game is played to its end. Ctrl-C abandons the games\n"
      "under way and keeps those finished before them. --json records the player and its\n"
      "budget; `tengen merge` refuses shards of another player or budget.");
  cmd->callback([options] { run_selfplay_command(*options); });
}

}  // namespace tengen::tools
