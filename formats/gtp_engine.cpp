#include "formats/gtp_engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <istream>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "core/coords.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "selfplay/dead_stones.h"
#include "selfplay/policy.h"
#include "selfplay/rng.h"
#include "tengen/version.h"

namespace tengen::formats {

// How the game's starting position is made, so that it can be made again
// under other rules (komi, tengen-rules) and replayed (undo).
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
Rules playing_rules(Rules rules) {
  rules.end = EndRule::Agreement;
  return rules;
}

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
  selfplay::Rng rng{1};
  selfplay::LightPolicy policy;
  bool quit = false;

  // Builds the game from the recipe under `rules_to_use` and plays the
  // history. Returns false, changing nothing, if a move is illegal there.
  bool rebuild(const BaseRecipe& recipe, const std::vector<Move>& moves,
               const Rules& rules_to_use) {
    std::optional<Game> g;
    Board begin = recipe.board;
    if (recipe.handicap >= 2) {
      Rules r = playing_rules(rules_to_use);
      r.handicap = recipe.placement;
      g.emplace(recipe.board.width(), recipe.board.height(), r);
      if (!g->set_handicap(recipe.handicap).empty()) return false;
      for (Point p : recipe.free_stones) {
        if (g->play(Color::Black, p) != MoveError::None) return false;
      }
      begin = g->moves().empty() ? g->board() : Board(recipe.board.width(), recipe.board.height());
    } else {
      g.emplace(recipe.board, recipe.to_move, playing_rules(rules_to_use));
    }
    for (const Move& m : moves) {
      if (g->play(m.color, m.point) != MoveError::None) return false;
    }
    base = recipe;
    history = moves;
    game = std::move(g);
    start = begin;
    rules = rules_to_use;
    return true;
  }

