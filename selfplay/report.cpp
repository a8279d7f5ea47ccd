#include "selfplay/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/coords.h"
#include "tengen/version.h"

namespace tengen::selfplay {
namespace {

double share(int64_t k, int64_t n) {
  return n == 0 ? 0.0 : double(k) / double(n);
}

std::string percent(int64_t k, int64_t n) {
  return fmt::format("{:.2f}%", 100 * share(k, n));
}

std::string win_line(std::string_view label, int64_t k, int64_t n) {
  const Interval ci = wilson_interval(k, n);
  return fmt::format("{:<13}{:>12}  {:>7}  95% CI [{:.2f}%, {:.2f}%]\n", label, with_commas(k),
                     percent(k, n), 100 * ci.low, 100 * ci.high);
}

std::string moments_line(std::string_view label, const Moments& m) {
  return fmt::format("{:<13}mean {:.2f}  sd {:.2f}  min {}  max {}\n", label, m.mean(), m.sd(),
                     m.count ? m.min : 0, m.count ? m.max : 0);
}

// Up to `bins` equal-width bins over the non-zero range, as text bars.
// `scale` divides values for display (2 for twice-margins).
std::string histogram_text(const Histogram& h, int bins, double scale) {
  const auto values = h.nonzero();
  if (values.empty()) return "";
  const int64_t lo = values.front().first, hi = values.back().first;
  const int64_t width = std::max<int64_t>(1, (hi - lo + bins) / bins);
  std::vector<int64_t> counts;
  for (const auto& [value, count] : values) {
    const size_t bin = size_t((value - lo) / width);
    if (counts.size() <= bin) counts.resize(bin + 1, 0);
    counts[bin] += count;
  }
  const int64_t top = *std::max_element(counts.begin(), counts.end());
  std::string out;
  for (size_t b = 0; b < counts.size(); ++b) {
    const double from = double(lo + int64_t(b) * width) / scale;
    const double to = double(lo + int64_t(b + 1) * width - 1) / scale;
    const int bar = int(std::lround(40.0 * double(counts[b]) / double(top)));
    out += fmt::format("  {:>8g} .. {:<8g} {:>11}  {}\n", from, to, with_commas(counts[b]),
                       std::string(size_t(bar), '#'));
  }
  return out;
}

}  // namespace

std::string with_commas(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string board_name(int width, int height) {
  return fmt::format("{}x{}", width, height);
}

std::string rules_name(const Rules& rules) {
  for (std::string_view name : Rules::preset_names()) {
    std::optional<Rules> preset = Rules::preset(name);
    if (!preset) continue;
    preset->komi = rules.komi;
    if (*preset == rules) return std::string(name);
  }
  return rules.to_string();
}

std::string vertex_name(const Board& board, int vertex) {
  if (vertex < 0) return "pass";
  return gtp_vertex(board, board.point(vertex % board.width(), vertex / board.width()));
}

std::string digest_hex(uint64_t digest) {
  return fmt::format("{:016x}", digest);
}

namespace {

// The run's settings, what it covered, and its totals.
// Who played: the light policy, or the search and its budget.
std::string player_line(const RunConfig& c) {
  if (!c.search) return "";
  const search::SearchOptions& o = *c.search;
  std::string budget;
  if (o.playouts > 0) budget = fmt::format("{} playouts", with_commas(o.playouts));
  if (o.seconds > 0) budget += fmt::format("{}{} s", budget.empty() ? "" : " or ", o.seconds);
  return fmt::format("Player mcts: {} a move, {} search thread{}, at most {} nodes\n", budget,
                     o.threads, o.threads == 1 ? "" : "s", with_commas(o.max_nodes));
}

std::string summary_head(const RunResult& result) {
  const RunConfig& c = result.config;
  const Stats& s = result.stats;
  const int64_t n = s.games();
  std::string out;
  out += fmt::format(
      "tengen selfplay {}: {} games on {}, rules {}, komi {}, seed {}, {} thread{}\n",
      TENGEN_VERSION, with_commas(n), board_name(c.width, c.height), rules_name(c.rules),
      format_komi(c.rules.komi), c.seed, c.threads, c.threads == 1 ? "" : "s");
  if (c.handicap > 0) {
    out += fmt::format("Handicap {} ({})\n", c.handicap, to_string(c.rules.handicap));
  }
  out += player_line(c);
  const uint64_t planned = c.range_end() - c.first_game;
  if (planned != c.games) {
    out += planned == 0
               ? fmt::format("Part of a run of {} games: no games\n", with_commas(int64_t(c.games)))
               : fmt::format("Part of a run of {} games: games {} to {}\n",
                             with_commas(int64_t(c.games)), c.first_game, c.range_end() - 1);
  }
  if (result.interrupted) {
    out += fmt::format("Interrupted: {} of {} games finished; the statistics cover those.\n",
                       with_commas(n), with_commas(int64_t(planned)));
  }
  out += "\n";
  out += win_line("Black wins", s.black_wins(), n);
  out += win_line("White wins", s.white_wins(), n);
  out += win_line("Draws", s.draws(), n);
  out += fmt::format("{:<13}mean {:+.2f}  sd {:.2f}  (Black minus White, komi included)\n",
                     "Margin", s.margin_mean(), s.margin_sd());
  out += moments_line("Turns", s.turns());
  out += moments_line("Stones", s.stones());
  out += fmt::format("{:<13}mean {:.2f} stones per game (by Black {:.2f}, by White {:.2f})\n",
                     "Captures", s.captures().mean(), s.captures_black().mean(),
                     s.captures_white().mean());
  out += fmt::format("{:<13}mean {:.2f} stones per game (Black {:.2f}, White {:.2f})\n", "Suicides",
                     s.suicides().mean(), s.suicides_black().mean(), s.suicides_white().mean());
  out += fmt::format("{:<13}two passes {} ({}), move cap {} ({}) at {} turns\n", "Ended",
                     with_commas(s.ended_by(playout::PlayoutEnd::TwoPasses)),
                     percent(s.ended_by(playout::PlayoutEnd::TwoPasses), n),
                     with_commas(s.ended_by(playout::PlayoutEnd::MoveCap)),
                     percent(s.ended_by(playout::PlayoutEnd::MoveCap), n), c.max_turns);
  out += fmt::format("{:<13}{} games/s, {} moves/s, {:.2f} s\n", "Speed",
                     with_commas(std::llround(result.games_per_second())),
                     with_commas(std::llround(result.moves_per_second())), result.seconds);
  out += fmt::format("{:<13}{}\n", "Digest", digest_hex(result.digest));
  return out;
}

// The histograms and the ownership map.
std::string summary_maps(const RunConfig& c, const Stats& s) {
  const int64_t n = s.games();
  std::string out;
  out += "\nMargin histogram (Black minus White):\n";
  out += histogram_text(s.twice_margin_histogram(), 12, 2.0);
  out += "\nTurns histogram:\n";
  out += histogram_text(s.turns_histogram(), 12, 1.0);

  out += "\nOwnership: Black's share minus White's share of each point, in percent:\n";
  for (int y = 0; y < c.height; ++y) {
    out += "  ";
    for (int x = 0; x < c.width; ++x) {
      const size_t v = size_t(y * c.width + x);
      const double d =
          100 * share(s.owned(int(v), Color::Black) - s.owned(int(v), Color::White), n);
      out += fmt::format("{:>5}", fmt::format("{:+.0f}", d));
    }
    out += "\n";
  }
  return out;
}

// Black's win rate by its first move: the five best and the five worst.
std::string summary_first_moves(const RunConfig& c, const Stats& s) {
  const Board board(c.width, c.height);
  struct Row {
    int vertex;
    int64_t games, black_wins;
  };
  std::vector<Row> rows;
  const int area = c.width * c.height;
  for (int v = 0; v <= area; ++v) {
    const int64_t g = s.first_move_games()[size_t(v)];
    if (g > 0) rows.push_back({v == area ? -1 : v, g, s.first_move_black_wins()[size_t(v)]});
  }
  // Best Black win rate first; ties by vertex, so the order is total.
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    __extension__ using Wide = __int128;
    const Wide l = Wide(a.black_wins) * b.games, r = Wide(b.black_wins) * a.games;
    return l != r ? l > r : a.vertex < b.vertex;
  });
  auto row_text = [&](const Row& r) {
    return fmt::format("  {:<5} {:>7}  ({} games)\n", vertex_name(board, r.vertex),
                       percent(r.black_wins, r.games), with_commas(r.games));
  };
  std::string out = "\nBlack's win rate by its first move, best and worst:\n";
  const size_t shown = std::min<size_t>(5, rows.size());
  for (size_t i = 0; i < shown; ++i) out += row_text(rows[i]);
  if (rows.size() > 2 * shown) out += "  ...\n";
  for (size_t i = std::max(shown, rows.size() - std::min(rows.size(), shown)); i < rows.size();
       ++i) {
    out += row_text(rows[i]);
  }
  return out;
}

}  // namespace

