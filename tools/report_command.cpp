// `tengen report`: one self-contained HTML page from one or more result
// files written by `tengen selfplay --json`, several overlaid for comparison.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/output_file.h"
#include "report/page.h"
#include "report/result.h"
#include "tools/commands.h"

namespace tengen::tools {
namespace {

struct ReportOptions {
  std::vector<std::string> inputs;
  std::string output;
  bool force = false;
};

void run_report_command(const ReportOptions& options) {
  // Refuse to overwrite before reading anything: the cheap check first.
  if (!options.force && std::filesystem::exists(options.output)) {
    throw std::runtime_error("'" + options.output + "' exists; use --force to overwrite it");
  }
  std::vector<report::Result> results;
  for (const std::string& path : options.inputs) results.push_back(report::read_result(path));
  report::write_new_file(options.output, report::report_page(results), options.force);
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "report",
      "Write an HTML report (inline SVG, no scripts) of self-play results (--json files)");
  cmd->add_option("results", options->inputs, "Result files written by `tengen selfplay --json`")
      ->required()
      ->type_name("RESULT.json");
  cmd->add_option("-o,--output", options->output, "The HTML file to write")
      ->required()
      ->type_name("FILE");
  cmd->add_flag("--force", options->force, "Overwrite the output file if it exists");
  cmd->callback([options] { run_report_command(*options); });
}

}  // namespace tengen::tools
