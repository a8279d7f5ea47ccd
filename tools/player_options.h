// The player a playing subcommand (gtp, play, selfplay) uses: --player random|mcts and
// the searching player's budget (--playouts, --seconds, --threads), tree cap
// and resign threshold. Bad values fail while parsing (exit 105).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "search/search.h"

namespace tengen::tools {

struct PlayerOptions {
  std::string player = "random";
  uint64_t playouts = 0;  // 0: 1000 unless --seconds is given
  double seconds = 0;
  int threads = 1;
  uint64_t max_nodes = uint64_t(search::SearchOptions{}.max_nodes);
  double resign = 0;

  // Adds the options to cmd. `threads_name`: the option of the search's
  // threads ("--threads"; selfplay, whose --threads spreads games over cores,
  // names it "--search-threads").
  void add_to(CLI::App* cmd, const std::string& threads_name = "--threads");
  // The search's options for a width x height board and this seed, or
  // nullopt for the random player. A tree cap too small for the board throws
  // CLI::ValidationError (exit 105) naming --max-nodes.
  std::optional<search::SearchOptions> search_options(int width, int height, uint64_t seed) const;
};

}  // namespace tengen::tools
