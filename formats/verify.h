// Verifying game records: every game of every file replayed under the rules
// it states (replay.h), in parallel over files on the oneTBB pool; per file
// the first illegal move of each game and the captures; a summary; text and
// JSON reports. Results do not depend on the number of threads: files are
// reported in the order of the path list.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/replay.h"
#include "formats/sgf.h"

namespace tengen::formats {

struct GameVerdict {
  size_t index = 0;   // 0-based index of the game tree in the file
  uint32_t line = 1;  // of the game tree
  int width = 19, height = 19;
  std::string ruleset;  // RU as written
  Rules rules;          // as replayed (replay_rules)
  size_t moves = 0;     // moves in the record's main line
  size_t moves_played = 0;
  int black_captures = 0;
  int white_captures = 0;
  std::optional<IllegalMove> illegal;
  std::string setup_error;
  std::vector<SgfWarning> warnings;
};

struct FileVerdict {
  std::string path;
  std::optional<SgfError> error;  // the file could not be read or parsed
  std::vector<GameVerdict> games;
};

struct VerifySummary {
  size_t files = 0;
  size_t games = 0;
  size_t moves = 0;          // moves played, over all games
  size_t illegal_moves = 0;  // games stopped by an illegal move (one per game at most)
  size_t bad_setups = 0;     // games whose setup is impossible
  size_t unreadable_files = 0;
  size_t warnings = 0;
  friend bool operator==(const VerifySummary&, const VerifySummary&) = default;
};

struct VerifyReport {
  std::vector<FileVerdict> files;  // when interrupted, only the files verified
  VerifySummary summary;
  double seconds = 0;
  bool interrupted = false;
};

struct VerifyOptions {
  SgfReadOptions read;
  int threads = 0;  // 0: every core oneTBB sees
  // When *stop becomes true (a signal handler may set it) no new file starts;
  // the report covers the files verified, still in path order.
  const std::atomic<bool>* stop = nullptr;
  // Called after each file, one call at a time, with the files done so far.
  std::function<void(size_t done, size_t total)> progress;
};

// The SGF files named by the arguments: a file as given (any name), a
// directory searched recursively for files ending in ".sgf" (any case), each
// directory's files sorted by path. A path that does not exist is kept, so
// that verify_files reports it as unreadable.
std::vector<std::string> collect_sgf_files(const std::vector<std::string>& arguments);

GameVerdict verify_record(const GameRecord& record, size_t index);
FileVerdict verify_text(std::string_view text, std::string_view path,
                        const SgfReadOptions& options = {});
FileVerdict verify_file(const std::string& path, const SgfReadOptions& options = {});
VerifyReport verify_files(const std::vector<std::string>& paths, const VerifyOptions& options = {});

VerifySummary summarize(const std::vector<FileVerdict>& files);

// For people: one line per file ("path: N games, M moves, ok" or the
// problems), then the summary. Integers only besides the optional timing.
std::string format_report(const VerifyReport& report, bool with_timing);
// {"files": [...], "summary": {...}}: every file, game, illegal move (number,
// colour, SGF and GTP point, reason, line), captures and warnings.
std::string format_report_json(const VerifyReport& report);

// The text as valid UTF-8, for JSON: well-formed UTF-8 sequences pass
// through; any other byte is taken as the Latin-1 character of its value.
std::string valid_utf8(std::string_view text);

}  // namespace tengen::formats
