// The pieces SVG and XHTML text is built from: escaping, numbers, colours.
// The page is written as XHTML-compatible HTML, so an XML parser reads it
// whole (the tests do).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tengen::report {

// Text and attribute values with &, <, >, " and ' escaped.
std::string escape_xml(std::string_view text);

// A coordinate or size with at most two decimals, no trailing zeros.
std::string num(double value);

// A share in [0, 1] as a percentage with two decimals ("2.82%"), and as many
// more as it takes (up to 8) for a share above 0 never to read 0.00% and one
// below 1 never 100.00% ("0.0019%", "99.9981%"): the upper end of a Wilson
// interval of 0 of n is not 0.
std::string percent(double share);

struct Rgb {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
};
std::string hex(Rgb colour);  // "#rrggbb"

// Perceptually uniform maps readable with every common colour-vision
// deficiency (matplotlib's viridis and cividis), t in [0, 1] (clamped).
Rgb viridis(double t);
Rgb cividis(double t);

// The Okabe-Ito colours for series, in the order used, and a dash pattern per
// series so that lines differ in more than colour ("" is solid).
std::string series_colour(size_t i);
std::string series_dash(size_t i);

// The goban colour behind board maps (the browser test finds boards by it).
inline constexpr std::string_view kBoardColour = "#dcb35c";

}  // namespace tengen::report
