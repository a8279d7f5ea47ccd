// The report page: one self-contained XHTML-compatible HTML document (inline
// CSS and SVG, no scripts, nothing fetched) with the runs' settings, speed,
// win rates, the komi curve and fair komi, histograms, board heat maps,
// captures, suicides and end reasons. Several results are overlaid with a
// legend; board maps are drawn per result.
#pragma once

#include <string>
#include <vector>

#include "report/result.h"

namespace tengen::report {

// Precondition: at least one result.
std::string report_page(const std::vector<Result>& results);

// The name a result goes by in legends: "FILE: 9x9 chinese komi 7.5".
std::string result_label(const Result& result);

}  // namespace tengen::report
