#include "formats/sgf.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "core/coords.h"
#include "formats/sgf_rules.h"
#include "tengen/version.h"

namespace tengen::formats {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

// A non-negative decimal integer of at most 6 digits.
std::optional<int> parse_count(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 6) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// A value shortened for a message.
std::string quoted(std::string_view id, std::string_view value) {
  std::string v(value.substr(0, 40));
  if (value.size() > 40) v += "...";
  return std::string(id) + "[" + v + "]";
}

std::string size_text(int width, int height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

// Reads a record from the main line of a tree; errors and warnings carry the
// node's offset and line.
class RecordReader {
 public:
  RecordReader(const SgfTree& tree, std::string_view source, const SgfReadOptions& options)
      : tree_(tree), source_(source), options_(options) {}

  std::optional<GameRecord> read(SgfError* error) {
    const std::vector<int> line = tree_.main_line();
    if (line.empty()) return fail_at(tree_.offset, tree_.line, "game tree without nodes", error);
    const SgfNode& root = tree_.nodes[size_t(line[0])];
    record_.offset = tree_.offset;
    record_.line = tree_.line;
    if (!read_root(root, error)) return std::nullopt;
    board_ = std::make_unique<Board>(record_.width, record_.height);
    for (int index : line) {
      if (!read_node(tree_.nodes[size_t(index)], error)) return std::nullopt;
    }
    return std::move(record_);
  }

 private:
  std::optional<GameRecord> fail_at(uint32_t offset, uint32_t line, std::string problem,
                                    SgfError* error) {
    if (error) {
      error->source = std::string(source_);
      error->offset = offset;
      error->line = int(line);
      error->column = 0;
      error->problem = std::move(problem);
    }
    return std::nullopt;
  }
  bool fail(const SgfNode& node, std::string problem, SgfError* error) {
    fail_at(node.offset, node.line, std::move(problem), error);
    return false;
  }
  void warn(const SgfNode& node, std::string problem) {
    record_.warnings.push_back(SgfWarning{node.offset, node.line, std::move(problem)});
  }

  // The single value of a property; warns when there are several.
  std::string_view single(const SgfNode& node, const SgfProperty& p) {
    if (p.values.size() > 1) {
      warn(node, p.id + " has " + std::to_string(p.values.size()) + " values; the first is used");
    }
    return p.values.front();
  }

  bool read_size(const SgfNode& node, std::string_view value, SgfError* error) {
    const size_t colon = value.find(':');
    std::optional<int> w = parse_count(value.substr(0, colon));
    std::optional<int> h =
        colon == std::string_view::npos ? w : parse_count(value.substr(colon + 1));
    if (!w || !h || *w < 1 || *h < 1 || *w > kMaxSide || *h > kMaxSide) {
      return fail(node,
                  "bad board size " + quoted("SZ", value) + " (expected N or W:H, each 1 to " +
                      std::to_string(kMaxSide) + ")",
                  error);
    }
    record_.width = *w;
    record_.height = *h;
    return true;
  }

  void read_komi(const SgfNode& node, std::string_view value) {
    const std::string_view v = trim(value);
    char* end = nullptr;
    const std::string s(v.substr(0, 32));
    const double number = std::strtod(s.c_str(), &end);
    const bool numeric = !s.empty() && end == s.c_str() + s.size() && std::isfinite(number);
    // Some servers (Fox, Tygem) write the komi in hundredths: KM[750] is 7.5.
    if (numeric && std::abs(number) >= 100 && std::fmod(number, 50) == 0) {
      record_.rules.komi = number / 100;
      record_.has_komi = true;
      warn(node, quoted("KM", value) + " read as hundredths: komi " + format_komi(number / 100));
      return;
    }
    if (std::optional<double> komi = parse_komi(v)) {
      record_.rules.komi = *komi;
      record_.has_komi = true;
      return;
    }
    warn(node, "unreadable komi " + quoted("KM", value) +
                   " (not a multiple of 0.5); the rules' komi " + format_komi(record_.rules.komi) +
                   " applies");
  }

  bool read_root(const SgfNode& root, SgfError* error) {
    record_.rules = options_.default_rules;
    if (const SgfProperty* gm = root.find("GM")) {
      const std::string_view game = trim(gm->values.front());
      if (game != "1") return fail(root, "not a game of Go: " + quoted("GM", game), error);
    }
    if (const SgfProperty* sz = root.find("SZ")) {
      if (!read_size(root, single(root, *sz), error)) return false;
    }
    if (const SgfProperty* ru = root.find("RU")) {
      record_.ruleset = std::string(single(root, *ru));
      if (std::optional<Rules> rules = rules_from_sgf_name(record_.ruleset)) {
        record_.rules = *rules;
      } else {
        warn(root, "unknown ruleset " + quoted("RU", record_.ruleset) + "; the default rules " +
                       options_.default_rules.to_string() + " apply");
      }
    }
    if (const SgfProperty* km = root.find("KM")) read_komi(root, single(root, *km));
    if (const SgfProperty* ha = root.find("HA")) {
      const std::string_view v = single(root, *ha);
      std::optional<int> n = parse_count(v);
      if (n && *n != 1 && *n < record_.width * record_.height) {
        record_.handicap = *n;
      } else if (n && *n == 1) {
        warn(root, quoted("HA", v) + ": a handicap of one stone is no handicap; read as 0");
      } else {
        warn(root, "unreadable handicap " + quoted("HA", v) + "; read as 0");
      }
    }
    for (const SgfProperty& p : root.properties) {
      if (p.id == "RE") record_.result = p.values.front();
      if (p.id == "PB") record_.black_name = p.values.front();
      if (p.id == "PW") record_.white_name = p.values.front();
      if (p.id == "CA") record_.charset = p.values.front();
    }
    static constexpr std::string_view kInterpreted[] = {"FF", "GM", "SZ", "KM", "HA", "RU",
                                                        "RE", "PB", "PW", "CA", "AB", "AW",
                                                        "AE", "PL", "B",  "W"};
    for (const SgfProperty& p : root.properties) {
      if (std::find(std::begin(kInterpreted), std::end(kInterpreted), p.id) ==
          std::end(kInterpreted)) {
        record_.root_extra.push_back(p);
      }
    }
    return true;
  }

  bool read_point(const SgfNode& node, std::string_view id, std::string_view text, Point* out,
                  SgfError* error) {
    std::optional<Point> p = text.size() == 2 ? parse_sgf_point(*board_, text) : std::nullopt;
    if (!p || *p == kPass) {
      return fail(node,
                  "bad point " + quoted(id, text) + " (not on the " +
                      size_text(record_.width, record_.height) + " board)",
                  error);
    }
    *out = *p;
    return true;
  }

  // AB/AW/AE values: points or compressed rectangles "aa:cc".
  bool read_setup_list(const SgfNode& node, const SgfProperty& p, Color color, SetupStep& step,
                       SgfError* error) {
    for (const std::string& value : p.values) {
      const std::string_view v = trim(value);
      if (v.empty()) {
        warn(node, "empty value in " + p.id + " ignored");
        continue;
      }
      const size_t colon = v.find(':');
      Point a, b;
      if (!read_point(node, p.id, v.substr(0, colon), &a, error)) return false;
      if (colon == std::string_view::npos) {
        if (++setup_points_ > options_.limits.max_setup_points) {
          return fail(node,
                      "more than " + std::to_string(options_.limits.max_setup_points) +
                          " setup points in the game",
                      error);
        }
        step.stones.push_back(SetupStone{a, color});
        continue;
      }
      if (!read_point(node, p.id, v.substr(colon + 1), &b, error)) return false;
      const int x0 = std::min(board_->column(a), board_->column(b));
      const int x1 = std::max(board_->column(a), board_->column(b));
      const int y0 = std::min(board_->row(a), board_->row(b));
      const int y1 = std::max(board_->row(a), board_->row(b));
      const size_t points = size_t(x1 - x0 + 1) * size_t(y1 - y0 + 1);
      if (setup_points_ + points > options_.limits.max_setup_points) {
        return fail(node,
                    "more than " + std::to_string(options_.limits.max_setup_points) +
                        " setup points in the game",
                    error);
      }
      setup_points_ += points;
      for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
          step.stones.push_back(SetupStone{board_->point(x, y), color});
        }
      }
    }
    return true;
  }

