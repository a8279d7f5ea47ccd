#include "tools/output.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace tengen::tools {
namespace {

std::string reason(int error) {
  return error != 0 ? std::string(": ") + std::strerror(error) : std::string();
}

}  // namespace

Output::Output(const std::string& path, std::string what) : path_(path), what_(std::move(what)) {
  if (path == "-") {
    file_ = stdout;
    return;
  }
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) {
    throw std::runtime_error("cannot write the " + what_ + " '" + path + "'" + reason(errno));
  }
}

Output::~Output() {
  if (file_ && file_ != stdout) std::fclose(file_);
}

Output::Output(Output&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      path_(std::move(other.path_)),
      what_(std::move(other.what_)) {}

Output& Output::operator=(Output&& other) noexcept {
  if (this != &other) {
    if (file_ && file_ != stdout) std::fclose(file_);
    file_ = std::exchange(other.file_, nullptr);
    path_ = std::move(other.path_);
    what_ = std::move(other.what_);
  }
  return *this;
}

void Output::write(std::string_view text) {
  if (!file_) return;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    throw std::runtime_error("writing the " + what_ + " '" + path_ + "' failed" + reason(errno));
  }
}

void Output::close() {
  if (!file_) return;
  std::FILE* file = std::exchange(file_, nullptr);
  errno = 0;
  const bool failed =
      file == stdout ? (std::fflush(file) != 0 || std::ferror(file)) : std::fclose(file) != 0;
  if (failed) {
    throw std::runtime_error("writing the " + what_ + " '" + path_ + "' failed" + reason(errno));
  }
}

void check_distinct_outputs(const std::vector<std::pair<std::string, std::string>>& outputs) {
  namespace fs = std::filesystem;
  for (size_t i = 0; i < outputs.size(); ++i) {
    for (size_t j = i + 1; j < outputs.size(); ++j) {
      const std::string& a = outputs[i].second;
      const std::string& b = outputs[j].second;
      if (a.empty() || b.empty()) continue;
      std::error_code error;
      const auto resolved = [&error](const std::string& path) {
        return fs::weakly_canonical(fs::absolute(path, error).lexically_normal(), error);
      };
      const bool same = a == "-" || b == "-" ? a == b : resolved(a) == resolved(b);
      if (same) {
        throw std::invalid_argument(outputs[i].first + " and " + outputs[j].first +
                                    " name the same output '" + b + "'; give each its own file");
      }
    }
  }
}

void prepare_output_dir(const std::string& dir, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(dir, error);
  if (!fs::is_directory(dir, error)) {
    throw std::runtime_error("cannot use '" + dir + "' as the " + what);
  }
  const fs::path probe = fs::path(dir) / ".tengen-write-probe";
  std::FILE* file = std::fopen(probe.c_str(), "wb");
  if (!file || std::fclose(file) != 0) {
    throw std::runtime_error("cannot write files in the " + what + " '" + dir + "'");
  }
  fs::remove(probe, error);
}

void write_whole_file(const std::string& path, std::string_view text, const std::string& what) {
  Output out(path, what);
  out.write(text);
  out.close();
}

void write_reports(std::string_view text, Output& json, std::string_view json_text) {
  if (!json.is_stdout()) std::fwrite(text.data(), 1, text.size(), stdout);
  json.write(json_text);
  json.close();
}

void flush_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    throw std::runtime_error("writing to standard output failed" + reason(errno));
  }
}

}  // namespace tengen::tools
