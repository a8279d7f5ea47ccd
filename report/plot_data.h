// The numbers each plot of a report draws, computed from a Result alone, so
// tests can compare them with the run's own numbers. No drawing here.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "report/result.h"
#include "selfplay/stats.h"

namespace tengen::report {

// k out of n with its 95% Wilson interval (from exactly 0 when k = 0, to
// exactly 1 when k = n; its upper end above 0 for 0 of n > 0).
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

// The fair komi as the step function gives it. Black's win rate changes only
// at whole komis, so the fair komi is the whole komi `fair_step` where the
// curve steps across 50% (at least 50% at fair_step - 0.5, below at
// fair_step + 0.5), never a point between two steps. Its 95% interval, in
// half-point komis: from `fair_low` to `fair_high`, the half-point komis whose
// Wilson interval holds 50%, and at least the two either side of the step.
struct KomiCurve {
  std::vector<KomiPoint> points;
  std::optional<double> fair_step;
  std::optional<double> fair_low;
  std::optional<double> fair_high;
};
KomiCurve komi_curve(const Result& result);

// Equal-width bins of a histogram for drawing: [from, to] in the histogram's
// own units divided by `scale`, with the games in each.
struct Bin {
  double from = 0;   // the first value on the grid in the bin
  double to = 0;     // the last
  double left = 0;   // the bar's edges: half a step beyond each, so that bars
  double right = 0;  // of neighbouring bins meet and each value is centred
  int64_t games = 0;
};
// At most max_bins bins of a whole-number width (in the counts' units),
// starting at `origin` (counts' units; values below it are refused). A bin
// runs from its first value to its last on the grid of `step`: [from,
// from + width - step].
std::vector<Bin> histogram_bins(const Counts& counts, int64_t origin, int64_t width, double scale,
                                int64_t step = 1);
// A bin width that gives at most max_bins bins over [lo, hi].
int64_t bin_width(int64_t lo, int64_t hi, int max_bins);

// Histogram bins over the values of several counts at once (so that bars
// line up): `step` is the values' own grid (the greatest common divisor of
// their differences, a multiple of `grid`: area-scored margins on a board
// with no neutral points move by 2 points), every bin holds the same number
// of grid values (width a multiple of step), and bins start on a value of
// the grid (origin = a value - a multiple of width): about max_bins of them
// (one more where the first bin starts below the lowest value).
struct BinLayout {
  int64_t origin = 0;
  int64_t width = 1;
  int64_t step = 1;
};
BinLayout bin_layout(const std::vector<const Counts*>& counts, int64_t grid, int max_bins);

// Per vertex (y * width + x): Black's share minus White's share of the games
// in which the point counted for them at the end, in [-1, 1].
std::vector<double> ownership_balance(const Result& result);

// The colour scale of the ownership map: centred on 0 and symmetric, from
// -span (White's) to +span (Black's), span the largest |balance| seen; and
// the sampling noise: two standard errors of a point's balance over the
// games (the largest over the points), below which differences are noise.
struct BalanceScale {
  double span = 0;
  double noise = 0;
};
BalanceScale balance_scale(const Result& result);
// Where a balance lies on that scale: 0 at -span, 0.5 at 0, 1 at +span.
double balance_position(const BalanceScale& scale, double balance);

// Per vertex: games in which Black opened there and Black's wins in those;
// games = 0 where Black never opened.
std::vector<Rate> first_move_rates(const Result& result);

// Black's first moves (vertex -1: a pass) by Black's win rate, best first
// (ties by vertex), each with its 95% Wilson interval.
struct RankedMove {
  int vertex = -1;
  Rate black;
};
std::vector<RankedMove> ranked_first_moves(const Result& result);

}  // namespace tengen::report
