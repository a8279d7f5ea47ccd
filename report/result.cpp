#include "report/result.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/board.h"
#include "core/coords.h"
#include "tengen/version.h"

namespace tengen::report {
namespace {

using nlohmann::json;

// Field access that turns every missing or mistyped field into one message.
class Reader {
 public:
  Reader(const json& root, const std::string& source) : root_(root), source_(source) {}

  [[noreturn]] void fail(const std::string& problem) const {
    throw ResultError(fmt::format("{}: {}", source_, problem));
  }

  const json& field(const json& object, const std::string& path, const std::string& key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(fmt::format("missing field '{}'", path));
    return *it;
  }
  const json& field(const std::string& key) const { return field(root_, key, key); }
  bool has(const std::string& key) const { return root_.contains(key); }

  int64_t integer(const json& value, const std::string& path, int64_t lo = 0) const {
    if (!value.is_number_integer()) fail(fmt::format("field '{}' is not an integer", path));
    const int64_t v = value.get<int64_t>();
    if (v < lo) fail(fmt::format("field '{}' is {}, below {}", path, v, lo));
    return v;
  }
  int64_t integer(const std::string& key, int64_t lo = 0) const {
    return integer(field(key), key, lo);
  }
  double number(const std::string& key) const {
    const json& value = field(key);
    if (!value.is_number()) fail(fmt::format("field '{}' is not a number", key));
    return value.get<double>();
  }
  std::string text(const std::string& key) const {
    const json& value = field(key);
    if (!value.is_string()) fail(fmt::format("field '{}' is not a string", key));
    return value.get<std::string>();
  }

  // [[value, count], ...] with strictly increasing values; `scale` turns each
  // value into an integer (2 for half-point margins).
  Counts counts(const std::string& key, int scale) const {
    const json& list = field(key);
    if (!list.is_array()) fail(fmt::format("field '{}' is not a list", key));
    Counts out;
    for (const json& pair : list) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number()) {
        fail(fmt::format("field '{}' holds an entry that is not [value, count]", key));
      }
      const double scaled = pair[0].get<double>() * scale;
      if (!std::isfinite(scaled) || scaled != std::round(scaled) || std::fabs(scaled) > 1e12) {
        fail(fmt::format("field '{}' holds the value {}, not a multiple of 1/{}", key,
                         pair[0].dump(), scale));
      }
      const int64_t value = std::llround(scaled);
      if (!out.empty() && value <= out.back().first) {
        fail(fmt::format("field '{}' is not in increasing order of value", key));
      }
      out.emplace_back(value, integer(pair[1], key + " count", 1));
    }
    return out;
  }

  std::vector<int64_t> per_vertex(const std::string& object_key, const std::string& key,
                                  size_t area) const {
    const std::string path = object_key + "." + key;
    const json& list = field(field(object_key), path, key);
    if (!list.is_array() || list.size() != area) {
      fail(fmt::format("field '{}' is not a list of {} counts, one per point", path, area));
    }
    std::vector<int64_t> out;
    for (const json& v : list) out.push_back(integer(v, path));
    return out;
  }

 private:
  const json& root_;
  const std::string& source_;
};

int64_t total(const Counts& counts) {
  int64_t sum = 0;
  for (const auto& [value, count] : counts) sum += count;
  return sum;
}

void read_settings(const Reader& in, Result& r) {
  r.width = int(in.integer("width", 1));
  r.height = int(in.integer("height", 1));
  if (r.width > kMaxSide || r.height > kMaxSide) {
    in.fail(fmt::format("board {}x{} is larger than {}x{}", r.width, r.height, kMaxSide, kMaxSide));
  }
  r.rules_name = in.text("rules");
  std::string error;
  const std::string settings = in.text("rules_settings");
  const std::optional<Rules> rules = Rules::parse(settings, &error);
  if (!rules) in.fail(fmt::format("field 'rules_settings' is not a rules string: {}", error));
  r.rules = *rules;
  if (in.number("komi") != r.rules.komi) {
    in.fail(fmt::format("field 'komi' ({}) disagrees with 'rules_settings' ({})",
                        in.field("komi").dump(), settings));
  }
  if (in.has("handicap_stones")) r.handicap_stones = int(in.integer("handicap_stones"));
  if (r.rules.scoring == Scoring::Area && r.handicap_stones > 0) {
    if (r.rules.handicap_bonus == HandicapBonus::N) r.handicap_bonus = r.handicap_stones;
    if (r.rules.handicap_bonus == HandicapBonus::NMinusOne)
      r.handicap_bonus = r.handicap_stones - 1;
  }
  if (in.has("seed")) r.seed = in.integer("seed");
  if (in.has("threads")) r.threads = int(in.integer("threads"));
  if (in.has("max_turns")) r.max_turns = int(in.integer("max_turns"));
  if (in.has("games_requested")) r.games_requested = in.integer("games_requested");
  if (in.has("interrupted")) r.interrupted = in.field("interrupted") == true;
  if (in.has("digest")) r.digest = in.text("digest");
  if (in.has("seconds")) r.seconds = in.number("seconds");
  if (in.has("games_per_second")) r.games_per_second = in.number("games_per_second");
  if (in.has("moves_per_second")) r.moves_per_second = in.number("moves_per_second");
}

