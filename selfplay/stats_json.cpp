#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "selfplay/stats.h"

namespace tengen::selfplay {
namespace {

using nlohmann::json;

// Every integer of the statistics is an int64; JSON numbers that are not
// integers, or do not fit, are refused rather than rounded.
int64_t get_int(const json& j, const std::string& field) {
  if (!j.contains(field)) throw std::invalid_argument("field '" + field + "' is missing");
  const json& v = j.at(field);
  if (!v.is_number_integer() ||
      (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX))) {
    throw std::invalid_argument("field '" + field + "' is not a 64-bit integer");
  }
  return v.get<int64_t>();
}

json moments_json(const Moments& m) {
  return {{"count", m.count},
          {"sum", m.sum},
          {"sum_squares", m.sum_squares},
          {"min", m.min},
          {"max", m.max}};
}

Moments moments_from(const json& j, const std::string& field) {
  if (!j.contains(field) || !j.at(field).is_object()) {
    throw std::invalid_argument("field '" + field + "' is missing or not an object");
  }
  const json& o = j.at(field);
  Moments m;
  try {
    m.count = get_int(o, "count");
    m.sum = get_int(o, "sum");
    m.sum_squares = get_int(o, "sum_squares");
    m.min = get_int(o, "min");
    m.max = get_int(o, "max");
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(field + ": " + e.what());
  }
  if (m.count < 0 || m.sum_squares < 0 || (m.count > 0 && m.min > m.max)) {
    throw std::invalid_argument("field '" + field + "' is inconsistent");
  }
  return m;
}

json histogram_json(const Histogram& h) {
  return h.nonzero();
}

// Adds [[value, count], ...] to a histogram; returns the total count.
int64_t histogram_from(const json& j, const std::string& field, Histogram& h) {
  if (!j.contains(field) || !j.at(field).is_array()) {
    throw std::invalid_argument("field '" + field + "' is missing or not an array");
  }
  int64_t total = 0;
  for (const json& pair : j.at(field)) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() ||
        !pair[1].is_number_integer() || pair[1].get<int64_t>() <= 0) {
      throw std::invalid_argument("field '" + field + "' has an entry that is not [value, count]");
    }
    const int64_t value = pair[0].get<int64_t>();
    if (value < -(int64_t(1) << 32) || value > (int64_t(1) << 32)) {
      throw std::invalid_argument("field '" + field + "' has a value out of range");
    }
    h.add(value, pair[1].get<int64_t>());
    total += pair[1].get<int64_t>();
  }
  return total;
}

std::vector<int64_t> vector_from(const json& j, const std::string& field, size_t size) {
  if (!j.contains(field) || !j.at(field).is_array() || j.at(field).size() != size) {
    throw std::invalid_argument("field '" + field + "' is missing or does not have " +
                                std::to_string(size) + " entries");
  }
  std::vector<int64_t> out;
  out.reserve(size);
  for (const json& v : j.at(field)) {
    if (!v.is_number_integer() || v.get<int64_t>() < 0) {
      throw std::invalid_argument("field '" + field + "' has an entry that is not a count");
    }
    out.push_back(v.get<int64_t>());
  }
  return out;
}

}  // namespace

json Stats::to_json() const {
  json j;
  j["games"] = games_;
  j["black_wins"] = black_wins_;
  j["white_wins"] = white_wins_;
  j["draws"] = draws_;
  j["twice_margin"] = moments_json(twice_margin_);
  j["twice_margin_histogram"] = histogram_json(twice_margin_histogram_);
  j["turns"] = moments_json(turns_);
  j["turns_histogram"] = histogram_json(turns_histogram_);
  j["stones"] = moments_json(stones_);
  j["stones_histogram"] = histogram_json(stones_histogram_);
  j["captures"] = moments_json(captures_);
  j["captures_black"] = moments_json(captures_black_);
  j["captures_white"] = moments_json(captures_white_);
  j["suicides"] = moments_json(suicides_);
  j["suicides_black"] = moments_json(suicides_black_);
  j["suicides_white"] = moments_json(suicides_white_);
  j["end_reasons"] = end_reasons_;
  j["ownership"] = ownership_;
  j["first_move_games"] = first_move_games_;
  j["first_move_black_wins"] = first_move_black_wins_;
  j["first_move_white_wins"] = first_move_white_wins_;
  return j;
}

Stats Stats::from_json(const json& j, int width, int height, int max_turns) {
  if (!j.is_object()) throw std::invalid_argument("the statistics are not an object");
  Stats s(width, height, max_turns);
  s.games_ = get_int(j, "games");
  s.black_wins_ = get_int(j, "black_wins");
  s.white_wins_ = get_int(j, "white_wins");
  s.draws_ = get_int(j, "draws");
  if (s.games_ < 0 || s.black_wins_ < 0 || s.white_wins_ < 0 || s.draws_ < 0 ||
      s.black_wins_ + s.white_wins_ + s.draws_ != s.games_) {
    throw std::invalid_argument(
        "fields 'black_wins', 'white_wins' and 'draws' do not add up to "
        "'games'");
  }
  s.twice_margin_ = moments_from(j, "twice_margin");
  s.turns_ = moments_from(j, "turns");
  s.stones_ = moments_from(j, "stones");
  s.captures_ = moments_from(j, "captures");
  s.captures_black_ = moments_from(j, "captures_black");
  s.captures_white_ = moments_from(j, "captures_white");
  s.suicides_ = moments_from(j, "suicides");
  s.suicides_black_ = moments_from(j, "suicides_black");
  s.suicides_white_ = moments_from(j, "suicides_white");
  for (const Moments* m :
       {&s.twice_margin_, &s.turns_, &s.stones_, &s.captures_, &s.captures_black_,
        &s.captures_white_, &s.suicides_, &s.suicides_black_, &s.suicides_white_}) {
    if (m->count != s.games_) {
      throw std::invalid_argument(
          "a moments field counts a different number of games than "
          "'games'");
    }
  }
  // Histograms come back on the constructor's coverage, so they compare and
  // print exactly as the run's own did.
  if (histogram_from(j, "twice_margin_histogram", s.twice_margin_histogram_) != s.games_ ||
      histogram_from(j, "turns_histogram", s.turns_histogram_) != s.games_ ||
      histogram_from(j, "stones_histogram", s.stones_histogram_) != s.games_) {
    throw std::invalid_argument("a histogram field does not count 'games' games");
  }
  const std::vector<int64_t> ends = vector_from(j, "end_reasons", size_t(kPlayoutEnds));
  int64_t ended = 0;
  for (size_t i = 0; i < ends.size(); ++i) ended += s.end_reasons_[i] = ends[i];
  if (ended != s.games_) {
    throw std::invalid_argument("field 'end_reasons' does not add up to 'games'");
  }
  const size_t area = size_t(width) * size_t(height);
  s.ownership_ = vector_from(j, "ownership", 3 * area);
  s.first_move_games_ = vector_from(j, "first_move_games", area + 1);
  s.first_move_black_wins_ = vector_from(j, "first_move_black_wins", area + 1);
  s.first_move_white_wins_ = vector_from(j, "first_move_white_wins", area + 1);
  return s;
}

}  // namespace tengen::selfplay
