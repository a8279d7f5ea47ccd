#include "external/gtp_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace tengen::external {
namespace {

std::string errno_text() {
  return std::strerror(errno);
}

// Trailing spaces, tabs and newlines off.
std::string_view trim_end(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

GtpClient::GtpClient(const std::string& program, const std::vector<std::string>& arguments,
                     std::chrono::milliseconds timeout)
    : timeout_(timeout) {
  command_line_ = program;
  for (const std::string& a : arguments) command_line_ += " " + a;

  // A socket pair rather than two pipes: send() with MSG_NOSIGNAL reports a
  // dead child as EPIPE instead of raising SIGPIPE, without touching the
  // process-wide signal disposition. SOCK_CLOEXEC keeps our end out of
  // children that other threads start at the same time.
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    throw GtpError("cannot create a socket pair for '" + command_line_ + "': " + errno_text(),
                   GtpFailure::Start);
  }
  fd_ = fds[0];
  const int child_fd = fds[1];

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the copies, so the child keeps exactly
  // stdin and stdout on the socket and stderr on /dev/null.
  posix_spawn_file_actions_adddup2(&actions, child_fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, child_fd, STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  const int status =
      posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(child_fd);
  if (status != 0) {
    close(fd_);
    fd_ = -1;
    pid_ = -1;
    throw GtpError("cannot start '" + command_line_ + "': " + std::strerror(status),
                   GtpFailure::Start);
  }
}

GtpClient::~GtpClient() {
  stop_child();
}

void GtpClient::stop_child() {
  if (fd_ >= 0) {
    // EOF on stdin makes a GTP engine exit by itself.
    close(fd_);
    fd_ = -1;
  }
  if (pid_ <= 0) return;
  for (int i = 0; i < 20; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  // The whole group: an engine that is a script takes its children along.
  kill(-pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

std::string GtpClient::exit_status() {
  if (pid_ <= 0) return "";
  int status = 0;
  // The child may close its end a moment before it is a zombie.
  for (int i = 0; i < 20; ++i) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return " (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
      if (WIFSIGNALED(status))
        return " (killed by signal " + std::to_string(WTERMSIG(status)) + ")";
      return "";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return "";
}

void GtpClient::fail(const std::string& what, GtpFailure failure) {
  failed_ = true;
  const std::string message = "'" + command_line_ + "': " + what;
  stop_child();
  throw GtpError(message, failure);
}

uint64_t GtpClient::send(std::string_view command) {
  if (failed_ || fd_ < 0) {
    throw GtpError("'" + command_line_ + "': the engine is gone", GtpFailure::Exited);
  }
  if (command.find_first_of("\r\n") != std::string_view::npos) {
    throw std::invalid_argument("a GTP command must be a single line");
  }
  const uint64_t id = next_id_++;
  std::string line = std::to_string(id) + " ";
  line += command;
  line += '\n';
  size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      const bool exited = errno == EPIPE || errno == ECONNRESET;
      const std::string why = exited ? "the engine exited" : errno_text();
      fail("cannot send '" + std::string(command) + "': " + why + exit_status(),
           GtpFailure::Exited);
    }
    sent += size_t(n);
  }
  pending_.push_back(id);
  return id;
}

std::string GtpClient::read_line(std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      std::erase(line, '\r');
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      fail("no answer within " + std::to_string(timeout_.count()) + " ms", GtpFailure::Timeout);
    }
    if (stop_ && stop_->load(std::memory_order_relaxed)) {
      fail("stopped while waiting for an answer", GtpFailure::Stopped);
    }
    // In slices of kStopPoll when a stop flag is watched.
    const auto wait = stop_ ? std::min(left, kStopPoll) : left;
    pollfd p = {fd_, POLLIN, 0};
    const int ready = poll(&p, 1, int(wait.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      fail("poll failed: " + errno_text(), GtpFailure::Exited);
    }
    if (ready == 0) continue;  // the deadline and stop checks above report it
    char chunk[4096];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      fail("read failed: " + errno_text(), GtpFailure::Exited);
    }
    if (n == 0) fail("the engine closed its output" + exit_status(), GtpFailure::Exited);
    buffer_.append(chunk, size_t(n));
  }
}

GtpReply GtpClient::receive() {
  if (failed_ || fd_ < 0) {
    throw GtpError("'" + command_line_ + "': the engine is gone", GtpFailure::Exited);
  }
  if (pending_.empty()) throw std::logic_error("GtpClient::receive without a pending command");
  const uint64_t id = pending_.front();
  pending_.pop_front();
  const auto deadline = std::chrono::steady_clock::now() + timeout_;

  // Engines may print empty lines between answers; skip them.
  std::string first;
  do first = read_line(deadline);
  while (first.empty());
  if (first[0] != '=' && first[0] != '?') {
    fail("not a GTP answer: '" + first + "'", GtpFailure::Garbage);
  }
  GtpReply reply;
  reply.ok = first[0] == '=';
  size_t i = 1;
  uint64_t answer_id = 0;
  bool has_id = false;
  while (i < first.size() && first[i] >= '0' && first[i] <= '9') {
    answer_id = answer_id * 10 + uint64_t(first[i] - '0');
    has_id = true;
    ++i;
  }
  if (!has_id || answer_id != id) {
    fail("answer '" + first + "' does not match command id " + std::to_string(id),
         GtpFailure::Garbage);
  }
  if (i < first.size() && first[i] == ' ') ++i;
  std::string text = first.substr(i);
  // The answer ends at the first empty line.
  for (std::string line = read_line(deadline); !line.empty(); line = read_line(deadline)) {
    text += '\n';
    text += line;
  }
  reply.text = std::string(trim_end(text));
  return reply;
}

GtpReply GtpClient::ask(std::string_view command) {
  send(command);
  return receive();
}

}  // namespace tengen::external
