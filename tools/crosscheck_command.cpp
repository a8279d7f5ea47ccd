// `tengen crosscheck`: random light-policy games played on Tengen and on GNU
// Go side by side, comparing legality, stones, captures and settled scores
// (external/crosscheck.h). Exit status 1 on any unexplained disagreement or
// engine error. Ctrl-C or SIGTERM stops at the end of the games in progress
// and reports those finished (exit status 130 or 143).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "external/crosscheck.h"
#include "external/crosscheck_report.h"
#include "external/engine.h"
#include "external/gnugo.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

// Each game runs GNU Go for seconds: more than this is a typing mistake.
constexpr uint64_t kMaxCrosscheckGames = 1'000'000'000;

struct CrosscheckOptions {
  uint64_t games = 20;
  std::vector<std::string> sizes = {"5", "7", "9", "13", "19"};
  std::vector<std::string> rules;
  std::vector<std::string> ko = {"simple", "positional", "situational"};
  std::vector<std::string> suicide = {"forbidden", "multi", "allowed"};
  std::vector<std::string> scoring = {"area", "territory"};
  std::string komi;
  uint64_t seed = 1;
  std::string gnugo;
  std::string engine;
  int threads = 0;
  bool handicap = false;
  int max_moves = 0;
  double timeout = 60;
  std::string json;
  std::string sgf;
  bool no_progress = false;
};

// The rule sets to run: --rules as given, else the product of --ko,
// --suicide and --scoring on the shared defaults.
std::vector<Rules> rule_sets(const CrosscheckOptions& o) {
  std::vector<Rules> result;
  if (!o.rules.empty()) {
    for (const std::string& text : o.rules) result.push_back(parse_rules(text, o.komi));
    return result;
  }
  const Rules base = external::shared_rule_sets().front();
  for (const std::string& scoring : o.scoring) {
    for (const std::string& ko : o.ko) {
      for (const std::string& suicide : o.suicide) {
        Rules rules = base;
        const std::string text = "scoring=" + scoring + ",ko=" + ko + ",suicide=" + suicide;
        std::string error;
        // Rules::parse starts from the default rules; copy only these fields.
        const auto parsed = Rules::parse(text, &error);
        if (!parsed) throw std::invalid_argument(error);
        rules.scoring = parsed->scoring;
        rules.ko = parsed->ko;
        rules.suicide = parsed->suicide;
        if (!o.komi.empty()) rules.komi = parse_rules("tromp-taylor", o.komi).komi;
        result.push_back(rules);
      }
    }
  }
  return result;
}

// Another engine than GNU Go: probed once; the rule sets it cannot be told
// need saying which one it plays under (--rules, once).
void check_engine(const external::CrosscheckConfig& config, const CrosscheckOptions& o) {
  external::Engine engine(config.engine, config.timeout);
  const std::string name = engine.answer_or_empty("name");
  const std::string label = name.empty() ? "'" + engine.command_line() + "'" : name;
  for (const Rules& rules : config.rule_sets) {
    const external::RulesSetting s = external::rules_setting(rules, engine.commands());
    if (s.command == external::RulesCommand::None) {
      if (o.rules.size() != 1) {
        throw std::invalid_argument(
            label +
            " has neither tengen-rules nor kata-set-rules: give the one rule set it plays "
            "under with --rules (e.g. GNU Go's flags --chinese-rules --simple-ko "
            "--forbid-suicide are --rules ko=simple,suicide=forbidden,scoring=area)");
      }
      fmt::print(stderr,
                 "tengen: warning: {} cannot be told the rules; it is taken to play under {}\n",
                 label, rules.to_string());
    } else if (!s.untold.empty()) {
      std::string untold;
      for (const std::string& u : s.untold) untold += (untold.empty() ? "" : ", ") + u;
      fmt::print(stderr, "tengen: warning: {} cannot be told {}\n", label, untold);
    }
  }
  if (config.handicap && !engine.has("fixed_handicap")) {
    throw std::invalid_argument("--handicap: " + label + " has no fixed_handicap");
  }
  for (const std::string& check : external::unanswerable_checks(engine.commands())) {
    fmt::print(stderr, "tengen: {} cannot answer: {}\n", label, check);
  }
}

