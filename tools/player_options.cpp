#include "tools/player_options.h"

#include <stdexcept>

#include "tools/options.h"

namespace tengen::tools {

void PlayerOptions::add_to(CLI::App* cmd, const std::string& threads_name) {
  cmd->add_option("--player", player, "random (the light policy) or mcts (the search)")
      ->check(CLI::IsMember({"random", "mcts"}))
      ->capture_default_str();
  add_count_option(cmd, "--playouts", playouts,
                   "mcts: playouts a move (default 1000 unless --seconds)", 1, uint64_t(1) << 40);
  add_seconds_option(cmd, "--seconds", seconds, "mcts: seconds a move", 0.001, 1e6);
  if (threads_name == "--threads") {
    add_threads_option(cmd, threads);
  } else {
    add_threads_option(cmd, threads_name, threads,
                       "mcts: threads of each search (0: all cores); more than 1 makes the "
                       "games depend on timing, not on the seed alone");
  }
  add_count_option(cmd, "--max-nodes", max_nodes,
                   "mcts: tree nodes (about 32 bytes each, twice: the tree kept between moves)", 3,
                   uint64_t(1) << 31);
  cmd->add_option("--resign", resign, "mcts: resign below this win rate (0: never)")
      ->check(CLI::Validator(
          [](std::string& t) -> std::string {
            try {
              parse_real(t, 0, 0.99);
              return "";
            } catch (const std::invalid_argument& e) {
              return e.what();
            }
          },
          "RATE"))
      ->capture_default_str();
}

std::optional<search::SearchOptions> PlayerOptions::search_options(int width, int height,
                                                                   uint64_t seed) const {
  if (player != "mcts") return std::nullopt;
  search::SearchOptions o;
  o.playouts = int64_t(playouts);
  o.seconds = seconds;
  if (o.playouts == 0 && o.seconds == 0) o.playouts = 1000;
  o.threads = resolve_threads(threads);
  o.seed = seed;
  o.max_nodes = int64_t(max_nodes);
  o.resign_threshold = resign;
  try {
    search::check_options(o, width, height);
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--max-nodes", e.what());
  }
  return o;
}

}  // namespace tengen::tools
