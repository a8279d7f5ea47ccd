// `tengen match --black "CMD ARGS" --white "CMD ARGS"`: a referee for two
// GTP engines (external/match.h). Each game's record goes to --sgf DIR as it
// ends (so Ctrl-C or a crash loses no finished game, and --resume plays only
// the missing ones); the totals, the Elo difference and the forfeits by
// reason are printed and written as --json. "tengen" as a command is this
// very program; `tengen gtp` without --seed gets each game's seed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "external/match.h"
#include "external/match_report.h"
#include "formats/sgf.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

// Each game starts two programs; more than this is a typing mistake.
constexpr uint64_t kMaxMatchGames = 100'000'000;

struct MatchOptions {
  std::string black = "tengen gtp";
  std::string white;
  GameOptions game{.board = "9", .rules = "chinese"};
  uint64_t games = 2;
  bool no_alternate = false;
  int max_moves = 0;
  double move_timeout = 60;
  double startup_timeout = 60;
  std::string dead_stones = "agreement";
  int playouts = 400;
  uint64_t seed = 1;
  int parallel = 1;
  std::string sgf;
  bool resume = false;
  std::string json;
  bool no_progress = false;
};

// parse_engine_command, and `tengen gtp` without --seed gets the game's seed.
std::vector<std::string> engine_command(const std::string& text, const std::string& option) {
  std::vector<std::string> argv = parse_engine_command(text, option);
  const bool tengen_gtp = argv[0] == std::filesystem::read_symlink("/proc/self/exe").string() &&
                          argv.size() >= 2 && argv[1] == "gtp";
  if (tengen_gtp && std::find_if(argv.begin(), argv.end(), [](const std::string& w) {
                      return w == "--seed" || w.rfind("--seed=", 0) == 0;
                    }) == argv.end()) {
    argv.push_back("--seed");
    argv.push_back("{seed}");
  }
  return argv;
}

external::DeadStones dead_stones_method(const std::string& text) {
  if (text == "agreement") return external::DeadStones::Agreement;
  if (text == "playouts") return external::DeadStones::Playouts;
  return external::DeadStones::None;
}

// The games already in the SGF folder, read back (with --resume), or a
// refusal to overwrite them (without it).
std::vector<external::GameResult> resumed_games(const external::MatchConfig& config,
                                                const MatchOptions& o) {
  std::vector<external::GameResult> games;
  if (o.sgf.empty()) return games;
  for (uint64_t i = 0; i < config.games; ++i) {
    const std::string path = (std::filesystem::path(o.sgf) / external::match_game_file(i)).string();
    if (!std::filesystem::exists(path)) continue;
    if (!o.resume) {
      throw std::runtime_error("'" + o.sgf + "' already holds games of a match (" + path +
                               "); give --resume to finish that match, or another directory");
    }
    const formats::SgfRead read = formats::read_sgf_file(path);
    if (!read.ok() || read.games.size() != 1) {
      throw std::runtime_error(path + ": " +
                               (read.ok() ? std::string("not one game") : read.error->problem) +
                               " (remove it to play the game again)");
    }
    external::ResumedGame g = external::result_from_record(config, i, read.games[0]);
    if (!g.game) {
      throw std::runtime_error(path + " " + g.error +
                               " (a match resumes with the arguments it was started with)");
    }
    games.push_back(std::move(*g.game));
  }
  return games;
}

