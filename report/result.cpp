#include "report/result.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/board.h"
#include "core/coords.h"
#include "selfplay/json_fields.h"
#include "tengen/version.h"

namespace tengen::report {
namespace {

using nlohmann::json;
using selfplay::JsonFields;

// [[value, count], ...] with strictly increasing values; `scale` turns each
// value into an integer (2 for half-point margins).
Counts read_counts(const JsonFields& in, const std::string& key, int scale) {
  const json& list = in.field(key);
  if (!list.is_array()) in.fail(fmt::format("field '{}' is not a list", key));
  Counts out;
  for (const json& pair : list) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number()) {
      in.fail(fmt::format("field '{}' holds an entry that is not [value, count]", key));
    }
    const double scaled = pair[0].get<double>() * scale;
    if (!std::isfinite(scaled) || scaled != std::round(scaled) || std::fabs(scaled) > 1e12) {
      in.fail(fmt::format("field '{}' holds the value {}, not a multiple of 1/{}", key,
                          pair[0].dump(), scale));
    }
    const int64_t value = std::llround(scaled);
    if (!out.empty() && value <= out.back().first) {
      in.fail(fmt::format("field '{}' is not in increasing order of value", key));
    }
    out.emplace_back(value, in.integer_value(pair[1], key + " count", 1));
  }
  return out;
}

std::vector<int64_t> per_vertex(const JsonFields& in, const std::string& key, size_t area) {
  return in.object("ownership").counts(key, area, "one per point");
}

int64_t total(const Counts& counts) {
  int64_t sum = 0;
  for (const auto& [value, count] : counts) sum += count;
  return sum;
}

void read_settings(const JsonFields& in, Result& r) {
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
  if (in.has("handicap_stones")) r.handicap_stones = int(in.integer("handicap_stones", 0));
  if (r.rules.scoring == Scoring::Area && r.handicap_stones > 0) {
    if (r.rules.handicap_bonus == HandicapBonus::N) r.handicap_bonus = r.handicap_stones;
    if (r.rules.handicap_bonus == HandicapBonus::NMinusOne)
      r.handicap_bonus = r.handicap_stones - 1;
  }
  if (in.has("seed")) r.seed = in.integer("seed", 0);
  if (in.has("threads")) r.threads = int(in.integer("threads", 0));
  if (in.has("max_turns")) r.max_turns = int(in.integer("max_turns", 0));
  if (in.has("games_requested")) r.games_requested = in.integer("games_requested", 0);
  if (in.has("interrupted")) r.interrupted = in.field("interrupted") == true;
  if (in.has("digest")) r.digest = in.text("digest");
  if (in.has("seconds")) r.seconds = in.number("seconds");
  if (in.has("games_per_second")) r.games_per_second = in.number("games_per_second");
  if (in.has("moves_per_second")) r.moves_per_second = in.number("moves_per_second");
}

void read_first_moves(const JsonFields& in, Result& r) {
  const json& list = in.field("first_moves");
  if (!list.is_array()) in.fail("field 'first_moves' is not a list");
  const Board board(r.width, r.height);
  for (const json& item : list) {
    if (!item.is_object()) in.fail("field 'first_moves' holds an entry that is not an object");
    const JsonFields entry(item, "first_moves");
    FirstMove m;
    const json& move = entry.field("move");
    const std::optional<Point> p =
        move.is_string() ? parse_gtp_vertex(board, move.get<std::string>()) : std::nullopt;
    if (!p) in.fail(fmt::format("first move {} is not a point of the board", move.dump()));
    m.vertex = *p == kPass ? -1 : board.row(*p) * r.width + board.column(*p);
    m.games = entry.integer("games", 0);
    m.black_wins = entry.integer("black_wins", 0);
    m.white_wins = entry.integer("white_wins", 0);
    if (m.black_wins + m.white_wins > m.games) {
      in.fail(fmt::format("first move {} has more wins than games", move.dump()));
    }
    r.first_moves.push_back(m);
  }
}

// The counts must add up: a file edited by hand or cut short fails here rather
// than drawing wrong pictures.
void check_totals(const JsonFields& in, const Result& r) {
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

// Every field of a result; JsonFields' std::invalid_argument names what is wrong.
Result read_fields(const JsonFields& in, const std::string& source) {
  Result r;
  r.source = source;
  r.version = in.text("version");
  if (!readable_version(r.version)) {
    in.fail(fmt::format("written by tengen {}, which this tengen ({}) does not read", r.version,
                        TENGEN_VERSION));
  }
  read_settings(in, r);
  r.games = in.integer("games", 0);
  r.black_wins = in.integer("black_wins", 0);
  r.white_wins = in.integer("white_wins", 0);
  r.draws = in.integer("draws", 0);
  r.twice_margin = read_counts(in, "margin_histogram", 2);
  r.turns = read_counts(in, "turns_histogram", 1);
  r.stones = read_counts(in, "stones_histogram", 1);
  r.captures_black_mean = in.number("captures_black_mean");
  r.captures_white_mean = in.number("captures_white_mean");
  r.suicides_black_mean = in.number("suicides_black_mean");
  r.suicides_white_mean = in.number("suicides_white_mean");
  const JsonFields ends = in.object("end_reasons");
  r.ended_two_passes = ends.integer("two_passes", 0);
  r.ended_move_cap = ends.integer("move_cap", 0);
  const size_t area = size_t(r.width) * size_t(r.height);
  r.owned_black = per_vertex(in, "black", area);
  r.owned_white = per_vertex(in, "white", area);
  r.owned_neutral = per_vertex(in, "neutral", area);
  read_first_moves(in, r);
  check_totals(in, r);
  return r;
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
  if (!root.is_object() || !root.contains("version") || !root.contains("margin_histogram")) {
    throw ResultError(
        fmt::format("{}: not a Tengen result (no 'version' and 'margin_histogram' fields); "
                    "write one with `tengen selfplay --json FILE`",
                    source));
  }
  try {
    return read_fields(JsonFields(root), source);
  } catch (const std::invalid_argument& e) {
    throw ResultError(fmt::format("{}: {}", source, e.what()));
  }
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
