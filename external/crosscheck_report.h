// The cross-check's reports: text for people and one JSON object.
#pragma once

#include <string>

#include "external/crosscheck.h"

namespace tengen::external {

// The report for people: one block per rule set, then the findings.
std::string format_report(const CrosscheckReport& report);
// The same as one JSON object.
std::string report_json(const CrosscheckConfig& config, const CrosscheckReport& report);

}  // namespace tengen::external
