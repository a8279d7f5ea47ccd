// The text layer of GTP version 2 (Go Text Protocol, draft 2, section 2):
// commands and responses as text, for both sides of the protocol: an engine
// (engine.h) reads commands and writes responses; a controller (driving
// GNU Go, say) writes commands and reads responses. Knows nothing of Go.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/types.h"

namespace tengen::gtp {

struct GtpCommand {
  std::string id;    // the command id: decimal digits, "" when none
  std::string name;  // never empty
  std::vector<std::string> args;
  friend bool operator==(const GtpCommand&, const GtpCommand&) = default;
};

// GTP 2.2 preprocessing of one line (without its final "\n"): control
// characters other than HT and LF removed (CR among them, so CRLF input
// works), HT turned into a space, everything from '#' on removed, spaces at
// both ends removed.
std::string preprocess_gtp_line(std::string_view line);

// What a line holds.
struct GtpLine {
  enum class Kind { Empty, Command, Malformed };
  Kind kind = Kind::Empty;
  GtpCommand command;   // Command: the command; Malformed: the id, if any
  std::string problem;  // Malformed: why (e.g. an id with no command after it)
};

// Preprocesses and splits a line: an optional id (all digits), the command
// name, and arguments separated by spaces. Empty after preprocessing (a blank
// line, a comment): Kind::Empty, to be ignored without a response.
GtpLine parse_gtp_line(std::string_view line);

// The command as one line, "[id ]name arg...\n".
std::string format_gtp_command(const GtpCommand& command);

// A full response: "=id text\n\n" on success, "?id text\n\n" on failure; a
// text of several lines keeps its inner line breaks; no space after the
// id/sign when the text is empty ("=\n\n" or "=5\n\n").
std::string format_gtp_response(std::string_view id, bool success, std::string_view text);

struct GtpResponse {
  bool success = false;
  std::string id;    // "" when none
  std::string text;  // without the sign, id, the space after them and the final empty line
  friend bool operator==(const GtpResponse&, const GtpResponse&) = default;
};

// Parses one response: `block` is the response's lines up to (not including)
// the empty line that ends it, joined with "\n" (CRs are ignored). nullopt if
// it does not start with '=' or '?'.
std::optional<GtpResponse> parse_gtp_response(std::string_view block);

// A list of GTP vertices separated by white space ("A1 b2 PASS", possibly
// over several lines); an empty list for "". nullopt if any is not a vertex
// of the board.
std::optional<std::vector<Point>> parse_gtp_vertices(const Board& board, std::string_view text);
// Vertices joined by single spaces, in the given order.
std::string format_gtp_vertices(const Board& board, const std::vector<Point>& points);

}  // namespace tengen::gtp
