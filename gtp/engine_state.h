// Internal to gtp/: the GTP engine's state (GtpEngine::State) and what its
// commands share: how the starting position is made, so that tengen-rules
// can rebuild the game under other rules; replies; the parsers of GTP's colours
// and integers; the light policy's move for either colour.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/types.h"
#include "gtp/engine.h"
#include "playout/policy.h"
#include "playout/rng.h"
#include "search/search.h"

namespace tengen::gtp {

// How the game's starting position is made, so that it can be made again
// under other rules (tengen-rules) and the moves replayed.
struct BaseRecipe {
  Board board{19, 19};  // the starting position (no handicap) ...
  Color to_move = Color::Black;
  int handicap = 0;  // ... or a handicap on an empty board
  HandicapPlacement placement = HandicapPlacement::Fixed;
  std::vector<Point> free_stones;  // a free handicap's stones, played as Black's moves
};

// In GTP the controller ends the game: a GUI's clean-up phase, or KGS's,
// plays on after two passes, and genmove never fails. So the game is played
// under the rules with end=agreement (after two passes play may resume);
// the rules as given still decide the score and are what printsgf writes.
Rules playing_rules(Rules rules);

// Rules that count the board as it stands, dead stones and all: Tromp-Taylor's
// (positional superko, suicide allowed, area scoring, two passes end the
// game, seki counted), whatever the komi, tie and handicap. final_score and
// final_status_list estimate dead stones only under other rules, which
// remove them before counting.
bool counts_as_it_stands(const Rules& rules);

// The time control GTP set (time_settings, kgs-time_settings) and what
// time_left last said, per colour.
struct TimeControl {
  enum class Kind { None, Absolute, Canadian, Japanese } kind = Kind::None;
  double main = 0;             // seconds of main time
  double period = 0;           // byo-yomi: seconds a period (Canadian: for `stones`)
  int stones = 0;              // Canadian: stones a period; Japanese: periods
  double left[3] = {0, 0, 0};  // time_left's seconds, per colour
  int left_stones[3] = {0, 0, 0};
  bool told[3] = {false, false, false};
};

// The seconds the searching player gives its next move under `time`, or 0
// for no limit; `empty_points` estimates the moves left.
double seconds_for_move(const TimeControl& time, Color c, int empty_points);

struct GtpEngine::State {
  GtpEngineOptions options;
  // The rules every new game starts with: the engine's options, or the last
  // tengen-rules (and komi) command.
  Rules engine_rules;
  // This game's rules: engine_rules, or a loaded record's own.
  Rules rules;
  BaseRecipe base;
  std::vector<Move> history;  // the moves played since the base, undo pops them
  std::optional<Game> game;
  Board start{19, 19};                // the position before game->moves()[0], for printsgf
  int capture_offset[3] = {0, 0, 0};  // captures of a loaded record's earlier segments
  playout::Rng rng{1};
  playout::LightPolicy policy;
  std::unique_ptr<search::Search> search;  // the searching player, if any
  TimeControl time;
  bool quit = false;
  // GtpEngine::run is reading the input: lz-analyze with an interval streams
  // (it sets `analysis`, and run() carries it out until the next line).
  bool streaming = false;
  std::optional<double> analysis;  // seconds between info lines

  // Builds the game from the recipe under `rules_to_use` and plays the
  // history. Returns false, changing nothing, if a move is illegal there.
  bool rebuild(const BaseRecipe& recipe, const std::vector<Move>& moves, const Rules& rules_to_use);
  // An empty board of that size under engine_rules.
  void clear(int width, int height);

  const Board& board() const { return game->board(); }
  // c's prisoners as GNU Go and Sabaki count them: the stones c captured and
  // those the opponent removed by suicide (see Game::suicides).
  int prisoners(Color c) const {
    return game->prisoners(c) + game->suicides(opponent(c)) + capture_offset[int(c)];
  }
  bool board_empty() const {
    return history.empty() && board().stones(Color::Black) + board().stones(Color::White) == 0;
  }
};

using State = GtpEngine::State;
using Args = std::vector<std::string>;

// A command's answer: success or failure, and its text.
struct Reply {
  bool success;
  std::string text;
};
Reply ok(std::string text = "");
Reply fail(std::string text);
// The failure for a move the game refuses.
Reply illegal(MoveError error);

std::string lower(std::string_view s);
// "b", "black", "w", "white", in any case.
std::optional<Color> parse_color(std::string_view text);
std::string color_name(Color c);
// Decimal digits only, at most 9.
std::optional<int> parse_int(std::string_view text);
// The stones of a colour (Empty: the empty points), in board order (top row
// first, left to right).
std::vector<Point> stones_of(const Board& board, Color c);

// The light policy's move for c: playout::LightPolicy when c is to move;
// otherwise the same rule (uniform over legal points that are not c's own
// one-point eyes) by rejection sampling over the empty points.
Point pick_move(State& s, Color c);
// Plays on the game, recording the move for undo.
MoveError play_move(State& s, Color c, Point p);

}  // namespace tengen::gtp
