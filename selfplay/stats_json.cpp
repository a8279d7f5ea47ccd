#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "selfplay/json_fields.h"
#include "selfplay/stats.h"

namespace tengen::selfplay {
namespace {

using nlohmann::json;

json moments_json(const Moments& m) {
  return {{"count", m.count},
          {"sum", m.sum},
          {"sum_squares", m.sum_squares},
          {"min", m.min},
          {"max", m.max}};
}

Moments moments_from(const JsonFields& in, const std::string& field) {
  const JsonFields o = in.object(field);
  Moments m;
  m.count = o.integer("count", 0);
  m.sum = o.integer("sum");
  m.sum_squares = o.integer("sum_squares", 0);
  m.min = o.integer("min");
  m.max = o.integer("max");
  if (m.count > 0 && m.min > m.max) in.fail("field '" + in.name(field) + "' is inconsistent");
  return m;
}

json histogram_json(const Histogram& h) {
  return h.nonzero();
}

// Adds [[value, count], ...] to a histogram; returns the total count.
int64_t histogram_from(const JsonFields& in, const std::string& field, Histogram& h) {
  const json& list = in.field(field);
  if (!list.is_array()) in.fail("field '" + in.name(field) + "' is not a list");
  int64_t total = 0;
  for (const json& pair : list) {
    if (!pair.is_array() || pair.size() != 2) {
      in.fail("field '" + in.name(field) + "' has an entry that is not [value, count]");
    }
    const int64_t value = in.integer_value(pair[0], field, -(int64_t(1) << 32), int64_t(1) << 32);
    const int64_t count = in.integer_value(pair[1], field + " count", 1);
    h.add(value, count);
    total += count;
  }
  return total;
}

}  // namespace

json Stats::to_json() const {
  json j;
  j["games"] = games_;
  j["black_wins"] = black_wins_;
  j["white_wins"] = white_wins_;
  j["draws"] = draws_;
  for (const auto& [name, moments] : kMoments) j[name] = moments_json(this->*moments);
  for (const auto& [name, histogram] : kHistograms) j[name] = histogram_json(this->*histogram);
  j["end_reasons"] = end_reasons_;
  j["ownership"] = ownership_;
  j["first_move_games"] = first_move_games_;
  j["first_move_black_wins"] = first_move_black_wins_;
  j["first_move_white_wins"] = first_move_white_wins_;
  return j;
}

Stats Stats::from_json(const json& root, int width, int height, int max_turns) {
  const JsonFields j(root);
  Stats s(width, height, max_turns);
  s.games_ = j.integer("games", 0);
  s.black_wins_ = j.integer("black_wins", 0);
  s.white_wins_ = j.integer("white_wins", 0);
  s.draws_ = j.integer("draws", 0);
  if (s.black_wins_ + s.white_wins_ + s.draws_ != s.games_) {
    throw std::invalid_argument(
        "fields 'black_wins', 'white_wins' and 'draws' do not add up to "
        "'games'");
  }
  for (const auto& [name, moments] : kMoments) s.*moments = moments_from(j, name);
  for (const auto& [name, moments] : kMoments) {
    if ((s.*moments).count != s.games_) {
      throw std::invalid_argument(
          "a moments field counts a different number of games than "
          "'games'");
    }
  }
  // Histograms come back on the constructor's coverage, so they compare and
  // print exactly as the run's own did.
  for (const auto& [name, histogram] : kHistograms) {
    if (histogram_from(j, name, s.*histogram) != s.games_) {
      throw std::invalid_argument("a histogram field does not count 'games' games");
    }
  }
  const std::vector<int64_t> ends =
      j.counts("end_reasons", size_t(playout::kPlayoutEnds), "one per end");
  int64_t ended = 0;
  for (size_t i = 0; i < ends.size(); ++i) ended += s.end_reasons_[i] = ends[i];
  if (ended != s.games_) {
    throw std::invalid_argument("field 'end_reasons' does not add up to 'games'");
  }
  const size_t area = size_t(width) * size_t(height);
  s.ownership_ = j.counts("ownership", 3 * area, "three per point");
  s.first_move_games_ = j.counts("first_move_games", area + 1, "one per point and pass");
  s.first_move_black_wins_ = j.counts("first_move_black_wins", area + 1, "one per point and pass");
  s.first_move_white_wins_ = j.counts("first_move_white_wins", area + 1, "one per point and pass");
  return s;
}

}  // namespace tengen::selfplay