  // FF[4] forbids setting one point twice in a node (AB[ee]AW[ee]); such a
  // record is read with the last setting winning, and warned about.
  void warn_points_set_twice(const SgfNode& node, const SetupStep& step) {
    if (step.stones.size() < 2) return;
    std::vector<char> seen(size_t(board_->array_size()), 0);
    std::vector<char> warned(size_t(board_->array_size()), 0);
    for (const SetupStone& s : step.stones) {
      if (seen[size_t(s.point)] && !warned[size_t(s.point)]) {
        warned[size_t(s.point)] = 1;
        warn(node, "point " + sgf_point(*board_, s.point) +
                       " is set twice in one node (AB/AW/AE); the last setting is used");
      }
      seen[size_t(s.point)] = 1;
    }
  }

  std::optional<Color> read_player(std::string_view v) {
    v = trim(v);
    if (v == "B" || v == "b" || v == "1" || v == "black" || v == "Black") return Color::Black;
    if (v == "W" || v == "w" || v == "2" || v == "white" || v == "White") return Color::White;
    return std::nullopt;
  }

  bool read_node(const SgfNode& node, SgfError* error) {
    SetupStep step;
    step.before_move = record_.moves.size();
    step.offset = node.offset;
    step.line = node.line;
    bool has_setup = false;
    int moves_here = 0;
    for (const SgfProperty& p : node.properties) {
      if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
        const Color c = p.id == "AB" ? Color::Black : p.id == "AW" ? Color::White : Color::Empty;
        if (!read_setup_list(node, p, c, step, error)) return false;
        has_setup = true;
      } else if (p.id == "PL") {
        const std::string_view v = single(node, p);
        if (std::optional<Color> c = read_player(v)) {
          step.to_move = c;
          has_setup = true;
        } else {
          warn(node, "unreadable player " + quoted("PL", v) + " ignored");
        }
      }
    }
    warn_points_set_twice(node, step);
    // A step that sets nothing (only empty values) would not survive writing.
    if (has_setup && (!step.stones.empty() || step.to_move)) {
      record_.setup.push_back(std::move(step));
    }
    for (const SgfProperty& p : node.properties) {
      if (p.id != "B" && p.id != "W") continue;
      const std::string_view v = trim(single(node, p));
      Point point = kPass;
      const bool tt_pass = v == "tt" && record_.width <= 19 && record_.height <= 19;
      if (!v.empty() && !tt_pass && !read_point(node, p.id, v, &point, error)) return false;
      record_.moves.push_back(Move{p.id == "B" ? Color::Black : Color::White, point});
      record_.move_offsets.push_back(node.offset);
      record_.move_lines.push_back(node.line);
      ++moves_here;
    }
    if (moves_here > 1) warn(node, "two moves in one node: played in the order written");
    if (moves_here > 0 && has_setup) {
      warn(node, "setup and move in one node: the setup is applied first");
    }
    return true;
  }

  const SgfTree& tree_;
  std::string_view source_;
  const SgfReadOptions& options_;
  GameRecord record_;
  std::unique_ptr<Board> board_;  // gives point coordinates
  size_t setup_points_ = 0;       // AB/AW/AE points so far, rectangles expanded
};

