// `tengen count games` (Tromp and Farnebäck's game counts, count/games.h) and
// `tengen count solve` (tiny boards solved by exhaustive search,
// count/solve.h), each checked on request against the reference model.

#include <optional>
#include <string>

#include <fmt/core.h>

#include "core/coords.h"
#include "count/games.h"
#include "count/published.h"
#include "count/solve.h"
#include "tools/commands.h"
#include "tools/count_run.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

struct GamesOptions {
  CommonOptions common;
  std::string board;
  int max_moves = -1;
  bool check = false;
};

void print_games(int w, int h, const GamesOptions& options, uint64_t games, double s,
                 std::optional<uint64_t> reference, double reference_seconds,
                 std::optional<uint64_t> published) {
  fmt::print(
      "Games of {} (Tromp and Farnebäck: paths from the empty board that repeat no "
      "position; moves of either colour, passes free){}\n",
      size_name(w, h),
      options.max_moves >= 0 ? fmt::format(", at most {} moves", options.max_moves) : "");
  fmt::print("  {} games in {} s\n", games, seconds_text(s));
  if (reference) {
    fmt::print("  reference model (explicit colourings): {} in {} s: {}\n", *reference,
               seconds_text(reference_seconds), *reference == games ? "agrees" : "DIFFERS");
  }
  if (published) {
    fmt::print("  published (Tromp, rec.games.go, 1999): {}: {}\n", *published,
               *published == games ? "agrees" : "DIFFERS");
  }
}

int run_games(const GamesOptions& options) {
  auto [w, h] = parse_board_size(options.board);
  CountRun job(options.common);
  const auto t0 = CountClock::now();
  uint64_t games = 0;
  try {
    ProgressReporter line = job.reporter("games " + size_name(w, h), "tasks");
    games = count::count_games(w, h, options.max_moves, job.progress(line));
  } catch (const Interrupted&) {
    // Nothing finished: the count is whole or not at all.
    job.write_json({{"mode", "games"},
                    {"width", w},
                    {"height", h},
                    {"max_moves", options.max_moves},
                    {"seconds", seconds_json(seconds_since(t0))},
                    {"interrupted", true}});
    return job.interrupted_status("games");
  }
  const double s = seconds_since(t0);
  std::optional<uint64_t> reference;
  double reference_seconds = 0;
  if (options.check) {
    const auto t1 = CountClock::now();
    reference = count::count_games_reference(w, h, options.max_moves);
    reference_seconds = seconds_since(t1);
  }
  std::optional<uint64_t> published;
  if (w * h == 4 && w == 2 && options.max_moves < 0) published = count::published::kGames2x2;
  const bool agree = (!reference || *reference == games) && (!published || *published == games);
  if (job.text()) print_games(w, h, options, games, s, reference, reference_seconds, published);
  nlohmann::ordered_json j = {{"mode", "games"}, {"width", w},
                              {"height", h},     {"max_moves", options.max_moves},
                              {"games", games},  {"seconds", seconds_json(s)}};
  if (reference) j["reference"] = *reference;
  if (published) j["published"] = *published;
  j["agree"] = agree;
  job.write_json(j);
  if (!agree) {
    fmt::print(stderr, "tengen count games: the counts disagree\n");
    return 1;
  }
  return 0;
}

struct SolveOptions {
  CommonOptions common;
  std::string board;
  std::string rules = "tromp-taylor";
  int table_mb = 256;
  bool check = false;
};

std::string margin_text(int value) {
  if (value == 0) return "0 (a draw)";
  return fmt::format("{}+{}", value > 0 ? "B" : "W", value > 0 ? value : -value);
}

