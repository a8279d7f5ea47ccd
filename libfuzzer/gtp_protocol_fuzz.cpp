// libFuzzer target: the GTP text layer (gtp/protocol.h) on arbitrary
// bytes, from both sides: command lines, response blocks and vertex lists.
// A parsed command must format back to a line that parses to the same
// command.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/board.h"
#include "gtp/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tengen::gtp;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const GtpLine line = parse_gtp_line(text);
  if (line.kind == GtpLine::Kind::Command) {
    std::string formatted = format_gtp_command(line.command);
    if (formatted.empty() || formatted.back() != '\n') std::abort();
    formatted.pop_back();
    const GtpLine again = parse_gtp_line(formatted);
    if (again.kind != GtpLine::Kind::Command || !(again.command == line.command)) std::abort();
  }
  parse_gtp_response(text);
  static const tengen::Board boards[] = {tengen::Board(19, 19), tengen::Board(25, 7),
                                         tengen::Board(1, 1)};
  for (const tengen::Board& board : boards) {
    if (const auto points = parse_gtp_vertices(board, text)) {
      const auto back = parse_gtp_vertices(board, format_gtp_vertices(board, *points));
      if (!back || *back != *points) std::abort();
    }
  }
  return 0;
}
