// `tengen verify FILE|DIR...`: replays every game of every SGF file under the
// rules it states (formats/verify.h) and reports, per file, the first illegal
// move of each game and the captures, then a summary; --json writes the same
// as JSON. Exit status 1 when any game has an illegal move or an impossible
// setup or any file is unreadable.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/verify.h"
#include "tools/commands.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

struct VerifyCommandOptions {
  std::vector<std::string> paths;
  std::string json;
  std::string default_rules = "japanese";
  int threads = 0;
  bool problems_only = false;
  bool timing = false;
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
  verify.threads = options.threads;
  verify.read.default_rules = parse_rules(options.default_rules, "");
  const std::vector<std::string> files = formats::collect_sgf_files(options.paths);
  const formats::VerifyReport report = formats::verify_files(files, verify);
  const bool json_to_stdout = options.json == "-";
  if (!json_to_stdout) {
    const std::string text =
        formats::format_report(options.problems_only ? problems(report) : report, options.timing);
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  if (!options.json.empty()) write_file(options.json, formats::format_report_json(report));
  const formats::VerifySummary& s = report.summary;
  return s.illegal_moves + s.bad_setups + s.unreadable_files > 0 ? 1 : 0;
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
  verify->add_option("--threads", options->threads, "Threads (0: every core)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  verify
      ->add_option("--default-rules", options->default_rules,
                   "Rules for records without a known RU: preset or key=value,...")
      ->capture_default_str();
  verify->add_flag(
      "--problems", options->problems_only,
      "List only files with illegal moves, impossible setups, read errors or warnings");
  verify->add_flag("--timing", options->timing, "Print the time taken and games per second");
  verify->footer(
      "Two passes do not end a replayed game (end=agreement): records often go on after them.\n"
      "Exit status: 0 if every game replays, 1 if any illegal move, impossible setup or\n"
      "unreadable file.");
  verify->callback([options] {
    if (int rc = run_verify(*options); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace tengen::tools