void print_solve(int w, int h, const Rules& rules, const count::SolveResult& result,
                 const std::string& line, double s, std::optional<int> reference) {
  fmt::print("{} solved under {}, komi 0, area scoring\n", size_name(w, h), rules.to_string());
  fmt::print("  value: {} (Black's area minus White's under perfect play)\n",
             margin_text(result.value));
  fmt::print("  principal variation ({} turns): {}\n", result.principal_variation.size(), line);
  fmt::print(
      "  {} legal positions; {} states searched in {} s (alpha-beta, transposition "
      "table keyed by position, player, pass and the part of the history that still "
      "matters)\n",
      result.positions, result.nodes, seconds_text(s));
  if (reference) {
    fmt::print("  reference model (plain alpha-beta): {}: {}\n", margin_text(*reference),
               *reference == result.value ? "agrees" : "DIFFERS");
  }
}

int run_solve(const SolveOptions& options) {
  auto [w, h] = parse_board_size(options.board);
  const Rules rules = parse_rules(options.rules, "0");
  CountRun job(options.common);
  count::SolveOptions solve_options;
  solve_options.table_megabytes = options.table_mb;
  const auto t0 = CountClock::now();
  count::SolveResult result;
  try {
    ProgressReporter line = job.reporter("solve " + size_name(w, h), "states");
    result = count::solve(w, h, rules, solve_options, job.progress(line));
  } catch (const Interrupted&) {
    return job.interrupted_status("solve");
  }
  const double s = seconds_since(t0);
  std::optional<int> reference;
  if (options.check) reference = count::solve_reference(w, h, rules);
  const Board board(w, h);
  std::string line;
  for (size_t i = 0; i < result.principal_variation.size(); ++i) {
    const Move& m = result.principal_variation[i];
    line += (i ? " " : "") + std::string(m.color == Color::Black ? "B " : "W ") +
            gtp_vertex(board, m.point);
  }
  if (job.text()) print_solve(w, h, rules, result, line, s, reference);
  nlohmann::ordered_json j = {{"mode", "solve"},
                              {"width", w},
                              {"height", h},
                              {"rules", rules.to_string()},
                              {"value", result.value},
                              {"principal_variation", line},
                              {"positions", result.positions},
                              {"states", result.nodes},
                              {"seconds", seconds_json(s)}};
  if (reference) j["reference"] = *reference;
  job.write_json(j);
  if (reference && *reference != result.value) {
    fmt::print(stderr, "tengen count solve: the reference model's value differs\n");
    return 1;
  }
  return 0;
}

}  // namespace

void add_count_games(CLI::App* count) {
  auto games = std::make_shared<GamesOptions>();
  CLI::App* cmd = count->add_subcommand(
      "games",
      "Count Tromp and Farnebäck's games: paths from the empty board that repeat no "
      "position (boards of up to 4 points)");
  cmd->add_option("board", games->board, "Board size: N or WxH")
      ->required()
      ->check(board_size_check());
  add_int_option(cmd, "--max-moves", games->max_moves, "Only games of at most N moves", 0, 1 << 30);
  cmd->add_flag("--check", games->check,
                "Count again on the reference model with explicit colourings (1x3 or "
                "smaller, or with a small --max-moves)");
  add_common_options(cmd, games->common);
  on_run(cmd, [games] { return run_games(*games); });
}

void add_count_solve(CLI::App* count) {
  auto solve = std::make_shared<SolveOptions>();
  CLI::App* cmd = count->add_subcommand(
      "solve", "Solve a tiny board: the margin under perfect play, komi 0, area scoring");
  cmd->add_option("board", solve->board, "Board size: N or WxH")
      ->required()
      ->check(board_size_check());
  cmd->add_option("--rules", solve->rules,
                  "Preset or key=value,...; needs positional or situational superko")
      ->check(rules_check())
      ->capture_default_str();
  add_int_option(cmd, "--table-mb", solve->table_mb, "Transposition table size in MB", 1, 1 << 16)
      ->capture_default_str();
  cmd->add_flag("--check", solve->check,
                "Solve again by plain alpha-beta on the reference model (1x4 or smaller)");
  add_common_options(cmd, solve->common, false);
  on_run(cmd, [solve] { return run_solve(*solve); });
}

}  // namespace tengen::tools
