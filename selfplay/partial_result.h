// Partial results: what `tengen selfplay --json` writes, read back and merged
// exactly. The document is summary_json()'s (report.h) plus what a merge
// needs: a schema number, the range of game indices it covers, the shard it
// is, the sufficient statistics (Stats::to_json), the digest's mergeable
// state, and a checksum over all of it but the timings. Any split of a run
// (shards, MPI blocks, resumed checkpoints) merges back to the one-process
// result: statistics are integers and the digest is a sum (digest.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "selfplay/runner.h"

namespace tengen::selfplay {

constexpr int kResultSchema = 1;

// Shard K of N (1 <= K <= N): a fixed partition of the game indices into N
// contiguous ranges of sizes differing by at most one. count 0: no shard.
struct Shard {
  uint64_t index = 0;
  uint64_t count = 0;
  bool given() const { return count > 0; }
  std::string name() const;  // "K/N"
};

// "K/N"; throws std::invalid_argument naming the problem.
Shard parse_shard(const std::string& text);
// The game indices [first, end) of shard K/N of a run of `games` games.
std::pair<uint64_t, uint64_t> shard_range(uint64_t games, Shard shard);

// The CSV file a shard wrote (selfplay --csv), so that `tengen merge --csv`
// can join the shards' rows: its absolute path, its rows and xxHash64 of it.
struct CsvRecord {
  std::string file;
  uint64_t rows = 0;
  uint64_t checksum = 0;
  bool given() const { return !file.empty(); }
};

// The JSON document of a result (a whole run, a shard, a checkpoint).
std::string result_json(const RunResult& result, Shard shard = {}, const CsvRecord& csv = {});

// A result read back from its document.
struct PartialResult {
  std::string path;  // where it came from, for messages
  std::string version;
  Shard shard;
  CsvRecord csv;
  RunResult result;  // config.first_game/end_game: the range it was asked to play
};

// Parses and checks a document: a valid checksum, every field present and
// consistent. Throws std::runtime_error "PATH: ..." naming the field.
PartialResult parse_result_json(const std::string& text, const std::string& path);
// Reads and parses a file; throws std::runtime_error naming it.
PartialResult read_result_file(const std::string& path);

// The first field in which two results' runs differ (version, board, rules,
// komi, seed, games, max_turns), as "field 'NAME' is A here and B there";
// "" when they are parts of the same run.
std::string run_mismatch(const PartialResult& a, const PartialResult& b);

// Adds `part` (games disjoint from `into`'s) to `into`: statistics, digest
// and seconds; the range and the interrupted flag are the caller's.
void accumulate(RunResult& into, const RunResult& part);

// Merges finished parts that together cover the run's games exactly once, in
// any order, into the one-process result. Throws std::runtime_error naming
// the file and field when they are from different runs, a part is
// interrupted, a shard or range is missing (saying which) or given twice.
RunResult merge_results(std::vector<PartialResult> parts);

}  // namespace tengen::selfplay
