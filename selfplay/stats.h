// Statistics of a self-play run, accumulated game by game in integers only:
// merging partial statistics in any grouping gives exactly the same numbers,
// so a run's statistics do not depend on how its games were spread over
// threads. Memory depends on the board, never on the number of games.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/scoring.h"
#include "playout/playout.h"

namespace tengen::selfplay {

// Count, sum, sum of squares, min and max of an integer quantity.
struct Moments {
  int64_t count = 0;
  int64_t sum = 0;
  int64_t sum_squares = 0;
  int64_t min = 0;  // meaningful when count > 0
  int64_t max = 0;

  void add(int64_t x);
  void merge(const Moments& other);
  double mean() const;
  // Sample standard deviation (n - 1); 0 for fewer than two values.
  double sd() const;
  // Standard error of the mean.
  double standard_error() const;
};

// Counts of integer values, dense over [lowest(), lowest() + size()); grows
// as needed, which a caller avoids in a hot loop by covering the expected
// range first.
class Histogram {
 public:
  void cover(int64_t lo, int64_t hi);
  void add(int64_t value, int64_t count = 1);
  void merge(const Histogram& other);
  int64_t lowest() const { return lowest_; }
  int64_t size() const { return int64_t(counts_.size()); }
  int64_t count(int64_t value) const;
  // (value, count) for every value with a non-zero count, in increasing order.
  std::vector<std::pair<int64_t, int64_t>> nonzero() const;

 private:
  int64_t lowest_ = 0;
  std::vector<int64_t> counts_;
};

// A 95% Wilson score interval for k successes out of n trials.
struct Interval {
  double low = 0;
  double high = 0;
};
Interval wilson_interval(int64_t k, int64_t n);
// The same for an observed fraction p of n trials (a match's score, where a
// draw counts half).
Interval wilson_interval_of_fraction(double p, int64_t n);

// What one finished game contributes, with everything the per-game output
// needs. Points are vertices: y * width + x, row 0 at the top; -1 is a pass.
struct GameSummary {
  uint64_t index = 0;
  playout::PlayoutEnd end = playout::PlayoutEnd::TwoPasses;
  int turns = 0;           // every turn, passes included
  int stones = 0;          // stones placed (turns that were not passes)
  int captures_black = 0;  // white stones Black captured
  int captures_white = 0;  // black stones White captured
  int suicides_black = 0;  // black stones removed by Black's suicides
  int suicides_white = 0;
  int first_move = -1;  // Black's first move; -1 if it passed (or no turn)
  Score score;
  uint64_t digest = 0;  // xxHash64 of this game's moves (see digest.h)
};

// The vertex index of a point: y * width + x; -1 for a pass.
inline int vertex(const Board& board, Point p) {
  return p == kPass ? -1 : board.row(p) * board.width() + board.column(p);
}

// Fills a summary from a finished playout: everything but index and digest.
// `played` is a Game or a PlayoutKernel: its moves(), prisoners(c) and
// suicides(c); `board` gives the geometry for vertices.
template <class Played>
GameSummary summarize(const Board& board, const Played& played, playout::PlayoutEnd end,
                      const Score& score) {
  GameSummary s;
  s.end = end;
  const auto& moves = played.moves();
  s.turns = int(moves.size());
  for (const Move& m : moves) s.stones += m.point != kPass;
  if (!moves.empty() && moves.front().color == Color::Black) {
    s.first_move = vertex(board, moves.front().point);
  }
  s.captures_black = played.prisoners(Color::Black);
  s.captures_white = played.prisoners(Color::White);
  s.suicides_black = played.suicides(Color::Black);
  s.suicides_white = played.suicides(Color::White);
  s.score = score;
  return s;
}

class Stats {
 public:
  Stats() = default;
  // Statistics for games on a width x height board, with histograms covering
  // the usual range of games with at most max_turns turns.
  Stats(int width, int height, int max_turns);

