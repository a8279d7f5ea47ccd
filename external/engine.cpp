#include "external/engine.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/coords.h"
#include "gtp/protocol.h"

namespace tengen::external {
namespace {

int parse_count(const std::string& label, const std::string& text, const std::string& command) {
  if (text.empty() || text.size() > 9 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw GtpError(label + " answered '" + text + "' to '" + command + "'", GtpFailure::Garbage);
  }
  return std::atoi(text.c_str());
}

}  // namespace

std::string_view to_string(RulesCommand c) {
  switch (c) {
    case RulesCommand::TengenRules:
      return "tengen-rules";
    case RulesCommand::KataSetRules:
      return "kata-set-rules";
    case RulesCommand::None:
      return "none";
  }
  return "?";
}

std::string_view gtp_color(Color c) {
  return c == Color::Black ? "black" : "white";
}

std::string katago_rules(const Rules& rules, std::vector<std::string>* untold) {
  nlohmann::json j;
  switch (rules.ko) {
    case KoRule::Simple:
      j["ko"] = "SIMPLE";
      break;
    case KoRule::Positional:
      j["ko"] = "POSITIONAL";
      break;
    case KoRule::Situational:
      j["ko"] = "SITUATIONAL";
      break;
  }
  j["scoring"] = rules.scoring == Scoring::Area ? "AREA" : "TERRITORY";
  j["tax"] = rules.seki == SekiRule::Neutral ? "SEKI" : "NONE";
  // KataGo's "suicide" allows multi-stone suicide; a single stone never.
  j["suicide"] = rules.suicide != SuicideRule::Forbidden;
  if (rules.suicide == SuicideRule::Allowed) {
    untold->push_back("suicide=allowed (KataGo's rules never allow a single-stone suicide)");
  }
  switch (rules.handicap_bonus) {
    case HandicapBonus::None:
      j["whiteHandicapBonus"] = "0";
      break;
    case HandicapBonus::N:
      j["whiteHandicapBonus"] = "N";
      break;
    case HandicapBonus::NMinusOne:
      j["whiteHandicapBonus"] = "N-1";
      break;
  }
  j["hasButton"] = false;
  if (rules.tie == TieRule::White) untold->push_back("tie=white (KataGo's rules have no tie rule)");
  if (rules.end == EndRule::Agreement) {
    untold->push_back("end=agreement (KataGo's rules end the game at two passes)");
  }
  return j.dump();
}

RulesSetting rules_setting(const Rules& rules, const std::set<std::string>& commands) {
  RulesSetting s;
  if (commands.count("tengen-rules")) {
    s.command = RulesCommand::TengenRules;
    s.argument = rules.to_string();
  } else if (commands.count("kata-set-rules")) {
    s.command = RulesCommand::KataSetRules;
    s.argument = katago_rules(rules, &s.untold);
  } else {
    s.untold.push_back("ko=" + std::string(to_string(rules.ko)));
    s.untold.push_back("suicide=" + std::string(to_string(rules.suicide)));
    s.untold.push_back("scoring=" + std::string(to_string(rules.scoring)));
    s.untold.push_back("tie=" + std::string(to_string(rules.tie)));
    s.untold.push_back("bonus=" + std::string(to_string(rules.handicap_bonus)));
    s.untold.push_back("end=" + std::string(to_string(rules.end)));
    s.untold.push_back("seki=" + std::string(to_string(rules.seki)));
  }
  return s;
}

std::optional<std::vector<Point>> showboard_stones(const Board& board, std::string_view text,
                                                   Color c) {
  std::vector<bool> seen(size_t(board.height()), false);
  std::vector<Point> result;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    // Marks around a stone (GNU Go's last move) are not cells.
    std::replace_if(
        line.begin(), line.end(), [](char ch) { return ch == '(' || ch == ')'; }, ' ');
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first.size() > 2 ||
        !std::all_of(first.begin(), first.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      continue;
    }
    const int row = std::atoi(first.c_str());
    if (row < 1 || row > board.height()) continue;
    std::vector<char> cells;
    std::string cell;
    while (int(cells.size()) < board.width() && words >> cell) {
      if (cell.size() != 1 || std::string_view(".+XOxo*").find(cell[0]) == std::string::npos) break;
      cells.push_back(cell[0]);
    }
    if (int(cells.size()) != board.width()) continue;
    seen[size_t(row - 1)] = true;
    const int y = board.height() - row;  // GTP rows count from the bottom
    for (int x = 0; x < board.width(); ++x) {
      const char ch = char(std::toupper(static_cast<unsigned char>(cells[size_t(x)])));
      if ((ch == 'X' && c == Color::Black) || (ch == 'O' && c == Color::White)) {
        result.push_back(board.point(x, y));
      }
    }
  }
  if (!std::all_of(seen.begin(), seen.end(), [](bool b) { return b; })) return std::nullopt;
  std::sort(result.begin(), result.end());
  return result;
}

Engine::Engine(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
               std::string label)
    : client_(argv.at(0), std::vector<std::string>(argv.begin() + 1, argv.end()), timeout),
      label_(label.empty() ? "'" + client_.command_line() + "'" : std::move(label)) {
  const GtpReply reply = client_.ask("list_commands");
  if (!reply.ok) return;
  std::istringstream in(reply.text);
  for (std::string word; in >> word;) commands_.insert(word);
}

