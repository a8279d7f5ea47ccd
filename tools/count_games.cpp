// `tengen count games` (Tromp and Farnebäck's game counts, count/games.h),
// checked on request against the reference model.

#include <optional>
#include <string>

#include <fmt/core.h>

#include "core/coords.h"
#include "count/games.h"
#include "count/published.h"
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

}  // namespace tengen::tools
