#include "report/page.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "report/charts.h"
#include "report/plot_data.h"
#include "report/svg.h"
#include "selfplay/report.h"
#include "tengen/version.h"

namespace tengen::report {
namespace {

using selfplay::with_commas;

std::string pct(double share) {
  return percent(share);
}

std::string rate_text(const Rate& r) {
  return fmt::format("{} ({}, 95% CI {} to {})", with_commas(r.k), pct(r.value), pct(r.ci.low),
                     pct(r.ci.high));
}

std::string td(const std::string& text) {
  return "<td>" + escape_xml(text) + "</td>";
}

std::string optional_text(int64_t v) {
  return v < 0 ? "n/a" : std::to_string(v);
}

std::string vertex_label(const Result& r, int v) {
  if (v < 0) return "pass";
  return fmt::format("{}{}", column_letter(v % r.width), r.height - v / r.width);
}

// A table with one column per result: rows of (heading, one cell per result).
std::string per_result_table(
    const std::vector<Result>& results,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& rows) {
  std::string out = "<table>\n<tr><th></th>";
  for (size_t i = 0; i < results.size(); ++i) {
    out += fmt::format("<th><span class=\"key\" style=\"background:{}\"></span>{}</th>",
                       series_colour(i), escape_xml(result_label(results[i])));
  }
  out += "</tr>\n";
  for (const auto& [heading, cells] : rows) {
    out += "<tr><th>" + escape_xml(heading) + "</th>";
    for (const std::string& c : cells) out += td(c);
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

template <typename F>
std::vector<std::string> each(const std::vector<Result>& results, F f) {
  std::vector<std::string> out;
  for (const Result& r : results) out.push_back(f(r));
  return out;
}

std::string settings_section(const std::vector<Result>& rs) {
  std::string out = "<section>\n<h2>Runs</h2>\n";
  out += per_result_table(
      rs,
      {{"file", each(rs, [](const Result& r) { return r.source; })},
       {"tengen version", each(rs, [](const Result& r) { return r.version; })},
       {"board", each(rs, [](const Result& r) { return selfplay::board_name(r.width, r.height); })},
       {"rules", each(rs, [](const Result& r) { return r.rules_name; })},
       {"rules, canonical", each(rs, [](const Result& r) { return r.rules.to_string(); })},
       {"komi", each(rs, [](const Result& r) { return format_komi(r.rules.komi); })},
       {"handicap (stones; White's bonus, points)",
        each(rs,
             [](const Result& r) {
               return fmt::format("{}; {}", r.handicap_stones, r.handicap_bonus);
             })},
       {"games", each(rs,
                      [](const Result& r) {
                        return with_commas(r.games) + (r.interrupted ? " (interrupted)" : "");
                      })},
       {"seed", each(rs, [](const Result& r) { return optional_text(r.seed); })},
       {"threads", each(rs, [](const Result& r) { return optional_text(r.threads); })},
       {"move cap (turns)", each(rs, [](const Result& r) { return optional_text(r.max_turns); })},
       {"digest", each(rs, [](const Result& r) { return r.digest.empty() ? "n/a" : r.digest; })},
       {"time (s)", each(rs,
                         [](const Result& r) {
                           return r.seconds < 0 ? "n/a" : fmt::format("{:.2f}", r.seconds);
                         })},
       {"speed (games/s)", each(rs,
                                [](const Result& r) {
                                  return r.games_per_second < 0
                                             ? "n/a"
                                             : with_commas(std::llround(r.games_per_second));
                                })},
       {"speed (moves/s)", each(rs, [](const Result& r) {
          return r.moves_per_second < 0 ? "n/a" : with_commas(std::llround(r.moves_per_second));
        })}});
  return out + "</section>\n";
}

std::string wins_section(const std::vector<Result>& rs) {
  std::vector<std::string> names;
  std::vector<BarGroup> groups{{"Black wins", {}}, {"White wins", {}}, {"draws", {}}};
  double top = 0;
  for (const Result& r : rs) {
    names.push_back(result_label(r));
    const Rate rates[] = {rate(r.black_wins, r.games), rate(r.white_wins, r.games),
                          rate(r.draws, r.games)};
    for (size_t g = 0; g < 3; ++g) {
      groups[g].bars.push_back(
          {rates[g].value, rates[g].ci,
           fmt::format("{}: {}: {}", result_label(r), groups[g].label, rate_text(rates[g]))});
      top = std::max(top, rates[g].ci.high);
    }
  }
  std::string out = "<section>\n<h2>Win rates</h2>\n";
  out += "<p>Bars: share of games; whiskers: 95% Wilson score intervals.</p>\n";
  out += bar_chart("Outcomes", "outcome of the game",
                   {"share of games (%)", 0, std::min(1.0, top * 1.1 + 0.01), true}, names, groups);
  out += per_result_table(
      rs, {{"Black wins",
            each(rs, [](const Result& r) { return rate_text(rate(r.black_wins, r.games)); })},
           {"White wins",
            each(rs, [](const Result& r) { return rate_text(rate(r.white_wins, r.games)); })},
           {"draws", each(rs, [](const Result& r) { return rate_text(rate(r.draws, r.games)); })}});
  return out + "</section>\n";
}

std::string komi_point_title(const Result& r, const KomiPoint& p) {
  return fmt::format("{}: komi {}: Black wins {} of {} games", result_label(r), format_komi(p.komi),
                     rate_text(p.black), with_commas(p.black.n));
}

// "6 (Black wins 51.20% at komi 5.5, 47.90% at 6.5); 95% interval: komi
// 4.5 to 7.5".
std::string fair_text(const KomiCurve& c) {
  if (!c.fair_step) return "not found (too few games)";
  std::string around;
  for (const KomiPoint& p : c.points) {
    if (std::fabs(p.komi - *c.fair_step) == 0.5) {
      around += fmt::format("{}{} at komi {}", around.empty() ? "" : ", ", pct(p.black.value),
                            format_komi(p.komi));
    }
  }
  return fmt::format("{} (Black wins {}); 95% interval: komi {} to {}", format_komi(*c.fair_step),
                     around, format_komi(*c.fair_low), format_komi(*c.fair_high));
}

// The same chart over the komis near the fair ones, where the steps and the
// bands can be seen; nullopt if no curve crosses 50%.
std::optional<LineChart> zoom_near_fair(const LineChart& chart,
                                        const std::vector<KomiCurve>& curves) {
  std::optional<LineChart> zoom;
  for (const KomiCurve& c : curves) {
    if (!c.fair_step) continue;
    if (!zoom) {
      zoom = chart;
      zoom->id = "komi-zoom";
      zoom->title = "Near the fair komi";
      zoom->x.lo = zoom->x.hi = *c.fair_step;
    }
    zoom->x.lo = std::min({zoom->x.lo, *c.fair_step - 8, *c.fair_low - 1});
    zoom->x.hi = std::max({zoom->x.hi, *c.fair_step + 8, *c.fair_high + 1});
  }
  if (!zoom) return zoom;
  double lo = 0.5, hi = 0.5;
  for (const Series& s : zoom->series) {
    for (const ChartPoint& p : s.points) {
      if (p.x < zoom->x.lo || p.x > zoom->x.hi) continue;
      lo = std::min(lo, p.low);
      hi = std::max(hi, p.high);
    }
  }
  zoom->y.lo = std::max(0.0, lo - 0.01);
  zoom->y.hi = std::min(1.0, hi + 0.01);
  return zoom;
}

std::string komi_section(const std::vector<Result>& rs) {
  LineChart chart{"komi-curve",
                  "Black's win rate by komi",
                  {"komi (points)", 0, 0, false},
                  {"Black's win rate (%)", 0, 1, true},
                  {},
                  0.5,
                  {}};
  bool first = true;
  std::vector<KomiCurve> curves;
  for (size_t i = 0; i < rs.size(); ++i) {
    const KomiCurve c = komi_curve(rs[i]);
    Series s{result_label(rs[i]), {}, true, true};
    for (const KomiPoint& p : c.points) {
      s.points.push_back(
          {p.komi, p.black.value, komi_point_title(rs[i], p), p.black.ci.low, p.black.ci.high});
      // Show the komis where the result is in doubt, not the flat tails.
      if (p.black.value > 0.02 && p.black.value < 0.98) {
        chart.x.lo = first ? p.komi - 1 : std::min(chart.x.lo, p.komi - 1);
        chart.x.hi = first ? p.komi + 1 : std::max(chart.x.hi, p.komi + 1);
        first = false;
      }
    }
    if (c.fair_step) {
      chart.markers.push_back({*c.fair_step, c.fair_low, c.fair_high, i,
                               fmt::format("{}: fair komi {}", result_label(rs[i]), fair_text(c))});
    }
    chart.series.push_back(std::move(s));
    curves.push_back(c);
  }
  if (first) chart.x = {"komi (points)", -1, 1, false};
  std::string out = "<section>\n<h2>Black's win rate as a function of komi</h2>\n";
  out +=
      "<p>Komi changes no move of a random game, only its result, so one run gives Black's "
      "win rate at every komi exactly from the distribution of the margin without komi "
      "(Black minus White, any handicap bonus included): Black wins at komi k when that "
      "margin exceeds k. Shown at the komis k + 0.5, where no game is a tie; band: 95% "
      "Wilson intervals. The curve is a step function: it drops at each whole komi by the "
      "share of games with that margin, and is flat between. So the fair komi is a step, the "
      "whole komi at which the curve steps across 50% (the median margin without komi; "
      "dashed line), not a point between steps; its 95% interval is given in half-point "
      "komis: those whose band holds 50%, and at least the two either side of the step "
      "(shaded).</p>\n";
  out += line_chart(chart);
  if (const std::optional<LineChart> zoom = zoom_near_fair(chart, curves)) out += line_chart(*zoom);
  std::vector<std::pair<std::string, std::vector<std::string>>> rows;
  rows.push_back({"fair komi (the step across 50%, points)", {}});
  rows.push_back({"median margin without komi (points)", {}});
  rows.push_back({"Black's win rate at the komi played, measured", {}});
  rows.push_back({"the same, from the curve", {}});
  rows.push_back({"nearest komis: Black's win rate", {}});
  for (size_t i = 0; i < rs.size(); ++i) {
    const Result& r = rs[i];
    rows[0].second.push_back(fair_text(curves[i]));
    rows[1].second.push_back(std::to_string(median_margin_without_komi(r)));
    rows[2].second.push_back(rate_text(rate(r.black_wins, r.games)));
    rows[3].second.push_back(rate_text(rate(outcome_at_komi(r, r.rules.komi).black, r.games)));
    std::string near;
    for (const KomiPoint& p : curves[i].points) {
      if (curves[i].fair_step && std::fabs(p.komi - *curves[i].fair_step) <= 2.5) {
        near += fmt::format("{}{}: {}", near.empty() ? "" : "; ", format_komi(p.komi),
                            pct(p.black.value));
      }
    }
    rows[4].second.push_back(near.empty() ? "n/a" : near);
  }
  out += per_result_table(rs, rows);
  return out + "</section>\n";
}

// Bins shared by every result, so bars line up; `step` is the values' grid.
std::string histogram_section(const std::vector<Result>& rs, const std::string& heading,
                              const std::string& axis, const Counts Result::*counts, double scale,
                              int64_t step) {
  std::vector<const Counts*> all;
  for (const Result& r : rs) all.push_back(&(r.*counts));
  // Bins of whole multiples of the values' own step: margins on a board
  // with no neutral points move by 2, and 3-point bins would hold one or
  // two of them in turn (a false sawtooth).
  const BinLayout layout = bin_layout(all, step, 60);
  const int64_t origin = layout.origin, width = layout.width;
  std::vector<HistogramSeries> series;
  std::string table =
      "<details><summary>The numbers (games per bin)</summary>\n<table>\n<tr><th>bin</th>";
  for (const Result& r : rs) {
    series.push_back(
        {result_label(r), histogram_bins(r.*counts, origin, width, scale, layout.step), r.games});
    table += "<th>" + escape_xml(result_label(r)) + "</th>";
  }
  table += "</tr>\n";
  size_t bins = 0;
  for (const HistogramSeries& s : series) bins = std::max(bins, s.bins.size());
  for (size_t b = 0; b < bins; ++b) {
    const double from = double(origin + int64_t(b) * width) / scale;
    const double to = double(origin + int64_t(b + 1) * width - layout.step) / scale;
    table +=
        "<tr><th>" + escape_xml(from == to ? num(from) : num(from) + " to " + num(to)) + "</th>";
    for (const HistogramSeries& s : series) {
      table += td(b < s.bins.size() ? with_commas(s.bins[b].games) : "0");
    }
    table += "</tr>\n";
  }
  table += "</table>\n</details>\n";
  const std::string note =
      fmt::format("<p>Values move in steps of {}; each bin holds {} of them.</p>\n",
                  num(double(layout.step) / scale), width / layout.step);
  return "<section>\n<h2>" + escape_xml(heading) + "</h2>\n" + note +
         histogram_chart(heading, {axis, 0, 1, false}, series) + table + "</section>\n";
}

// Black's best and worst first moves with their 95% intervals, and whether
// the ranking is more than sampling noise.
std::string ranked_moves_table(const Result& r) {
  const std::vector<RankedMove> ranked = ranked_first_moves(r);
  if (ranked.size() < 2) return "";
  const size_t shown = std::min<size_t>(5, ranked.size() / 2);
  std::string out =
      "<table>\n<tr><th>Black's first move</th><th>games</th><th>Black's wins (win rate, 95% "
      "CI)</th></tr>\n";
  auto row = [&](size_t i) {
    const RankedMove& m = ranked[i];
    out += "<tr>" + td(fmt::format("{}. {}", i + 1, vertex_label(r, m.vertex))) +
           td(with_commas(m.black.n)) + td(rate_text(m.black)) + "</tr>\n";
  };
  for (size_t i = 0; i < shown; ++i) row(i);
  if (ranked.size() > 2 * shown) out += "<tr><td>...</td><td></td><td></td></tr>\n";
  for (size_t i = ranked.size() - shown; i < ranked.size(); ++i) row(i);
  out += "</table>\n";
  const Rate& best = ranked.front().black;
  const Rate& worst = ranked.back().black;
  out += best.ci.low > worst.ci.high
             ? "<p>The best first move's interval lies above the worst's: that difference is "
               "more than sampling noise (the ranking between moves whose intervals overlap is "
               "not).</p>\n"
             : "<p>The best and the worst first moves' intervals overlap: the ranking is within "
               "sampling noise.</p>\n";
  return out;
}

std::string boards_section(const std::vector<Result>& rs) {
  std::string out = "<section>\n<h2>Boards</h2>\n";
  out +=
      "<p>Both maps read the same way: darker is better for Black, and the colour bar has "
      "Black's end at the top. Left: Black's share minus White's share of the games in which "
      "each point counted for them at the end (area scoring of the final board), on a scale "
      "centred on 0 (even) and symmetric, from White's largest balance seen to Black's; "
      "differences smaller than the sampling noise stated below the maps are noise. Right: "
      "Black's win rate by Black's first move; colours span the lowest to the highest rate "
      "seen. Hover over a point for its numbers.</p>\n";
  // Darker for Black in both maps: colour(t) with t = 1 Black's end.
  auto darker_for_black_ownership = [](double t) { return cividis(1 - t); };
  auto darker_for_black_rate = [](double t) { return viridis(1 - t); };
  for (const Result& r : rs) {
    out += "<h3>" + escape_xml(result_label(r)) + "</h3>\n<div class=\"boards\">\n";
    const std::vector<double> balance = ownership_balance(r);
    const BalanceScale scale = balance_scale(r);
    BoardMap own{"Ownership at the end: Black's share minus White's",
                 r.width,
                 r.height,
                 {},
                 darker_for_black_ownership,
                 fmt::format("-{} (White)", pct(scale.span)),
                 fmt::format("+{} (Black)", pct(scale.span))};
    for (size_t v = 0; v < balance.size(); ++v) {
      const double n = double(std::max<int64_t>(1, r.games));
      own.cells.push_back(
          {balance_position(scale, balance[v]),
           fmt::format("{}: Black {}, White {}, nobody {} of {} games; Black minus White {}",
                       vertex_label(r, int(v)), pct(double(r.owned_black[v]) / n),
                       pct(double(r.owned_white[v]) / n), pct(double(r.owned_neutral[v]) / n),
                       with_commas(r.games), pct(balance[v]))});
    }
    out += board_map(own);
    const std::vector<Rate> rates = first_move_rates(r);
    double lo = 1, hi = 0;
    int64_t fewest = 0;
    for (const Rate& x : rates) {
      if (x.n == 0) continue;
      lo = std::min(lo, x.value), hi = std::max(hi, x.value);
      fewest = fewest == 0 ? x.n : std::min(fewest, x.n);
    }
    if (hi <= lo) hi = lo + 1e-9;
    BoardMap first{"Black's win rate by first move",
                   r.width,
                   r.height,
                   {},
                   darker_for_black_rate,
                   "Black " + pct(lo),
                   "Black " + pct(hi)};
    for (size_t v = 0; v < rates.size(); ++v) {
      const Rate& x = rates[v];
      const std::string name = vertex_label(r, int(v));
      if (x.n == 0) {
        first.cells.push_back({std::nullopt, name + ": never Black's first move"});
      } else {
        first.cells.push_back(
            {(x.value - lo) / (hi - lo),
             fmt::format("{}: Black won {} of {} games", name, rate_text(x), with_commas(x.n))});
      }
    }
    out += board_map(first);
    out += "</div>\n";
    out += fmt::format(
        "<p>Sampling noise of the ownership map: two standard errors of a point's balance over "
        "{} games, at most &#177;{}; a difference between points smaller than that is noise. "
        "Black's win rate by first move rests on as few as {} game{} a point (each point's 95% "
        "interval on hover).</p>\n",
        with_commas(r.games), pct(scale.noise), with_commas(fewest), fewest == 1 ? "" : "s");
    out += ranked_moves_table(r);
    for (const FirstMove& m : r.first_moves) {
      if (m.vertex < 0) {
        out += fmt::format("<p>Black passed first in {} games and won {}.</p>\n",
                           with_commas(m.games), rate_text(rate(m.black_wins, m.games)));
      }
    }
  }
  return out + "</section>\n";
}

std::string play_section(const std::vector<Result>& rs) {
  std::vector<std::string> names;
  std::vector<BarGroup> groups{{"captured by Black", {}},
                               {"captured by White", {}},
                               {"Black's suicides", {}},
                               {"White's suicides", {}}};
  double top = 0;
  for (const Result& r : rs) {
    names.push_back(result_label(r));
    const double values[] = {r.captures_black_mean, r.captures_white_mean, r.suicides_black_mean,
                             r.suicides_white_mean};
    for (size_t g = 0; g < 4; ++g) {
      groups[g].bars.push_back({values[g], std::nullopt,
                                fmt::format("{}: {}: {:.3f} stones per game", result_label(r),
                                            groups[g].label, values[g])});
      top = std::max(top, values[g]);
    }
  }
  std::string out = "<section>\n<h2>Captures and suicides</h2>\n";
  out += bar_chart("Stones removed per game", "stones removed, by whom and how",
                   {"stones per game (mean)", 0, top > 0 ? top * 1.1 : 1, false}, names, groups);
  auto mean = [](double Result::*field) {
    return [field](const Result& r) { return fmt::format("{:.3f}", r.*field); };
  };
  out += per_result_table(
      rs,
      {{"white stones captured by Black, per game", each(rs, mean(&Result::captures_black_mean))},
       {"black stones captured by White, per game", each(rs, mean(&Result::captures_white_mean))},
       {"own stones removed by Black's suicides, per game",
        each(rs, mean(&Result::suicides_black_mean))},
       {"own stones removed by White's suicides, per game",
        each(rs, mean(&Result::suicides_white_mean))}});
  out += "</section>\n<section>\n<h2>How games ended</h2>\n";
  std::vector<BarGroup> ends{{"two passes", {}}, {"move cap", {}}};
  for (const Result& r : rs) {
    const Rate two = rate(r.ended_two_passes, r.games), cap = rate(r.ended_move_cap, r.games);
    ends[0].bars.push_back(
        {two.value, two.ci, result_label(r) + ": two passes: " + rate_text(two)});
    ends[1].bars.push_back({cap.value, cap.ci, result_label(r) + ": move cap: " + rate_text(cap)});
  }
  out += bar_chart("End reasons", "how the game ended", {"share of games (%)", 0, 1, true}, names,
                   ends);
  out += per_result_table(
      rs, {{"two passes",
            each(rs, [](const Result& r) { return rate_text(rate(r.ended_two_passes, r.games)); })},
           {"move cap", each(rs, [](const Result& r) {
              return rate_text(rate(r.ended_move_cap, r.games)) +
                     (r.max_turns > 0 ? fmt::format(" at {} turns", r.max_turns) : "");
            })}});
  return out + "</section>\n";
}

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 2em auto; max-width: 1100px; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f3f3f3; font-weight: 600; }
.key { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.4em; vertical-align: middle; }
svg { max-width: 100%; height: auto; display: block; margin: 0.5em 0; }
.boards { display: flex; flex-wrap: wrap; gap: 1.5em; }
.chart-title { font-size: 14px; font-weight: 600; fill: #222; }
.tick, .coord, .legend { font-size: 11px; fill: #333; }
.axis-label { font-size: 12px; fill: #222; }
.grid { stroke: #e3e3e3; stroke-width: 1; }
.frame { fill: none; stroke: #888; stroke-width: 1; }
.level { stroke: #444; stroke-width: 1; stroke-dasharray: 5 3; }
.whisker { stroke: #222; stroke-width: 1.2; fill: none; }
.goban-lines { stroke: #000; stroke-opacity: 0.35; stroke-width: 0.8; fill: none; }
footer { margin-top: 2em; font-size: 0.85em; color: #555; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  section { break-inside: avoid; page-break-inside: avoid; }
  details { display: block; }
  a { color: inherit; text-decoration: none; }
}
)";

}  // namespace

std::string result_label(const Result& r) {
  const std::string file = std::filesystem::path(r.source).filename().string();
  return fmt::format("{}: {} {} komi {}", file, selfplay::board_name(r.width, r.height),
                     r.rules_name, format_komi(r.rules.komi));
}

std::string report_page(const std::vector<Result>& results) {
  if (results.empty()) throw std::invalid_argument("report_page: no results");
  std::string out =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
      "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width\"/>\n";
  out += "<title>Tengen self-play report</title>\n<style>" + std::string(kStyle) + "</style>\n";
  out += "</head>\n<body>\n<h1>Tengen self-play report</h1>\n";
  int64_t games = 0;
  for (const Result& r : results) games += r.games;
  out += fmt::format(
      "<p>{} {}, {} random games in all (light playouts: uniform among legal moves "
      "that fill no own one-point eye).</p>\n",
      results.size(), results.size() == 1 ? "run" : "runs", with_commas(games));
  out += settings_section(results);
  out += wins_section(results);
  out += komi_section(results);
  out += boards_section(results);
  out += histogram_section(results, "Margin", "margin: Black minus White, komi included (points)",
                           &Result::twice_margin, 2.0, 2);
  out += histogram_section(results, "Game length", "game length (turns, passes included)",
                           &Result::turns, 1.0, 1);
  out += play_section(results);
  out += fmt::format("<footer>Written by tengen {} (<code>tengen report</code>).</footer>\n",
                     TENGEN_VERSION);
  return out + "</body>\n</html>\n";
}

}  // namespace tengen::report
