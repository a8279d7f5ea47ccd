// A match's reports (text for people, one JSON object) and its games read
// back from their SGF records (for --resume).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "external/match.h"
#include "formats/sgf.h"

namespace tengen::external {

struct MatchRun {
  std::vector<GameResult> games;  // by index (played now and read back)
  uint64_t resumed = 0;           // how many of them were read back
  bool interrupted = false;
  double seconds = 0;  // of this run's play
  uint64_t played_now = 0;
};

// The report for people: the engines, wins by engine and by colour, draws,
// void games, forfeits by reason, the Elo difference and its interval.
std::string format_match_report(const MatchConfig& config, const MatchRun& run);
// The same as one JSON object, with every game.
std::string match_report_json(const MatchConfig& config, const MatchRun& run);

// The file name of game i's record: "game-000017.sgf".
std::string match_game_file(uint64_t index);

// Game `index` read back from its record as play_match_game wrote it, or a
// message saying why it cannot be (another board, rules or komi than
// `config`'s; a result that is not the referee's).
struct ResumedGame {
  std::optional<GameResult> game;
  std::string error;
};
ResumedGame result_from_record(const MatchConfig& config, uint64_t index,
                               const formats::GameRecord& record);

}  // namespace tengen::external