void write_property(std::string& out, std::string_view id, std::string_view value) {
  out += id;
  out += '[';
  out += sgf_escape(value);
  out += ']';
}

// The colour a step gives each point in the end (Wall where it says nothing),
// indexed like the board's array.
std::vector<Color> final_colours(const Board& board, const SetupStep& step) {
  std::vector<Color> colour(size_t(board.array_size()), Color::Wall);
  for (const SetupStone& s : step.stones) colour[s.point] = s.color;
  return colour;
}

// Writes a setup step's properties: AB, AW, AE, each point once with the last
// colour the step gives it, in board order; then PL.
void write_setup(std::string& out, const Board& board, const SetupStep& step) {
  const std::vector<Color> colour = final_colours(board, step);
  static constexpr std::pair<std::string_view, Color> kLists[] = {
      {"AB", Color::Black}, {"AW", Color::White}, {"AE", Color::Empty}};
  for (const auto& [id, color] : kLists) {
    bool first = true;
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        if (colour[p] != color) continue;
        if (first) out += id;
        first = false;
        out += '[' + sgf_point(board, p) + ']';
      }
    }
  }
  if (step.to_move) write_property(out, "PL", *step.to_move == Color::Black ? "B" : "W");
}

// Gives each point of the board the colour `target` has for it (Wall: keep).
//
// Board::set_colour rebuilds every chain, so calling it per point would cost
// area^2 per setup. Instead the stones of the new position are played one by
// one on an empty board: while some stones are missing, every chain has a
// liberty (a chain short of its final self touches a point still empty; a
// whole final chain has its final liberties), so nothing is captured and the
// result is the position itself, in linear time. Only a position with a
// chain without liberties makes play capture; it is then built point by
// point, once, for the caller to find that chain and report it.
void set_position(Board& board, const std::vector<Color>& target) {
  auto wanted = [&](Point p) { return target[p] != Color::Wall ? target[p] : board.at(p); };
  Board fresh(board.width(), board.height());
  bool exact = true;
  for (int y = 0; y < board.height() && exact; ++y) {
    for (int x = 0; x < board.width() && exact; ++x) {
      const Point p = board.point(x, y);
      const Color c = wanted(p);
      if (c == Color::Empty) continue;
      exact = fresh.at(p) == Color::Empty && fresh.play(p, c).captured_stones == 0;
    }
  }
  for (int y = 0; y < board.height() && exact; ++y) {
    for (int x = 0; x < board.width() && exact; ++x) {
      exact = fresh.at(board.point(x, y)) == wanted(board.point(x, y));
    }
  }
  if (exact) {
    board = fresh;
    return;
  }
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (target[p] != Color::Wall && board.at(p) != target[p]) board.set_colour(p, target[p]);
    }
  }
}

}  // namespace