bool Engine::has(std::string_view command) const {
  return commands_.count(std::string(command)) != 0;
}

std::string Engine::answer_or_empty(const std::string& command) {
  const GtpReply reply = client_.ask(command);
  return reply.ok ? reply.text : "";
}

GtpReply Engine::expect_ok(const std::string& command) {
  GtpReply reply = client_.ask(command);
  if (!reply.ok) {
    throw GtpError(label_ + " refused '" + command + "': " + reply.text, GtpFailure::Refused);
  }
  return reply;
}

std::vector<Point> Engine::points(const Board& board, const GtpReply& reply,
                                  const std::string& command) {
  if (!reply.ok) {
    throw GtpError(label_ + " refused '" + command + "': " + reply.text, GtpFailure::Refused);
  }
  auto parsed = gtp::parse_gtp_vertices(board, reply.text);
  if (!parsed) {
    throw GtpError(label_ + " answered '" + reply.text + "' to '" + command + "'",
                   GtpFailure::Garbage);
  }
  std::sort(parsed->begin(), parsed->end());
  return *parsed;
}

void Engine::new_game(int width, int height, double komi, const RulesSetting& rules) {
  if (width == height) {
    expect_ok("boardsize " + std::to_string(width));
  } else {
    expect_ok("rectangular_boardsize " + std::to_string(width) + " " + std::to_string(height));
  }
  expect_ok("clear_board");
  if (rules.command != RulesCommand::None) {
    expect_ok(std::string(to_string(rules.command)) + " " + rules.argument);
  }
  expect_ok("komi " + format_komi(komi));
}

std::optional<std::vector<Point>> Engine::fixed_handicap(const Board& board, int n) {
  const std::string command = "fixed_handicap " + std::to_string(n);
  const GtpReply reply = client_.ask(command);
  if (!reply.ok) return std::nullopt;
  return points(board, reply, command);
}

GtpReply Engine::play(const Board& board, Color c, Point p) {
  return client_.ask("play " + std::string(gtp_color(c)) + " " + gtp_vertex(board, p));
}

GtpReply Engine::genmove(Color c) {
  return client_.ask("genmove " + std::string(gtp_color(c)));
}

EngineView Engine::view(const Board& board, bool legality) {
  enum class Part { Legal, Stones, Board, Captures };
  struct Question {
    std::string command;
    Part part;
    int side;
  };
  std::vector<Question> questions;
  for (int side = 0; side < 2; ++side) {
    const std::string colour = side == 0 ? "black" : "white";
    if (legality && has("all_legal"))
      questions.push_back({"all_legal " + colour, Part::Legal, side});
    if (has("list_stones")) questions.push_back({"list_stones " + colour, Part::Stones, side});
    if (has("captures")) questions.push_back({"captures " + colour, Part::Captures, side});
  }
  if (!has("list_stones") && has("showboard")) questions.push_back({"showboard", Part::Board, 0});
  // Pipelined: all questions go out before the first answer is read.
  for (const Question& q : questions) client_.send(q.command);
  std::vector<GtpReply> replies;
  for (size_t i = 0; i < questions.size(); ++i) replies.push_back(client_.receive());

  EngineView view;
  for (size_t i = 0; i < questions.size(); ++i) {
    const Question& q = questions[i];
    const GtpReply& reply = replies[i];
    switch (q.part) {
      case Part::Legal:
        view.legal[q.side] = points(board, reply, q.command);
        break;
      case Part::Stones:
        view.stones[q.side] = points(board, reply, q.command);
        break;
      case Part::Captures:
        if (!reply.ok) {
          throw GtpError(label_ + " refused '" + q.command + "'", GtpFailure::Refused);
        }
        view.captures[q.side] = parse_count(label_, reply.text, q.command);
        break;
      case Part::Board:
        for (Color c : {Color::Black, Color::White}) {
          if (!reply.ok) break;
          view.stones[side_index(c)] = showboard_stones(board, reply.text, c);
          if (!view.stones[side_index(c)]) {
            throw GtpError(label_ + " answered a showboard without the board's " +
                               std::to_string(board.height()) + " rows",
                           GtpFailure::Garbage);
          }
        }
        break;
    }
  }
  return view;
}

std::vector<Point> Engine::final_status_list(const Board& board, const std::string& status) {
  const std::string command = "final_status_list " + status;
  return points(board, client_.ask(command), command);
}

double Engine::final_score() {
  const GtpReply reply = expect_ok("final_score");
  const std::string& t = reply.text;
  if (t == "0") return 0;
  if (t.size() >= 3 && (t[0] == 'B' || t[0] == 'W') && t[1] == '+') {
    char* end = nullptr;
    const double value = std::strtod(t.c_str() + 2, &end);
    if (end && *end == '\0') return t[0] == 'B' ? value : -value;
  }
  throw GtpError(label_ + " answered '" + t + "' to 'final_score'", GtpFailure::Garbage);
}

}  // namespace tengen::external
