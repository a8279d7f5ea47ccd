// The text forms of the values every command reads (board sizes, rules with
// a komi, whole and real numbers): one parser per kind, so that a value means
// the same, and a bad one gets the same message, in the `tengen` command
// (tools/options.h adds them to CLI11) and in the Python module.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "core/rules.h"

namespace tengen {

// "9", "19x13" (width x height) or "19X13"; each side decimal digits, 1 to 25.
// Throws std::invalid_argument naming the problem.
std::pair<int, int> parse_board_size(const std::string& text);

// A preset or "key=value,..." (see Rules::parse), with an optional komi
// override ("": the rules' komi); throws std::invalid_argument with
// Rules::parse's message, or naming the bad komi.
Rules parse_rules(const std::string& text, const std::string& komi);

// A whole number written in decimal digits only (no sign, no spaces, not
// empty) from min to max. Throws std::invalid_argument saying what is allowed.
uint64_t parse_whole(std::string_view text, uint64_t min, uint64_t max);

// A finite decimal number from min to max (no NaN, no infinities). Throws
// std::invalid_argument saying what is allowed.
double parse_real(std::string_view text, double min, double max);

// The words for a range, e.g. "a whole number from 1 to 4096".
std::string whole_range_text(uint64_t min, uint64_t max);

}  // namespace tengen
