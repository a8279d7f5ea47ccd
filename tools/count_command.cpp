// `tengen count`: exhaustive counts on small boards, compared with independent
// implementations and published results.
//   legal   legal positions of a board, or a table of boards (count_legal.cpp)
//   perft   leaves of the game tree cut at a depth (count_perft.cpp)
//   games   Tromp and Farnebäck's game counts (count_games.cpp)
//   solve   tiny boards solved by exhaustive search (count_solve.cpp)
// Results go to stdout (text) and, with --json FILE, to FILE ("-": stdout
// instead of the text); progress goes to stderr. What they share is in
// count_run.h.

#include "tools/commands.h"
#include "tools/count_run.h"

namespace tengen::tools {

void add_count_command(CLI::App& app) {
  CLI::App* count = app.add_subcommand(
      "count", "Exhaustive counts on small boards: legal positions, move trees, games, values");
  count->require_subcommand(1);
  add_count_legal(count);
  add_count_perft(count);
  add_count_games(count);
  add_count_solve(count);
}

}  // namespace tengen::tools
