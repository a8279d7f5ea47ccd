// Scoring finished game records with dead stones and seki estimated by
// playouts (dead_stones.h) or called by another engine: what `tengen score`
// and the Python module's score_record share. Each record is replayed under
// the rules and komi it means (formats/record_rules.h: each inference and
// warning kept) or the given overrides, scored as such records are counted
// (Chinese counting fills the dame in turn; under territory counting a point
// a side must still fill is nobody's), and compared with its RE
// (formats/record_result.h), a different margin put in a class.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/rules.h"
#include "core/scoring.h"
#include "formats/record_result.h"
#include "formats/record_rules.h"
#include "formats/sgf.h"
#include "scoring/conventions.h"
#include "scoring/dead_stones.h"

namespace tengen::scoring {

// One game's outcome.
struct RecordScore {
  std::string file;
  size_t index = 0;              // of the game tree in its file
  std::string error;             // "" or why it was not scored (an illegal move, a bad setup)
  formats::RecordRules rules;    // with where each value came from
  std::string convention;        // the counting convention's name (scoring/conventions.h)
  std::string convention_from;   // why that convention: the server named, or --convention
  std::string record_result;     // RE as written
  formats::RecordResult record;  // RE read
  Score score;
  std::vector<Point> dead, seki;
  int width = 19, height = 19;
  // Who each point counts for, indexed like the board's array; a stone that
  // counts for its own colour is Wall (owner alone cannot tell it from territory).
  std::vector<Color> owner;
  bool same_winner = false;
  bool same_margin = false;
  formats::DifferenceClass difference;  // when the margins differ
  // Another engine's dead stones on the same position (`tengen score
  // --gnugo`), and how many stones both call dead or both call not dead.
  std::optional<std::vector<Point>> other_dead;
  int stones = 0, stones_agreeing = 0;
};

// Called on each scored game with its final position, to compare it with
// another engine (fills other_dead, stones, stones_agreeing).
using CompareDead = std::function<void(const Game& game, RecordScore& score)>;

// Dead stones and seki called by another engine instead of the playouts
// (`tengen score --dead-stones gnugo`): given a game's final position, its
// dead stones and stones in seki. May throw std::exception: the record is
// then not scored, with the message as its error.
struct StoneCalls {
  std::vector<Point> dead, seki;
};
using CallDead = std::function<StoneCalls(const Game& game)>;

// The overrides read from the texts of --rules ("": each record's own),
// --komi ("": each record's own; a komi= in the rules text is a komi
// override too) and --default-rules, as parse_rules reads them. Throws
// std::invalid_argument with parse_rules' message.
formats::RecordRulesOverrides record_rules_overrides(const std::string& rules,
                                                     const std::string& komi,
                                                     const std::string& default_rules);

// Replays and scores one record under formats::infer_record_rules(record,
// overrides) and `convention` (nullopt: the record's, record_convention),
// with the dead stones and seki `call` gives, or without it the playouts'
// estimate. Never throws for a record read by read_sgf: a record that does
// not replay, or that `call` fails on, has `error` set.
RecordScore score_record(formats::GameRecord record, const formats::RecordRulesOverrides& overrides,
                         const DeadStoneOptions& estimate, const CompareDead& compare = {},
                         const CallDead& call = {},
                         const std::optional<Convention>& convention = std::nullopt);

// Counts over scored games. Counted records (RE with a number): how many
// margins and winners match, the others by difference class, and the mean
// absolute error of the others.
struct ScoreSummary {
  int games = 0, errors = 0, counted = 0, exact = 0, compared = 0, same_winner = 0;
  int counted_same_winner = 0;
  std::array<int, 5> by_class{};           // indexed by formats::Difference
  int inferred = 0, warned = 0;            // games with an inference, with a warning
  std::map<std::string, int> conventions;  // scored games by convention name
  int other_games = 0, other_games_agreeing = 0, stones = 0, stones_agreeing = 0;
  double abs_error = 0;
  void add(const RecordScore& g);
  // The counted records whose margin differs in class `d`.
  int of(formats::Difference d) const { return by_class[size_t(d)]; }
  // The mean absolute error of the counted records whose margin differs.
  double mean_abs_error() const;
};

// Every game of every SGF file the paths name (formats::collect_sgf_files),
// scored in order.
struct ScoreFiles {
  nlohmann::json games = nlohmann::json::array();  // record_score_json of each
  ScoreSummary summary;
  std::vector<std::string> unreadable;  // the read error of each unreadable file
  bool interrupted = false;             // stopped by hooks.stop: the games scored so far
};
struct ScoreFilesHooks {
  CompareDead compare;
  CallDead call;  // see score_record
  // Each file that cannot be read, with the read error, when it is met.
  std::function<void(const formats::SgfError& error)> on_unreadable;
  // Called before each game is scored (the file, the game's index in it).
  std::function<void(const std::string& file, size_t index)> on_start;
  // Each game once scored, in order.
  std::function<void(const RecordScore&)> on_game;
  // Each readable file, after its games.
  std::function<void(const std::string& file, const formats::SgfRead& sgf,
                     const std::vector<RecordScore>& scores)>
      on_file;
  // When *stop becomes true (a signal handler may set it) no new game starts,
  // and the game in progress is not counted (an engine's call in it may have
  // been cut short by the same flag).
  const std::atomic<bool>* stop = nullptr;
};
// Files are read with `overrides.default_rules` for records without RU;
// `convention` as score_record takes it.
ScoreFiles score_files(const std::vector<std::string>& paths,
                       const formats::RecordRulesOverrides& overrides,
                       const DeadStoneOptions& estimate, const ScoreFilesHooks& hooks = {},
                       const std::optional<Convention>& convention = std::nullopt);

// One game as JSON (points as GTP vertices separated by spaces).
nlohmann::json record_score_json(const RecordScore& g);
// The whole report: {"games": [...], "summary": {...}, "dead_stones": who
// called them ("playouts" or an engine's name), "playouts", "seed"}.
nlohmann::json score_report_json(const ScoreFiles& scored, const DeadStoneOptions& estimate,
                                 const std::string& dead_stones = "playouts");
// Points as GTP vertices separated by spaces.
std::string points_text(int width, int height, const std::vector<Point>& points);

}  // namespace tengen::scoring