bool operator==(const SetupStep& a, const SetupStep& b) {
  if (a.before_move != b.before_move || a.to_move != b.to_move) return false;
  // Each point with the last colour the step gives it, by point.
  auto final_list = [](const SetupStep& step) {
    std::vector<SetupStone> list;
    for (size_t i = step.stones.size(); i-- > 0;) list.push_back(step.stones[i]);
    std::stable_sort(list.begin(), list.end(),
                     [](const SetupStone& x, const SetupStone& y) { return x.point < y.point; });
    list.erase(
        std::unique(list.begin(), list.end(),
                    [](const SetupStone& x, const SetupStone& y) { return x.point == y.point; }),
        list.end());
    return list;
  };
  return final_list(a) == final_list(b);
}

void apply_setup(Board& board, const SetupStep& step) {
  set_position(board, final_colours(board, step));
}

Board GameRecord::initial_board() const {
  // The steps before the first move make one position together: only the
  // end result is built.
  Board board(width, height);
  if (setup.empty() || setup.front().before_move != 0) return board;
  std::vector<Color> target(size_t(board.array_size()), Color::Wall);
  for (const SetupStep& step : setup) {
    if (step.before_move != 0) break;
    for (const SetupStone& s : step.stones) target[s.point] = s.color;
  }
  set_position(board, target);
  return board;
}

Color GameRecord::initial_to_move() const {
  std::optional<Color> pl;
  bool black_only = false, any_stone = false;
  for (const SetupStep& step : setup) {
    if (step.before_move != 0) break;
    if (step.to_move) pl = step.to_move;
    for (const SetupStone& s : step.stones) {
      if (s.color != Color::Empty) any_stone = true;
    }
  }
  if (pl) return *pl;
  if (!moves.empty()) return moves.front().color;
  if (any_stone) {
    const Board board = initial_board();
    black_only = board.stones(Color::White) == 0 && board.stones(Color::Black) > 0;
    if (black_only) return Color::White;
  }
  return Color::Black;
}

std::optional<GameRecord> record_from_tree(const SgfTree& tree, std::string_view source,
                                           const SgfReadOptions& options, SgfError* error) {
  return RecordReader(tree, source, options).read(error);
}

SgfRead read_sgf(std::string_view text, std::string_view source, const SgfReadOptions& options) {
  SgfRead result;
  SgfParse parse = parse_sgf(text, source, options.limits);
  if (!parse.ok()) {
    result.error = std::move(parse.error);
    return result;
  }
  for (const SgfTree& tree : parse.trees) {
    SgfError error;
    std::optional<GameRecord> record = record_from_tree(tree, source, options, &error);
    if (!record) {
      result.games.clear();
      result.error = std::move(error);
      return result;
    }
    result.games.push_back(std::move(*record));
  }
  return result;
}

