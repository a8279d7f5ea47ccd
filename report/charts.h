// SVG charts for the report: line charts with interval bands, histograms,
// grouped bars with interval whiskers, and board heat maps with
// coordinates. Every chart names its axes (with units), carries a legend when
// it shows several series, and puts each plotted number in a <title> (shown on
// hover). Each function returns one <svg> element.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "report/plot_data.h"
#include "report/svg.h"

namespace tengen::report {

struct Axis {
  std::string label;  // with its unit, e.g. "komi (points)"
  double lo = 0;
  double hi = 1;
  bool percent = false;  // values are shares in [0, 1], ticks read as %
};

struct ChartPoint {
  double x = 0;
  double y = 0;
  std::string title;  // the hover text
  double low = 0;     // the interval drawn as a band, if the series has one
  double high = 0;
};

struct Series {
  std::string name;
  std::vector<ChartPoint> points;
  bool band = false;     // draw [low, high] as a shaded band
  bool markers = false;  // draw each point as a dot
};

// A vertical line at x (for example a fair komi) with a shaded [low, high].
struct Marker {
  double x = 0;
  std::optional<double> low;
  std::optional<double> high;
  size_t series = 0;  // takes that series' colour
  std::string title;
};

struct LineChart {
  std::string id;  // unique in the page: letters, digits and '-'
  std::string title;
  Axis x, y;
  std::vector<Series> series;
  std::optional<double> level;  // a dashed horizontal reference line
  std::vector<Marker> markers;
};
std::string line_chart(const LineChart& chart);

// Histograms drawn as the share of each series' games per bin.
struct HistogramSeries {
  std::string name;
  std::vector<Bin> bins;
  int64_t games = 0;
};
std::string histogram_chart(const std::string& title, const Axis& x,
                            const std::vector<HistogramSeries>& series);

// Groups of bars, one bar per series, with optional interval whiskers;
// x_label names what the groups are.
struct Bar {
  double value = 0;
  std::optional<selfplay::Interval> interval;
  std::string title;
};
struct BarGroup {
  std::string label;
  std::vector<Bar> bars;  // one per series
};
std::string bar_chart(const std::string& title, const std::string& x_label, const Axis& y,
                      const std::vector<std::string>& series_names,
                      const std::vector<BarGroup>& groups);

// A width x height board, one cell per vertex (y * width + x, row 0 at the
// top), coloured by colour(t) with t in [0, 1]; cells without a value stay
// the board colour. GTP coordinates around it; a colour bar from low_label
// (t = 0) to high_label (t = 1) beside it.
struct BoardCell {
  std::optional<double> t;
  std::string title;
};
struct BoardMap {
  std::string title;
  int width = 0;
  int height = 0;
  std::vector<BoardCell> cells;
  std::function<Rgb(double)> colour;
  std::string low_label;
  std::string high_label;
};
std::string board_map(const BoardMap& map);

// The GTP column letter of column x (A..Z without I).
char column_letter(int x);

}  // namespace tengen::report
