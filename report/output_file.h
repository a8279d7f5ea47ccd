// Writing a report without replacing someone's file by accident.
#pragma once

#include <string>

namespace tengen::report {

// Writes `text` to `path`. Unless `overwrite`, fails if the file exists
// (created exclusively, so no race). Throws std::runtime_error naming the file.
void write_new_file(const std::string& path, const std::string& text, bool overwrite);

}  // namespace tengen::report
