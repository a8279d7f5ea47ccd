#include "selfplay/partial_result.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/board.h"
#include "selfplay/json_fields.h"
#include "selfplay/report.h"
#include "tengen/version.h"

namespace tengen::selfplay {
namespace {

using nlohmann::json;

// Timings differ from run to run of the same games; the checksum leaves them
// out so that a merged document equals the one-process one but for them.
constexpr const char* kTimingFields[] = {"seconds", "games_per_second", "moves_per_second"};

std::string checksum_of(json doc) {
  doc.erase("checksum");
  for (const char* field : kTimingFields) doc.erase(field);
  const std::string bytes = doc.dump();
  return digest_hex(digest_bytes(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())));
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw std::runtime_error(path + ": " + why);
}

// The field, 16 hex digits, as a number.
uint64_t hex_field(const JsonFields& in, const std::string& key) {
  const std::string text = in.text(key);
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.size() != 16 || error != std::errc() || end != text.data() + text.size()) {
    in.fail(fmt::format("field '{}' is not 16 hex digits", in.name(key)));
  }
  return value;
}

std::string range_text(uint64_t first, uint64_t end) {
  if (end <= first) return "no games";
  return end - first == 1 ? fmt::format("game {}", first)
                          : fmt::format("games {} to {}", first, end - 1);
}

void read_config(const JsonFields& in, RunConfig& c) {
  c.width = int(in.integer("width", 1, kMaxSide));
  c.height = int(in.integer("height", 1, kMaxSide));
  std::string error;
  const std::optional<Rules> rules = Rules::parse(in.text("rules_settings"), &error);
  if (!rules) in.fail("field 'rules_settings': " + error);
  c.rules = *rules;
  const double komi = in.number("komi");
  if (!parse_komi(format_komi(komi))) in.fail("field 'komi' is not a komi");
  c.rules.komi = komi;
  c.seed = in.unsigned_integer("seed");
  c.games = in.unsigned_integer("games_requested");
  c.threads = int(in.integer("threads", 1, 4096));
  c.max_turns = int(in.integer("max_turns", 1, 1 << 30));
  c.first_game = in.unsigned_integer("first_game");
  c.end_game = in.unsigned_integer("end_game");
  if (c.first_game > c.end_game || c.end_game > c.games) {
    in.fail("fields 'first_game' and 'end_game' are not a range of the run's games");
  }
  c.search.reset();
  if (in.has("player")) {
    const JsonFields player = in.object("player");
    const std::string name = player.text("name");
    if (name == "mcts") {
      search::SearchOptions o;
      o.playouts = player.integer("playouts", 0, int64_t(1) << 40);
      o.seconds = player.number("seconds");
      o.threads = int(player.integer("threads", 1, 1024));
      o.max_nodes = player.integer("max_nodes", 3, int64_t(1) << 31);
      o.exploration = player.number("exploration");
      o.rave_equivalence = player.number("rave_equivalence");
      o.expand_visits = int(player.integer("expand_visits", 1, 1 << 30));
      try {
        search::check_options(o, c.width, c.height);
      } catch (const std::invalid_argument& e) {
        in.fail(std::string("field 'player': ") + e.what());
      }
      c.search = o;
    } else if (name != "random") {
      in.fail("field 'player.name' is '" + name + "': not random or mcts");
    }
  }
}

// Every field of a result document; JsonFields' std::invalid_argument names
// what is wrong, the caller adds the file.
PartialResult read_fields(const json& j) {
  const JsonFields in(j);
  if (in.text("checksum") != checksum_of(j)) {
    in.fail(
        "field 'checksum' does not match the content: the file was changed after "
        "tengen wrote it");
  }
  if (in.unsigned_integer("schema") != uint64_t(kResultSchema)) {
    in.fail(fmt::format("field 'schema' is {}; this tengen reads schema {}", j.at("schema").dump(),
                        kResultSchema));
  }
  PartialResult p;
  p.version = in.text("version");
  if (in.has("shard")) p.shard = parse_shard(in.text("shard"));
  if (in.has("csv")) {
    const JsonFields csv = in.object("csv");
    p.csv.file = csv.text("file");
    p.csv.rows = csv.unsigned_integer("rows");
    p.csv.checksum = hex_field(csv, "checksum");
  }
  RunConfig& c = p.result.config;
  read_config(in, c);
  p.result.interrupted = in.boolean("interrupted");
  p.result.seconds = in.number("seconds");
  const json& sufficient = in.field("sufficient");
  try {
    p.result.stats = Stats::from_json(sufficient, c.width, c.height, c.max_turns);
  } catch (const std::invalid_argument& e) {
    in.fail(std::string("field 'sufficient': ") + e.what());
  }
  const uint64_t games = uint64_t(p.result.stats.games());
  p.result.digest_state =
      RunDigest(in.unsigned_integer("digest_games"), hex_field(in, "digest_sum"));
  p.result.digest = p.result.digest_state.value();
  if (p.result.digest_state.games() != games || in.unsigned_integer("games") != games) {
    in.fail("fields 'games' and 'digest_games' disagree with the statistics");
  }
  if (hex_field(in, "digest") != p.result.digest) {
    in.fail("field 'digest' does not match 'digest_sum'");
  }
  if (p.shard.given() && shard_range(c.games, p.shard) != std::pair(c.first_game, c.end_game)) {
    in.fail("fields 'first_game' and 'end_game' are not the range of shard " + p.shard.name());
  }
  const uint64_t asked = c.end_game - c.first_game;
  if (p.result.interrupted ? games >= asked : games != asked) {
    in.fail(fmt::format("field 'games' is {} for a range of {} games", games, asked));
  }
  return p;
}

}  // namespace