SgfRead read_sgf_file(const std::string& path, const SgfReadOptions& options) {
  SgfRead result;
  auto fail = [&](std::string problem) {
    result.error = SgfError{path, 0, 1, 0, std::move(problem)};
    return result;
  };
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return fail("cannot open the file");
  std::string text;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
    text.append(buffer, n);
    if (text.size() > options.limits.max_bytes) {
      std::fclose(file);
      return fail("file is over the limit of " + std::to_string(options.limits.max_bytes) +
                  " bytes");
    }
  }
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) return fail("cannot read the file (is it a directory?)");
  return read_sgf(text, path, options);
}

std::string write_sgf(const GameRecord& record) {
  const Board board(record.width, record.height);
  std::string out = "(;FF[4]GM[1]";
  if (!record.charset.empty()) write_property(out, "CA", record.charset);
  std::string size = std::to_string(record.width);
  if (record.height != record.width) size += ":" + std::to_string(record.height);
  write_property(out, "SZ", size);
  write_property(out, "RU", sgf_rules_name(record.rules));
  write_property(out, "KM", format_komi(record.rules.komi));
  if (record.handicap > 0) write_property(out, "HA", std::to_string(record.handicap));
  if (!record.result.empty()) write_property(out, "RE", record.result);
  if (!record.black_name.empty()) write_property(out, "PB", record.black_name);
  if (!record.white_name.empty()) write_property(out, "PW", record.white_name);
  for (const SgfProperty& p : record.root_extra) {
    out += p.id;
    for (const std::string& v : p.values) out += '[' + sgf_escape(v) + ']';
  }
  // The first setup step before any move goes in the root; any other step
  // gets a node of its own, so that reading gives back the same steps.
  size_t step = 0;
  if (!record.setup.empty() && record.setup[0].before_move == 0) {
    write_setup(out, board, record.setup[step++]);
  }
  out += '\n';
  int on_line = 0;
  for (size_t i = 0; i <= record.moves.size(); ++i) {
    while (step < record.setup.size() && record.setup[step].before_move == i) {
      out += ';';
      write_setup(out, board, record.setup[step++]);
      out += '\n';
      on_line = 0;
    }
    if (i == record.moves.size()) break;
    const Move& m = record.moves[i];
    out += m.color == Color::Black ? ";B[" : ";W[";
    if (m.point != kPass) out += sgf_point(board, m.point);
    out += ']';
    if (++on_line == 12) {
      out += '\n';
      on_line = 0;
    }
  }
  if (out.back() == '\n') out.pop_back();
  out += ")\n";
  return out;
}

std::string write_sgf(std::span<const GameRecord> records) {
  std::string out;
  for (const GameRecord& r : records) out += write_sgf(r);
  return out;
}

GameRecord record_from_game(const Game& game, const Board& start) {
  GameRecord record;
  const Board& board = game.board();
  record.width = board.width();
  record.height = board.height();
  record.rules = game.rules();
  record.ruleset = sgf_rules_name(game.rules());
  record.has_komi = true;
  record.handicap = game.handicap();
  record.charset = "UTF-8";
  record.root_extra.push_back(SgfProperty{"AP", {std::string("Tengen:") + TENGEN_VERSION}});
  record.moves = game.moves();
  if (game.over()) record.result = game.score().result();
  // Black stones, then white, each in board order: the order write_sgf
  // gives them (AB before AW).
  SetupStep step;
  for (Color c : {Color::Black, Color::White}) {
    for (int y = 0; y < start.height(); ++y) {
      for (int x = 0; x < start.width(); ++x) {
        const Point p = start.point(x, y);
        if (start.at(p) == c) step.stones.push_back(SetupStone{p, c});
      }
    }
  }
  if (!step.stones.empty()) {
    step.to_move = record.moves.empty() ? game.to_move() : record.moves.front().color;
    record.setup.push_back(std::move(step));
  }
  return record;
}

}  // namespace tengen::formats
