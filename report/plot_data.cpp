#include "report/plot_data.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace tengen::report {
namespace {

// The greatest common divisor of a and b (0 when both are 0).
int64_t gcd(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) a = std::exchange(b, a % b);
  return a;
}

}  // namespace

Rate rate(int64_t k, int64_t n) {
  Rate r{k, n, n == 0 ? 0.0 : double(k) / double(n), selfplay::wilson_interval(k, n)};
  // Exactly 0 and 1 where the formula leaves a rounding error.
  if (k == 0) r.ci.low = 0;
  if (k == n) r.ci.high = 1;
  return r;
}

Counts margin_without_komi(const Result& result) {
  // twice_margin = 2 (m0 - komi); the reader checked that this gives whole m0.
  const int64_t twice_komi = std::llround(2 * result.rules.komi);
  Counts out;
  for (const auto& [twice, games] : result.twice_margin) {
    out.emplace_back((twice + twice_komi) / 2, games);
  }
  return out;
}

Outcome outcome_at_komi(const Result& result, double komi) {
  Outcome o;
  for (const auto& [m0, games] : margin_without_komi(result)) {
    if (double(m0) > komi) {
      o.black += games;
    } else if (double(m0) < komi || result.rules.tie == TieRule::White) {
      o.white += games;
    } else {
      o.draws += games;
    }
  }
  return o;
}

int64_t median_margin_without_komi(const Result& result) {
  int64_t below = 0;
  for (const auto& [m0, games] : margin_without_komi(result)) {
    below += games;
    if (2 * below >= result.games) return m0;
  }
  return 0;
}

KomiCurve komi_curve(const Result& result) {
  KomiCurve curve;
  const Counts m0 = margin_without_komi(result);
  if (m0.empty()) return curve;
  // Black wins at komi k + 0.5 exactly when m0 >= k + 1: a running sum from
  // the top.
  int64_t above = result.games;  // games with m0 > k + 0.5, at k = lowest - 1
  size_t next = 0;
  for (int64_t k = m0.front().first - 1; k <= m0.back().first; ++k) {
    while (next < m0.size() && m0[next].first <= k) above -= m0[next++].second;
    curve.points.push_back({double(k) + 0.5, rate(above, result.games)});
  }
  for (size_t i = 0; i + 1 < curve.points.size(); ++i) {
    if (curve.points[i].black.value >= 0.5 && curve.points[i + 1].black.value < 0.5) {
      curve.fair_step = curve.points[i].komi + 0.5;
      curve.fair_low = curve.points[i].komi;
      curve.fair_high = curve.points[i + 1].komi;
      break;
    }
  }
  if (!curve.fair_step) return curve;
  for (const KomiPoint& p : curve.points) {
    if (p.black.ci.low <= 0.5 && 0.5 <= p.black.ci.high) {
      curve.fair_low = std::min(*curve.fair_low, p.komi);
      curve.fair_high = std::max(*curve.fair_high, p.komi);
    }
  }
  return curve;
}

int64_t bin_width(int64_t lo, int64_t hi, int max_bins) {
  const int64_t span = std::max<int64_t>(1, hi - lo + 1);
  return std::max<int64_t>(1, (span + max_bins - 1) / max_bins);
}

BinLayout bin_layout(const std::vector<const Counts*>& counts, int64_t grid, int max_bins) {
  std::optional<int64_t> lo, hi;
  int64_t step = 0;
  for (const Counts* c : counts) {
    for (const auto& [value, games] : *c) {
      if (games == 0) continue;
      if (lo) step = gcd(step, value - *lo);
      lo = lo ? std::min(*lo, value) : value;
      hi = hi ? std::max(*hi, value) : value;
    }
  }
  BinLayout layout;
  if (!lo) return layout;
  // The values' own grid, a multiple of `grid` (the units' step).
  layout.step = step == 0 ? grid : step * grid / gcd(step, grid);
  layout.width = layout.step * bin_width(0, (*hi - *lo) / layout.step, max_bins);
  // Bins start on the grid, at multiples of the width from a value.
  const int64_t residue = ((*lo % layout.step) + layout.step) % layout.step;
  const int64_t from_residue = *lo - residue;
  layout.origin =
      residue + from_residue - ((from_residue % layout.width) + layout.width) % layout.width;
  return layout;
}

std::vector<Bin> histogram_bins(const Counts& counts, int64_t origin, int64_t width, double scale,
                                int64_t step) {
  if (width <= 0) throw std::invalid_argument("histogram_bins: width must be positive");
  if (step <= 0 || width % step != 0) {
    throw std::invalid_argument("histogram_bins: width must be a multiple of a positive step");
  }
  std::vector<Bin> bins;
  for (const auto& [value, games] : counts) {
    if (value < origin) throw std::invalid_argument("histogram_bins: value below the origin");
    const size_t b = size_t((value - origin) / width);
    while (bins.size() <= b) {
      const int64_t from = origin + int64_t(bins.size()) * width;
      const double half = double(step) / 2;
      bins.push_back({double(from) / scale, double(from + width - step) / scale,
                      (double(from) - half) / scale, (double(from + width) - half) / scale, 0});
    }
    bins[b].games += games;
  }
  return bins;
}

std::vector<double> ownership_balance(const Result& result) {
  std::vector<double> out(result.owned_black.size(), 0.0);
  if (result.games == 0) return out;
  for (size_t v = 0; v < out.size(); ++v) {
    out[v] = double(result.owned_black[v] - result.owned_white[v]) / double(result.games);
  }
  return out;
}

BalanceScale balance_scale(const Result& result) {
  BalanceScale scale;
  if (result.games == 0) return scale;
  const double n = double(result.games);
  for (size_t v = 0; v < result.owned_black.size(); ++v) {
    const double black = double(result.owned_black[v]) / n;
    const double white = double(result.owned_white[v]) / n;
    const double balance = black - white;
    scale.span = std::max(scale.span, std::abs(balance));
    // A game gives +1, -1 or 0: variance black + white - balance^2.
    const double variance = std::max(0.0, black + white - balance * balance);
    scale.noise = std::max(scale.noise, 2 * std::sqrt(variance / n));
  }
  return scale;
}

double balance_position(const BalanceScale& scale, double balance) {
  if (scale.span <= 0) return 0.5;
  return std::clamp(0.5 + balance / (2 * scale.span), 0.0, 1.0);
}

std::vector<Rate> first_move_rates(const Result& result) {
  std::vector<Rate> out(size_t(result.width) * size_t(result.height), rate(0, 0));
  for (const FirstMove& m : result.first_moves) {
    if (m.vertex >= 0 && size_t(m.vertex) < out.size()) {
      out[size_t(m.vertex)] = rate(m.black_wins, m.games);
    }
  }
  return out;
}

}  // namespace tengen::report

namespace tengen::report {

std::vector<RankedMove> ranked_first_moves(const Result& result) {
  std::vector<RankedMove> out;
  for (const FirstMove& m : result.first_moves) {
    if (m.games > 0) out.push_back({m.vertex, rate(m.black_wins, m.games)});
  }
  // Exact comparison of k1/n1 and k2/n2, so the order is total and the same
  // on every machine.
  std::sort(out.begin(), out.end(), [](const RankedMove& a, const RankedMove& b) {
    __extension__ using Wide = __int128;
    const Wide l = Wide(a.black.k) * b.black.n, r = Wide(b.black.k) * a.black.n;
    return l != r ? l > r : a.vertex < b.vertex;
  });
  return out;
}

}  // namespace tengen::report
