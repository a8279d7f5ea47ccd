// `tengen merge FILES...`: merges the partial results of a split run (shards
// from `selfplay --shard K/N --json`, in any order) into the report and JSON
// the one-process run prints and writes, digest included. Refuses, naming the
// file and field, parts of different runs, missing or repeated shards, and
// files that are truncated or were edited.
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "selfplay/partial_result.h"
#include "selfplay/report.h"
#include "tools/commands.h"

namespace tengen::tools {
namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string json;
};

void run_merge_command(const MergeOptions& options) {
  std::vector<selfplay::PartialResult> parts;
  for (const std::string& file : options.files) parts.push_back(selfplay::read_result_file(file));
  const selfplay::RunResult merged = selfplay::merge_results(std::move(parts));
  std::ofstream json;
  if (!options.json.empty()) {
    json.open(options.json, std::ios::out | std::ios::trunc | std::ios::binary);
    if (!json) throw std::runtime_error("cannot write the JSON file '" + options.json + "'");
  }
  std::fputs(selfplay::summary_text(merged).c_str(), stdout);
  std::fflush(stdout);
  if (json.is_open()) {
    json << selfplay::result_json(merged);
    json.close();
    if (!json) throw std::runtime_error("writing the JSON file '" + options.json + "' failed");
  }
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the partial results of a split run (selfplay --shard K/N --json) exactly");
  cmd->add_option("files", options->files, "Partial results (JSON), in any order")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--json", options->json, "Write the merged result as JSON to FILE")
      ->type_name("FILE");
  cmd->callback([options] { run_merge_command(*options); });
}

}  // namespace tengen::tools
