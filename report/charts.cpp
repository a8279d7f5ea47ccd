#include "report/charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tengen::report {
namespace {

constexpr double kWidth = 640;
constexpr double kPlotHeight = 260;
constexpr double kLeft = 64, kRight = 16, kTop = 34, kBottom = 48;
constexpr double kLegendRow = 20;

// Round tick steps (1, 2 or 5 times a power of ten), at most about 8 ticks.
std::vector<double> ticks(double lo, double hi) {
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / 8;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= raw) break;
  }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    out.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
  }
  return out;
}

std::string tick_text(double value, bool percent) {
  return percent ? num(100 * value) + "%" : num(value);
}

// A chart's frame: the plot rectangle, data-to-pixel maps, axes, legend.
struct Frame {
  Axis x, y;
  size_t legend_rows = 0;
  double height() const { return kTop + kPlotHeight + kBottom + kLegendRow * double(legend_rows); }
  double px(double v) const {
    return kLeft + (v - x.lo) / (x.hi - x.lo) * (kWidth - kLeft - kRight);
  }
  double py(double v) const { return kTop + (y.hi - v) / (y.hi - y.lo) * kPlotHeight; }

  std::string open(const std::string& title) const {
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"{2}\">\n<title>{2}</title>\n",
        num(kWidth), num(height()), escape_xml(title));
    out += fmt::format("<text x=\"{}\" y=\"20\" class=\"chart-title\">{}</text>\n", num(kLeft),
                       escape_xml(title));
    return out;
  }

  // Grid lines, tick labels and axis labels.
  std::string axes(bool x_ticks = true) const {
    std::string out;
    const double bottom = kTop + kPlotHeight;
    for (double t : ticks(y.lo, y.hi)) {
      out += fmt::format(
          "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\" class=\"grid\"/>"
          "<text x=\"{3}\" y=\"{4}\" class=\"tick\" text-anchor=\"end\">{5}</text>\n",
          num(kLeft), num(kWidth - kRight), num(py(t)), num(kLeft - 6), num(py(t) + 4),
          tick_text(t, y.percent));
    }
    if (x_ticks) {
      for (double t : ticks(x.lo, x.hi)) {
        out += fmt::format(
            "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" class=\"grid\"/>"
            "<text x=\"{0}\" y=\"{3}\" class=\"tick\" text-anchor=\"middle\">{4}</text>\n",
            num(px(t)), num(kTop), num(bottom), num(bottom + 16), tick_text(t, x.percent));
      }
    }
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"frame\"/>\n",
                       num(kLeft), num(kTop), num(kWidth - kLeft - kRight), num(kPlotHeight));
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" class=\"axis-label\" text-anchor=\"middle\">{}</text>\n",
        num((kLeft + kWidth - kRight) / 2), num(bottom + 36), escape_xml(x.label));
    out += fmt::format(
        "<text transform=\"translate(16 {}) rotate(-90)\" class=\"axis-label\" "
        "text-anchor=\"middle\">{}</text>\n",
        num(kTop + kPlotHeight / 2), escape_xml(y.label));
    return out;
  }

  // One entry per series: a line sample in its colour and dash, then the name.
  std::string legend(const std::vector<std::string>& names, bool swatch) const {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
      const double yy = kTop + kPlotHeight + kBottom + kLegendRow * double(i) + 10;
      if (swatch) {
        out += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"10\" fill=\"{}\" fill-opacity=\"0.45\" "
            "stroke=\"{}\" stroke-width=\"1.5\"/>",
            num(kLeft), num(yy - 5), series_colour(i), series_colour(i));
      } else {
        out += fmt::format(
            "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\" stroke=\"{3}\" stroke-width=\"2.5\" "
            "stroke-dasharray=\"{4}\"/>",
            num(kLeft), num(kLeft + 24), num(yy), series_colour(i), series_dash(i));
      }
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"legend\">{}</text>\n", num(kLeft + 32),
                         num(yy + 4), escape_xml(names[i]));
    }
    return out;
  }
};

std::vector<std::string> names_of(const std::vector<Series>& series) {
  std::vector<std::string> out;
  for (const Series& s : series) out.push_back(s.name);
  return out;
}

}  // namespace

char column_letter(int x) {
  return char('A' + x + (x >= 8 ? 1 : 0));
}

