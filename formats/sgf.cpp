#include "formats/sgf.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "core/coords.h"
#include "formats/record_rules.h"
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

  // KM as formats/record_rules.h reads it: as written where that is
  // plausible (always in Tengen's own records), in hundredths of points or
  // of stones (Fox, Tygem: KM[750] is 7.5) only past the board's points.
  void read_komi(const SgfNode& node, std::string_view value) {
    record_.komi_text = std::string(value);
    const SgfProperty* ap = node.find("AP");
    const KomiSource source{record_.width * record_.height,
                            ap && is_tengen_application(trim(ap->values.front()))};
    const std::optional<KomiReading> reading = read_komi_text(value, source);
    if (reading && (reading->how.empty() || reading->how.starts_with("hundredths"))) {
      record_.rules.komi = reading->komi;
      record_.has_komi = true;
      if (!reading->how.empty()) {
        warn(node, quoted("KM", value) + " read as " + reading->how + ": komi " +
                       format_komi(reading->komi));
      }
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

}  // namespace

SgfRecordRead record_from_tree(const SgfTree& tree, std::string_view source,
                               const SgfReadOptions& options) {
  SgfRecordRead result;
  SgfError error;
  if (std::optional<GameRecord> record = RecordReader(tree, source, options).read(&error)) {
    result.record = std::move(*record);
  } else {
    result.error = std::move(error);
  }
  return result;
}

SgfRead read_sgf(std::string_view text, std::string_view source, const SgfReadOptions& options) {
  SgfRead result;
  SgfParse parse = parse_sgf(text, source, options.limits);
  if (!parse.ok()) {
    result.error = std::move(parse.error);
    return result;
  }
  for (const SgfTree& tree : parse.trees) {
    SgfRecordRead read = record_from_tree(tree, source, options);
    if (!read.ok()) {
      result.games.clear();
      result.error = std::move(read.error);
      return result;
    }
    result.games.push_back(std::move(read.record));
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

}  // namespace tengen::formats
