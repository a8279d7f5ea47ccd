#include "selfplay/stats.h"

#include <algorithm>
#include <cmath>

#include "core/add_fields.h"
#include "core/game.h"

namespace tengen::selfplay {

void Moments::add(int64_t x) {
  if (count == 0) {
    min = max = x;
  } else {
    min = std::min(min, x);
    max = std::max(max, x);
  }
  ++count;
  sum += x;
  sum_squares += x * x;
}

void Moments::merge(const Moments& other) {
  if (other.count == 0) return;
  if (count == 0) {
    *this = other;
    return;
  }
  count += other.count;
  sum += other.sum;
  sum_squares += other.sum_squares;
  min = std::min(min, other.min);
  max = std::max(max, other.max);
}

double Moments::mean() const {
  return count == 0 ? 0.0 : double(sum) / double(count);
}

double Moments::sd() const {
  if (count < 2) return 0.0;
  // Exact integers up to the last step: n * sum_squares - sum^2 is computed in
  // long double to keep the cancellation harmless.
  const long double n = count;
  const long double s = sum;
  const long double variance = (n * (long double)sum_squares - s * s) / (n * (n - 1));
  return variance > 0 ? double(std::sqrt(variance)) : 0.0;
}

double Moments::standard_error() const {
  return count == 0 ? 0.0 : sd() / std::sqrt(double(count));
}

bool operator==(const Moments& a, const Moments& b) {
  if (a.count == 0 || b.count == 0) return a.count == b.count;
  return a.count == b.count && a.sum == b.sum && a.sum_squares == b.sum_squares && a.min == b.min &&
         a.max == b.max;
}

void Histogram::cover(int64_t lo, int64_t hi) {
  if (hi < lo) return;
  if (counts_.empty()) {
    lowest_ = lo;
    counts_.assign(size_t(hi - lo + 1), 0);
    return;
  }
  if (lo < lowest_) {
    counts_.insert(counts_.begin(), size_t(lowest_ - lo), 0);
    lowest_ = lo;
  }
  if (hi >= lowest_ + size()) counts_.resize(size_t(hi - lowest_ + 1), 0);
}

void Histogram::add(int64_t value, int64_t count) {
  if (counts_.empty() || value < lowest_ || value >= lowest_ + size()) cover(value, value);
  counts_[size_t(value - lowest_)] += count;
}

void Histogram::merge(const Histogram& other) {
  for (int64_t i = 0; i < other.size(); ++i) {
    if (other.counts_[size_t(i)] != 0) add(other.lowest_ + i, other.counts_[size_t(i)]);
  }
}

int64_t Histogram::count(int64_t value) const {
  if (value < lowest_ || value >= lowest_ + size()) return 0;
  return counts_[size_t(value - lowest_)];
}

std::vector<std::pair<int64_t, int64_t>> Histogram::nonzero() const {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (int64_t i = 0; i < size(); ++i) {
    if (counts_[size_t(i)] != 0) out.emplace_back(lowest_ + i, counts_[size_t(i)]);
  }
  return out;
}

bool operator==(const Histogram& a, const Histogram& b) {
  return a.nonzero() == b.nonzero();
}

Interval wilson_interval(int64_t k, int64_t n) {
  if (n == 0) return {0.0, 1.0};
  return wilson_interval_of_fraction(double(k) / double(n), n);
}

Interval wilson_interval_of_fraction(double p, int64_t n) {
  if (n == 0) return {0.0, 1.0};
  constexpr double z = 1.959963984540054;  // the 97.5% normal quantile
  const double nn = double(n);
  const double z2n = z * z / nn;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z / (1 + z2n) * std::sqrt(p * (1 - p) / nn + z2n / (4 * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Stats::Stats(int width, int height, int max_turns) : width_(width), height_(height) {
  const int area = width * height;
  // Area scoring keeps |black - white| <= area; komi shifts it. Territory
  // margins can go further and make the histogram grow.
  twice_margin_histogram_.cover(-2 * area - 64, 2 * area + 64);
  turns_histogram_.cover(0, max_turns);
  stones_histogram_.cover(0, max_turns);
  ownership_.assign(3 * size_t(area), 0);
  first_move_games_.assign(size_t(area) + 1, 0);
  first_move_black_wins_.assign(size_t(area) + 1, 0);
  first_move_white_wins_.assign(size_t(area) + 1, 0);
}

void Stats::add(const GameSummary& game, const Board& board, const std::vector<Color>& owner) {
  ++games_;
  const Winner winner = game.score.winner;
  black_wins_ += winner == Winner::Black;
  white_wins_ += winner == Winner::White;
  draws_ += winner == Winner::Draw;
  const int64_t twice_margin = std::llround(2 * game.score.margin);
  twice_margin_.add(twice_margin);
  twice_margin_histogram_.add(twice_margin);
  turns_.add(game.turns);
  turns_histogram_.add(game.turns);
  stones_.add(game.stones);
  stones_histogram_.add(game.stones);
  captures_.add(game.captures_black + game.captures_white);
  captures_black_.add(game.captures_black);
  captures_white_.add(game.captures_white);
  suicides_.add(game.suicides_black + game.suicides_white);
  suicides_black_.add(game.suicides_black);
  suicides_white_.add(game.suicides_white);
  ++end_reasons_[size_t(game.end)];

  // Owners of board points are Empty (0), Black (1) or White (2): one
  // increment per point, no branches.
  int64_t* counts = ownership_.data();
  for (int y = 0; y < height_; ++y) {
    const Color* row = &owner[board.point(0, y)];
    for (int x = 0; x < width_; ++x, counts += 3) ++counts[int(row[x])];
  }
  const size_t first = game.first_move < 0 ? size_t(width_ * height_) : size_t(game.first_move);
  ++first_move_games_[first];
  first_move_black_wins_[first] += winner == Winner::Black;
  first_move_white_wins_[first] += winner == Winner::White;
}

std::vector<int64_t> Stats::owned_by(Color c) const {
  std::vector<int64_t> out(ownership_.size() / 3);
  for (size_t v = 0; v < out.size(); ++v) out[v] = ownership_[3 * v + size_t(c)];
  return out;
}

const std::array<std::pair<const char*, Moments Stats::*>, 9> Stats::kMoments = {{
    {"twice_margin", &Stats::twice_margin_},
    {"turns", &Stats::turns_},
    {"stones", &Stats::stones_},
    {"captures", &Stats::captures_},
    {"captures_black", &Stats::captures_black_},
    {"captures_white", &Stats::captures_white_},
    {"suicides", &Stats::suicides_},
    {"suicides_black", &Stats::suicides_black_},
    {"suicides_white", &Stats::suicides_white_},
}};

const std::array<std::pair<const char*, Histogram Stats::*>, 3> Stats::kHistograms = {{
    {"twice_margin_histogram", &Stats::twice_margin_histogram_},
    {"turns_histogram", &Stats::turns_histogram_},
    {"stones_histogram", &Stats::stones_histogram_},
}};

void Stats::merge(const Stats& other) {
  if (width_ == 0) {
    *this = other;
    return;
  }
  add_fields(*this, other, &Stats::games_, &Stats::black_wins_, &Stats::white_wins_,
             &Stats::draws_);
  for (const auto& [name, moments] : kMoments) (this->*moments).merge(other.*moments);
  for (const auto& [name, histogram] : kHistograms) (this->*histogram).merge(other.*histogram);
  for (int i = 0; i < playout::kPlayoutEnds; ++i)
    end_reasons_[size_t(i)] += other.end_reasons_[size_t(i)];
  auto add_all = [](std::vector<int64_t>& to, const std::vector<int64_t>& from) {
    for (size_t i = 0; i < from.size() && i < to.size(); ++i) to[i] += from[i];
  };
  add_all(ownership_, other.ownership_);
  add_all(first_move_games_, other.first_move_games_);
  add_all(first_move_black_wins_, other.first_move_black_wins_);
  add_all(first_move_white_wins_, other.first_move_white_wins_);
}

bool operator==(const Stats&, const Stats&) = default;

}  // namespace tengen::selfplay
