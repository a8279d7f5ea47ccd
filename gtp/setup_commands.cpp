#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/coords.h"
#include "formats/replay.h"
#include "formats/sgf.h"
#include "gtp/commands.h"
#include "gtp/protocol.h"

namespace tengen::gtp {

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

namespace {

std::string_view trim(std::string_view s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") + 1 - first);
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

}  // namespace

Reply cmd_komi(State& s, const Args& a) {
  std::optional<double> komi = parse_gtp_komi(a[0]);
  if (!komi) return fail("komi not a finite number");
  s.engine_rules.komi = *komi;
  s.rules.komi = *komi;
  s.game->set_komi(*komi);  // the komi changes no move's legality: no replay
  return ok();
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
  formats::SgfReadOptions read_options;
  read_options.default_rules = s.engine_rules;
  formats::SgfRead read = formats::read_sgf_file(a[0], read_options);
  if (!read.ok()) return fail("cannot load file: " + read.error->message());
  const formats::GameRecord& record = read.games.front();
  formats::ReplayOptions options;
  options.keep_start = true;
  if (move_number) options.max_moves = size_t(*move_number - 1);
  formats::Replay r = formats::replay(record, options);
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
  formats::GameRecord record = formats::record_from_game(*s.game, s.start);
  record.rules = s.rules;  // the game's own may differ in the handicap placement
  const std::string text = formats::write_sgf(record);
  if (a.empty()) return ok(text);
  std::FILE* file = std::fopen(a[0].c_str(), "wb");
  if (!file) return fail("cannot write file " + a[0]);
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) return fail("cannot write file " + a[0]);
  return ok();
}

namespace {

// The rules text of tengen-rules, given in words: "japanese, komi=0" arrives
// as two. Words join where a comma or '=' separates them; any other pair is
// two texts ("chinese extra"), refused naming the word. A komi item takes
// what `komi` takes (any finite number), so that the rules tengen-rules
// prints are accepted back whatever the komi: Rules::parse reads the rest.
std::optional<Rules> parse_gtp_rules(const Args& a, std::string* error) {
  std::string text;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string& word = a[i];
    if (i > 0 && !text.ends_with(',') && !text.ends_with('=') && !word.starts_with(',') &&
        !word.starts_with('=')) {
      *error = "rules: unexpected word '" + word + "' after '" + a[i - 1] +
               "' (the rules are one text: a preset, key=value,... or a preset with overrides, "
               "separated by commas)";
      return std::nullopt;
    }
    text += (i > 0 ? " " : "") + word;
  }
  std::optional<double> komi;
  std::string rest;
  for (size_t begin = 0; begin <= text.size();) {
    size_t end = text.find(',', begin);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(begin, end - begin);
    const size_t eq = item.find('=');
    if (eq != std::string::npos && lower(trim(std::string_view(item).substr(0, eq))) == "komi") {
      const std::string_view value = trim(std::string_view(item).substr(eq + 1));
      komi = parse_gtp_komi(value);
      if (!komi) {
        *error = "rules: bad komi '" + std::string(value) + "' (expected a finite number)";
        return std::nullopt;
      }
      item = item.substr(0, eq + 1) + "0";  // Rules::parse checks the rest and repeats
    }
    rest += (begin > 0 ? "," : "") + item;
    begin = end + 1;
  }
  std::optional<Rules> rules = Rules::parse(rest, error);
  if (rules && komi) rules->komi = *komi;
  return rules;
}

}  // namespace

Reply cmd_tengen_rules(State& s, const Args& a) {
  if (a.empty()) return ok(s.rules.to_string());
  std::string error;
  std::optional<Rules> rules = parse_gtp_rules(a, &error);
  if (!rules) return fail(error);
  // Other rules may make a move already played illegal (suicide, superko), so
  // this one command still replays the game: the replay is the check.
  const BaseRecipe base = s.base;
  const std::vector<Move> history = s.history;
  if (!s.rebuild(base, history, *rules)) {
    return fail("the moves so far are not legal under " + rules->to_string());
  }
  s.engine_rules = *rules;
  return ok(s.rules.to_string());
}

}  // namespace tengen::gtp
