// `tengen fuzz`: differential fuzzing of the fast engine and the playout
// kernel against the reference model on every core (differential/run.h), for
// a time or case budget.
// On a divergence the case is shrunk and written as SGF; exit status 1.
// Ctrl-C or SIGTERM stops at the end of the cases in progress (exit 130/143).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include <fmt/core.h>

#include "differential/run.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

struct FuzzOptions {
  differential::RunConfig run;  // --seed, --seconds, --cases, --threads
  uint64_t only_case = 0;       // --case, when has_only_case
  bool has_only_case = false;
  std::string out = ".";
  std::string json;
  bool no_progress = false;
};

// Ten years: more is a mistake, not a budget.
constexpr double kMaxSeconds = 10.0 * 365 * 24 * 3600;

std::string failure_path(const FuzzOptions& o, const differential::Failure& f) {
  return (std::filesystem::path(o.out) / ("tengen-fuzz-seed" + std::to_string(o.run.seed) +
                                          "-case" + std::to_string(f.index) + ".sgf"))
      .string();
}

std::string result_json(const FuzzOptions& o, const differential::RunResult& r) {
  nlohmann::ordered_json j = {{"seed", o.run.seed},
                              {"cases", r.cases},
                              {"steps", r.steps},
                              {"legality_answers", r.checks},
                              {"score_comparisons", r.scores},
                              {"seconds", r.seconds},
                              {"interrupted", r.interrupted}};
  if (r.failure) {
    const differential::Failure& f = *r.failure;
    j["divergence"] = {{"case", f.index},
                       {"kind", f.original_divergence.kind},
                       {"step", f.original_divergence.step},
                       {"what", f.original_divergence.what},
                       {"shrunk_steps", f.shrunk.steps.size()},
                       {"shrunk_kind", f.divergence.kind},
                       {"shrunk_step", f.divergence.step},
                       {"shrunk_what", f.divergence.what},
                       {"sgf", failure_path(o, f)}};
  } else {
    j["divergence"] = nullptr;
  }
  return j.dump(2) + "\n";
}

int run_fuzz_command(const FuzzOptions& o) {
  differential::RunConfig config = o.run;
  config.threads = resolve_threads(config.threads);
  if (o.has_only_case) config.only_case = o.only_case;
  if (config.cases == 0 && config.seconds == 0 && !config.only_case) config.seconds = 60;
  differential::validate(config);
  check_distinct_outputs({{"--json", o.json}});
  Output json;
  if (!o.json.empty()) json = Output(o.json, "JSON file");
  prepare_output_dir(o.out, "--out directory");

  ProgressReporter reporter("fuzz", "cases", !o.no_progress);
  const auto progress = [&](const differential::Progress& p) {
    reporter.update(p.cases, config.cases,
                    std::to_string(p.checks) + " checks" + (p.failed ? ", divergence found" : ""));
  };
  differential::RunResult result;
  InterruptGuard guard;
  result = differential::run_cases(config, progress, guard.flag());
  reporter.finish();

  std::string text;
  text += fmt::format(
      "tengen fuzz: seed {}, {} cases, {} steps, {} legality answers and {} score comparisons, "
      "{:.1f} s{}\n",
      o.run.seed, result.cases, result.steps, result.checks, result.scores, result.seconds,
      result.interrupted ? " (interrupted)" : "");
  if (result.failure) {
    const differential::Failure& f = *result.failure;
    const std::string path = failure_path(o, f);
    write_whole_file(path, differential::failure_sgf(f, o.run.seed), "failure's SGF file");
    text += "DIVERGENCE in case " + std::to_string(f.index) + " (" + f.original_divergence.kind +
            " at step " + std::to_string(f.original_divergence.step) +
            "): " + f.original_divergence.what + "\n";
    text += "shrunk from " + std::to_string(f.original.steps.size()) + " to " +
            std::to_string(f.shrunk.steps.size()) + " steps: " + f.divergence.kind + " at step " +
            std::to_string(f.divergence.step) + ": " + f.divergence.what + "\n" +
            differential::describe(f.shrunk);
    text += "written to " + path + "; reproduce with: tengen fuzz --seed " +
            std::to_string(o.run.seed) + " --case " + std::to_string(f.index) + "\n";
  } else {
    text += "no divergence between the fast engine or the playout kernel and the reference model\n";
  }
  // With the JSON on stdout ("-") the text report stays out of its way.
  write_reports(text, json, result_json(o, result));
  if (result.failure) return 1;
  return result.interrupted ? guard.exit_status() : 0;
}

}  // namespace

void add_fuzz_command(CLI::App& app) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* cmd = app.add_subcommand(
      "fuzz",
      "Differential fuzzing: random rules, board sizes and move sequences played on the fast "
      "engine and the reference model side by side, on every core, comparing the legality of "
      "every point, the state and the score at every step. A divergence is shrunk, written as "
      "SGF and exits with status 1. Case i depends on (seed, i) alone.");
  add_seed_option(cmd, options->run.seed, "run seed");
  add_seconds_option(cmd, "--seconds", options->run.seconds,
                     "time budget in seconds (default 60 when no --cases is given)", 0,
                     kMaxSeconds);
  add_count_option(cmd, "--cases", options->run.cases, "case budget (0: none)");
  add_count_option(cmd, "--case", options->only_case, "run (and shrink) this case alone")
      ->each([options](const std::string&) { options->has_only_case = true; });
  add_threads_option(cmd, options->run.threads, true);
  cmd->add_option("--out", options->out, "directory for the failure's SGF")->capture_default_str();
  cmd->add_option("--json", options->json, "write the result as JSON to FILE ('-': stdout)")
      ->type_name("FILE");
  cmd->add_flag("--no-progress", options->no_progress, "no progress on stderr");
  on_run(cmd, [options] { return run_fuzz_command(*options); });
}

}  // namespace tengen::tools