int run_match_command(const MatchOptions& o) {
  if (o.white.empty()) throw std::invalid_argument("--white: give the second engine's command");
  if (o.resume && o.sgf.empty()) throw std::invalid_argument("--resume needs --sgf DIR");
  external::MatchConfig config;
  std::tie(config.width, config.height) = o.game.size();
  config.rules = o.game.parsed_rules();
  config.games = o.games;
  config.alternate = !o.no_alternate;
  config.max_moves = o.max_moves;
  config.move_timeout = std::chrono::milliseconds(int64_t(o.move_timeout * 1000));
  config.startup_timeout = std::chrono::milliseconds(int64_t(o.startup_timeout * 1000));
  config.dead_stones = dead_stones_method(o.dead_stones);
  config.playouts = o.playouts;
  config.seed = o.seed;
  config.parallel = o.parallel;
  const std::vector<std::string> argv[2] = {engine_command(o.black, "--black"),
                                            engine_command(o.white, "--white")};
  FileCheck check;
  if (!o.json.empty()) check.output("--json", o.json);
  std::error_code error;
  if (!o.sgf.empty() && std::filesystem::is_directory(o.sgf, error)) {
    for (const auto& entry : std::filesystem::directory_iterator(o.sgf, error)) {
      check.input("the --sgf folder's record", entry.path().string());
    }
  }
  check.check();
  Output json;
  if (!o.json.empty()) json = Output(o.json, "JSON file");
  if (!o.sgf.empty()) prepare_output_dir(o.sgf, "SGF directory");

  for (int e = 0; e < 2; ++e) {
    try {
      config.engines[size_t(e)] =
          external::probe_engine(argv[e], config.rules, config.dead_stones, config.startup_timeout);
    } catch (const external::GtpError& error) {
      throw std::runtime_error(std::string(e == 0 ? "--black" : "--white") +
                               ": the engine does not work: " + error.what());
    }
    for (const std::string& w : config.engines[size_t(e)].warnings) {
      fmt::print(stderr, "tengen: warning: {} ({}) {}\n", e == 0 ? "A" : "B",
                 config.engines[size_t(e)].display(), w);
    }
  }

  external::MatchRun run;
  run.games = resumed_games(config, o);
  run.resumed = run.games.size();
  std::vector<uint64_t> done;
  for (const external::GameResult& g : run.games) done.push_back(g.index);

  ProgressReporter reporter("match", "games", !o.no_progress);
  std::vector<external::GameResult> so_far = run.games;
  const auto finished = [&](const external::GameResult& g) {
    if (!o.sgf.empty()) {
      // Written as every output is: a record in the folder is always whole.
      write_whole_file((std::filesystem::path(o.sgf) / external::match_game_file(g.index)).string(),
                       g.sgf, "SGF file");
    }
    so_far.push_back(g);
    const external::MatchTotals t = external::match_totals(so_far);
    reporter.update(
        so_far.size(), config.games,
        fmt::format("A {} - B {}, draws {}, void {}", t.wins[0], t.wins[1], t.draws, t.void_games));
  };
  InterruptGuard guard;
  const auto start = std::chrono::steady_clock::now();
  std::vector<external::GameResult> played =
      external::run_match(config, done, finished, guard.flag());
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  reporter.finish();
  run.played_now = played.size();
  for (external::GameResult& g : played) run.games.push_back(std::move(g));
  std::sort(run.games.begin(), run.games.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  run.interrupted = run.games.size() < config.games;

  write_reports(external::format_match_report(config, run), json,
                external::match_report_json(config, run));
  return run.interrupted ? guard.exit_status() : 0;
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto options = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Referee games between two GTP engines under Tengen's rules: illegal moves, engines that "
      "die, hang or answer nonsense lose; finished games are scored by Tengen");
  cmd->add_option("--black", options->black,
                  "engine A, Black in even games: its command line (\"tengen\" is this program; "
                  "{seed} in it is replaced by each game's seed)")
      ->capture_default_str();
  cmd->add_option("--white", options->white, "engine B, White in even games: its command line")
      ->required();
  options->game.add_to(cmd, "board size: 9 or 19x13 (1 to 25 each way)",
                       "rules: a preset or key=value,... (default chinese: simple ko and no "
                       "suicide, which every GTP engine plays)",
                       "komi, overrides the rules' (a multiple of 0.5 from -1000 to 1000)");
  add_count_option(cmd, "-n,--games", options->games, "games to play", 1, kMaxMatchGames)
      ->capture_default_str();
  cmd->add_flag("--no-alternate", options->no_alternate,
                "engine A plays Black in every game (default: colours alternate)");
  add_int_option(cmd, "--max-moves", options->max_moves,
                 "moves after which a game is void, RE[Void] (0: 20 x area + 200)", 0, 1 << 30)
      ->capture_default_str();
  add_seconds_option(cmd, "--move-timeout", options->move_timeout,
                     "seconds an engine may take for any answer during a game; past them it "
                     "loses",
                     0.001, 24 * 3600)
      ->capture_default_str();
  add_seconds_option(cmd, "--startup-timeout", options->startup_timeout,
                     "seconds an engine may take to start and answer the game's setup", 0.001,
                     24 * 3600)
      ->capture_default_str();
  cmd->add_option("--dead-stones", options->dead_stones,
                  "agreement: both engines' final_status_list dead where they agree, else "
                  "playouts; playouts: Tengen's playout estimate; none: the board as it stands")
      ->check(CLI::IsMember({"agreement", "playouts", "none"}))
      ->capture_default_str();
  add_int_option(cmd, "--playouts", options->playouts, "playouts of the dead-stone estimate", 1,
                 1'000'000)
      ->capture_default_str();
  add_seed_option(cmd, options->seed, "run seed: game i's engines and estimate use (seed, i)");
  add_int_option(cmd, "--parallel", options->parallel, "games played at once", 1, kMaxThreads)
      ->capture_default_str();
  cmd->add_option("--sgf", options->sgf,
                  "write each game's record to DIR/game-NNNNNN.sgf as it ends");
  cmd->add_flag("--resume", options->resume,
                "play only the games whose records are not yet in the --sgf folder");
  cmd->add_option("--json", options->json, "write the results as JSON to FILE ('-': stdout)");
  cmd->add_flag("--no-progress", options->no_progress, "no progress line on stderr");
  on_run(cmd, [options] { return run_match_command(*options); });
}

}  // namespace tengen::tools