std::string Shard::name() const {
  return fmt::format("{}/{}", index, count);
}

Shard parse_shard(const std::string& text) {
  const size_t slash = text.find('/');
  Shard shard;
  auto number = [&](std::string_view part, uint64_t& out) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && error == std::errc() && end == part.data() + part.size();
  };
  const std::string_view view(text);
  if (slash == std::string::npos || !number(view.substr(0, slash), shard.index) ||
      !number(view.substr(slash + 1), shard.count)) {
    throw std::invalid_argument("shard '" + text + "' is not K/N (for example 3/8)");
  }
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) {
    throw std::invalid_argument("shard '" + text + "': K must be 1 to N");
  }
  return shard;
}

std::pair<uint64_t, uint64_t> shard_range(uint64_t games, Shard shard) {
  if (!shard.given()) return {0, games};
  // floor(games * k / n) without overflow: games = q * n + r.
  const uint64_t q = games / shard.count, r = games % shard.count;
  auto start = [&](uint64_t k) { return q * k + r * k / shard.count; };
  return {start(shard.index - 1), start(shard.index)};
}

std::string result_json(const RunResult& result, Shard shard, const CsvRecord& csv) {
  json j = json::parse(summary_json(result));
  const RunConfig& c = result.config;
  j["schema"] = kResultSchema;
  j["first_game"] = c.first_game;
  j["end_game"] = c.range_end();
  if (shard.given()) j["shard"] = shard.name();
  if (csv.given()) {
    j["csv"] = {{"file", csv.file}, {"rows", csv.rows}, {"checksum", digest_hex(csv.checksum)}};
  }
  j["sufficient"] = result.stats.to_json();
  j["digest_games"] = result.digest_state.games();
  j["digest_sum"] = digest_hex(result.digest_state.sum());
  j["checksum"] = checksum_of(j);
  return j.dump(2) + "\n";
}

PartialResult parse_result_json(const std::string& text, const std::string& path) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    refuse(path, fmt::format("not a complete JSON document (truncated?) at byte {}", e.byte));
  }
  if (!j.is_object()) refuse(path, "not a tengen result (not a JSON object)");
  try {
    PartialResult p = read_fields(j);
    p.path = path;
    return p;
  } catch (const std::invalid_argument& e) {
    refuse(path, e.what());
  }
}

PartialResult read_result_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw std::runtime_error(path + ": reading the file failed");
  return parse_result_json(text.str(), path);
}

std::string run_mismatch(const PartialResult& a, const PartialResult& b) {
  const RunConfig &x = a.result.config, &y = b.result.config;
  auto differ = [](const char* name, const std::string& here, const std::string& there) {
    return fmt::format("field '{}' is {} here and {} there", name, here, there);
  };
  if (a.version != b.version) return differ("version", a.version, b.version);
  if (x.width != y.width || x.height != y.height) {
    return differ("board", board_name(x.width, x.height), board_name(y.width, y.height));
  }
  Rules rx = x.rules, ry = y.rules;
  rx.komi = ry.komi = 0;
  if (!(rx == ry)) return differ("rules", rules_name(x.rules), rules_name(y.rules));
  if (x.rules.komi != y.rules.komi) {
    return differ("komi", format_komi(x.rules.komi), format_komi(y.rules.komi));
  }
  if (x.seed != y.seed) return differ("seed", std::to_string(x.seed), std::to_string(y.seed));
  if (x.games != y.games) {
    return differ("games_requested", std::to_string(x.games), std::to_string(y.games));
  }
  if (x.max_turns != y.max_turns) {
    return differ("max_turns", std::to_string(x.max_turns), std::to_string(y.max_turns));
  }
  // The player: the same one with the same budget and constants.
  const nlohmann::json px = player_json(x), py = player_json(y);
  if (px != py) {
    if (px["name"] != py["name"]) {
      return differ("player", px["name"].get<std::string>(), py["name"].get<std::string>());
    }
    for (const auto& [key, value] : px.items()) {
      if (value != py.at(key))
        return differ(("player." + key).c_str(), value.dump(), py.at(key).dump());
    }
  }
  return "";
}

