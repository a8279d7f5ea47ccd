// Engines named on a command line: "CMD ARGS" split into words as a shell
// would split them (quotes, backslashes; no variables, globs or pipes), and
// the program found on PATH.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tengen::external {

// The words of `text`: separated by spaces and tabs; '...' keeps everything
// literally, "..." keeps spaces and honours \" and \\, a backslash outside
// quotes keeps the next character. Throws std::invalid_argument naming the
// problem for an unclosed quote, a trailing backslash or no words at all.
std::vector<std::string> split_command_line(std::string_view text);

// `name` if it holds a '/' and is an executable file; else the first
// executable DIR/name for DIR on PATH; "" if there is none.
std::string find_program(const std::string& name);

// Is `path` an executable file?
bool is_executable(const std::string& path);

}  // namespace tengen::external
