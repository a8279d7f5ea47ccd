// One game of the cross-check with GNU Go: a game played on Tengen and on
// GNU Go side by side; after every move the legality of every point for both
// colours (all_legal), the stones of each colour (list_stones) and the
// captures are compared, and at the end of a game the score, where the final
// position is settled.
//
// Where GNU Go's rules differ from ours on purpose or by its design, the
// difference has a name (KnownDifference), is recognised precisely and kept
// out of the disagreements. Every other difference is a Disagreement: a bug on
// one side.
//
// Settled: the game ended by passes and GNU Go's final_status_list calls no
// stone dead. GNU Go's final_score plays an unsettled game out with its own
// moves (estimation), which no rules engine can be expected to match; on a
// settled position both count the board as it stands.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/rules.h"
#include "external/gnugo.h"

namespace tengen::external {

// A difference that nothing explains: a bug in Tengen or in GNU Go.
enum class Disagreement {
  Legality,     // a point one side allows and the other refuses
  Stones,       // list_stones differs from our board
  Captures,     // captures differs from our prisoners (+ the opponent's suicides)
  Score,        // final_score differs from our score on a settled position
  MoveRefused,  // GNU Go refused a move we played
  Handicap,     // fixed_handicap placed other stones than ours, or refused
};
constexpr int kDisagreementKinds = 6;

// GNU Go's rules where they really differ from ours; excluded precisely.
enum class KnownDifference {
  // GNU Go's superko test never refuses a suicide: it plays the move on a
  // trial board without removing the suicided stones, so the position it
  // looks up never occurred. Recognised as: we refuse with Superko, the move
  // is a suicide, GNU Go allows it. (Its example: a single-stone suicide
  // under positional superko, which leaves the board as it is.)
  SuicideUnderSuperko,
  // GNU Go 3.8 keeps the positions of at most 500 moves; when full it folds
  // the oldest 51 into its start position and, doing so, corrupts its
  // superko memory (see gnugo_history.h): it replays them onto its running
  // board hash without resetting it, so every later hash is offset from the
  // ones recorded before. From the first fold on it misses some repetitions
  // and finds some that are none. Recognised as: a superko question (we answer Superko or legal,
  // the move is no suicide) after a fold, where a literal model of GNU Go's
  // history (GnuGoHistory) gives GNU Go's answer.
  FoldedHistory,
  // GNU Go's final_score in a long session sometimes differs from what a
  // GNU Go that has played only this game says (seen on 3x3 boards, about
  // one game in two thousand, with impossible margins such as 40.5 on nine
  // points). Recognised as: a settled score that disagrees with ours, where
  // a fresh GNU Go replaying the game agrees with ours.
  SessionScore,
};
constexpr int kKnownDifferenceKinds = 3;

std::string_view to_string(Disagreement);
std::string_view to_string(KnownDifference);

// One difference found, with what it takes to see it again.
struct Finding {
  bool known = false;
  Disagreement disagreement = Disagreement::Legality;                 // if !known
  KnownDifference difference = KnownDifference::SuicideUnderSuperko;  // if known
  uint64_t game = 0;  // index of the game in its rule set
  int size = 0;
  Rules rules;          // the game's rules (komi included)
  int move_number = 0;  // moves played when it was seen
  std::string text;     // what differs, in words
  std::string sgf;      // the game up to that point
};

// The counts of one game, or of many added up.
struct Tally {
  uint64_t games = 0;
  uint64_t moves = 0;      // moves played on both sides, passes included
  uint64_t positions = 0;  // positions compared (stones and captures)
  uint64_t points = 0;     // legality answers compared (points x colours)
  uint64_t scores = 0;     // final scores compared
  uint64_t unsettled = 0;  // games over whose score was not compared (see above)
  uint64_t capped = 0;     // games stopped at the move cap
  uint64_t stopped = 0;    // games stopped where GNU Go refused our move for a known reason
  uint64_t handicap_games = 0;
  std::array<uint64_t, kDisagreementKinds> disagreements{};
  std::array<uint64_t, kKnownDifferenceKinds> known{};
  uint64_t engine_errors = 0;  // GNU Go died, hung or answered nonsense

  uint64_t unexplained() const;
  uint64_t known_total() const;
  void add(const Tally& other);
};

// How one game is set up.
struct GameSpec {
  int size = 9;
  Rules rules;        // komi included
  int handicap = 0;   // fixed handicap stones (rules.handicap must be Fixed), 0 for none
  int max_moves = 0;  // 0: until the game ends (or 20 x area + 200 moves)
  bool compare_score = true;
};

// Plays the next move of a game on `game` (for the side to move) and returns
// its point, or nullopt to stop the game here.
using MoveSource = std::function<std::optional<Point>(Game& game)>;

// The engine compared with: GNU Go started with the flags of each rule set,
// or any GTP engine given by its command line, told the rules where it can be
// (engine.h's rules_setting). GNU Go's known differences are recognised where
// the engine says it is GNU Go, however it was started.
struct CheckedEngine {
  std::string gnugo;              // GNU Go's program, or "" for:
  std::vector<std::string> argv;  // any engine's command line (argv[0] a path)
};

// The checks an engine that lists `commands` cannot answer, in words
// ("legality (no all_legal)", ...). `play` is every engine's.
std::vector<std::string> unanswerable_checks(const std::set<std::string>& commands);

// One engine process set to one rules combination, playing games against
// our engine. Not thread-safe; one per thread.
class CrossChecker {
 public:
  // Starts the engine (GNU Go with gnugo_flags(rules)). Throws GtpError.
  CrossChecker(const CheckedEngine& engine, const Rules& rules,
               std::chrono::milliseconds timeout = std::chrono::seconds(60));

  // Plays one game: `moves` chooses each move. Adds to *tally and appends to
  // *findings (at most `max_findings` unexplained ones per game: a game stops
  // at the first position with an unexplained difference). spec.rules must
  // give the same gnugo_flags as the rules this checker was made with.
  // Throws GtpError if GNU Go fails (the checker is unusable afterwards).
  void play(const GameSpec& spec, uint64_t game_index, const MoveSource& moves, Tally* tally,
            std::vector<Finding>* findings);

  const std::string& command_line() const { return engine_->command_line(); }
  const Engine& engine() const { return *engine_; }
  const RulesSetting& rules_setting() const { return rules_setting_; }

 private:
  CheckedEngine spec_;
  std::chrono::milliseconds timeout_;
  std::unique_ptr<Engine> engine_;
  RulesSetting rules_setting_;  // how each game tells it the rules
  bool gnugo_ = false;          // GNU Go's known differences apply
};

// Starts the engine of `spec` for `rules`: GNU Go with its flags, or the
// command line. Throws GtpError.
std::unique_ptr<Engine> start_checked_engine(const CheckedEngine& spec, const Rules& rules,
                                             std::chrono::milliseconds timeout);

}  // namespace tengen::external
