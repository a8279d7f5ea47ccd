// The files a command reads and writes, named on its command line: a path, or
// "-" for standard output (everywhere). One way to write a file, for every
// command:
//  - FileCheck first: every input and output named, then checked together
//    before anything is touched. An output that is an input, or two outputs
//    that are one file (compared by the file itself: links and "./x" too), are
//    refused with BadValue (exit status 105), naming both options.
//  - Output then writes to a temporary file beside the target (created at
//    once, so a bad path fails before any work) and renames it into place
//    when close() has checked every write: a full disk is an error, and a run
//    that is refused or fails (or never calls close) leaves an existing file
//    as it was. A target that is not a regular file (/dev/null, a pipe), or
//    is named under /dev/ or /proc/ (/dev/stdout), is written in place.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::tools {

// A bad command-line value found while a command runs (tengen exits 105, as
// for a value CLI11 refuses). Any std::invalid_argument a command throws
// means the same; this one says so in its type.
class BadValue : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Output {
 public:
  Output() = default;  // no output
  // Prepares to write `path` ("-": stdout); `what` names it in messages
  // ("JSON file"). Unless `replace`, an existing file is never replaced
  // (close() fails, naming it). Throws std::runtime_error if the directory
  // cannot take the file.
  Output(const std::string& path, std::string what, bool replace = true);
  ~Output();  // an output not closed is dropped: the target is untouched
  Output(Output&& other) noexcept;
  Output& operator=(Output&& other) noexcept;

  bool enabled() const { return file_ != nullptr; }
  bool is_stdout() const { return file_ == stdout; }
  const std::string& path() const { return path_; }

  // Throws std::runtime_error if the write fails.
  void write(std::string_view text);
  // Flushes and closes (stdout: flushes), then renames the temporary file
  // into place; throws std::runtime_error if any write, the flush or the
  // rename failed (the target then stays as it was). Safe to call twice.
  void close();

 private:
  void drop() noexcept;
  std::FILE* file_ = nullptr;
  std::string path_, what_;
  std::string target_;     // the file replaced by close() (links resolved)
  std::string temporary_;  // "" when written in place
  bool replace_ = true;
};

// The files of one run, checked together before it starts.
class FileCheck {
 public:
  // A file (or "-": stdin, not checked) the run reads. A directory counts
  // as the SGF files in it only when the caller adds them.
  void input(const std::string& option, const std::string& path);
  // A file the run writes ("-": stdout; two "-" are one output too).
  void output(const std::string& option, const std::string& path);
  // Throws BadValue naming both options when an output is an input or
  // another output, or when an output or input is "".
  void check() const;

 private:
  std::vector<std::pair<std::string, std::string>> inputs_, outputs_;
};

// The SGF files the paths name (formats::collect_sgf_files: a directory
// gives its *.sgf files); throws std::runtime_error naming a path that does
// not exist or a directory without a record.
std::vector<std::string> input_sgf_files(const std::vector<std::string>& paths);

// FileCheck with these outputs only: refuses two options naming one file.
void check_distinct_outputs(const std::vector<std::pair<std::string, std::string>>& outputs);

// True when the two paths name one file (by identity if both exist, else by
// their canonical paths).
bool same_file(const std::string& a, const std::string& b);

// Makes a directory for output files (and its parents) and proves it
// writable with a probe file; throws std::runtime_error naming it otherwise.
void prepare_output_dir(const std::string& dir, const std::string& what);

// Writes a whole file, as Output does; throws std::runtime_error naming it.
void write_whole_file(const std::string& path, std::string_view text, const std::string& what,
                      bool replace = true);

// The text report on stdout unless the JSON goes there ("-"); then the JSON,
// if asked for, and its output closed. Throws std::runtime_error as write().
void write_reports(std::string_view text, Output& json, std::string_view json_text);

// Flushes standard output; throws std::runtime_error if anything written to
// it was lost (a full disk, a closed pipe).
void flush_stdout();

}  // namespace tengen::tools
