// Every refusal of a merge, each naming the file and the field: parts of
// different runs (rules, board, komi, seed, game count, version), a missing
// shard, a shard given twice, overlapping parts, an interrupted part, and a
// truncated or edited file.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "selfplay/partial_result.h"
#include "selfplay/runner.h"

namespace tengen::selfplay {
namespace {

RunConfig base_config() {
  RunConfig config;
  config.width = 5;
  config.height = 5;
  config.rules = Rules::chinese();
  config.games = 60;
  config.seed = 3;
  config.threads = 1;
  return config;
}

std::string shard_text(const RunConfig& config, uint64_t k, uint64_t n) {
  RunConfig part = config;
  std::tie(part.first_game, part.end_game) = shard_range(config.games, Shard{k, n});
  return result_json(run_selfplay(part), Shard{k, n});
}

PartialResult shard(const RunConfig& config, uint64_t k, uint64_t n, const std::string& path) {
  return parse_result_json(shard_text(config, k, n), path);
}

// The message merge_results refuses with; "" if it merges.
std::string refusal(const std::vector<PartialResult>& parts) {
  try {
    merge_results(parts);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

std::string parse_refusal(const std::string& text, const std::string& path) {
  try {
    parse_result_json(text, path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_MENTIONS(message, part) \
  EXPECT_NE(std::string(message).find(part), std::string::npos) << (message)

TEST(MergeRefusal, TheShardsThemselvesMerge) {
  const RunConfig config = base_config();
  EXPECT_EQ(refusal({shard(config, 2, 2, "b"), shard(config, 1, 2, "a")}), "");
}

TEST(MergeRefusal, PartsOfDifferentRuns) {
  const RunConfig config = base_config();
  const PartialResult first = shard(config, 1, 2, "first.json");
  struct Case {
    const char* field;
    RunConfig config;
  };
  std::vector<Case> cases;
  RunConfig other = config;
  other.rules = Rules::tromp_taylor();
  other.rules.komi = config.rules.komi;
  cases.push_back({"rules", other});
  other = config;
  other.width = other.height = 7;
  cases.push_back({"board", other});
  other = config;
  other.rules.komi = 0.5;
  cases.push_back({"komi", other});
  other = config;
  other.seed = 4;
  cases.push_back({"seed", other});
  other = config;
  other.games = 61;
  cases.push_back({"games_requested", other});
  other = config;
  other.max_turns = 20;
  cases.push_back({"max_turns", other});
  for (const Case& c : cases) {
    const std::string message = refusal({first, shard(c.config, 2, 2, "second.json")});
    EXPECT_MENTIONS(message, "second.json");
    EXPECT_MENTIONS(message, "first.json");
    EXPECT_MENTIONS(message, std::string("field '") + c.field + "'");
  }
}

TEST(MergeRefusal, AnotherVersion) {
  const RunConfig config = base_config();
  PartialResult second = shard(config, 2, 2, "second.json");
  second.version = "0.0.0-other";
  const std::string message = refusal({shard(config, 1, 2, "first.json"), second});
  EXPECT_MENTIONS(message, "second.json");
  EXPECT_MENTIONS(message, "field 'version'");
}

TEST(MergeRefusal, MissingShardIsNamed) {
  const RunConfig config = base_config();
  const std::string message =
      refusal({shard(config, 1, 4, "a"), shard(config, 2, 4, "b"), shard(config, 4, 4, "d")});
  EXPECT_MENTIONS(message, "shard 3/4 is missing");
  EXPECT_MENTIONS(message, "games 30 to 44");
}

TEST(MergeRefusal, MissingGamesAtTheEnd) {
  RunConfig config = base_config();
  config.end_game = 50;
  const std::string message = refusal({parse_result_json(result_json(run_selfplay(config)), "p")});
  EXPECT_MENTIONS(message, "games 50 to 59 of 60 missing");
}

TEST(MergeRefusal, ShardGivenTwice) {
  const RunConfig config = base_config();
  const std::string message =
      refusal({shard(config, 1, 3, "a.json"), shard(config, 2, 3, "b.json"),
               shard(config, 2, 3, "b-again.json"), shard(config, 3, 3, "c.json")});
  EXPECT_MENTIONS(message, "shard 2/3 is given twice");
  EXPECT_MENTIONS(message, "b.json");
  EXPECT_MENTIONS(message, "b-again.json");
}

TEST(MergeRefusal, DifferentShardCounts) {
  const RunConfig config = base_config();
  const std::string message =
      refusal({shard(config, 1, 2, "a.json"), shard(config, 2, 3, "b.json")});
  EXPECT_MENTIONS(message, "b.json");
  EXPECT_MENTIONS(message, "field 'shard'");
}

TEST(MergeRefusal, OverlappingParts) {
  const RunConfig config = base_config();
  const PartialResult whole = parse_result_json(result_json(run_selfplay(config)), "whole.json");
  const std::string message = refusal({whole, shard(config, 2, 2, "half.json")});
  EXPECT_MENTIONS(message, "whole.json");
  EXPECT_MENTIONS(message, "half.json");
  EXPECT_MENTIONS(message, "overlap");
  EXPECT_MENTIONS(refusal({whole, whole}), "given twice");
}

TEST(MergeRefusal, InterruptedPart) {
  RunConfig config = base_config();
  config.games = 20000;
  std::atomic<bool> stop{false};
  RunCallbacks callbacks;
  callbacks.on_progress = [&](uint64_t) { stop.store(true); };
  config.batch = 4;
  const RunResult stopped = run_selfplay(config, callbacks, &stop);
  ASSERT_TRUE(stopped.interrupted);
  const std::string message = refusal({parse_result_json(result_json(stopped), "stopped.json")});
  EXPECT_MENTIONS(message, "stopped.json");
  EXPECT_MENTIONS(message, "field 'interrupted'");
}

TEST(MergeRefusal, TruncatedFile) {
  const std::string text = shard_text(base_config(), 1, 2);
  for (size_t cut : {size_t(0), size_t(1), text.size() / 2, text.size() - 3}) {
    const std::string message = parse_refusal(text.substr(0, cut), "cut.json");
    EXPECT_MENTIONS(message, "cut.json");
    EXPECT_MENTIONS(message, "truncated");
  }
}

TEST(MergeRefusal, EditedFile) {
  const std::string text = shard_text(base_config(), 1, 2);
  for (const char* field :
       {"\"black_wins\": ", "\"seed\": ", "\"count\": ", "\"digest_sum\": \""}) {
    std::string edited = text;
    const size_t at = edited.find(field);
    ASSERT_NE(at, std::string::npos) << field;
    char& digit = edited[at + std::string(field).size()];
    digit = digit == '1' ? '2' : '1';
    const std::string message = parse_refusal(edited, "edited.json");
    EXPECT_MENTIONS(message, "edited.json");
    EXPECT_MENTIONS(message, "field 'checksum'");
  }
  std::string no_checksum = text;
  no_checksum.replace(no_checksum.find("\"checksum\""), 10, "\"checksun\"");
  EXPECT_MENTIONS(parse_refusal(no_checksum, "x.json"), "x.json: missing field 'checksum'");
}

}  // namespace
}  // namespace tengen::selfplay
