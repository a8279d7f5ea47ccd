// `tengen verify FILE|DIR...`: replays every game of every SGF file under the
// rules it states (formats/verify.h) and reports, per file, the first illegal
// move of each game and the captures, then a summary; --json writes the same
// as JSON. Exit status 1 when any game has an illegal move or an impossible
// setup or any file is unreadable. Ctrl-C or SIGTERM stops after the files in
// progress and reports those verified (exit status 130 or 143).
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "formats/verify.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

struct VerifyCommandOptions {
  std::vector<std::string> paths;
  std::string json;
  std::string default_rules = "japanese";
  int threads = 0;
  bool problems_only = false;
  bool timing = false;
  bool no_progress = false;
};

// Keeps only the files with something to say.
formats::VerifyReport problems(const formats::VerifyReport& report) {
  formats::VerifyReport out = report;
  out.files.clear();
  for (const formats::FileVerdict& f : report.files) {
    bool keep = f.error.has_value();
    for (const formats::GameVerdict& g : f.games) {
      keep = keep || g.illegal || !g.setup_error.empty() || !g.warnings.empty();
    }
    if (keep) out.files.push_back(f);
  }
  return out;
}

int run_verify(const VerifyCommandOptions& options) {
  formats::VerifyOptions verify;
  verify.threads = resolve_threads(options.threads);
  verify.read.default_rules = parse_rules(options.default_rules, "");
  const std::vector<std::string> files = input_sgf_files(options.paths);
  FileCheck check;
  for (const std::string& file : files) check.input("the record", file);
  if (!options.json.empty()) check.output("--json", options.json);
  check.check();
  Output json;
  if (!options.json.empty()) json = Output(options.json, "JSON file");
  ProgressReporter reporter("verify", "files", !options.no_progress);
  verify.progress = [&](size_t done, size_t total) { reporter.update(done, total); };
  InterruptGuard guard;
  verify.stop = guard.flag();
  const formats::VerifyReport report = formats::verify_files(files, verify);
  reporter.finish();
  std::string text =
      formats::format_report(options.problems_only ? problems(report) : report, options.timing);
  if (report.interrupted) {
    text +=
        fmt::format("interrupted: {} of {} files verified\n", report.files.size(), files.size());
  }
  write_reports(text, json, formats::format_report_json(report));
  const formats::VerifySummary& s = report.summary;
  if (s.illegal_moves + s.bad_setups + s.unreadable_files > 0) return 1;
  return report.interrupted ? guard.exit_status() : 0;
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto options = std::make_shared<VerifyCommandOptions>();
  CLI::App* verify = app.add_subcommand(
      "verify",
      "Replay SGF game records under the rules they state; report illegal moves and captures");
  verify->add_option("paths", options->paths, "SGF files, or directories searched for *.sgf")
      ->required();
  verify->add_option("--json", options->json,
                     "Also write the report as JSON to FILE ('-': stdout)");
  add_threads_option(verify, options->threads);
  add_rules_option(verify, "--default-rules", options->default_rules,
                   "Rules for records without a known RU: preset or key=value,...");
  verify->add_flag("--no-progress", options->no_progress, "No progress on stderr");
  verify->add_flag(
      "--problems", options->problems_only,
      "List only files with illegal moves, impossible setups, read errors or warnings");
  verify->add_flag("--timing", options->timing, "Print the time taken and games per second");
  verify->footer(
      "Two passes do not end a replayed game (end=agreement): records often go on after them.\n"
      "Exit status: 0 if every game replays, 1 if any illegal move, impossible setup or\n"
      "unreadable file; 130 or 143 when stopped by Ctrl-C or SIGTERM.");
  on_run(verify, [options] { return run_verify(*options); });
}

}  // namespace tengen::tools
