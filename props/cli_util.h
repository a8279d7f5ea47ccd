// Running the built `tengen` binary from tests: its exit status, stdout and
// stderr, in a fresh temporary directory; optionally a signal sent once
// stderr shows a line containing a marker (so the signal arrives while the
// run is under way, after its handlers are installed).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tengen::cli {

struct Ran {
  int status = -1;       // the exit status; 1000 + signal if killed by one
  std::string out, err;  // what it wrote to stdout and stderr
};

// A temporary directory, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tengen-cli-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct RunOptions {
  std::string dir = ".";         // working directory
  std::string stdout_path;       // "" : captured; else stdout goes to this file
  std::string stdin_text;        // written to stdin
  std::vector<std::string> env;  // "NAME=value" added to the environment
  int signal = 0;                // sent when stderr shows `marker`
  std::string marker;
};

inline RunOptions in_dir(const std::string& dir) {
  RunOptions o;
  o.dir = dir;
  return o;
}

inline RunOptions stdout_to(const std::string& path, const std::string& stdin_text = "") {
  RunOptions o;
  o.stdout_path = path;
  o.stdin_text = stdin_text;
  return o;
}

// Runs `tengen args...`. Never throws; a failure to start shows as status 127.
inline Ran run(const std::vector<std::string>& args, const RunOptions& options = {}) {
  Ran ran;
  char out_template[] = "/tmp/tengen-cli-out-XXXXXX";
  const int out_fd = mkstemp(out_template);
  int err_pipe[2], in_pipe[2];
  if (out_fd < 0 || pipe(err_pipe) != 0 || pipe(in_pipe) != 0) return ran;
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(options.dir.c_str()) != 0) _exit(127);
    int target = out_fd;
    if (!options.stdout_path.empty()) {
      target = open(options.stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (target < 0) _exit(127);
    }
    dup2(target, STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    dup2(in_pipe[0], STDIN_FILENO);
    close(err_pipe[0]);
    close(in_pipe[1]);
    for (const std::string& e : options.env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv;
    std::string binary = TENGEN_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies = args;
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(err_pipe[1]);
  close(in_pipe[0]);
  if (!options.stdin_text.empty()) {
    [[maybe_unused]] const ssize_t n =
        write(in_pipe[1], options.stdin_text.data(), options.stdin_text.size());
  }
  close(in_pipe[1]);
  bool signalled = options.signal == 0;
  char buffer[4096];
  for (ssize_t n; (n = read(err_pipe[0], buffer, sizeof buffer)) > 0;) {
    ran.err.append(buffer, size_t(n));
    if (!signalled && ran.err.find(options.marker) != std::string::npos) {
      kill(pid, options.signal);
      signalled = true;
    }
  }
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ran.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  ran.out = read_file(out_template);
  close(out_fd);
  std::remove(out_template);
  return ran;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tengen::cli
