// Any GTP engine driven as a child process (gtp_client.h), with typed forms
// of what a referee or a verifier asks it: the commands it knows
// (list_commands), its name and version, the game's settings (board size,
// komi, and the rules where it can be told them), moves, and what it says
// about a position (legality, stones, captures, dead stones, the score).
// Points are our board's points. GNU Go (gnugo.h) is one such engine.
#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "core/types.h"
#include "external/gtp_client.h"

namespace tengen::external {

// How an engine is told the rules of a game.
enum class RulesCommand {
  TengenRules,   // tengen-rules with our canonical text: every setting
  KataSetRules,  // kata-set-rules with KataGo's JSON rules: all but what `untold` lists
  None,          // no command for rules: only board size and komi
};
std::string_view to_string(RulesCommand);

struct RulesSetting {
  RulesCommand command = RulesCommand::None;
  std::string argument;             // what follows the command ("" for None)
  std::vector<std::string> untold;  // the settings the engine is not told, in words
};

// What an engine that lists `commands` can be told of `rules`: tengen-rules
// where listed, else kata-set-rules, else nothing (every setting but komi
// untold).
RulesSetting rules_setting(const Rules& rules, const std::set<std::string>& commands);

// The rules as KataGo's kata-set-rules JSON ({"ko":"POSITIONAL",...});
// appends to *untold what KataGo's rules cannot express.
std::string katago_rules(const Rules& rules, std::vector<std::string>* untold);

// The stones of each colour in a showboard answer (GNU Go's and Tengen's
// layout: a row number, then one of . + X O per column, sorted). nullopt if
// the answer does not show every row of the board.
std::optional<std::vector<Point>> showboard_stones(const Board& board, std::string_view text,
                                                   Color c);

// What an engine says about one position; nullopt where it cannot say.
struct EngineView {
  std::optional<std::vector<Point>> legal[2];   // all_legal black / white, sorted
  std::optional<std::vector<Point>> stones[2];  // list_stones (or showboard), sorted
  std::optional<int> captures[2];               // captures black / white
};

inline int side_index(Color c) {
  return c == Color::Black ? 0 : 1;
}

std::string_view gtp_color(Color c);

class Engine {
 public:
  // Starts argv[0] (a path) with argv[1..] and asks list_commands (an engine
  // that refuses it is taken to know none). `label` names it in messages
  // ("GNU Go"; default: its command line). Throws GtpError.
  // Precondition: argv is not empty.
  Engine(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
         std::string label = "");

  const std::set<std::string>& commands() const { return commands_; }
  bool has(std::string_view command) const;
  const std::string& label() const { return label_; }
  const std::string& command_line() const { return client_.command_line(); }
  // Every later answer is waited for at most this long.
  void set_timeout(std::chrono::milliseconds timeout) { client_.set_timeout(timeout); }
  // See GtpClient::set_stop.
  void set_stop(const std::atomic<bool>* stop) { client_.set_stop(stop); }
  // The answer to `command` (name, version), "" where it is refused.
  std::string answer_or_empty(const std::string& command);

  // boardsize (rectangular_boardsize W H when W != H), clear_board, the
  // rules as `rules` says, komi. Throws GtpError (also if the engine refuses
  // one of them, naming it).
  void new_game(int width, int height, double komi, const RulesSetting& rules = {});
  // fixed_handicap n: the stones placed (sorted), or nullopt if refused.
  std::optional<std::vector<Point>> fixed_handicap(const Board& board, int n);
  // play: the engine's answer, ok or a refusal with its reason in text.
  [[nodiscard]] GtpReply play(const Board& board, Color c, Point p);
  // genmove: the raw answer (a vertex, "pass" or "resign" when ok).
  [[nodiscard]] GtpReply genmove(Color c);
  // The position as the engine sees it, asked in one pipelined batch:
  // all_legal (if `legality`), list_stones (else showboard) and captures,
  // each where the engine lists it. Throws GtpError on an answer it cannot
  // read.
  EngineView view(const Board& board, bool legality);
  // final_status_list with "dead", "seki", "alive" ...: sorted points.
  // Throws GtpError if refused or unreadable.
  std::vector<Point> final_status_list(const Board& board, const std::string& status);
  // final_score as a margin for Black (B+3.5 -> 3.5, W+2 -> -2, 0 -> 0).
  double final_score();

  GtpClient& client() { return client_; }

 private:
  GtpReply expect_ok(const std::string& command);
  std::vector<Point> points(const Board& board, const GtpReply& reply, const std::string& command);

  GtpClient client_;
  std::string label_;
  std::set<std::string> commands_;
};

}  // namespace tengen::external