  void clear(int width, int height) {
    BaseRecipe recipe;
    recipe.board = Board(width, height);
    capture_offset[1] = capture_offset[2] = 0;
    rebuild(recipe, {}, engine_rules);
  }

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

namespace {

using State = GtpEngine::State;
using Args = std::vector<std::string>;

struct Reply {
  bool success;
  std::string text;
};
Reply ok(std::string text = "") {
  return {true, std::move(text)};
}
Reply fail(std::string text) {
  return {false, std::move(text)};
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<Color> parse_color(std::string_view text) {
  const std::string c = lower(text);
  if (c == "b" || c == "black") return Color::Black;
  if (c == "w" || c == "white") return Color::White;
  return std::nullopt;
}

std::string color_name(Color c) {
  return c == Color::Black ? "black" : "white";
}

std::optional<int> parse_int(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// The stones of a colour, in board order (top row first, left to right).
std::vector<Point> stones_of(const Board& board, Color c) {
  std::vector<Point> points;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (board.at(board.point(x, y)) == c) points.push_back(board.point(x, y));
    }
  }
  return points;
}

// The light policy's move for c: selfplay::LightPolicy when c is to move;
// otherwise the same rule (uniform over legal points that are not c's own
// one-point eyes) by rejection sampling over the empty points.
Point pick_move(State& s, Color c) {
  if (c == s.game->to_move()) {
    Game trial = *s.game;
    return s.policy.play(trial, s.rng);
  }
  Board scratch = s.board();
  for (int left = scratch.empty_count(); left > 0; --left) {
    const int i = int(s.rng.below(uint32_t(left)));
    const Point p = scratch.empty_point(i);
    if (!scratch.is_eye(p, c) && s.game->check(c, p) == MoveError::None) return p;
    scratch.swap_empty(i, left - 1);
  }
  return kPass;
}

// Plays on the game, recording the move for undo.
MoveError play_move(State& s, Color c, Point p) {
  const MoveError error = s.game->play(c, p);
  if (error == MoveError::None) s.history.push_back(Move{c, p});
  return error;
}

Reply illegal(MoveError error) {
  return fail("illegal move (" + std::string(to_string(error)) + ")");
}

// ---------------------------------------------------------------------------
// The commands. Each gets its arguments checked for number by the table.

Reply cmd_protocol_version(State&, const Args&) {
  return ok("2");
}

Reply cmd_name(State& s, const Args&) {
  return ok(s.options.name);
}

Reply cmd_version(State&, const Args&) {
  return ok(TENGEN_VERSION);
}

Reply cmd_known_command(State&, const Args& a);
Reply cmd_list_commands(State&, const Args&);

Reply cmd_quit(State& s, const Args&) {
  s.quit = true;
  return ok();
}

Reply cmd_boardsize(State& s, const Args& a) {
  std::optional<int> n = parse_int(a[0]);
  if (!n) return fail("boardsize not an integer");
  if (*n < 1 || *n > kMaxSide) return fail("unacceptable size");
  s.clear(*n, *n);
  return ok();
}

Reply cmd_rectangular_boardsize(State& s, const Args& a) {
  std::optional<int> w = parse_int(a[0]), h = parse_int(a[1]);
  if (!w || !h) return fail("board size not an integer");
  if (*w < 1 || *w > kMaxSide || *h < 1 || *h > kMaxSide) return fail("unacceptable size");
  s.clear(*w, *h);
  return ok();
}

Reply cmd_clear_board(State& s, const Args&) {
  s.clear(s.board().width(), s.board().height());
  return ok();
}

// GTP 2 (section 6.3.1): the engine accepts any komi, "even if it should be
// ridiculous": any finite number, in any float syntax ("6.25", "+6.5",
// "1e1"). The score uses it exactly.
std::optional<double> parse_gtp_komi(std::string_view text) {
  // from_chars takes no '+' sign; GTP's float may have one.
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (error != std::errc() || stop != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

Reply cmd_komi(State& s, const Args& a) {
  std::optional<double> komi = parse_gtp_komi(a[0]);
  if (!komi) return fail("komi not a finite number");
  s.engine_rules.komi = *komi;
  Rules r = s.rules;
  r.komi = *komi;
  const BaseRecipe base = s.base;
  const std::vector<Move> history = s.history;
  s.rebuild(base, history, r);  // the komi changes no move's legality
  return ok();
}

Reply cmd_play(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  std::optional<Point> p = parse_gtp_vertex(s.board(), a[1]);
  if (!p) return fail("invalid coordinate");
  const MoveError error = play_move(s, *c, *p);
  if (error != MoveError::None) return illegal(error);
  return ok();
}

Reply cmd_genmove(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  // genmove never fails: after four passes in a row the game is over, and
  // the only move left is a pass, which is not played.
  if (s.game->over()) return ok("pass");
  const Point p = pick_move(s, *c);
  const MoveError error = play_move(s, *c, p);
  if (error != MoveError::None) return illegal(error);
  return ok(gtp_vertex(s.board(), p));
}

Reply cmd_undo(State& s, const Args&) {
  if (s.history.empty()) return fail("cannot undo");
  std::vector<Move> history = s.history;
  history.pop_back();
  const BaseRecipe base = s.base;
  if (!s.rebuild(base, history, s.rules)) return fail("cannot undo");
  return ok();
}

Reply cmd_showboard(State& s, const Args&) {
  const Game& g = *s.game;
  std::string text = "\n" + pretty_diagram(g.board());
  text += "Captures: black " + std::to_string(s.prisoners(Color::Black)) + ", white " +
          std::to_string(s.prisoners(Color::White)) + "\n";
  text += g.over() ? "Game over (" + std::string(to_string(g.end_reason())) + ")"
                   : color_name(g.to_move()) + " to move";
  return ok(text);
}

// final_score and final_status_list: dead stones and seki estimated by
// playouts on the position as it stands (selfplay/dead_stones.h), seeded from
// the engine's seed alone, so that asking twice gives the same answer.
selfplay::DeadStoneEstimate estimate_status(const State& s) {
  selfplay::DeadStoneOptions options;
  options.seed = s.options.seed;
  return selfplay::estimate_dead_stones(s.board(), s.game->to_move(), s.rules, options);
}

Reply cmd_final_score(State& s, const Args&) {
  const selfplay::DeadStoneEstimate e = estimate_status(s);
  return ok(
      selfplay::estimated_score(*s.game, e, s.capture_offset[1], s.capture_offset[2]).result());
}

Reply cmd_final_status_list(State& s, const Args& a) {
  const std::string status = lower(a[0]);
  const selfplay::ChainStatus wanted = status == "dead"   ? selfplay::ChainStatus::Dead
                                       : status == "seki" ? selfplay::ChainStatus::Seki
                                                          : selfplay::ChainStatus::Alive;
  if (status != "alive" && status != "dead" && status != "seki") {
    return fail("invalid status (expected alive, dead or seki)");
  }
  // One chain per line, chains in the board order of their first stone.
  std::string text;
  for (const auto& chain : selfplay::chains_with_status(s.board(), estimate_status(s), wanted)) {
    if (!text.empty()) text += '\n';
    text += format_gtp_vertices(s.board(), chain);
  }
  return ok(text);
}

// Replaces the game by one with a handicap. Precondition: the board is empty.
Reply place_handicap(State& s, HandicapPlacement placement, const std::vector<Point>& stones) {
  BaseRecipe recipe;
  recipe.board = Board(s.board().width(), s.board().height());
  recipe.handicap = int(stones.size());
  recipe.placement = placement;
  if (placement == HandicapPlacement::Free) recipe.free_stones = stones;
  if (!s.rebuild(recipe, {}, s.rules)) return fail("invalid handicap");
  return ok(format_gtp_vertices(s.board(), stones));
}

Reply cmd_fixed_handicap(State& s, const Args& a) {
  std::optional<int> n = parse_int(a[0]);
  if (!n) return fail("handicap not an integer");
  if (!s.board_empty()) return fail("board not empty");
  const std::vector<Point> points = handicap_points(s.board(), *n);
  if (*n < 2 || points.empty()) return fail("invalid number of stones");
  return place_handicap(s, HandicapPlacement::Fixed, points);
}

Reply cmd_place_free_handicap(State& s, const Args& a) {
  std::optional<int> n = parse_int(a[0]);
  if (!n) return fail("handicap not an integer");
  if (!s.board_empty()) return fail("board not empty");
  const Board& board = s.board();
  if (*n < 2 || *n >= board.area()) return fail("invalid number of stones");
  // The star points where GTP defines them; otherwise points drawn from the
  // engine's generator.
  std::vector<Point> points = handicap_points(board, *n);
  if (points.empty()) {
    Board scratch = board;
    for (int left = scratch.empty_count(); int(points.size()) < *n; --left) {
      const int i = int(s.rng.below(uint32_t(left)));
      points.push_back(scratch.empty_point(i));
      scratch.swap_empty(i, left - 1);
    }
  }
  return place_handicap(s, HandicapPlacement::Free, points);
}

Reply cmd_set_free_handicap(State& s, const Args& a) {
  if (!s.board_empty()) return fail("board not empty");
  const Board& board = s.board();
  std::vector<Point> points;
  for (const std::string& v : a) {
    std::optional<Point> p = parse_gtp_vertex(board, v);
    if (!p || *p == kPass || std::find(points.begin(), points.end(), *p) != points.end()) {
      return fail("bad vertex list");
    }
    points.push_back(*p);
  }
  if (int(points.size()) < 2 || int(points.size()) >= board.area()) {
    return fail("bad vertex list");
  }
  return place_handicap(s, HandicapPlacement::Free, points);
}

Reply cmd_loadsgf(State& s, const Args& a) {
  std::optional<int> move_number;
  if (a.size() > 1) {
    move_number = parse_int(a[1]);
    if (!move_number || *move_number < 1) return fail("move number not a positive integer");
  }
  // A record without RU, or with one we cannot name, is played under the
  // engine's rules (with its KM); its rules last for this game only.
  SgfReadOptions read_options;
  read_options.default_rules = s.engine_rules;
  SgfRead read = read_sgf_file(a[0], read_options);
  if (!read.ok()) return fail("cannot load file: " + read.error->message());
  const GameRecord& record = read.games.front();
  ReplayOptions options;
  options.keep_start = true;
  if (move_number) options.max_moves = size_t(*move_number - 1);
  Replay r = replay(record, options);
  if (!r.setup_error.empty()) return fail("cannot load file: " + r.setup_error);
  if (r.illegal) {
    return fail("cannot load file: move " + std::to_string(r.illegal->number) + " is illegal (" +
                std::string(to_string(r.illegal->reason)) + ")");
  }
  BaseRecipe recipe;
  const Game& start = *r.start;
  if (start.handicap() >= 2) {
    recipe.board = Board(start.board().width(), start.board().height());
    recipe.handicap = start.handicap();
    recipe.placement = start.rules().handicap;
  } else {
    recipe.board = start.board();
    recipe.to_move = start.to_move();
  }
  // The record's own rules (rebuild plays them with end=agreement, so that a
  // record that goes on after two passes loads, as replay() did).
  if (!s.rebuild(recipe, r.game->moves(), record.rules)) {
    return fail("cannot load file: the record does not replay");
  }
  s.capture_offset[1] = r.black_captures - s.game->prisoners(Color::Black);
  s.capture_offset[2] = r.white_captures - s.game->prisoners(Color::White);
  return ok(color_name(s.game->to_move()));
}

Reply cmd_printsgf(State& s, const Args& a) {
  GameRecord record = record_from_game(*s.game, s.start);
  record.rules = s.rules;  // the game's own may differ in the handicap placement
  const std::string text = write_sgf(record);
  if (a.empty()) return ok(text);
  std::FILE* file = std::fopen(a[0].c_str(), "wb");
  if (!file) return fail("cannot write file " + a[0]);
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) return fail("cannot write file " + a[0]);
  return ok();
}

Reply cmd_time_settings(State&, const Args& a) {
  for (const std::string& v : a) {
    if (!parse_int(v)) return fail("time settings not integers");
  }
  return ok();
}

Reply cmd_time_left(State&, const Args& a) {
  if (!parse_color(a[0]) || !parse_int(a[1]) || !parse_int(a[2])) return fail("syntax error");
  return ok();
}

Reply cmd_is_legal(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  std::optional<Point> p = parse_gtp_vertex(s.board(), a[1]);
  if (!p) return fail("invalid coordinate");
  return ok(s.game->check(*c, *p) == MoveError::None ? "1" : "0");
}

Reply cmd_all_legal(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  const Board& board = s.board();
  std::vector<Point> points;
  for (Point p : stones_of(board, Color::Empty)) {
    if (s.game->check(*c, p) == MoveError::None) points.push_back(p);
  }
  return ok(format_gtp_vertices(board, points));
}

Reply cmd_list_stones(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  return ok(format_gtp_vertices(s.board(), stones_of(s.board(), *c)));
}

Reply cmd_captures(State& s, const Args& a) {
  std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail("invalid color");
  return ok(std::to_string(s.prisoners(*c)));
}

Reply cmd_tengen_rules(State& s, const Args& a) {
  if (a.empty()) return ok(s.rules.to_string());
  std::string text;
  for (const std::string& v : a) text += v;  // "japanese, komi=0" arrives in two words
  std::string error;
  std::optional<Rules> rules = Rules::parse(text, &error);
  if (!rules) return fail(error);
  const BaseRecipe base = s.base;
  const std::vector<Move> history = s.history;
  if (!s.rebuild(base, history, *rules)) {
    return fail("the moves so far are not legal under " + rules->to_string());
  }
  s.engine_rules = *rules;
  return ok(s.rules.to_string());
}

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
    {"known_command", &cmd_known_command, 1, 1},
    {"komi", &cmd_komi, 1, 1},
    {"list_commands", &cmd_list_commands, 0, 0},
    {"list_stones", &cmd_list_stones, 1, 1},
    {"loadsgf", &cmd_loadsgf, 1, 2},
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

}  // namespace

GtpEngine::GtpEngine(const GtpEngineOptions& options) : state_(std::make_unique<State>()) {
  if (options.width < 1 || options.width > kMaxSide || options.height < 1 ||
      options.height > kMaxSide) {
    throw std::invalid_argument("GTP engine: board size out of range");
  }
  state_->options = options;
  state_->engine_rules = options.rules;
  state_->rules = options.rules;
  state_->rng = selfplay::Rng(options.seed);
  state_->clear(options.width, options.height);
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
  std::string line;
  while (!state_->quit && std::getline(in, line)) {
    const std::string response = handle_line(line);
    if (response.empty()) continue;
    out << response;
    out.flush();
  }
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

}  // namespace tengen::formats
