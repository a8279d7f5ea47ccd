// The files a command writes, named on its command line: a path, or "-" for
// standard output (everywhere). An output is opened when the command starts,
// before any work, so a bad path fails at once; every write and the final
// close are checked, so a full disk is an error, not a silent loss.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::tools {

class Output {
 public:
  Output() = default;  // no output
  // Opens `path` ("-": stdout) for writing; `what` names it in messages
  // ("JSON file"). Throws std::runtime_error if it cannot be opened.
  Output(const std::string& path, std::string what);
  ~Output();
  Output(Output&& other) noexcept;
  Output& operator=(Output&& other) noexcept;

  bool enabled() const { return file_ != nullptr; }
  bool is_stdout() const { return file_ == stdout; }
  const std::string& path() const { return path_; }

  // Throws std::runtime_error if the write fails.
  void write(std::string_view text);
  // Flushes and closes (stdout: flushes); throws std::runtime_error if any
  // write or the flush failed. Safe to call twice.
  void close();

 private:
  std::FILE* file_ = nullptr;
  std::string path_, what_;
};

// Refuses (std::invalid_argument) two options naming the same output, e.g.
// --json x --csv x, or two "-". Pairs of option name and path; empty paths
// are not outputs.
void check_distinct_outputs(const std::vector<std::pair<std::string, std::string>>& outputs);

// Makes a directory for output files (and its parents) and proves it
// writable with a probe file; throws std::runtime_error naming it otherwise.
void prepare_output_dir(const std::string& dir, const std::string& what);

// Writes a whole file; throws std::runtime_error naming it on any failure.
void write_whole_file(const std::string& path, std::string_view text, const std::string& what);

// The text report on stdout unless the JSON goes there ("-"); then the JSON,
// if asked for, and its output closed. Throws std::runtime_error as write().
void write_reports(std::string_view text, Output& json, std::string_view json_text);

// Flushes standard output; throws std::runtime_error if anything written to
// it was lost (a full disk, a closed pipe).
void flush_stdout();

}  // namespace tengen::tools
