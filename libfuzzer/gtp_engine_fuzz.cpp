// libFuzzer target: the GTP engine (gtp/engine.h) fed arbitrary bytes
// as a session, one command per line. Every line must get either nothing (a
// blank or comment line) or one well-formed response ("=..." or "?...",
// ending in an empty line), and nothing may crash or hang. loadsgf lines and
// printsgf lines with a file name are skipped: they touch files (the SGF
// reader has its own target).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gtp/engine.h"
#include "gtp/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tengen::gtp;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  GtpEngineOptions options;
  options.width = options.height = 9;
  GtpEngine engine(options);
  int lines = 0;
  while (!rest.empty() && !engine.quit_requested() && lines++ < 400) {
    const size_t newline = rest.find('\n');
    const std::string_view line = rest.substr(0, newline);
    rest = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
    const GtpLine parsed = parse_gtp_line(line);
    if (parsed.kind == GtpLine::Kind::Command &&
        (parsed.command.name == "loadsgf" ||
         (parsed.command.name == "printsgf" && !parsed.command.args.empty()))) {
      continue;
    }
    const std::string response = engine.handle_line(line);
    if (response.empty()) continue;
    if ((response[0] != '=' && response[0] != '?') || response.size() < 3 ||
        response.compare(response.size() - 2, 2, "\n\n") != 0 ||
        response.find("\n\n") != response.size() - 2) {
      std::abort();
    }
  }
  return 0;
}
