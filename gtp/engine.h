// A GTP version 2 engine over Tengen's game: the commands of the GTP 2 draft
// a GUI or match runner uses, GNU Go's verifier commands (is_legal,
// all_legal, list_stones, captures) and tengen-rules. Commands are found in a
// table by exact name; every malformed or unknown command, or one that cannot
// be carried out, gets a "?" response and leaves the state as it was.
//
// Commands (see gtp/commands.h; each one's contract beside it in
// setup_commands.cpp and game_commands.cpp):
//   protocol_version name version known_command list_commands quit
//   boardsize rectangular_boardsize clear_board komi play genmove undo
//   showboard final_score final_status_list fixed_handicap
//   place_free_handicap set_free_handicap loadsgf printsgf time_settings
//   time_left kgs-time_settings is_legal all_legal list_stones captures
//   tengen-rules lz-analyze
//
// genmove plays the light playout policy's move (playout/policy.h) from a
// seeded generator: the same seed and commands give the same moves. With
// GtpEngineOptions::search it plays the search's move instead, within the
// time control's budget (time_settings, kgs-time_settings, time_left) and
// the player's own; lz-analyze answers in Leela Zero's format.
// final_status_list and final_score estimate dead stones and seki by
// playouts on the position as it stands (scoring/dead_stones.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/rules.h"
#include "gtp/protocol.h"
#include "search/search.h"

namespace tengen::gtp {

struct GtpEngineOptions {
  int width = 19;
  int height = 19;
  Rules rules = Rules::tromp_taylor();  // komi included; `komi` and `tengen-rules` change it
  uint64_t seed = 1;                    // for genmove and place_free_handicap
  std::string name = "Tengen";
  // The searching player (search/search.h) for genmove, lz-analyze,
  // final_score and final_status_list; none: the random player.
  std::optional<search::SearchOptions> search;
};

class GtpEngine {
 public:
  explicit GtpEngine(const GtpEngineOptions& options = {});
  ~GtpEngine();
  GtpEngine(const GtpEngine&) = delete;
  GtpEngine& operator=(const GtpEngine&) = delete;

  // Carries out one command. The response's id is the command's. Never throws
  // (except std::bad_alloc).
  GtpResponse execute(const GtpCommand& command);

  // One line of input to the full response text ("=id text\n\n"), or "" for a
  // line to ignore (blank or comment only).
  std::string handle_line(std::string_view line);

  // Reads lines from `in` and answers on `out`, flushing after each response,
  // until `quit` or the end of the input. `lz-analyze` with an interval
  // streams here: its info lines come from a search thread until the next
  // line arrives (see gtp/README.md).
  void run(std::istream& in, std::ostream& out);

  bool quit_requested() const;
  const Game& game() const;

  // Every command name, sorted.
  static std::vector<std::string_view> command_names();

  struct State;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace tengen::gtp
