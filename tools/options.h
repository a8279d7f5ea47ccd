// What several subcommands share: parsing board sizes and rules, writing
// output files.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "core/rules.h"

namespace tengen::tools {

// "9" or "19x13" (width x height); throws std::invalid_argument naming the
// problem unless both sides are 1..25.
std::pair<int, int> parse_board_size(const std::string& text);

// A preset or "key=value,..." (see Rules::parse), with an optional komi
// override; throws std::invalid_argument with Rules::parse's message.
Rules parse_rules(const std::string& text, const std::string& komi);

// Writes text to the file at `path`, or to stdout for "-"; throws
// std::runtime_error naming the path if it cannot.
void write_file(const std::string& path, const std::string& text);

}  // namespace tengen::tools
