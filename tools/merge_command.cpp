// `tengen merge FILES...`: merges the partial results of a split run (shards
// from `selfplay --shard K/N --json`, in any order) into the report, JSON and
// CSV the one-process run prints and writes, digest included. Refuses, naming the
// file and field, parts of different runs, missing or repeated shards, and
// files that are truncated or were edited.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "selfplay/digest.h"
#include "selfplay/partial_result.h"
#include "selfplay/report.h"
#include "tools/commands.h"
#include "tools/output.h"
#include "tools/selfplay_distributed.h"

namespace tengen::tools {
namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string json;
  std::string csv;
};

// A shard's CSV file: where its document says, or beside the document when
// the shards' files were moved together.
std::string shard_csv(const selfplay::PartialResult& part) {
  if (!part.csv.given()) {
    throw std::runtime_error(part.path +
                             ": field 'csv' is missing: run the shard with --csv to "
                             "merge per-game rows");
  }
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::exists(part.csv.file, error)) return part.csv.file;
  return (fs::path(part.path).parent_path() / fs::path(part.csv.file).filename()).string();
}

// The shards' rows in game order under one header: the one-process CSV.
// Each shard's file must still be the one its document describes.
void write_merged_csv(std::vector<selfplay::PartialResult> parts, Output& out) {
  std::sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) {
    return a.result.config.first_game < b.result.config.first_game;
  });
  out.write(selfplay::csv_header());
  for (const selfplay::PartialResult& part : parts) {
    const std::string path = shard_csv(part);
    const std::string text = read_file(path, "CSV");
    const uint64_t rows = uint64_t(std::count(text.begin(), text.end(), '\n'));
    if (selfplay::digest_bytes(std::span<const uint8_t>(
            reinterpret_cast<const uint8_t*>(text.data()), text.size())) != part.csv.checksum ||
        rows != part.csv.rows + 1 || text.rfind(selfplay::csv_header(), 0) != 0) {
      throw std::runtime_error(path + ": not the CSV file that " + part.path +
                               " describes (field 'csv'): changed, truncated or another run's");
    }
    out.write(std::string_view(text).substr(selfplay::csv_header().size()));
  }
}

void run_merge_command(const MergeOptions& options) {
  // Every input (the shards and their CSV files) and output checked before
  // any output is touched; an output never replaces an input.
  FileCheck check;
  for (const std::string& file : options.files) check.input("the partial result", file);
  if (!options.json.empty()) check.output("--json", options.json);
  if (!options.csv.empty()) check.output("--csv", options.csv);
  check.check();
  std::vector<selfplay::PartialResult> parts;
  for (const std::string& file : options.files) parts.push_back(selfplay::read_result_file(file));
  const selfplay::RunResult merged = selfplay::merge_results(parts);
  if (!options.csv.empty()) {
    for (const auto& part : parts) check.input("the CSV file of " + part.path, shard_csv(part));
    check.check();
  }
  Output json, csv;
  if (!options.json.empty()) json = Output(options.json, "JSON file");
  if (!options.csv.empty()) {
    csv = Output(options.csv, "CSV file");
    write_merged_csv(parts, csv);
  }
  csv.close();
  if (!json.is_stdout() && !csv.is_stdout()) {
    std::fputs(selfplay::summary_text(merged).c_str(), stdout);
  }
  json.write(selfplay::result_json(merged));
  json.close();
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the partial results of a split run (selfplay --shard K/N --json) exactly");
  cmd->add_option("files", options->files, "Partial results (JSON), in any order")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--json", options->json, "Write the merged result as JSON to FILE ('-': stdout)")
      ->type_name("FILE");
  cmd->add_option("--csv", options->csv,
                  "Join the shards' CSV files (selfplay --shard K/N --csv) into FILE, in game "
                  "order")
      ->type_name("FILE");
  cmd->callback([options] { run_merge_command(*options); });
}

}  // namespace tengen::tools