void read_first_moves(const Reader& in, Result& r) {
  const json& list = in.field("first_moves");
  if (!list.is_array()) in.fail("field 'first_moves' is not a list");
  const Board board(r.width, r.height);
  for (const json& entry : list) {
    if (!entry.is_object()) in.fail("field 'first_moves' holds an entry that is not an object");
    FirstMove m;
    const json& move = in.field(entry, "first_moves.move", "move");
    const std::optional<Point> p =
        move.is_string() ? parse_gtp_vertex(board, move.get<std::string>()) : std::nullopt;
    if (!p) in.fail(fmt::format("first move {} is not a point of the board", move.dump()));
    m.vertex = *p == kPass ? -1 : board.row(*p) * r.width + board.column(*p);
    m.games = in.integer(in.field(entry, "first_moves.games", "games"), "first_moves.games");
    m.black_wins = in.integer(in.field(entry, "first_moves.black_wins", "black_wins"),
                              "first_moves.black_wins");
    m.white_wins = in.integer(in.field(entry, "first_moves.white_wins", "white_wins"),
                              "first_moves.white_wins");
    if (m.black_wins + m.white_wins > m.games) {
      in.fail(fmt::format("first move {} has more wins than games", move.dump()));
    }
    r.first_moves.push_back(m);
  }
}

// The counts must add up: a file edited by hand or cut short fails here rather
// than drawing wrong pictures.
void check_totals(const Reader& in, const Result& r) {
  auto expect = [&](const char* what, int64_t got) {
    if (got != r.games) {
      in.fail(fmt::format("inconsistent: {} add up to {}, but 'games' is {}", what, got, r.games));
    }
  };
  expect("black_wins + white_wins + draws", r.black_wins + r.white_wins + r.draws);
  expect("the margin_histogram counts", total(r.twice_margin));
  expect("the turns_histogram counts", total(r.turns));
  expect("the stones_histogram counts", total(r.stones));
  expect("the end_reasons", r.ended_two_passes + r.ended_move_cap);
  int64_t first = 0;
  for (const FirstMove& m : r.first_moves) first += m.games;
  expect("the first_moves games", first);
  for (size_t v = 0; v < r.owned_black.size(); ++v) {
    expect("the ownership counts of a point",
           r.owned_black[v] + r.owned_white[v] + r.owned_neutral[v]);
  }
  // Black minus White without komi is a whole number of points.
  const int64_t twice_komi = std::llround(2 * r.rules.komi);
  for (const auto& [twice, count] : r.twice_margin) {
    if ((twice + twice_komi) % 2 != 0) {
      in.fail(fmt::format("margin {} with komi {} is not a whole number of points before komi",
                          double(twice) / 2, format_komi(r.rules.komi)));
    }
  }
}

}  // namespace

bool readable_version(std::string_view version) {
  auto major_minor = [](std::string_view v) {
    const size_t dot = v.find('.');
    if (dot == std::string_view::npos) return std::string(v);
    const size_t second = v.find('.', dot + 1);
    return std::string(v.substr(0, second));
  };
  return !version.empty() && major_minor(version) == major_minor(TENGEN_VERSION);
}

Result parse_result(std::string_view json_text, const std::string& source) {
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::parse_error& e) {
    throw ResultError(fmt::format("{}: not a Tengen result: not JSON ({})", source, e.what()));
  }
  Reader in(root, source);
  if (!root.is_object() || !root.contains("version") || !root.contains("margin_histogram")) {
    in.fail(
        "not a Tengen result (no 'version' and 'margin_histogram' fields); "
        "write one with `tengen selfplay --json FILE`");
  }
  Result r;
  r.source = source;
  r.version = in.text("version");
  if (!readable_version(r.version)) {
    in.fail(fmt::format("written by tengen {}, which this tengen ({}) does not read", r.version,
                        TENGEN_VERSION));
  }
  read_settings(in, r);
  r.games = in.integer("games");
  r.black_wins = in.integer("black_wins");
  r.white_wins = in.integer("white_wins");
  r.draws = in.integer("draws");
  r.twice_margin = in.counts("margin_histogram", 2);
  r.turns = in.counts("turns_histogram", 1);
  r.stones = in.counts("stones_histogram", 1);
  r.captures_black_mean = in.number("captures_black_mean");
  r.captures_white_mean = in.number("captures_white_mean");
  r.suicides_black_mean = in.number("suicides_black_mean");
  r.suicides_white_mean = in.number("suicides_white_mean");
  const json& ends = in.field("end_reasons");
  r.ended_two_passes =
      in.integer(in.field(ends, "end_reasons.two_passes", "two_passes"), "end_reasons.two_passes");
  r.ended_move_cap =
      in.integer(in.field(ends, "end_reasons.move_cap", "move_cap"), "end_reasons.move_cap");
  const size_t area = size_t(r.width) * size_t(r.height);
  r.owned_black = in.per_vertex("ownership", "black", area);
  r.owned_white = in.per_vertex("ownership", "white", area);
  r.owned_neutral = in.per_vertex("ownership", "neutral", area);
  read_first_moves(in, r);
  check_totals(in, r);
  return r;
}

Result read_result(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ResultError(fmt::format("{}: cannot be read", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ResultError(fmt::format("{}: reading failed", path));
  return parse_result(text.str(), path);
}

}  // namespace tengen::report
