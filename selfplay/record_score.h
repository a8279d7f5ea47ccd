// Scoring finished game records with dead stones and seki estimated by
// playouts (dead_stones.h): what `tengen score` and the Python module's
// score_record share. Each record is replayed under its rules (or given
// rules, with the record's komi), scored, and compared with its RE.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "formats/sgf.h"
#include "selfplay/dead_stones.h"

namespace tengen::selfplay {

// The margin an RE value states for Black (B+n, W+n, 0, Draw, Jigo), if any.
std::optional<double> record_margin(const std::string& re);
// Who RE says won: 'B', 'W', '0' (a draw) or '?' (void, unknown).
char record_winner(const std::string& re);

// One game's outcome.
struct RecordScore {
  std::string file;
  size_t index = 0;   // of the game tree in its file
  std::string error;  // "" or why it was not scored (an illegal move, a bad setup)
  Rules rules;
  std::string record_result;
  std::optional<double> record_margin;
  Score score;
  std::vector<Point> dead, seki;
  int width = 19, height = 19;
  // Who each point counts for, indexed like the board's array; a stone that
  // counts for its own colour is Wall (owner alone cannot tell it from territory).
  std::vector<Color> owner;
  bool same_winner = false;
  bool same_margin = false;
  // Another engine's dead stones on the same position (`tengen score
  // --gnugo`), and how many stones both call dead or both call not dead.
  std::optional<std::vector<Point>> other_dead;
  int stones = 0, stones_agreeing = 0;
};

// Called on each scored game with its final position, to compare it with
// another engine (fills other_dead, stones, stones_agreeing).
using CompareDead = std::function<void(const Game& game, RecordScore& score)>;

// Replays and scores one record; `rules`, when given, replaces the record's
// rules (the record's KM still sets the komi). Never throws for a record
// read by read_sgf: a record that does not replay has `error` set.
RecordScore score_record(formats::GameRecord record, const std::optional<Rules>& rules,
                         const DeadStoneOptions& estimate, const CompareDead& compare = {});

// Counts over scored games.
struct ScoreSummary {
  int games = 0, errors = 0, counted = 0, exact = 0, compared = 0, same_winner = 0;
  int other_games = 0, other_games_agreeing = 0, stones = 0, stones_agreeing = 0;
  double abs_error = 0;
  void add(const RecordScore& g);
  // The mean absolute error of the counted records whose margin differs.
  double mean_abs_error() const;
};

// Every game of every SGF file the paths name (formats::collect_sgf_files),
// scored in order.
struct ScoreFiles {
  nlohmann::json games = nlohmann::json::array();  // record_score_json of each
  ScoreSummary summary;
  std::vector<std::string> unreadable;  // the read error of each unreadable file
};
struct ScoreFilesHooks {
  CompareDead compare;
  // Each file that cannot be read, with the read error, when it is met.
  std::function<void(const formats::SgfError& error)> on_unreadable;
  // Each game once scored, in order.
  std::function<void(const RecordScore&)> on_game;
  // Each readable file, after its games.
  std::function<void(const std::string& file, const formats::SgfRead& sgf,
                     const std::vector<RecordScore>& scores)>
      on_file;
};
ScoreFiles score_files(const std::vector<std::string>& paths, const std::optional<Rules>& rules,
                       const formats::SgfReadOptions& read, const DeadStoneOptions& estimate,
                       const ScoreFilesHooks& hooks = {});

// One game as JSON (points as GTP vertices separated by spaces).
nlohmann::json record_score_json(const RecordScore& g);
// The whole report: {"games": [...], "summary": {...}, "playouts", "seed"}.
nlohmann::json score_report_json(const ScoreFiles& scored, const DeadStoneOptions& estimate);
// Points as GTP vertices separated by spaces.
std::string points_text(int width, int height, const std::vector<Point>& points);

}  // namespace tengen::selfplay
