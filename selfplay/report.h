// The forms a run's results take: a readable summary, a JSON document and CSV
// rows (one per game).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/board.h"
#include "selfplay/runner.h"
#include "selfplay/stats.h"

namespace tengen::selfplay {

// "9x9" or "19x13" (width x height).
std::string board_name(int width, int height);
// The name of the preset the rules equal apart from komi, else the
// key=value form. (The komi is always reported on its own.)
std::string rules_name(const Rules& rules);

// A readable summary for a terminal, ending in "\n".
std::string summary_text(const RunResult& result);

// The run as a JSON document: the fields listed in the README (games,
// black_wins, white_wins, draws, turns_mean, stones_mean, margin_mean,
// games_per_second, digest, rules, board, komi, seed, ...) and every statistic.
std::string summary_json(const RunResult& result);

// The "player" field: {"name": "random"}, or "mcts" with the search's budget
// and constants (everything that makes its games what they are but the seed).
nlohmann::json player_json(const RunConfig& config);

// CSV: a header line and one line per game, each ending in "\n".
std::string csv_header();
std::string csv_row(const Board& board, const GameSummary& game);

// 1234567 as "1,234,567".
std::string with_commas(int64_t n);

// The GTP vertex of a vertex index (y * width + x; -1 is "pass").
std::string vertex_name(const Board& board, int vertex);

// The run's digest as 16 lowercase hex digits.
std::string digest_hex(uint64_t digest);

}  // namespace tengen::selfplay
