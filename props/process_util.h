// Running the tengen binary from a test: a scratch directory, a command's
// exit status and output, and a child process to signal.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tengen::test {

// A fresh directory under the system's temporary directory, removed with
// everything in it when the object goes.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tengen-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// Drops the lines that hold timings: the JSON fields and the report's Speed
// line. What is left of a split run's output equals the one-process run's.
inline std::string without_timings(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.find("\"seconds\"") != std::string::npos ||
        line.find("\"games_per_second\"") != std::string::npos ||
        line.find("\"moves_per_second\"") != std::string::npos || line.rfind("Speed", 0) == 0) {
      continue;
    }
    out += line + "\n";
  }
  return out;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A child process running `args` (args[0] the program), its stdout and
// stderr going to the given files.
class Child {
 public:
  Child(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ == 0) {
      const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (o < 0 || e < 0) _exit(126);
      dup2(o, STDOUT_FILENO);
      dup2(e, STDERR_FILENO);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ~Child() {
    if (pid_ > 0 && status_ < 0) {
      kill(pid_, SIGKILL);
      wait();
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  void signal(int number) const { kill(pid_, number); }
  // The exit status, or 128 + the signal that ended it.
  int wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return status_;
  }

 private:
  pid_t pid_ = -1;
  int status_ = -1;
};

struct Outcome {
  int status = 0;
  std::string out, err;
};

// Runs args to the end in `dir`'s scratch files.
inline Outcome run(const std::vector<std::string>& args, const ScratchDir& dir) {
  Child child(args, dir / "stdout.txt", dir / "stderr.txt");
  Outcome o;
  o.status = child.wait();
  o.out = read_text(dir / "stdout.txt");
  o.err = read_text(dir / "stderr.txt");
  return o;
}

}  // namespace tengen::test
