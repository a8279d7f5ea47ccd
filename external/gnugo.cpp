#include "external/gnugo.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "core/coords.h"
#include "gtp/protocol.h"

namespace tengen::external {
namespace {

std::string color_name(Color c) {
  return c == Color::Black ? "black" : "white";
}

bool executable(const std::string& path) {
  return !path.empty() && access(path.c_str(), X_OK) == 0;
}

int parse_count(const std::string& text, const std::string& command) {
  if (text.empty() || text.size() > 9 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw GtpError("GNU Go answered '" + text + "' to '" + command + "'");
  }
  return std::atoi(text.c_str());
}

}  // namespace

std::vector<std::string> gnugo_flags(const Rules& rules) {
  std::vector<std::string> flags = {"--mode", "gtp", "--quiet"};
  flags.push_back(rules.scoring == Scoring::Area ? "--chinese-rules" : "--japanese-rules");
  switch (rules.suicide) {
    case SuicideRule::Forbidden:
      flags.push_back("--forbid-suicide");
      break;
    case SuicideRule::Multi:
      flags.push_back("--allow-suicide");
      break;
    case SuicideRule::Allowed:
      flags.push_back("--allow-all-suicide");
      break;
  }
  switch (rules.ko) {
    case KoRule::Simple:
      flags.push_back("--simple-ko");
      break;
    case KoRule::Positional:
      flags.push_back("--positional-superko");
      break;
    case KoRule::Situational:
      flags.push_back("--situational-superko");
      break;
  }
  return flags;
}

std::string find_gnugo(const std::string& given) {
  if (!given.empty()) return executable(given) ? given : "";
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const std::string dir(rest.substr(0, colon));
      rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
      if (dir.empty()) continue;
      if (const std::string candidate = dir + "/gnugo"; executable(candidate)) return candidate;
    }
  }
  return executable("/usr/games/gnugo") ? "/usr/games/gnugo" : "";
}

GnuGo::GnuGo(const std::string& program, const Rules& rules, std::chrono::milliseconds timeout)
    : client_(program, gnugo_flags(rules), timeout) {}

GtpReply GnuGo::expect_ok(const std::string& command) {
  GtpReply reply = client_.ask(command);
  if (!reply.ok) throw GtpError("GNU Go refused '" + command + "': " + reply.text);
  return reply;
}

std::vector<Point> GnuGo::points(const Board& board, const GtpReply& reply,
                                 const std::string& command) {
  if (!reply.ok) throw GtpError("GNU Go refused '" + command + "': " + reply.text);
  auto parsed = gtp::parse_gtp_vertices(board, reply.text);
  if (!parsed) throw GtpError("GNU Go answered '" + reply.text + "' to '" + command + "'");
  std::sort(parsed->begin(), parsed->end());
  return *parsed;
}

void GnuGo::new_game(int size, double komi) {
  expect_ok("boardsize " + std::to_string(size));
  expect_ok("clear_board");
  expect_ok("komi " + format_komi(komi));
}

std::optional<std::vector<Point>> GnuGo::fixed_handicap(const Board& board, int n) {
  const std::string command = "fixed_handicap " + std::to_string(n);
  const GtpReply reply = client_.ask(command);
  if (!reply.ok) return std::nullopt;
  return points(board, reply, command);
}

GtpReply GnuGo::play(const Board& board, Color c, Point p) {
  return client_.ask("play " + color_name(c) + " " + gtp_vertex(board, p));
}

GnuGoView GnuGo::view(const Board& board, bool legality) {
  // Pipelined: all questions go out before the first answer is read.
  std::vector<std::string> commands;
  if (legality) commands = {"all_legal black", "all_legal white"};
  for (const char* c :
       {"list_stones black", "list_stones white", "captures black", "captures white"}) {
    commands.push_back(c);
  }
  for (const std::string& command : commands) client_.send(command);
  std::vector<GtpReply> replies;
  for (size_t i = 0; i < commands.size(); ++i) replies.push_back(client_.receive());

  GnuGoView view;
  size_t i = 0;
  if (legality) {
    view.legal[0] = points(board, replies[0], commands[0]);
    view.legal[1] = points(board, replies[1], commands[1]);
    i = 2;
  }
  view.stones[0] = points(board, replies[i], commands[i]);
  view.stones[1] = points(board, replies[i + 1], commands[i + 1]);
  for (int k = 0; k < 2; ++k) {
    const GtpReply& reply = replies[i + 2 + size_t(k)];
    if (!reply.ok) throw GtpError("GNU Go refused '" + commands[i + 2 + size_t(k)] + "'");
    view.captures[k] = parse_count(reply.text, commands[i + 2 + size_t(k)]);
  }
  return view;
}

std::vector<Point> GnuGo::final_status_list(const Board& board, const std::string& status) {
  const std::string command = "final_status_list " + status;
  return points(board, client_.ask(command), command);
}

double GnuGo::final_score() {
  const GtpReply reply = expect_ok("final_score");
  const std::string& t = reply.text;
  if (t == "0") return 0;
  if (t.size() >= 3 && (t[0] == 'B' || t[0] == 'W') && t[1] == '+') {
    char* end = nullptr;
    const double value = std::strtod(t.c_str() + 2, &end);
    if (end && *end == '\0') return t[0] == 'B' ? value : -value;
  }
  throw GtpError("GNU Go answered '" + t + "' to 'final_score'");
}

}  // namespace tengen::external