std::string summary_text(const RunResult& result) {
  std::string out = summary_head(result);
  if (result.stats.games() == 0) return out;
  return out + summary_maps(result.config, result.stats) +
         summary_first_moves(result.config, result.stats);
}

namespace {

using nlohmann::json;

// Win rates with their intervals, margins, and the moments of each count.
void add_outcomes(json& j, const Stats& s) {
  const int64_t n = s.games();
  auto rate = [&](const char* name, int64_t k) {
    const Interval ci = wilson_interval(k, n);
    j[std::string(name) + "_rate"] = share(k, n);
    j[std::string(name) + "_interval"] = {ci.low, ci.high};
  };
  j["black_wins"] = s.black_wins();
  j["white_wins"] = s.white_wins();
  j["draws"] = s.draws();
  rate("black_win", s.black_wins());
  rate("white_win", s.white_wins());
  rate("draw", s.draws());

  auto moments = [&](const std::string& name, const Moments& m) {
    j[name + "_mean"] = m.mean();
    j[name + "_sd"] = m.sd();
    j[name + "_min"] = m.count ? m.min : 0;
    j[name + "_max"] = m.count ? m.max : 0;
  };
  j["margin_mean"] = s.margin_mean();
  j["margin_sd"] = s.margin_sd();
  j["margin_min"] = s.twice_margin().count ? double(s.twice_margin().min) / 2 : 0.0;
  j["margin_max"] = s.twice_margin().count ? double(s.twice_margin().max) / 2 : 0.0;
  json margins = json::array();
  for (const auto& [twice, count] : s.twice_margin_histogram().nonzero()) {
    margins.push_back({double(twice) / 2, count});
  }
  j["margin_histogram"] = margins;
  moments("turns", s.turns());
  moments("stones", s.stones());
  j["turns_histogram"] = s.turns_histogram().nonzero();
  j["stones_histogram"] = s.stones_histogram().nonzero();
  moments("captures", s.captures());
  j["captures_black_mean"] = s.captures_black().mean();
  j["captures_white_mean"] = s.captures_white().mean();
  moments("suicides", s.suicides());
  j["suicides_black_mean"] = s.suicides_black().mean();
  j["suicides_white_mean"] = s.suicides_white().mean();
}

// How games ended, who owns each point, and Black's results by first move.
void add_ends_and_moves(json& j, const RunConfig& c, const Stats& s) {
  const Board board(c.width, c.height);
  j["end_reasons"] = {{"two_passes", s.ended_by(playout::PlayoutEnd::TwoPasses)},
                      {"move_cap", s.ended_by(playout::PlayoutEnd::MoveCap)}};
  j["ownership"] = {{"order", "row-major from the top-left point, y * width + x"},
                    {"black", s.owned_by(Color::Black)},
                    {"white", s.owned_by(Color::White)},
                    {"neutral", s.owned_by(Color::Empty)}};
  json first = json::array();
  const int area = c.width * c.height;
  for (int v = 0; v <= area; ++v) {
    const int64_t g = s.first_move_games()[size_t(v)];
    if (g == 0) continue;
    const int64_t b = s.first_move_black_wins()[size_t(v)];
    first.push_back({{"move", vertex_name(board, v == area ? -1 : v)},
                     {"games", g},
                     {"black_wins", b},
                     {"white_wins", s.first_move_white_wins()[size_t(v)]},
                     {"black_win_rate", share(b, g)}});
  }
  j["first_moves"] = first;
}

}  // namespace

