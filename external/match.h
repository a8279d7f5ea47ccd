// A match between two GTP engines refereed by Tengen (`tengen match`): each
// game starts both engines afresh as child processes (engine.h), sets board
// size, komi and the rules each can be told, asks the side to move for its
// move and plays it through Tengen's rules (core/game.h) before telling the
// opponent. The referee adjudicates: an illegal move, an engine that dies,
// hangs past the move timeout, answers what is no move, refuses a legal move
// of its opponent or cannot be set up loses the game, with the reason
// recorded; two passes end the game and Tengen scores it (dead stones agreed
// by both engines' final_status_list, or estimated by playouts); a game that
// reaches the move cap is void.
//
// Determinism: game i depends on (seed, i) alone (the engines' "{seed}" and
// the playout estimate), its colours on i, and results are kept by index, so
// deterministic engines give the same match on any --parallel.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"
#include "core/types.h"
#include "external/engine.h"

namespace tengen::external {

// Why an engine lost a game without its score deciding.
enum class Forfeit {
  None,
  IllegalMove,  // its move is illegal under the match's rules
  Died,         // it exited or closed its output
  Timeout,      // no answer within the move timeout
  Garbage,      // an answer that is no move (or no GTP at all), or an error to genmove
  RefusedMove,  // it refused its opponent's legal move
  Setup,        // it could not be started, or refused the board size, rules or komi
};
constexpr int kForfeitKinds = 7;  // None included
std::string_view to_string(Forfeit);
std::optional<Forfeit> forfeit_from_string(std::string_view);

enum class GameEnd { Score, Resignation, Forfeit, MoveCap };
std::string_view to_string(GameEnd);

// How a finished game's dead stones are found.
enum class DeadStones {
  Agreement,  // both engines' final_status_list dead, where they agree; else playouts
  Playouts,   // Tengen's playout estimate (scoring/dead_stones.h)
  None,       // none: the board as it stands
};
std::string_view to_string(DeadStones);

// One engine of the match, as probed before the first game.
struct MatchEngine {
  std::vector<std::string> argv;  // "{seed}" in a word is replaced by the game's engine seed
  std::string name, version;      // its answers ("" where refused)
  RulesSetting rules;             // how it is told the match's rules
  bool final_status_list = false;
  std::vector<std::string> warnings;
  std::string display() const;  // "name version", or the command line
  std::string command_line() const;
};

struct MatchConfig {
  std::array<MatchEngine, 2> engines;  // A (--black) and B (--white)
  int width = 9, height = 9;
  Rules rules;  // komi included
  uint64_t games = 2;
  bool alternate = true;  // B takes Black in odd games
  int max_moves = 0;      // 0: 20 x area + 200
  std::chrono::milliseconds move_timeout = std::chrono::seconds(60);
  std::chrono::milliseconds startup_timeout = std::chrono::seconds(60);
  DeadStones dead_stones = DeadStones::Agreement;
  int playouts = 400;
  uint64_t seed = 1;
  int parallel = 1;

  int move_cap() const { return max_moves > 0 ? max_moves : 20 * width * height + 200; }
  // Which engine (0: A, 1: B) plays Black in game i.
  int black_engine(uint64_t game) const { return alternate && game % 2 == 1 ? 1 : 0; }
};

// Starts `argv` once with the startup timeout: list_commands, name, version;
// how it can be told `rules`; warnings for what it cannot be told and, with
// `dead_stones` Agreement, for a missing final_status_list. Throws GtpError.
MatchEngine probe_engine(const std::vector<std::string>& argv, const Rules& rules,
                         DeadStones dead_stones, std::chrono::milliseconds timeout);

// The argv of an engine for one game: "{seed}" replaced by `seed`.
std::vector<std::string> engine_argv(const std::vector<std::string>& argv, uint64_t seed);

struct GameResult {
  uint64_t index = 0;
  int black_engine = 0;  // 0: A, 1: B
  GameEnd end = GameEnd::Score;
  Winner winner = Winner::Draw;  // meaningless for a void game
  Forfeit forfeit = Forfeit::None;
  std::string result;  // RE: "B+3.5", "W+R", "B+T" (timeout), "W+F" (forfeit), "0", "Void"
  std::string
      detail;  // the reason in words (forfeit, resignation, cap, how dead stones were found)
  int moves = 0;
  std::string sgf;  // the record (empty for a game read back from its file)

  bool is_void() const { return end == GameEnd::MoveCap; }
  // The engine that won (0: A, 1: B), or -1 for a draw or a void game.
  int winner_engine() const;
};

// Plays game `index`. Never throws for what an engine does (that is a
// forfeit); throws std::invalid_argument only for an impossible config.
GameResult play_match_game(const MatchConfig& config, uint64_t index);

// The Elo difference of A over B from the score fraction of A (wins plus
// half the draws, of the decided games) and its 95% interval (Wilson's).
// nullopt stands for an infinite value (a score of 0 or 1).
struct EloEstimate {
  uint64_t games = 0;
  double score = 0.5;
  // nullopt: -infinity for a fraction of 0, +infinity for 1.
  std::optional<double> difference, low, high;
  double low_fraction = 0, high_fraction = 1;  // the interval of the score
};

struct MatchTotals {
  uint64_t games = 0, void_games = 0, draws = 0;
  std::array<uint64_t, 2> wins{};  // by engine
  uint64_t black_wins = 0, white_wins = 0;
  std::array<std::array<uint64_t, 2>, 2> wins_as{};               // [engine][0 black, 1 white]
  std::array<uint64_t, 2> resignations{};                         // by the engine that resigned
  std::array<std::array<uint64_t, 2>, kForfeitKinds> forfeits{};  // [kind][engine that lost]
  EloEstimate elo;
};

// The totals of `results` (any order; void games count in games only).
MatchTotals match_totals(const std::vector<GameResult>& results);

// Plays every game whose index is not in `done` (sorted), `config.parallel`
// at a time. `finished` (if set) is called for each game as it ends, never
// concurrently; `stop` (if set) stops handing out games (those under way
// finish). Returns the games played, by index.
std::vector<GameResult> run_match(const MatchConfig& config, const std::vector<uint64_t>& done,
                                  const std::function<void(const GameResult&)>& finished = {},
                                  const std::atomic<bool>* stop = nullptr);

}  // namespace tengen::external
