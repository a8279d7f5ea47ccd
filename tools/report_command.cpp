// `tengen report`: one self-contained HTML page from one or more result
// files written by `tengen selfplay --json`, several overlaid for comparison.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/page.h"
#include "report/result.h"
#include "tools/commands.h"
#include "tools/output.h"

namespace tengen::tools {
namespace {

struct ReportOptions {
  std::vector<std::string> inputs;
  std::string output;
  bool force = false;
};

void run_report_command(const ReportOptions& options) {
  FileCheck check;
  for (const std::string& path : options.inputs) check.input("the result", path);
  check.output("--output", options.output);
  check.check();
  // Refuses to overwrite (without --force) before reading anything.
  Output page(options.output, "HTML file", options.force);
  std::vector<report::Result> results;
  for (const std::string& path : options.inputs) results.push_back(report::read_result(path));
  page.write(report::report_page(results));
  page.close();
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
