// The cross-check with GNU Go (`tengen crosscheck`): games of the light
// policy (move_sources.h) on every rule combination both engines share, each
// compared move by move (crosscheck_game.h), in parallel jobs of a few games
// on a oneTBB pool, one GNU Go process per job.
//
// Determinism: game i of a rule set is seeded from (seed, the rules' text, i)
// alone and the results are merged in order, so a run gives the same report
// on any number of threads, and a rule set run alone plays the same games.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.h"
#include "external/crosscheck_game.h"

namespace tengen::external {

// The rule combinations both engines share: ko x suicide x scoring, 18 in all,
// komi 7.5, two passes end the game, fixed handicap with White getting a
// point per handicap stone in area scoring (as GNU Go counts).
std::vector<Rules> shared_rule_sets();

struct CrosscheckConfig {
  std::string gnugo;                           // path of the gnugo program, or "" for:
  std::vector<std::string> engine;             // any GTP engine's command line (argv[0] a path)
  std::vector<Rules> rule_sets;                // each needs its own GNU Go process
  std::vector<int> sizes = {5, 7, 9, 13, 19};  // game i uses sizes[i % n]
  uint64_t games = 100;                        // per rule set
  uint64_t seed = 1;
  int threads = 0;        // 0: all cores
  bool vary_komi = true;  // komi per game from a small set; else the rules' komi
  bool handicap = false;  // one game in four with a fixed handicap (sizes >= 7)
  int max_moves = 0;      // per game; 0: see GameSpec
  std::chrono::milliseconds timeout = std::chrono::seconds(60);
  int max_findings = 5;  // kept per rule set and kind of finding
};

struct RuleSetReport {
  Rules rules;
  std::vector<std::string> gnugo_flags;  // GNU Go's; empty for another engine
  // Another engine: how it was told the rules, what it was not told, and the
  // checks it cannot answer (crosscheck_game.h's unanswerable_checks).
  std::optional<RulesSetting> rules_setting;  // nullopt for GNU Go
  std::vector<std::string> unanswerable;
  Tally tally;
  std::vector<Finding> findings;           // the first few of each kind, in game order
  std::vector<std::string> engine_errors;  // their messages, in game order
};

struct CrosscheckReport {
  std::vector<RuleSetReport> rule_sets;
  Tally total;
  bool interrupted = false;
  bool clean() const { return total.unexplained() == 0 && total.engine_errors == 0; }
};

// Checks a config; throws std::invalid_argument saying why it cannot run.
void validate(const CrosscheckConfig& config);

// Runs the whole cross-check on a oneTBB pool. `progress` (if set) is called
// now and then from worker threads, never concurrently, with the games done
// so far; `stop` (if set) ends the run early (interrupted = true). Throws
// std::invalid_argument if validate() does.
CrosscheckReport run_crosscheck(const CrosscheckConfig& config,
                                const std::function<void(uint64_t done)>& progress = {},
                                const std::atomic<bool>* stop = nullptr);

}  // namespace tengen::external
