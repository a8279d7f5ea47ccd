#include "gtp/protocol.h"

#include "core/coords.h"

namespace tengen::gtp {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!is_digit(c)) return false;
  }
  return true;
}

// Splits on runs of the given separators.
std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && separators.find(s[i]) != std::string_view::npos) ++i;
    const size_t start = i;
    while (i < s.size() && separators.find(s[i]) == std::string_view::npos) ++i;
    if (i > start) words.push_back(s.substr(start, i - start));
  }
  return words;
}

}  // namespace

std::string preprocess_gtp_line(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char c : line) {
    if (c == '#') break;
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\t') {
      out += ' ';
    } else if (u < 0x20 || u == 0x7F) {
      continue;  // CR and the other control characters (LF cannot occur here)
    } else {
      out += c;
    }
  }
  const size_t first = out.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  const size_t last = out.find_last_not_of(' ');
  return out.substr(first, last - first + 1);
}

GtpLine parse_gtp_line(std::string_view line) {
  GtpLine result;
  const std::string text = preprocess_gtp_line(line);
  std::vector<std::string_view> words = split(text, " ");
  if (words.empty()) return result;
  size_t next = 0;
  if (all_digits(words[0])) result.command.id = std::string(words[next++]);
  if (next == words.size()) {
    result.kind = GtpLine::Kind::Malformed;
    result.problem = "missing command after the id";
    return result;
  }
  result.kind = GtpLine::Kind::Command;
  result.command.name = std::string(words[next++]);
  for (; next < words.size(); ++next) result.command.args.emplace_back(words[next]);
  return result;
}

std::string format_gtp_command(const GtpCommand& command) {
  std::string out;
  if (!command.id.empty()) out += command.id + " ";
  out += command.name;
  for (const std::string& a : command.args) out += " " + a;
  out += "\n";
  return out;
}

std::string format_gtp_response(std::string_view id, bool success, std::string_view text) {
  std::string out(1, success ? '=' : '?');
  out += id;
  // The response ends at the first empty line, so the text may hold none:
  // trailing line breaks go, and an empty inner line becomes a single space.
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  if (!text.empty()) {
    out += ' ';
    bool line_empty = false;  // the text begins on the response's first line
    for (char c : text) {
      if (c == '\r') continue;
      if (c == '\n') {
        if (line_empty) out += ' ';
        line_empty = true;
      } else {
        line_empty = false;
      }
      out += c;
    }
  }
  out += "\n\n";
  return out;
}

std::optional<GtpResponse> parse_gtp_response(std::string_view block) {
  std::string text;
  for (char c : block) {
    if (c != '\r') text += c;
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  if (text.empty() || (text[0] != '=' && text[0] != '?')) return std::nullopt;
  GtpResponse response;
  response.success = text[0] == '=';
  size_t i = 1;
  while (i < text.size() && is_digit(text[i])) response.id += text[i++];
  if (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  response.text = text.substr(i);
  return response;
}

std::optional<std::vector<Point>> parse_gtp_vertices(const Board& board, std::string_view text) {
  std::vector<Point> points;
  for (std::string_view word : split(text, " \t\r\n")) {
    std::optional<Point> p = parse_gtp_vertex(board, word);
    if (!p) return std::nullopt;
    points.push_back(*p);
  }
  return points;
}

std::string format_gtp_vertices(const Board& board, const std::vector<Point>& points) {
  std::string out;
  for (Point p : points) {
    if (!out.empty()) out += ' ';
    out += gtp_vertex(board, p);
  }
  return out;
}

}  // namespace tengen::gtp
