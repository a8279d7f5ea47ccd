// The numbers the report's plots draw equal the run's own numbers: a run's
// Stats, through its JSON and the reader, into the plot data.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/charts.h"
#include "report/page.h"
#include "report/plot_data.h"
#include "report/result.h"
#include "report/svg.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"

namespace tengen::report {
namespace {

selfplay::RunResult small_run(Rules rules, uint64_t games, uint64_t seed, int width = 9) {
  selfplay::RunConfig config;
  config.width = config.height = width;
  config.rules = rules;
  config.games = games;
  config.seed = seed;
  config.threads = 2;
  return selfplay::run_selfplay(config);
}

Result read_back(const selfplay::RunResult& run) {
  return parse_result(selfplay::summary_json(run), "run.json");
}

TEST(ReportPlot, ResultEqualsTheRunsStatistics) {
  const selfplay::RunResult run = small_run(Rules::chinese(), 1500, 5);
  const selfplay::Stats& s = run.stats;
  const Result r = read_back(run);
  EXPECT_EQ(r.games, s.games());
  EXPECT_EQ(r.black_wins, s.black_wins());
  EXPECT_EQ(r.white_wins, s.white_wins());
  EXPECT_EQ(r.draws, s.draws());
  EXPECT_EQ(r.twice_margin, s.twice_margin_histogram().nonzero());
  EXPECT_EQ(r.turns, s.turns_histogram().nonzero());
  EXPECT_EQ(r.stones, s.stones_histogram().nonzero());
  EXPECT_EQ(r.owned_black, s.owned_by(Color::Black));
  EXPECT_EQ(r.owned_white, s.owned_by(Color::White));
  EXPECT_EQ(r.owned_neutral, s.owned_by(Color::Empty));
  EXPECT_EQ(r.ended_two_passes, s.ended_by(playout::PlayoutEnd::TwoPasses));
  EXPECT_EQ(r.ended_move_cap, s.ended_by(playout::PlayoutEnd::MoveCap));
  EXPECT_DOUBLE_EQ(r.captures_black_mean, s.captures_black().mean());
  EXPECT_DOUBLE_EQ(r.suicides_white_mean, s.suicides_white().mean());
  EXPECT_EQ(r.rules, run.config.rules);
  EXPECT_EQ(r.digest, selfplay::digest_hex(run.digest));
}

TEST(ReportPlot, BoardMapsEqualTheCounts) {
  const selfplay::RunResult run = small_run(Rules::tromp_taylor(), 800, 9, 7);
  const selfplay::Stats& s = run.stats;
  const Result r = read_back(run);
  const std::vector<double> balance = ownership_balance(r);
  const std::vector<Rate> first = first_move_rates(r);
  ASSERT_EQ(balance.size(), 49u);
  ASSERT_EQ(first.size(), 49u);
  for (int v = 0; v < 49; ++v) {
    EXPECT_DOUBLE_EQ(balance[size_t(v)],
                     double(s.owned(v, Color::Black) - s.owned(v, Color::White)) / 800.0);
    EXPECT_EQ(first[size_t(v)].n, s.first_move_games()[size_t(v)]) << v;
    EXPECT_EQ(first[size_t(v)].k, s.first_move_black_wins()[size_t(v)]) << v;
  }
}

TEST(ReportPlot, OutcomeAtThePlayedKomiIsTheRunsOwn) {
  for (const char* text :
       {"chinese", "tromp-taylor,komi=7", "tromp-taylor,komi=6,tie=white", "japanese,komi=0"}) {
    const selfplay::RunResult run = small_run(*Rules::parse(text, nullptr), 600, 3);
    const Result r = read_back(run);
    const Outcome o = outcome_at_komi(r, r.rules.komi);
    EXPECT_EQ(o.black, run.stats.black_wins()) << text;
    EXPECT_EQ(o.white, run.stats.white_wins()) << text;
    EXPECT_EQ(o.draws, run.stats.draws()) << text;
  }
}

// A distribution small enough to follow by hand: m0 (Black minus White
// before komi) is -1 once, 2 twice, 5 once.
Result hand_made(double komi, TieRule tie) {
  Result r;
  r.width = r.height = 3;
  r.rules.komi = komi;
  r.rules.tie = tie;
  r.games = 4;
  const int64_t k2 = int64_t(2 * komi);
  r.twice_margin = {{-2 - k2, 1}, {4 - k2, 2}, {10 - k2, 1}};
  return r;
}

TEST(ReportPlot, KomiCurveByHand) {
  const Result r = hand_made(0.5, TieRule::Draw);
  EXPECT_EQ(margin_without_komi(r), (Counts{{-1, 1}, {2, 2}, {5, 1}}));
  EXPECT_EQ(median_margin_without_komi(r), 2);
  Result lower = r;
  lower.twice_margin = {{-3, 2}, {3, 2}};  // m0 = -1 twice, 2 twice
  EXPECT_EQ(median_margin_without_komi(lower), -1);
  const KomiCurve c = komi_curve(r);
  std::vector<std::pair<double, int64_t>> points;
  for (const KomiPoint& p : c.points) points.emplace_back(p.komi, p.black.k);
  const std::vector<std::pair<double, int64_t>> expected = {
      {-1.5, 4}, {-0.5, 3}, {0.5, 3}, {1.5, 3}, {2.5, 1}, {3.5, 1}, {4.5, 1}, {5.5, 0}};
  EXPECT_EQ(points, expected);
  // The step from 75% at 1.5 to 25% at 2.5 is at 2, not a point between.
  ASSERT_TRUE(c.fair_step.has_value());
  EXPECT_EQ(*c.fair_step, 2.0);
  // Wilson intervals of 4/4 and 3/4 games: [0.5101, 1] and [0.3006, 0.9544];
  // of 1/4 and 0/4: [0.0456, 0.6994] and [0, 0.4899]: the half-point komis
  // -0.5 to 4.5 hold 50%.
  ASSERT_TRUE(c.fair_low.has_value());
  ASSERT_TRUE(c.fair_high.has_value());
  EXPECT_EQ(*c.fair_low, -0.5);
  EXPECT_EQ(*c.fair_high, 4.5);
}

// So many games that no half-point komi's interval holds 50%: the interval
// is the step's own two half-point komis, and it holds the step (an
// interpolated 2.68 with an interval of 2.58 to 2.78 excluded the step at 3).
TEST(ReportPlot, FairKomiIntervalHoldsTheStep) {
  Result r = hand_made(0.5, TieRule::Draw);
  r.games = 200000;
  const int64_t k2 = 1;  // twice the komi 0.5
  r.twice_margin = {{2 * 2 - k2, 60000}, {2 * 3 - k2, 80000}, {2 * 4 - k2, 60000}};
  r.black_wins = 200000;
  r.white_wins = 0;
  r.owned_black = r.owned_white = std::vector<int64_t>(9, 0);
  r.owned_neutral = std::vector<int64_t>(9, r.games);
  const KomiCurve c = komi_curve(r);
  ASSERT_TRUE(c.fair_step && c.fair_low && c.fair_high);
  EXPECT_EQ(*c.fair_step, 3);  // 70% at 2.5, 30% at 3.5
  EXPECT_EQ(*c.fair_low, 2.5);
  EXPECT_EQ(*c.fair_high, 3.5);
  const std::string page = report_page({r});
  EXPECT_NE(page.find("3 (Black wins 70.00% at komi 2.5, 30.00% at komi 3.5); 95% interval: "
                      "komi 2.5 to 3.5"),
            std::string::npos);
}

// The upper end of a Wilson interval of 0 of n is above 0, and the page
// says so: "0.00% to 0.00%" is gone.
TEST(ReportPlot, PercentNeverRoundsAnEndAway) {
  EXPECT_EQ(percent(0.0282), "2.82%");
  EXPECT_EQ(percent(0), "0.00%");
  EXPECT_EQ(percent(1), "100.00%");
  const selfplay::Interval none = rate(0, 200000).ci;
  EXPECT_GT(none.high, 0);
  EXPECT_EQ(percent(none.high), "0.002%");
  EXPECT_EQ(percent(rate(200000, 200000).ci.low), "99.998%");
  EXPECT_EQ(percent(1e-12), "0.00000000%");  // at most 8 decimals
  const selfplay::RunResult run = small_run(Rules::chinese(), 500, 2);
  const std::string page = report_page({read_back(run)});
  EXPECT_EQ(page.find("95% CI 0.00% to 0.00%"), std::string::npos);
  EXPECT_NE(page.find("95% CI 0.00% to 0.76"), std::string::npos);  // 0 draws of 500
}

// Margins on 9x9 under area scoring with every point filled are odd: bins
// hold a whole number of them, start on one, and the bars meet.
TEST(ReportPlot, HistogramBinsAreMultiplesOfTheStep) {
  const Counts odd = {{-7, 1}, {-3, 3}, {1, 2}, {9, 1}};  // twice margins: step 2 points
  const Counts odd_other = {{-3, 5}, {41, 1}};
  const BinLayout layout = bin_layout({&odd, &odd_other}, 2, 60);
  EXPECT_EQ(layout.step, 4);
  EXPECT_EQ(layout.width % layout.step, 0);
  EXPECT_EQ(((layout.origin - (-7)) % layout.step), 0);
  EXPECT_LE(layout.origin, -7);
  const std::vector<Bin> bins = histogram_bins(odd, layout.origin, layout.width, 2.0, layout.step);
  for (size_t b = 0; b + 1 < bins.size(); ++b) {
    EXPECT_EQ(bins[b].right, bins[b + 1].left);
    EXPECT_EQ(bins[b].to - bins[b].from, double(layout.width - layout.step) / 2);
  }
  int64_t total = 0;
  for (const Bin& b : bins) total += b.games;
  EXPECT_EQ(total, 7);
  // 60 bins at most for a wide range: a width of 3 steps, never 3 points.
  Counts wide;
  for (int64_t t = -401; t <= 401; t += 4) wide.emplace_back(t, 1);
  const BinLayout w = bin_layout({&wide}, 2, 60);
  EXPECT_EQ(w.step, 4);
  EXPECT_EQ(w.width, 4 * 4);
  EXPECT_THROW(histogram_bins(wide, -404, 6, 2.0, 4), std::invalid_argument);
  // A real run on 9x9 under Chinese rules: every margin odd, step 2 points.
  const Result r = read_back(small_run(Rules::chinese(), 700, 21));
  const BinLayout real = bin_layout({&r.twice_margin}, 2, 60);
  EXPECT_EQ(real.step % 4, 0);
  EXPECT_NE(report_page({r}).find("Values move in steps of 2;"), std::string::npos);
}

// The ownership scale is centred on 0 and symmetric; the noise is stated.
TEST(ReportPlot, OwnershipScaleCentredOnZero) {
  Result r = hand_made(0.5, TieRule::Draw);
  r.width = r.height = 2;
  r.games = 100;
  r.owned_black = {53, 52, 60, 50};
  r.owned_white = {47, 46, 40, 50};
  r.owned_neutral = {0, 2, 0, 0};
  const BalanceScale scale = balance_scale(r);
  EXPECT_DOUBLE_EQ(scale.span, 0.2);
  // Point 4 (50/50): variance 1, two standard errors 2 * sqrt(1/100).
  EXPECT_DOUBLE_EQ(scale.noise, 0.2);
  EXPECT_EQ(balance_position(scale, 0), 0.5);
  EXPECT_EQ(balance_position(scale, 0.2), 1);
  EXPECT_EQ(balance_position(scale, -0.2), 0);
  EXPECT_DOUBLE_EQ(balance_position(scale, 0.06), 0.65);
  EXPECT_EQ(balance_position(BalanceScale{}, 0), 0.5);
}

// Both legends have Black's better end at the top, and the best and worst
// first moves come with their intervals.
TEST(ReportPlot, BoardLegendsTheSameWayRoundAndRankedMovesWithIntervals) {
  const Result r = read_back(small_run(Rules::tromp_taylor(), 800, 9, 7));
  const std::string page = report_page({r});
  const BalanceScale scale = balance_scale(r);
  // The colour bar's top label comes first in each map's SVG.
  const size_t top = page.find("+" + percent(scale.span) + " (Black)");
  const size_t bottom = page.find("-" + percent(scale.span) + " (White)");
  ASSERT_NE(top, std::string::npos);
  ASSERT_NE(bottom, std::string::npos);
  EXPECT_LT(top, bottom);
  const std::vector<RankedMove> ranked = ranked_first_moves(r);
  ASSERT_GE(ranked.size(), 10u);
  const size_t hi = page.find("Black " + percent(ranked.front().black.value) + "</text>");
  const size_t lo = page.find("Black " + percent(ranked.back().black.value) + "</text>");
  ASSERT_NE(hi, std::string::npos);
  ASSERT_NE(lo, std::string::npos);
  EXPECT_LT(hi, lo);
  EXPECT_NE(page.find("two standard errors of a point's balance over 800 games, at most &#177;" +
                      percent(scale.noise)),
            std::string::npos);
  for (size_t i = 1; i < ranked.size(); ++i) {
    const Rate& a = ranked[i - 1].black;
    const Rate& b = ranked[i].black;
    EXPECT_GE(double(a.k) * double(b.n), double(b.k) * double(a.n));
  }
  const std::string best = fmt::format("<td>1. {}{}</td>", column_letter(ranked[0].vertex % 7),
                                       7 - ranked[0].vertex / 7);
  const size_t row = page.find(best);
  ASSERT_NE(row, std::string::npos) << best;
  EXPECT_NE(page.find("95% CI " + percent(ranked[0].black.ci.low), row), std::string::npos);
}

TEST(ReportPlot, TieRuleAtWholeKomi) {
  const Outcome draw = outcome_at_komi(hand_made(0.5, TieRule::Draw), 2);
  EXPECT_EQ(draw.black, 1);
  EXPECT_EQ(draw.draws, 2);
  EXPECT_EQ(draw.white, 1);
  const Outcome white = outcome_at_komi(hand_made(0.5, TieRule::White), 2);
  EXPECT_EQ(white.black, 1);
  EXPECT_EQ(white.draws, 0);
  EXPECT_EQ(white.white, 3);
  // The komi the run was played at does not matter, only m0 does.
  const Outcome other = outcome_at_komi(hand_made(-3, TieRule::Draw), 2);
  EXPECT_EQ(other.black, 1);
  EXPECT_EQ(other.draws, 2);
}

TEST(ReportPlot, HistogramBinsByHand) {
  const Counts counts = {{-3, 1}, {0, 2}, {1, 1}, {5, 4}};
  const std::vector<Bin> bins = histogram_bins(counts, -4, 3, 1.0);
  ASSERT_EQ(bins.size(), 4u);
  EXPECT_EQ(bins[0].from, -4);
  EXPECT_EQ(bins[0].to, -2);
  EXPECT_EQ(bins[0].games, 1);
  EXPECT_EQ(bins[1].games, 3);
  EXPECT_EQ(bins[2].games, 0);
  EXPECT_EQ(bins[3].from, 5);
  EXPECT_EQ(bins[3].games, 4);
  const std::vector<Bin> halves = histogram_bins({{-3, 2}, {5, 1}}, -4, 4, 2.0);
  EXPECT_EQ(halves[0].from, -2);
  EXPECT_EQ(halves[0].to, -0.5);
  EXPECT_EQ(halves[2].games, 1);
  EXPECT_EQ(bin_width(0, 99, 10), 10);
  EXPECT_EQ(bin_width(0, 100, 10), 11);
  EXPECT_THROW(histogram_bins(counts, 0, 3, 1.0), std::invalid_argument);
}

TEST(ReportPlot, MarginBinsAddUpToTheRun) {
  const selfplay::RunResult run = small_run(Rules::chinese(), 700, 21);
  const Result r = read_back(run);
  const int64_t lo = r.twice_margin.front().first;
  const std::vector<Bin> bins = histogram_bins(r.twice_margin, lo, 6, 2.0);
  int64_t total = 0;
  for (const Bin& b : bins) {
    int64_t expected = 0;
    for (int64_t t = std::llround(2 * b.from); t <= std::llround(2 * b.to); ++t) {
      expected += run.stats.twice_margin_histogram().count(t);
    }
    EXPECT_EQ(b.games, expected) << b.from;
    total += b.games;
  }
  EXPECT_EQ(total, 700);
}

TEST(ReportPlot, PageShowsTheNumbers) {
  const selfplay::RunResult run = small_run(Rules::chinese(), 500, 2);
  const Result r = read_back(run);
  const std::string page = report_page({r});
  EXPECT_NE(page.find(selfplay::digest_hex(run.digest)), std::string::npos);
  EXPECT_NE(page.find(selfplay::with_commas(r.black_wins) + " ("), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  // Nothing is fetched: the only URLs are XML namespace names.
  for (size_t at = page.find("http"); at != std::string::npos; at = page.find("http", at + 1)) {
    EXPECT_EQ(page.compare(at - 7, 7, "xmlns=\""), 0) << page.substr(at - 20, 60);
  }
}

}  // namespace
}  // namespace tengen::report
