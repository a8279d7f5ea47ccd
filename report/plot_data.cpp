#include "report/plot_data.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tengen::report {
namespace {

// Linear interpolation of where f crosses 0.5 between consecutive points,
// f decreasing; nullopt if it never does.
template <typename F>
std::optional<double> crossing(const std::vector<KomiPoint>& points, F f) {
  for (size_t i = 0; i + 1 < points.size(); ++i) {
    const double a = f(points[i]), b = f(points[i + 1]);
    if (a >= 0.5 && b < 0.5) {
      return points[i].komi + (a - 0.5) / (a - b) * (points[i + 1].komi - points[i].komi);
    }
  }
  return std::nullopt;
}

}  // namespace

Rate rate(int64_t k, int64_t n) {
  return {k, n, n == 0 ? 0.0 : double(k) / double(n), selfplay::wilson_interval(k, n)};
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
  curve.fair = crossing(curve.points, [](const KomiPoint& p) { return p.black.value; });
  curve.fair_low = crossing(curve.points, [](const KomiPoint& p) { return p.black.ci.low; });
  curve.fair_high = crossing(curve.points, [](const KomiPoint& p) { return p.black.ci.high; });
  return curve;
}

int64_t bin_width(int64_t lo, int64_t hi, int max_bins) {
  const int64_t span = std::max<int64_t>(1, hi - lo + 1);
  return std::max<int64_t>(1, (span + max_bins - 1) / max_bins);
}

std::vector<Bin> histogram_bins(const Counts& counts, int64_t origin, int64_t width, double scale) {
  if (width <= 0) throw std::invalid_argument("histogram_bins: width must be positive");
  std::vector<Bin> bins;
  for (const auto& [value, games] : counts) {
    if (value < origin) throw std::invalid_argument("histogram_bins: value below the origin");
    const size_t b = size_t((value - origin) / width);
    while (bins.size() <= b) {
      const int64_t from = origin + int64_t(bins.size()) * width;
      bins.push_back({double(from) / scale, double(from + width - 1) / scale, 0});
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
