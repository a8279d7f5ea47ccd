// One parser per kind of value the subcommands share (board sizes, rules,
// komi, counts, seeds, thread counts, seconds), so that a value means the
// same everywhere and a bad one gets the same message, naming the option and
// the allowed values in words. The add_*_option helpers check the text while
// CLI11 parses the command line: a bad value fails before any work starts
// (CLI11's exit code 105, see README.md "Exit codes").
// What several subcommands share: parsing board sizes and rules, writing
// output files.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/rules.h"
#include "core/values.h"

namespace tengen::tools {

// The most threads any subcommand accepts; 0 means all cores.
inline constexpr int kMaxThreads = 1024;

// The value parsers (core/values.h), under the names the commands use.
using tengen::parse_board_size;
using tengen::parse_real;
using tengen::parse_rules;
using tengen::parse_whole;
using tengen::whole_range_text;

// Validators for options with several values (a list of sizes or rules).
CLI::Validator board_size_check();
CLI::Validator rules_check();

// Options checked while parsing; the target takes the value.
CLI::Option* add_count_option(CLI::App* cmd, const std::string& name, uint64_t& target,
                              const std::string& description, uint64_t min = 0,
                              uint64_t max = std::numeric_limits<uint64_t>::max());
CLI::Option* add_int_option(CLI::App* cmd, const std::string& name, int& target,
                            const std::string& description, int min, int max);
CLI::Option* add_seed_option(CLI::App* cmd, uint64_t& target,
                             const std::string& description = "Random seed");
// --threads (with short name "-t" where `short_name`): 0 = all cores, up to
// kMaxThreads. Use resolve_threads on the value before running.
CLI::Option* add_threads_option(CLI::App* cmd, int& target, bool short_name = false);
// The same value under another name and description (selfplay's --search-threads).
CLI::Option* add_threads_option(CLI::App* cmd, const std::string& name, int& target,
                                const std::string& description);
CLI::Option* add_seconds_option(CLI::App* cmd, const std::string& name, double& target,
                                const std::string& description, double min, double max);
// Board size and rules options, kept as text and parsed again by
// parse_board_size / parse_rules when the command runs.
CLI::Option* add_board_option(CLI::App* cmd, std::string& target, const std::string& description);
CLI::Option* add_rules_option(CLI::App* cmd, const std::string& name, std::string& target,
                              const std::string& description);
CLI::Option* add_komi_option(CLI::App* cmd, std::string& target, const std::string& description);

// The game a playing subcommand (play, gtp, selfplay) sets up: --board,
// --rules and --komi, kept as text and parsed when the command runs.
struct GameOptions {
  std::string board{};
  std::string rules = "tromp-taylor";
  std::string komi{};  // "": the rules' komi

  // Adds the three options with these descriptions.
  void add_to(CLI::App* cmd, const std::string& board_text, const std::string& rules_text,
              const std::string& komi_text);
  // parse_board_size(board); throws std::invalid_argument.
  std::pair<int, int> size() const;
  // parse_rules(rules, komi); throws std::invalid_argument.
  Rules parsed_rules() const;
};

// The random games play and selfplay play: the game, the seed, the turn cap
// and the handicap.
struct RandomGameOptions {
  GameOptions game{.board = "9"};
  uint64_t seed = 1;
  int max_turns = 0;  // 0: 3 turns per point
  int handicap = 0;   // 0: none, else 2 or more
};

// --handicap, 0 to 361, described as `stones` followed by how the rules'
// handicap setting places them.
CLI::Option* add_handicap_option(CLI::App* cmd, int& target, const std::string& stones);

// An engine's command line ("CMD ARGS", split as a shell splits it) with its
// program found: "tengen" is this very program; a bare name is looked up on
// PATH, then in /usr/games (where Debian puts GNU Go). Throws
// std::invalid_argument naming `option` and the problem.
std::vector<std::string> parse_engine_command(const std::string& text, const std::string& option);

// The threads a run uses: all cores for 0; more threads than cores would
// only slow the run down (and oneTBB warns about them), so a larger request
// is cut to the number of cores with a note on stderr.
int resolve_threads(int requested);

}  // namespace tengen::tools