  // Adds a game. `owner` is area_owners() of its final board, indexed like the
  // board's array.
  void add(const GameSummary& game, const Board& board, const std::vector<Color>& owner);
  // Adds another run's statistics on the same board size.
  void merge(const Stats& other);

  int width() const { return width_; }
  int height() const { return height_; }
  int64_t games() const { return games_; }
  int64_t black_wins() const { return black_wins_; }
  int64_t white_wins() const { return white_wins_; }
  int64_t draws() const { return draws_; }

  // Black minus White, komi included, kept as twice the margin (an integer
  // since komi is a multiple of 0.5).
  const Moments& twice_margin() const { return twice_margin_; }
  const Histogram& twice_margin_histogram() const { return twice_margin_histogram_; }
  double margin_mean() const { return twice_margin_.mean() / 2; }
  double margin_sd() const { return twice_margin_.sd() / 2; }

  const Moments& turns() const { return turns_; }
  const Histogram& turns_histogram() const { return turns_histogram_; }
  const Moments& stones() const { return stones_; }
  const Histogram& stones_histogram() const { return stones_histogram_; }
  // Stones captured per game, by both sides and by each.
  const Moments& captures() const { return captures_; }
  const Moments& captures_black() const { return captures_black_; }
  const Moments& captures_white() const { return captures_white_; }
  // Own stones removed by suicide per game, both sides and each.
  const Moments& suicides() const { return suicides_; }
  const Moments& suicides_black() const { return suicides_black_; }
  const Moments& suicides_white() const { return suicides_white_; }

  int64_t ended_by(playout::PlayoutEnd end) const { return end_reasons_[size_t(end)]; }

  // Games in which vertex v (y * width + x) counted for c (Black, White, or
  // Empty: neither) under area scoring of the final board.
  int64_t owned(int v, Color c) const { return ownership_[size_t(3 * v + int(c))]; }
  std::vector<int64_t> owned_by(Color c) const;  // per vertex

  // Per Black first move: vertices 0 .. area-1, then a pass at index area.
  const std::vector<int64_t>& first_move_games() const { return first_move_games_; }
  const std::vector<int64_t>& first_move_black_wins() const { return first_move_black_wins_; }
  const std::vector<int64_t>& first_move_white_wins() const { return first_move_white_wins_; }

  // The sufficient statistics as JSON: every count, sum, sum of squares,
  // minimum, maximum and histogram, so from_json(to_json()) == *this
  // (stats_json.cpp). from_json throws std::invalid_argument naming the field
  // that is missing, of the wrong type or size, or inconsistent.
  nlohmann::json to_json() const;
  static Stats from_json(const nlohmann::json& j, int width, int height, int max_turns);

  friend bool operator==(const Stats&, const Stats&);

 private:
  int width_ = 0;
  int height_ = 0;
  int64_t games_ = 0;
  int64_t black_wins_ = 0;
  int64_t white_wins_ = 0;
  int64_t draws_ = 0;
  Moments twice_margin_;
  Histogram twice_margin_histogram_;
  Moments turns_;
  Histogram turns_histogram_;
  Moments stones_;
  Histogram stones_histogram_;
  Moments captures_, captures_black_, captures_white_;
  Moments suicides_, suicides_black_, suicides_white_;
  std::array<int64_t, playout::kPlayoutEnds> end_reasons_{};
  std::vector<int64_t> ownership_;  // [3 * vertex + colour], colour 0 neutral, 1 black, 2 white
  std::vector<int64_t> first_move_games_, first_move_black_wins_, first_move_white_wins_;

  // The moments and histograms with their JSON names: what merge, to_json and
  // from_json do to one, they do to each.
  static const std::array<std::pair<const char*, Moments Stats::*>, 9> kMoments;
  static const std::array<std::pair<const char*, Histogram Stats::*>, 3> kHistograms;
};

bool operator==(const Moments&, const Moments&);
bool operator==(const Histogram&, const Histogram&);

}  // namespace tengen::selfplay
