// A self-play result read back from the JSON of `tengen selfplay --json`: the
// settings, counts and histograms a report draws. Reading ignores fields it
// does not know (merged or newer results add some) and refuses, with the file
// and the problem named, anything that is not a Tengen result of a version it
// reads, lacks a field it needs, or contradicts itself.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rules.h"

namespace tengen::report {

// (value, games) in increasing order of value, each value once.
using Counts = std::vector<std::pair<int64_t, int64_t>>;

struct FirstMove {
  int vertex = -1;  // y * width + x, row 0 at the top; -1 is a pass
  int64_t games = 0;
  int64_t black_wins = 0;
  int64_t white_wins = 0;
};

struct Result {
  std::string source;  // where it was read from, for messages and legends
  std::string version;
  int width = 0;
  int height = 0;
  std::string rules_name;  // a preset name or the key=value form
  Rules rules;             // komi included
  int handicap_stones = 0;
  int handicap_bonus = 0;  // points White received in every game
  // Settings a merged result may lack: -1 (or "") when absent.
  int64_t seed = -1;
  int threads = -1;
  int max_turns = -1;
  int64_t games_requested = -1;
  bool interrupted = false;
  std::string digest;
  double seconds = -1;
  double games_per_second = -1;
  double moves_per_second = -1;

  int64_t games = 0, black_wins = 0, white_wins = 0, draws = 0;
  // Twice the margin (Black minus White, komi and bonus included): integers.
  Counts twice_margin, turns, stones;
  // Means per game: captures and suicides by each side.
  double captures_black_mean = 0, captures_white_mean = 0;
  double suicides_black_mean = 0, suicides_white_mean = 0;
  int64_t ended_two_passes = 0, ended_move_cap = 0;
  // Games in which each vertex (y * width + x) counted for Black, White or
  // nobody under area scoring of the final board.
  std::vector<int64_t> owned_black, owned_white, owned_neutral;
  std::vector<FirstMove> first_moves;  // moves that were played, pass last if any
};

// What is wrong with an input; what() names the file first.
class ResultError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// True for the result versions this build reads: the same major and minor
// version as its own (TENGEN_VERSION).
bool readable_version(std::string_view version);

// Parses a result's JSON text; `source` names it in errors and legends.
// Throws ResultError.
Result parse_result(std::string_view json_text, const std::string& source);

// Reads and parses a result file. Throws ResultError.
Result read_result(const std::string& path);

}  // namespace tengen::report
