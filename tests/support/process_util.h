// Running programs from tests (the built `tengen`, mpirun): a temporary
// directory, a run's exit status, stdout and stderr, optionally a signal sent
// once stderr shows a marker (so it arrives while the run is under way, after
// its handlers are installed), and a child process to signal by hand.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen::test {

// A process's exit status as the tests see it: the status it exited with, or
// 1000 + the signal that killed it.
inline int exit_status(int wait_status) {
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 1000 + WTERMSIG(wait_status);
}

struct Ran {
  int status = -1;       // exit_status(); 127 if it could not start
  std::string out, err;  // what it wrote to stdout and stderr
};

// A fresh directory under the system's temporary directory, removed with
// everything in it when the object goes.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tengen-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string operator/(const std::string& name) const { return file(name); }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Drops the lines that hold timings: the JSON fields and the report's Speed
// line. What is left of a split run's output equals the one-process run's.
inline std::string without_timings(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (contains(line, "\"seconds\"") || contains(line, "\"games_per_second\"") ||
        contains(line, "\"moves_per_second\"") || line.rfind("Speed", 0) == 0) {
      continue;
    }
    out += line + "\n";
  }
  return out;
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

// Runs argv (argv[0] the program's path) to its end. Never throws; a failure
// to start shows as status 127.
inline Ran run_program(const std::vector<std::string>& argv, const RunOptions& options = {}) {
  Ran ran;
  char out_template[] = "/tmp/tengen-test-out-XXXXXX";
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
    std::vector<std::string> copies = argv;
    std::vector<char*> pointers;
    for (std::string& a : copies) pointers.push_back(a.data());
    pointers.push_back(nullptr);
    execv(pointers[0], pointers.data());
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
    if (!signalled && contains(ran.err, options.marker)) {
      kill(pid, options.signal);
      signalled = true;
    }
  }
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ran.status = exit_status(status);
  ran.out = read_file(out_template);
  close(out_fd);
  std::remove(out_template);
  return ran;
}

// Runs argv in `dir`.
inline Ran run_program(const std::vector<std::string>& argv, const TempDir& dir) {
  return run_program(argv, in_dir(dir.path().string()));
}

#ifdef TENGEN_BINARY
// Runs `tengen args...` (the binary CMake built).
inline Ran run(const std::vector<std::string>& args, const RunOptions& options = {}) {
  std::vector<std::string> argv = {TENGEN_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv, options);
}
#endif

// A started child process: signal it, wait for it; one still running when
// the object goes is killed (a failed assertion leaves no process behind).
class Process {
 public:
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  void signal(int number) const { kill(pid_, number); }
  // exit_status() of the process.
  int wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    status_ = exit_status(status);
    return status_;
  }

 protected:
  Process() = default;
  ~Process() {
    if (pid_ > 0 && status_ < 0) {
      kill(pid_, SIGKILL);
      wait();
    }
  }
  pid_t pid_ = -1;

 private:
  int status_ = -1;
};

// A child process running argv (argv[0] the program), its stdout and stderr
// going to the given files, to be signalled while it runs.
class Child : public Process {
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
};

// Waits for a file to appear (a run's first checkpoint); false after a
// minute.
inline bool wait_for_file(const std::string& path) {
  for (int i = 0; i < 12000; ++i) {
    if (std::filesystem::exists(path)) return true;
    usleep(5000);
  }
  return false;
}

// A child process to converse with: what the test writes goes to its stdin,
// what it writes to stdout is read as it comes (a GTP session whose answers
// depend on when the next command arrives). Its stderr is discarded.
class Conversation : public Process {
 public:
  explicit Conversation(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], STDIN_FILENO);
      dup2(out[1], STDOUT_FILENO);
      const int null = open("/dev/null", O_WRONLY);
      if (null >= 0) dup2(null, STDERR_FILENO);
      close(in[1]);
      close(out[0]);
      std::vector<char*> argv;
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    ::signal(SIGPIPE, SIG_IGN);  // a child that died shows in wait(), not as our death
  }
  // Closing its stdin first lets a child that reads to the end exit.
  ~Conversation() {
    close_input();
    if (from_ >= 0) close(from_);
  }

  void write_text(const std::string& text) {
    [[maybe_unused]] const ssize_t n = ::write(to_, text.data(), text.size());
  }
  void close_input() {
    if (to_ >= 0) close(to_);
    to_ = -1;
  }
  // Reads stdout until `done(all read so far)` holds, the output ends or
  // `seconds` pass; returns everything read so far.
  const std::string& read_until(const std::function<bool(const std::string&)>& done,
                                double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    char buffer[4096];
    while (!done(read_) && std::chrono::steady_clock::now() < end) {
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      const ssize_t n = read(from_, buffer, sizeof buffer);
      if (n <= 0) break;
      read_.append(buffer, size_t(n));
    }
    return read_;
  }

 private:
  int to_ = -1, from_ = -1;
  std::string read_;
};

}  // namespace tengen::test