std::string line_chart(const LineChart& chart) {
  Frame f{chart.x, chart.y, chart.series.size() > 1 ? chart.series.size() : 0};
  std::string out = f.open(chart.title);
  out += f.axes();
  // Lines and bands stop at the frame; ids must be unique in the page.
  out += fmt::format(
      "<clipPath id=\"clip-{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" height=\"{4}\"/>"
      "</clipPath>\n<g clip-path=\"url(#clip-{0})\">\n",
      chart.id, num(kLeft), num(kTop), num(kWidth - kLeft - kRight), num(kPlotHeight));
  for (const Marker& m : chart.markers) {
    const std::string colour = series_colour(m.series);
    if (m.low && m.high) {
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "fill-opacity=\"0.15\"><title>{}</title></rect>\n",
          num(f.px(*m.low)), num(kTop), num(std::max(1.0, f.px(*m.high) - f.px(*m.low))),
          num(kPlotHeight), colour, escape_xml(m.title));
    }
    out += fmt::format(
        "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"{3}\" stroke-width=\"1.5\" "
        "stroke-dasharray=\"{4}\"><title>{5}</title></line>\n",
        num(f.px(m.x)), num(kTop), num(kTop + kPlotHeight), colour,
        series_dash(m.series).empty() ? "4 2" : series_dash(m.series), escape_xml(m.title));
  }
  for (size_t i = 0; i < chart.series.size(); ++i) {
    const Series& s = chart.series[i];
    if (s.band && !s.points.empty()) {
      std::string path;
      for (const ChartPoint& p : s.points)
        path += fmt::format("{},{} ", num(f.px(p.x)), num(f.py(p.high)));
      for (auto p = s.points.rbegin(); p != s.points.rend(); ++p) {
        path += fmt::format("{},{} ", num(f.px(p->x)), num(f.py(p->low)));
      }
      out +=
          fmt::format("<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"0.2\" stroke=\"none\"/>\n",
                      path, series_colour(i));
    }
    std::string line;
    for (const ChartPoint& p : s.points)
      line += fmt::format("{},{} ", num(f.px(p.x)), num(f.py(p.y)));
    out += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
        "stroke-dasharray=\"{}\"/>\n",
        line, series_colour(i), series_dash(i));
    for (const ChartPoint& p : s.points) {
      out += fmt::format(
          "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" "
          "fill-opacity=\"{}\"><title>{}</title></circle>\n",
          num(f.px(p.x)), num(f.py(p.y)), s.markers ? 2.5 : 4, series_colour(i),
          s.markers ? "1" : "0", escape_xml(p.title));
    }
  }
  out += "</g>\n";
  if (chart.level) {
    out += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\" class=\"level\"/>\n",
                       num(kLeft), num(kWidth - kRight), num(f.py(*chart.level)));
  }
  if (chart.series.size() > 1) out += f.legend(names_of(chart.series), false);
  return out + "</svg>\n";
}

std::string histogram_chart(const std::string& title, const Axis& x,
                            const std::vector<HistogramSeries>& series) {
  double lo = 0, hi = 1, top = 0;
  bool first = true;
  for (const HistogramSeries& s : series) {
    for (const Bin& b : s.bins) {
      lo = first ? b.left : std::min(lo, b.left);
      hi = first ? b.right : std::max(hi, b.right);
      first = false;
      if (s.games > 0) top = std::max(top, double(b.games) / double(s.games));
    }
  }
  Axis xa = x, ya{"share of games (%)", 0, top > 0 ? top * 1.1 : 1, true};
  xa.lo = lo;
  xa.hi = hi;
  Frame f{xa, ya, series.size() > 1 ? series.size() : 0};
  std::string out = f.open(title);
  out += f.axes();
  for (size_t i = 0; i < series.size(); ++i) {
    const HistogramSeries& s = series[i];
    for (const Bin& b : s.bins) {
      const double share = s.games ? double(b.games) / double(s.games) : 0.0;
      const std::string range = b.from == b.to ? num(b.from) : num(b.from) + " to " + num(b.to);
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"{}\" "
          "stroke=\"{}\" stroke-width=\"1\"><title>{}: {}: {} games ({}%)</title></rect>\n",
          num(f.px(b.left)), num(f.py(share)), num(std::max(0.5, f.px(b.right) - f.px(b.left))),
          num(f.py(0) - f.py(share)), series_colour(i), series.size() > 1 ? "0.35" : "0.7",
          series_colour(i), escape_xml(s.name), escape_xml(range), b.games, num(100 * share));
    }
  }
  if (series.size() > 1) {
    std::vector<std::string> names;
    for (const HistogramSeries& s : series) names.push_back(s.name);
    out += f.legend(names, true);
  }
  return out + "</svg>\n";
}

