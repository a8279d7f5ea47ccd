// libFuzzer target: the SGF reader (formats/sgf.h) on arbitrary bytes. It
// must never crash, hang or leak; a text it reads must write back to a text
// that reads again with the same size, rules, setup and moves, and replaying
// the records must not crash either.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "formats/replay.h"
#include "formats/sgf.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tengen::formats;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SgfReadOptions options;
  // Small limits keep each input fast; exceeding one is an error, never a crash.
  options.limits.max_nodes = 20000;
  const SgfRead read = read_sgf(text, "fuzz", options);
  if (!read.ok()) {
    if (read.error->message().empty()) std::abort();
    return 0;
  }
  for (const GameRecord& record : read.games) {
    const SgfRead again = read_sgf(write_sgf(record), "rewritten", options);
    if (!again.ok() || again.games.size() != 1) std::abort();
    const GameRecord& back = again.games[0];
    if (back.width != record.width || back.height != record.height || back.moves != record.moves ||
        back.setup.size() != record.setup.size() || back.handicap != record.handicap) {
      std::abort();
    }
    ReplayOptions replay_options;
    replay_options.max_moves = 2000;
    replay(record, replay_options);
  }
  return 0;
}
