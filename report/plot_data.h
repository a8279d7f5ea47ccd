// The numbers each plot of a report draws, computed from a Result alone, so
// tests can compare them with the run's own numbers. No drawing here.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "report/result.h"
#include "selfplay/stats.h"

namespace tengen::report {

// k out of n with its 95% Wilson interval.
struct Rate {
  int64_t k = 0;
  int64_t n = 0;
  double value = 0;  // k / n; 0 when n = 0
  selfplay::Interval ci;
};
Rate rate(int64_t k, int64_t n);

// Games a komi would give each side. The margin without komi, Black minus
// White with any handicap bonus taken off, is a whole number m0 for every
// game; at komi k Black wins when m0 > k, White when m0 < k, and m0 = k is
// the tie rule's (a draw, or White's).
struct Outcome {
  int64_t black = 0;
  int64_t white = 0;
  int64_t draws = 0;
};
Outcome outcome_at_komi(const Result& result, double komi);

// (m0, games): the distribution of the margin without komi.
Counts margin_without_komi(const Result& result);

// The median of the margin without komi: the smallest m0 with at least
// half the games at or below it (0 for no games). At komi m0 Black's win rate
// steps across 50%: the fair komi of the step function itself.
int64_t median_margin_without_komi(const Result& result);

// Black's win rate at every komi k + 0.5 for whole k (no game is a tie
// there) from one below the smallest m0 to the largest, increasing.
struct KomiPoint {
  double komi = 0;
  Rate black;
};

// The fair komi: where the straight lines between consecutive points of the
// curve cross 50%; its 95% interval: where the lines through the Wilson
// interval's upper and lower ends do (the komis whose interval holds 50%).
struct KomiCurve {
  std::vector<KomiPoint> points;
  std::optional<double> fair;
  std::optional<double> fair_low;
  std::optional<double> fair_high;
};
KomiCurve komi_curve(const Result& result);

// Equal-width bins of a histogram for drawing: [from, to] in the histogram's
// own units divided by `scale`, with the games in each.
struct Bin {
  double from = 0;
  double to = 0;
  int64_t games = 0;
};
// At most max_bins bins of a whole-number width (in the counts' units),
// starting at `origin` (counts' units; values below it are refused).
std::vector<Bin> histogram_bins(const Counts& counts, int64_t origin, int64_t width, double scale);
// A bin width that gives at most max_bins bins over [lo, hi].
int64_t bin_width(int64_t lo, int64_t hi, int max_bins);

// Per vertex (y * width + x): Black's share minus White's share of the games
// in which the point counted for them at the end, in [-1, 1].
std::vector<double> ownership_balance(const Result& result);

// Per vertex: games in which Black opened there and Black's wins in those;
// games = 0 where Black never opened.
std::vector<Rate> first_move_rates(const Result& result);

}  // namespace tengen::report