std::string bar_chart(const std::string& title, const std::string& x_label, const Axis& y,
                      const std::vector<std::string>& series_names,
                      const std::vector<BarGroup>& groups) {
  Axis groups_axis;  // one unit per group
  groups_axis.label = x_label;
  groups_axis.hi = double(std::max<size_t>(1, groups.size()));
  Frame f{groups_axis, y, series_names.size() > 1 ? series_names.size() : 0};
  std::string out = f.open(title);
  out += f.axes(false);
  const double group_px = f.px(1) - f.px(0);
  const double bar_px = group_px * 0.7 / double(std::max<size_t>(1, series_names.size()));
  for (size_t g = 0; g < groups.size(); ++g) {
    const double x0 = f.px(double(g)) + group_px * 0.15;
    out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{}</text>\n",
                       num(f.px(double(g) + 0.5)), num(kTop + kPlotHeight + 16),
                       escape_xml(groups[g].label));
    for (size_t i = 0; i < groups[g].bars.size(); ++i) {
      const Bar& b = groups[g].bars[i];
      const double x = x0 + bar_px * double(i);
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "fill-opacity=\"0.8\"><title>{}</title></rect>\n",
          num(x), num(f.py(b.value)), num(bar_px * 0.9), num(f.py(0) - f.py(b.value)),
          series_colour(i), escape_xml(b.title));
      if (b.interval) {
        const double cx = x + bar_px * 0.45;
        out += fmt::format(
            "<path d=\"M{0} {1}V{2}M{3} {1}H{4}M{3} {2}H{4}\" "
            "class=\"whisker\"><title>{5}</title></path>\n",
            num(cx), num(f.py(b.interval->low)), num(f.py(b.interval->high)), num(cx - 4),
            num(cx + 4), escape_xml(b.title));
      }
    }
  }
  if (series_names.size() > 1) out += f.legend(series_names, true);
  return out + "</svg>\n";
}

std::string board_map(const BoardMap& map) {
  // Cells of `cell` pixels centred on the points; a margin for coordinates.
  const double cell = std::min(32.0, 360.0 / double(std::max(map.width, map.height)));
  const double margin = 24, bar = 100;
  const double board_w = cell * map.width + 2 * margin, board_h = cell * map.height + 2 * margin;
  const double w = board_w + bar, h = board_h + 30;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"{2}\">\n<title>{2}</title>\n"
      "<text x=\"0\" y=\"18\" class=\"chart-title\">{2}</text>\n",
      num(w), num(h), escape_xml(map.title));
  const double top = 30;
  out += fmt::format(
      "<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" class=\"board-bg\"/>\n",
      num(top), num(board_w), num(board_h), kBoardColour);
  auto cx = [&](int x) { return margin + cell * (x + 0.5); };
  auto cy = [&](int y) { return top + margin + cell * (y + 0.5); };
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const BoardCell& c = map.cells[size_t(y * map.width + x)];
      if (!c.t) {
        out += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
            "fill=\"none\"><title>{}</title></rect>\n",
            num(cx(x) - cell / 2), num(cy(y) - cell / 2), num(cell), num(cell),
            escape_xml(c.title));
        continue;
      }
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "class=\"heat\"><title>{}</title></rect>\n",
          num(cx(x) - cell / 2), num(cy(y) - cell / 2), num(cell), num(cell), hex(map.colour(*c.t)),
          escape_xml(c.title));
    }
  }
  // Grid lines through the points, drawn over the cells as on a goban.
  std::string grid;
  for (int x = 0; x < map.width; ++x) {
    grid += fmt::format("M{} {}V{}", num(cx(x)), num(cy(0)), num(cy(map.height - 1)));
  }
  for (int y = 0; y < map.height; ++y) {
    grid += fmt::format("M{} {}H{}", num(cx(0)), num(cy(y)), num(cx(map.width - 1)));
  }
  out += fmt::format("<path d=\"{}\" class=\"goban-lines\"/>\n", grid);
  for (int x = 0; x < map.width; ++x) {
    for (double yy : {top + margin - 8, top + board_h - margin + 16}) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\" text-anchor=\"middle\">{}</text>",
                         num(cx(x)), num(yy), column_letter(x));
    }
  }
  for (int y = 0; y < map.height; ++y) {
    for (double xx : {margin / 2, board_w - margin / 2}) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\" text-anchor=\"middle\">{}</text>",
                         num(xx), num(cy(y) + 4), map.height - y);
    }
  }
  out += "\n";
  // The colour bar: t = 1 at the top.
  const int steps = 20;
  const double bar_x = board_w + 12, bar_h = board_h - 2 * margin, step_h = bar_h / steps;
  for (int i = 0; i < steps; ++i) {
    const double t = 1 - (i + 0.5) / steps;
    out +=
        fmt::format("<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"{}\" fill=\"{}\"/>", num(bar_x),
                    num(top + margin + step_h * i), num(step_h + 0.5), hex(map.colour(t)));
  }
  out += fmt::format(
      "\n<text x=\"{0}\" y=\"{1}\" class=\"tick\">{2}</text><text x=\"{0}\" y=\"{3}\" "
      "class=\"tick\">{4}</text>\n",
      num(bar_x), num(top + margin - 6), escape_xml(map.high_label), num(top + margin + bar_h + 14),
      escape_xml(map.low_label));
  return out + "</svg>\n";
}

}  // namespace tengen::report
