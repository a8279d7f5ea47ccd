#include "report/svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace tengen::report {
namespace {

// Ten evenly spaced samples of each map, interpolated linearly between.
constexpr std::array<Rgb, 10> kViridis = {{{0x44, 0x01, 0x54},
                                           {0x48, 0x28, 0x78},
                                           {0x3e, 0x49, 0x89},
                                           {0x31, 0x68, 0x8e},
                                           {0x26, 0x82, 0x8e},
                                           {0x1f, 0x9e, 0x89},
                                           {0x35, 0xb7, 0x79},
                                           {0x6e, 0xce, 0x58},
                                           {0xb5, 0xde, 0x2b},
                                           {0xfd, 0xe7, 0x25}}};
constexpr std::array<Rgb, 10> kCividis = {{{0x00, 0x22, 0x4e},
                                           {0x12, 0x35, 0x70},
                                           {0x3b, 0x49, 0x6c},
                                           {0x57, 0x5d, 0x6d},
                                           {0x70, 0x71, 0x73},
                                           {0x8a, 0x87, 0x79},
                                           {0xa6, 0x9d, 0x75},
                                           {0xc4, 0xb5, 0x6c},
                                           {0xe4, 0xcf, 0x5b},
                                           {0xfe, 0xe8, 0x38}}};

Rgb sample(const std::array<Rgb, 10>& map, double t) {
  t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * double(map.size() - 1);
  const size_t i = std::min(size_t(t), map.size() - 2);
  const double f = t - double(i);
  auto mix = [f](uint8_t a, uint8_t b) { return uint8_t(std::lround(a + f * (b - a))); };
  return {mix(map[i].r, map[i + 1].r), mix(map[i].g, map[i + 1].g), mix(map[i].b, map[i + 1].b)};
}

// Okabe & Ito (2008): blue, vermillion, bluish green, reddish purple,
// orange, sky blue, black.
constexpr std::array<std::string_view, 7> kSeries = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                     "#E69F00", "#56B4E9", "#000000"};
constexpr std::array<std::string_view, 4> kDashes = {"", "6 3", "2 2", "8 3 2 3"};

}  // namespace

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string num(double value) {
  std::string s = fmt::format("{:.2f}", value);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string percent(double share) {
  for (int decimals = 2;; ++decimals) {
    const std::string text = fmt::format("{:.{}f}", 100 * share, decimals);
    const double shown = std::stod(text) / 100;
    if (decimals == 8 || ((shown != 0 || share <= 0) && (shown != 1 || share >= 1))) {
      return text + "%";
    }
  }
}

std::string hex(Rgb colour) {
  return fmt::format("#{:02x}{:02x}{:02x}", colour.r, colour.g, colour.b);
}

Rgb viridis(double t) {
  return sample(kViridis, t);
}

Rgb cividis(double t) {
  return sample(kCividis, t);
}

std::string series_colour(size_t i) {
  return std::string(kSeries[i % kSeries.size()]);
}

std::string series_dash(size_t i) {
  return std::string(kDashes[i % kDashes.size()]);
}

}  // namespace tengen::report