nlohmann::json player_json(const RunConfig& c) {
  if (!c.search) return {{"name", "random"}};
  const search::SearchOptions& o = *c.search;
  return {{"name", "mcts"},
          {"playouts", o.playouts},
          {"seconds", o.seconds},
          {"threads", o.threads},
          {"max_nodes", o.max_nodes},
          {"exploration", o.exploration},
          {"rave_equivalence", o.rave_equivalence},
          {"expand_visits", o.expand_visits}};
}

std::string summary_json(const RunResult& result) {
  const RunConfig& c = result.config;
  const Stats& s = result.stats;
  const int64_t n = s.games();
  json j;
  j["version"] = TENGEN_VERSION;
  j["board"] = board_name(c.width, c.height);
  j["width"] = c.width;
  j["height"] = c.height;
  j["rules"] = rules_name(c.rules);
  j["rules_settings"] = c.rules.to_string();
  j["komi"] = c.rules.komi;
  j["handicap"] = c.handicap;
  // The handicap stones of every game (with their bonus under area scoring,
  // which the margins below include).
  j["handicap_stones"] = c.handicap;
  j["player"] = player_json(c);
  j["seed"] = c.seed;
  j["threads"] = c.threads;
  j["max_turns"] = c.max_turns;
  j["games_requested"] = c.games;
  j["games"] = n;
  j["interrupted"] = result.interrupted;

  add_outcomes(j, s);
  add_ends_and_moves(j, c, s);
  j["seconds"] = result.seconds;
  j["games_per_second"] = result.games_per_second();
  j["moves_per_second"] = result.moves_per_second();
  j["moves"] = s.turns().sum;
  j["digest"] = digest_hex(result.digest);
  return j.dump(2) + "\n";
}

std::string csv_header() {
  return "game,winner,result,margin,black,white,turns,stones,captures_black,captures_white,"
         "suicides_black,suicides_white,end,first_move,digest\n";
}

std::string csv_row(const Board& board, const GameSummary& g) {
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", g.index,
                     to_string(g.score.winner), g.score.result(), format_komi(g.score.margin),
                     g.score.black, g.score.white, g.turns, g.stones, g.captures_black,
                     g.captures_white, g.suicides_black, g.suicides_white,
                     g.end == playout::PlayoutEnd::TwoPasses ? "two_passes" : "move_cap",
                     vertex_name(board, g.first_move), digest_hex(g.digest));
}

}  // namespace tengen::selfplay