void accumulate(RunResult& into, const RunResult& part) {
  into.stats.merge(part.stats);
  into.digest_state.merge(part.digest_state);
  into.digest = into.digest_state.value();
  into.seconds += part.seconds;
}

namespace {

// Every part is of the same run as the first and finished.
void check_same_run(const std::vector<PartialResult>& parts) {
  const PartialResult& head = parts.front();
  for (const PartialResult& p : parts) {
    if (p.version != TENGEN_VERSION) {
      refuse(p.path,
             fmt::format("field 'version' is {}; this is tengen {}", p.version, TENGEN_VERSION));
    }
    if (const std::string why = run_mismatch(p, head); !why.empty()) {
      refuse(p.path, why + " (" + head.path + ")");
    }
    if (p.shard.given() && head.shard.given() && p.shard.count != head.shard.count) {
      refuse(p.path, fmt::format("field 'shard' is {} here and {} there ({})", p.shard.name(),
                                 head.shard.name(), head.path));
    }
    if (p.result.interrupted) {
      refuse(p.path, fmt::format("field 'interrupted': it stopped after {} of its {} games; "
                                 "finish it with --resume first",
                                 p.result.stats.games(),
                                 p.result.config.end_game - p.result.config.first_game));
    }
  }
}

// No shard twice; when every part is a shard, every shard is there.
// `parts` in index order, so the messages do not depend on the argument order.
void check_shards(const std::vector<PartialResult>& parts) {
  const uint64_t games = parts.front().result.config.games;
  const uint64_t shard_count = parts.front().shard.count;
  std::map<uint64_t, const PartialResult*> shards;
  bool all_shards = true;
  for (const PartialResult& p : parts) {
    all_shards &= p.shard.given();
    if (!p.shard.given()) continue;
    const auto [at, fresh] = shards.emplace(p.shard.index, &p);
    if (!fresh) {
      throw std::runtime_error(fmt::format("shard {} is given twice: {} and {}", p.shard.name(),
                                           at->second->path, p.path));
    }
  }
  if (all_shards) {
    for (uint64_t k = 1; k <= shard_count; ++k) {
      if (shards.count(k)) continue;
      const auto [first, end] = shard_range(games, Shard{k, shard_count});
      throw std::runtime_error(fmt::format("shard {}/{} is missing ({} of {})", k, shard_count,
                                           range_text(first, end), games));
    }
  }
}

}  // namespace

RunResult merge_results(std::vector<PartialResult> parts) {
  if (parts.empty()) throw std::runtime_error("no results to merge");
  check_same_run(parts);
  const uint64_t games = parts.front().result.config.games;
  // Ranges in index order: then overlaps and gaps are between neighbours.
  // Ties broken by path, so the messages do not depend on the argument order.
  std::sort(parts.begin(), parts.end(), [](const PartialResult& a, const PartialResult& b) {
    const auto &x = a.result.config, &y = b.result.config;
    return std::tie(x.first_game, x.end_game, a.path) < std::tie(y.first_game, y.end_game, b.path);
  });
  check_shards(parts);
  RunResult merged;
  merged.config = parts.front().result.config;
  merged.config.first_game = 0;
  merged.config.end_game = RunConfig::kAllGames;
  merged.stats = Stats(merged.config.width, merged.config.height, merged.config.max_turns);
  uint64_t covered = 0;
  const PartialResult* previous = nullptr;
  for (const PartialResult& p : parts) {
    const RunConfig& c = p.result.config;
    if (c.first_game < covered) {
      const RunConfig& d = previous->result.config;
      if (c.first_game == d.first_game && c.end_game == d.end_game) {
        throw std::runtime_error(fmt::format("{} given twice: {} and {}",
                                             range_text(c.first_game, c.end_game), previous->path,
                                             p.path));
      }
      throw std::runtime_error(
          fmt::format("{} and {} overlap: both hold {}", previous->path, p.path,
                      range_text(c.first_game, std::min(covered, c.end_game))));
    }
    if (c.first_game > covered) {
      throw std::runtime_error(
          fmt::format("{} of {} missing", range_text(covered, c.first_game), games));
    }
    accumulate(merged, p.result);
    if (c.end_game > covered) {
      covered = c.end_game;
      previous = &p;
    }
  }
  if (covered < games) {
    throw std::runtime_error(fmt::format("{} of {} missing", range_text(covered, games), games));
  }
  return merged;
}

}  // namespace tengen::selfplay