int run_crosscheck_command(const CrosscheckOptions& o) {
  external::CrosscheckConfig config;
  if (!o.engine.empty()) {
    config.engine = parse_engine_command(o.engine, "--engine");
  } else {
    config.gnugo = external::find_gnugo(o.gnugo);
  }
  if (config.gnugo.empty() && config.engine.empty()) {
    throw std::runtime_error(o.gnugo.empty()
                                 ? "cannot find gnugo (not on PATH nor /usr/games/gnugo); "
                                   "install GNU Go 3.8 or give --gnugo PATH"
                                 : "'" + o.gnugo + "' is not an executable file");
  }
  config.rule_sets = rule_sets(o);
  config.sizes.clear();
  for (const std::string& text : o.sizes) {
    const auto [w, h] = parse_board_size(text);
    if (w != h) throw std::invalid_argument("GNU Go plays only square boards: '" + text + "'");
    config.sizes.push_back(w);
  }
  config.games = o.games;
  config.seed = o.seed;
  config.threads = resolve_threads(o.threads);
  config.vary_komi = o.komi.empty();
  config.handicap = o.handicap;
  config.max_moves = o.max_moves;
  config.timeout = std::chrono::milliseconds(int64_t(o.timeout * 1000));
  external::validate(config);
  if (!config.engine.empty()) {
    try {
      check_engine(config, o);
    } catch (const external::GtpError& error) {
      throw std::runtime_error(std::string("--engine: the engine does not work: ") + error.what());
    }
  }
  check_distinct_outputs({{"--json", o.json}});
  Output json;
  if (!o.json.empty()) json = Output(o.json, "JSON file");
  if (!o.sgf.empty()) prepare_output_dir(o.sgf, "SGF directory");

  const uint64_t total = config.games * config.rule_sets.size();
  ProgressReporter reporter("crosscheck", "games", !o.no_progress);
  const auto progress = [&](uint64_t done) { reporter.update(done, total); };
  InterruptGuard guard;
  const external::CrosscheckReport report =
      external::run_crosscheck(config, progress, guard.flag());
  reporter.finish();

  // With the JSON on stdout ("-") the text report stays out of its way.
  write_reports(external::format_report(report), json, external::report_json(config, report));
  if (!o.sgf.empty()) {
    for (size_t r = 0; r < report.rule_sets.size(); ++r) {
      int n = 0;
      for (const external::Finding& f : report.rule_sets[r].findings) {
        const std::string name =
            "ruleset" + std::to_string(r) + "-" + std::to_string(n++) + "-" +
            std::string(f.known ? to_string(f.difference) : to_string(f.disagreement)) + "-game" +
            std::to_string(f.game) + ".sgf";
        write_whole_file((std::filesystem::path(o.sgf) / name).string(), f.sgf, "SGF file");
      }
    }
  }
  if (!report.clean()) return 1;
  return report.interrupted ? guard.exit_status() : 0;
}

}  // namespace

void add_crosscheck_command(CLI::App& app) {
  auto options = std::make_shared<CrosscheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "crosscheck",
      "Cross-check the rules with GNU Go (or any GTP engine, --engine): random light-policy games "
      "on both engines, comparing "
      "the legality of every point, stones and captures after every move and the score of "
      "settled final positions, for each rule combination both support. Known differences of "
      "GNU Go's rules are named and kept out; any other difference exits with status 1.");
  add_count_option(cmd, "-n,--games", options->games, "games per rule set", 0, kMaxCrosscheckGames);
  cmd->add_option("--sizes", options->sizes, "board sizes, square, 1..19 (game i uses the i-th)")
      ->delimiter(',')
      ->check(board_size_check())
      ->capture_default_str();
  cmd->add_option("--rules", options->rules,
                  "explicit rule sets (preset or key=value list); repeat for several. "
                  "Default: every --ko x --suicide x --scoring combination")
      ->check(rules_check());
  cmd->add_option("--ko", options->ko, "ko rules to combine: simple, positional, situational")
      ->delimiter(',')
      ->check(CLI::IsMember({"simple", "positional", "situational"}))
      ->capture_default_str();
  cmd->add_option("--suicide", options->suicide,
                  "suicide rules to combine: forbidden, multi, allowed")
      ->delimiter(',')
      ->check(CLI::IsMember({"forbidden", "multi", "allowed"}))
      ->capture_default_str();
  cmd->add_option("--scoring", options->scoring, "scorings to combine: area, territory")
      ->delimiter(',')
      ->check(CLI::IsMember({"area", "territory"}))
      ->capture_default_str();
  add_komi_option(cmd, options->komi,
                  "fixed komi, a multiple of 0.5 from -1000 to 1000 (default: varied per game)");
  add_seed_option(cmd, options->seed, "run seed");
  CLI::Option* gnugo =
      cmd->add_option("--gnugo", options->gnugo,
                      "path of the gnugo program (default: gnugo on PATH, else /usr/games/gnugo)");
  cmd->add_option("--engine", options->engine,
                  "compare with this GTP engine instead of GNU Go: its command line (told the "
                  "rules by tengen-rules or kata-set-rules; else give the one rule set it plays "
                  "under with --rules); checks it has no command for are skipped and named")
      ->excludes(gnugo);
  add_threads_option(cmd, options->threads, true);
  cmd->add_flag("--handicap", options->handicap,
                "one game in four on boards from 7x7 up starts with a fixed handicap");
  add_int_option(cmd, "--max-moves", options->max_moves, "move cap per game (0: 20 x area + 200)",
                 0, 1 << 30)
      ->capture_default_str();
  add_seconds_option(cmd, "--timeout", options->timeout, "seconds to wait for any GNU Go answer",
                     0.001, 24 * 3600)
      ->capture_default_str();
  cmd->add_option("--json", options->json, "write the report as JSON to FILE ('-': stdout)");
  cmd->add_option("--sgf", options->sgf,
                  "write the findings' games as SGF files to this directory");
  cmd->add_flag("--no-progress", options->no_progress, "no progress line on stderr");
  on_run(cmd, [options] { return run_crosscheck_command(*options); });
}

}  // namespace tengen::tools
