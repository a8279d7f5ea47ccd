#include "report/output_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace tengen::report {

void write_new_file(const std::string& path, const std::string& text, bool overwrite) {
  // "x": C11's exclusive creation, so an existing file is never replaced.
  std::FILE* file = std::fopen(path.c_str(), overwrite ? "wb" : "wbx");
  if (!file) {
    const int error = errno;
    if (!overwrite && std::filesystem::exists(path)) {
      throw std::runtime_error(fmt::format("'{}' exists; use --force to overwrite it", path));
    }
    throw std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(error)));
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) {
    throw std::runtime_error(fmt::format("writing '{}' failed", path));
  }
}

}  // namespace tengen::report
