// Internal to gtp/: the GTP commands, one function each, for the engine's
// dispatch table (engine.cpp), which checks the number of arguments first.
// Each returns a failure, leaving the state as it was, for anything it
// cannot carry out.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>

#include "gtp/engine_state.h"
#include "scoring/dead_stones.h"

namespace tengen::gtp {

// engine.cpp: the protocol's own commands.
Reply cmd_protocol_version(State& s, const Args& a);
Reply cmd_name(State& s, const Args& a);
Reply cmd_version(State& s, const Args& a);
Reply cmd_known_command(State& s, const Args& a);
Reply cmd_list_commands(State& s, const Args& a);
Reply cmd_quit(State& s, const Args& a);

// setup_commands.cpp: the board, komi, handicaps, records, rules and time.
Reply cmd_boardsize(State& s, const Args& a);
Reply cmd_rectangular_boardsize(State& s, const Args& a);
Reply cmd_clear_board(State& s, const Args& a);
Reply cmd_komi(State& s, const Args& a);
Reply cmd_fixed_handicap(State& s, const Args& a);
Reply cmd_place_free_handicap(State& s, const Args& a);
Reply cmd_set_free_handicap(State& s, const Args& a);
Reply cmd_loadsgf(State& s, const Args& a);
Reply cmd_printsgf(State& s, const Args& a);
Reply cmd_tengen_rules(State& s, const Args& a);

// search_commands.cpp: the searching player, the time control.
Reply cmd_time_settings(State& s, const Args& a);
Reply cmd_time_left(State& s, const Args& a);
Reply cmd_kgs_time_settings(State& s, const Args& a);
Reply cmd_lz_analyze(State& s, const Args& a);
// The analysis lz-analyze asked for (State::analysis), on a thread of its
// own: an info line to `out` every interval while `wait` runs (it returns
// when the next command has come), then the search stops and the analysis
// is cleared. `out` is written only by that thread until this returns.
void stream_analysis(State& s, std::ostream& out, const std::function<void()>& wait);
// genmove's answer from the search (nullopt without a searching player, or
// for the side not to move: the random player's rule then).
std::optional<Reply> search_genmove(State& s, Color c);
// The dead stones by the search's ownership (nullopt without a searcher).
std::optional<scoring::DeadStoneEstimate> search_final_status(const State& s);

// game_commands.cpp: moves, the position, its score and the verifier's
// questions.
Reply cmd_play(State& s, const Args& a);
Reply cmd_genmove(State& s, const Args& a);
Reply cmd_undo(State& s, const Args& a);
Reply cmd_showboard(State& s, const Args& a);
Reply cmd_final_score(State& s, const Args& a);
Reply cmd_final_status_list(State& s, const Args& a);
Reply cmd_is_legal(State& s, const Args& a);
Reply cmd_all_legal(State& s, const Args& a);
Reply cmd_list_stones(State& s, const Args& a);
Reply cmd_captures(State& s, const Args& a);

}  // namespace tengen::gtp
