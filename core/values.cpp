#include "core/values.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/types.h"

namespace tengen {
namespace {

std::string in_quotes(std::string_view text) {
  return "'" + std::string(text) + "'";
}

}  // namespace

std::string whole_range_text(uint64_t min, uint64_t max) {
  return "a whole number from " + std::to_string(min) + " to " +
         (max == std::numeric_limits<uint64_t>::max() ? std::string("18446744073709551615 (2^64-1)")
                                                      : std::to_string(max));
}

uint64_t parse_whole(std::string_view text, uint64_t min, uint64_t max) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (!digits || error == std::errc::result_out_of_range || stop != end || value < min ||
      value > max) {
    throw std::invalid_argument("expected " + whole_range_text(min, max) + ", not " +
                                in_quotes(text));
  }
  return value;
}

double parse_real(std::string_view text, double min, double max) {
  const auto words = [&] {
    const auto shortest = [](double v) {
      char buffer[32];
      const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
      return std::string(buffer, result.ptr);
    };
    return "a number from " + shortest(min) + " to " + shortest(max);
  };
  double value = 0;
  const char* end = text.data() + text.size();
  // from_chars takes no leading '+' and no hex here; "nan" and "inf" parse,
  // so the finiteness test below is what refuses them.
  const auto [stop, error] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value) || value < min ||
      value > max) {
    throw std::invalid_argument("expected " + words() + ", not " + in_quotes(text));
  }
  return value;
}

std::pair<int, int> parse_board_size(const std::string& text) {
  const auto side = [&](std::string_view part) -> int {
    try {
      return int(parse_whole(part, 1, uint64_t(kMaxSide)));
    } catch (const std::invalid_argument&) {
      throw std::invalid_argument("bad board size " + in_quotes(text) +
                                  " (expected N or WxH, each side a whole number from 1 to " +
                                  std::to_string(kMaxSide) + ")");
    }
  };
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos) {
    const int n = side(text);
    return {n, n};
  }
  return {side(std::string_view(text).substr(0, x)), side(std::string_view(text).substr(x + 1))};
}

Rules parse_rules(const std::string& text, const std::string& komi) {
  std::string error;
  auto rules = Rules::parse(text, &error);
  if (!rules) throw std::invalid_argument(error);
  if (!komi.empty()) {
    auto value = parse_komi(komi);
    if (!value) {
      throw std::invalid_argument("bad komi " + in_quotes(komi) +
                                  " (expected a multiple of 0.5 from -1000 to 1000)");
    }
    rules->komi = *value;
  }
  return *rules;
}

}  // namespace tengen
