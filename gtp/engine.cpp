#include "gtp/engine.h"

#include <istream>
#include <ostream>
#include <stdexcept>

#include "gtp/commands.h"
#include "gtp/engine_state.h"
#include "tengen/version.h"

namespace tengen::gtp {

Reply cmd_protocol_version(State&, const Args&) {
  return ok("2");
}

Reply cmd_name(State& s, const Args&) {
  return ok(s.options.name);
}

Reply cmd_version(State&, const Args&) {
  return ok(TENGEN_VERSION);
}

Reply cmd_quit(State& s, const Args&) {
  s.quit = true;
  return ok();
}

namespace {

struct CommandSpec {
  std::string_view name;
  Reply (*run)(State&, const Args&);
  int min_args;
  int max_args;  // -1: no limit
};

// The dispatch table, sorted by name (list_commands gives this order).
constexpr CommandSpec kCommands[] = {
    {"all_legal", &cmd_all_legal, 1, 1},
    {"boardsize", &cmd_boardsize, 1, 1},
    {"captures", &cmd_captures, 1, 1},
    {"clear_board", &cmd_clear_board, 0, 0},
    {"final_score", &cmd_final_score, 0, 0},
    {"final_status_list", &cmd_final_status_list, 1, 1},
    {"fixed_handicap", &cmd_fixed_handicap, 1, 1},
    {"genmove", &cmd_genmove, 1, 1},
    {"is_legal", &cmd_is_legal, 2, 2},
    {"kgs-time_settings", &cmd_kgs_time_settings, 1, 4},
    {"known_command", &cmd_known_command, 1, 1},
    {"komi", &cmd_komi, 1, 1},
    {"list_commands", &cmd_list_commands, 0, 0},
    {"list_stones", &cmd_list_stones, 1, 1},
    {"loadsgf", &cmd_loadsgf, 1, 2},
    {"lz-analyze", &cmd_lz_analyze, 0, -1},
    {"name", &cmd_name, 0, 0},
    {"place_free_handicap", &cmd_place_free_handicap, 1, 1},
    {"play", &cmd_play, 2, 2},
    {"printsgf", &cmd_printsgf, 0, 1},
    {"protocol_version", &cmd_protocol_version, 0, 0},
    {"quit", &cmd_quit, 0, 0},
    {"rectangular_boardsize", &cmd_rectangular_boardsize, 2, 2},
    {"set_free_handicap", &cmd_set_free_handicap, 2, -1},
    {"showboard", &cmd_showboard, 0, 0},
    {"tengen-rules", &cmd_tengen_rules, 0, -1},
    {"time_left", &cmd_time_left, 3, 3},
    {"time_settings", &cmd_time_settings, 3, 3},
    {"undo", &cmd_undo, 0, 0},
    {"version", &cmd_version, 0, 0},
};

const CommandSpec* find_command(std::string_view name) {
  for (const CommandSpec& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

}  // namespace

Reply cmd_known_command(State&, const Args& a) {
  return ok(find_command(a[0]) ? "true" : "false");
}

Reply cmd_list_commands(State&, const Args&) {
  std::string text;
  for (std::string_view name : GtpEngine::command_names()) {
    if (!text.empty()) text += '\n';
    text += name;
  }
  return ok(text);
}

GtpEngine::GtpEngine(const GtpEngineOptions& options) : state_(std::make_unique<State>()) {
  if (options.width < 1 || options.width > kMaxSide || options.height < 1 ||
      options.height > kMaxSide) {
    throw std::invalid_argument("GTP engine: board size out of range");
  }
  state_->options = options;
  state_->engine_rules = options.rules;
  state_->rules = options.rules;
  state_->rng = playout::Rng(options.seed);
  state_->clear(options.width, options.height);
  if (options.search) {
    search::check_options(*options.search, options.width, options.height);
    state_->search = std::make_unique<search::Search>(*options.search);
  }
}

GtpEngine::~GtpEngine() = default;

GtpResponse GtpEngine::execute(const GtpCommand& command) {
  GtpResponse response;
  response.id = command.id;
  const CommandSpec* spec = find_command(command.name);
  if (!spec) {
    response.text = "unknown command";
    return response;
  }
  const int n = int(command.args.size());
  if (n < spec->min_args || (spec->max_args >= 0 && n > spec->max_args)) {
    response.text = "wrong number of arguments to " + std::string(spec->name);
    return response;
  }
  const Reply reply = spec->run(*state_, command.args);
  response.success = reply.success;
  response.text = reply.text;
  return response;
}

std::string GtpEngine::handle_line(std::string_view line) {
  const GtpLine parsed = parse_gtp_line(line);
  if (parsed.kind == GtpLine::Kind::Empty) return "";
  if (parsed.kind == GtpLine::Kind::Malformed) {
    return format_gtp_response(parsed.command.id, false, parsed.problem);
  }
  const GtpResponse r = execute(parsed.command);
  return format_gtp_response(r.id, r.success, r.text);
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  // The analysis thread writes to `out` while this one waits on `in`: a tie
  // would have this one flush `out` too.
  std::ostream* const tied = in.tie(nullptr);
  state_->streaming = true;
  std::string line;
  bool pending = false;  // `line` came during an analysis and is still to do
  while (!state_->quit && (pending || std::getline(in, line))) {
    pending = false;
    std::string response = handle_line(line);
    if (response.empty()) continue;
    if (state_->analysis) {
      // "=id" now; the empty line that ends the response when the next
      // command has come.
      response.pop_back();
      out << response;
      out.flush();
      bool more = false;
      stream_analysis(*state_, out, [&] { more = static_cast<bool>(std::getline(in, line)); });
      out << '\n';
      out.flush();
      if (!more) break;
      pending = true;
      continue;
    }
    out << response;
    out.flush();
  }
  state_->streaming = false;
  in.tie(tied);
}

bool GtpEngine::quit_requested() const {
  return state_->quit;
}

const Game& GtpEngine::game() const {
  return *state_->game;
}

std::vector<std::string_view> GtpEngine::command_names() {
  std::vector<std::string_view> names;
  for (const CommandSpec& c : kCommands) names.push_back(c.name);
  return names;
}

}  // namespace tengen::gtp
