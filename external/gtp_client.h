// A GTP client that drives another engine as a child process: it starts the
// program with its stdin and stdout on a socket pair, sends commands (with
// ids, so every answer is matched to its question), and reads the answers
// with a deadline. Transport failures (the child cannot be started, dies,
// stays silent past the deadline, or answers out of order) throw GtpError;
// a GTP error answer ("? ...") is a normal reply with ok == false.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::external {

// Why a client cannot talk to its engine any more.
enum class GtpFailure {
  Start,    // the program could not be started
  Exited,   // the engine exited or closed its output
  Timeout,  // no answer before the deadline
  Garbage,  // an answer that is no GTP answer, or the answer to another command
  Refused,  // (typed commands) a command that must succeed was refused
  Stopped,  // the stop flag was set while an answer was awaited
};

// The client cannot talk to the engine any more. The client is unusable
// afterwards (its child is killed).
class GtpError : public std::runtime_error {
 public:
  explicit GtpError(const std::string& what, GtpFailure failure = GtpFailure::Garbage)
      : std::runtime_error(what), failure_(failure) {}
  GtpFailure failure() const { return failure_; }

 private:
  GtpFailure failure_;
};

struct GtpReply {
  bool ok = false;   // "=" (success) or "?" (failure)
  std::string text;  // the answer without "=id " or "?id ", lines joined by '\n'
};

class GtpClient {
 public:
  // Starts `program` (a path; no PATH search) with `arguments` (argv[1..]),
  // in a process group of its own, so that Ctrl-C on the terminal reaches
  // only us (a command stopping at the end of its games needs its engines).
  // The child's stderr goes to /dev/null. Every later read waits at most
  // `timeout` for the child. Throws GtpError if the program cannot be started.
  GtpClient(const std::string& program, const std::vector<std::string>& arguments,
            std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // Closes the child's stdin, gives it a moment to exit, then kills it.
  ~GtpClient();
  GtpClient(const GtpClient&) = delete;
  GtpClient& operator=(const GtpClient&) = delete;

  // Sends one command (a single line, no newline in it) and returns its id.
  // Answers arrive in order; read them with receive(). Sending several
  // commands before receiving their answers pipelines them.
  uint64_t send(std::string_view command);
  // The answer to the oldest command sent and not yet received.
  // Precondition: such a command exists.
  GtpReply receive();
  // send() then receive().
  GtpReply ask(std::string_view command);

  // The command line, for messages: "path arg1 arg2 ...".
  const std::string& command_line() const { return command_line_; }
  pid_t pid() const { return pid_; }
  void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }
  // While *stop is true (a signal handler may set it), a wait for an answer
  // ends within kStopPoll with GtpError(Stopped): a command stopped by
  // Ctrl-C does not wait out a long analysis. nullptr: never.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  static constexpr std::chrono::milliseconds kStopPoll{100};

 private:
  // Reads one line (without its '\n'; '\r' dropped) before the deadline.
  std::string read_line(std::chrono::steady_clock::time_point deadline);
  [[noreturn]] void fail(const std::string& what, GtpFailure failure);
  // Describes how the child ended, if it has (reaps it).
  std::string exit_status();
  void stop_child();

  std::string command_line_;
  pid_t pid_ = -1;
  int fd_ = -1;  // our end of the socket pair
  std::chrono::milliseconds timeout_;
  std::string buffer_;  // bytes read and not yet consumed
  std::deque<uint64_t> pending_;
  uint64_t next_id_ = 1;
  bool failed_ = false;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace tengen::external
