#include "tools/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "formats/verify.h"

namespace tengen::tools {
namespace {

namespace fs = std::filesystem;

std::string reason(int error) {
  return error != 0 ? std::string(": ") + std::strerror(error) : std::string();
}

// A new file beside `target`, created exclusively with the usual mode (0666
// less the umask); its name in `name`. -1 and errno on failure.
int create_beside(const std::string& target, std::string& name) {
  static std::atomic<unsigned> counter{0};
  const fs::path path(target);
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  for (int attempt = 0; attempt < 100; ++attempt) {
    name = (dir / ("." + path.filename().string() + ".tengen-" + std::to_string(getpid()) + "-" +
                   std::to_string(counter++)))
               .string();
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// What a path names, for comparisons: the file's identity when it exists.
struct FileKey {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string canonical;
};

FileKey file_key(const std::string& path) {
  FileKey key;
  struct stat st = {};
  if (::stat(path.c_str(), &st) == 0) {
    key.exists = true;
    key.device = st.st_dev;
    key.inode = st.st_ino;
  }
  std::error_code error;
  key.canonical = fs::weakly_canonical(fs::absolute(path, error), error).lexically_normal();
  return key;
}

bool same_key(const FileKey& a, const FileKey& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return a.canonical == b.canonical;
}

}  // namespace

Output::Output(const std::string& path, std::string what, bool replace)
    : path_(path), what_(std::move(what)), replace_(replace) {
  if (path == "-") {
    file_ = stdout;
    return;
  }
  if (path.empty()) throw BadValue("the " + what_ + " has an empty name");
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (fs::is_directory(status)) {
    throw std::runtime_error("cannot write the " + what_ + " '" + path + "': it is a directory");
  }
  const bool special = path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
  if (fs::exists(status) && (!fs::is_regular_file(status) || special)) {
    // /dev/null, /dev/stdout (even when it is a file), a pipe: written in
    // place, since a rename would go around the file descriptor.
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) {
      throw std::runtime_error("cannot write the " + what_ + " '" + path + "'" + reason(errno));
    }
    return;
  }
  // A link is followed: the file it names is replaced, the link kept.
  target_ = fs::exists(status) ? fs::canonical(path, error).string() : path;
  if (error) target_ = path;
  if (!replace_ && fs::exists(status)) {
    throw std::runtime_error("'" + path + "' exists; use --force to overwrite it");
  }
  const int fd = create_beside(target_, temporary_);
  if (fd < 0) {
    const int e = errno;
    temporary_.clear();
    throw std::runtime_error("cannot write the " + what_ + " '" + path + "'" + reason(e));
  }
  struct stat st = {};
  if (fs::exists(status) && ::stat(target_.c_str(), &st) == 0) {
    ::fchmod(fd, st.st_mode & 07777);  // the replaced file's mode; else the default
  }
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    const int e = errno;
    ::close(fd);
    drop();
    throw std::runtime_error("cannot write the " + what_ + " '" + path + "'" + reason(e));
  }
}

void Output::drop() noexcept {
  if (file_ && file_ != stdout) std::fclose(file_);
  file_ = nullptr;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

Output::~Output() {
  drop();
}

Output::Output(Output&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      path_(std::move(other.path_)),
      what_(std::move(other.what_)),
      target_(std::move(other.target_)),
      temporary_(std::exchange(other.temporary_, {})),
      replace_(other.replace_) {}

Output& Output::operator=(Output&& other) noexcept {
  if (this != &other) {
    drop();
    file_ = std::exchange(other.file_, nullptr);
    path_ = std::move(other.path_);
    what_ = std::move(other.what_);
    target_ = std::move(other.target_);
    temporary_ = std::exchange(other.temporary_, {});
    replace_ = other.replace_;
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
  const int error = errno;
  if (failed) {
    drop();
    throw std::runtime_error("writing the " + what_ + " '" + path_ + "' failed" + reason(error));
  }
  if (temporary_.empty()) return;
  const std::string temporary = std::exchange(temporary_, {});
  int status = 0;
  if (replace_) {
    status = std::rename(temporary.c_str(), target_.c_str());
  } else {
    // A link fails if the target appeared meanwhile: nothing is replaced.
    status = ::link(temporary.c_str(), target_.c_str());
  }
  const int rename_error = errno;
  if (status != 0 || !replace_) ::unlink(temporary.c_str());
  if (status != 0) {
    if (!replace_ && rename_error == EEXIST) {
      throw std::runtime_error("'" + path_ + "' exists; use --force to overwrite it");
    }
    throw std::runtime_error("writing the " + what_ + " '" + path_ + "' failed" +
                             reason(rename_error));
  }
}

void FileCheck::input(const std::string& option, const std::string& path) {
  inputs_.emplace_back(option, path);
}

void FileCheck::output(const std::string& option, const std::string& path) {
  outputs_.emplace_back(option, path);
}

void FileCheck::check() const {
  for (const auto& [option, path] : inputs_) {
    if (path.empty()) throw BadValue(option + ": an empty file name");
  }
  std::vector<FileKey> outputs;
  for (const auto& [option, path] : outputs_) {
    if (path.empty()) throw BadValue(option + ": an empty file name");
    outputs.push_back(path == "-" ? FileKey{} : file_key(path));
  }
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const std::string& a = outputs_[i].second;
    for (size_t j = i + 1; j < outputs_.size(); ++j) {
      const std::string& b = outputs_[j].second;
      const bool same = a == "-" || b == "-" ? a == b : same_key(outputs[i], outputs[j]);
      if (same) {
        throw BadValue(outputs_[i].first + " and " + outputs_[j].first + " name the same output '" +
                       b + "'; give each its own file");
      }
    }
    if (a == "-") continue;
    for (const auto& [option, path] : inputs_) {
      if (path == "-" || !same_key(outputs[i], file_key(path))) continue;
      throw BadValue(outputs_[i].first + " '" + a + "' names the input " + option + " '" + path +
                     "'; an output never replaces an input: give another file");
    }
  }
}

std::vector<std::string> input_sgf_files(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    std::error_code error;
    if (path.empty()) throw BadValue("an empty file name");
    if (!fs::exists(path, error)) {
      throw std::runtime_error("'" + path + "': no such file or directory");
    }
    if (fs::is_directory(path, error) && formats::collect_sgf_files({path}).empty()) {
      throw std::runtime_error("'" + path + "': no *.sgf file in this directory");
    }
  }
  return formats::collect_sgf_files(paths);
}

void check_distinct_outputs(const std::vector<std::pair<std::string, std::string>>& outputs) {
  FileCheck check;
  for (const auto& [option, path] : outputs) {
    if (!path.empty()) check.output(option, path);
  }
  check.check();
}

bool same_file(const std::string& a, const std::string& b) {
  return same_key(file_key(a), file_key(b));
}

void prepare_output_dir(const std::string& dir, const std::string& what) {
  if (dir.empty()) throw BadValue("the " + what + " has an empty name");
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

void write_whole_file(const std::string& path, std::string_view text, const std::string& what,
                      bool replace) {
  Output out(path, what, replace);
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
