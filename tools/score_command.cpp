// `tengen score FILE|DIR...`: scores finished SGF records with dead stones and
// seki estimated by playouts (scoring/record_score.h), under the rules and
// komi each record means (formats/record_rules.h: every inference and warning
// printed) or --rules/--komi, and prints the result beside the record's RE,
// saying where they differ and in which class (formats/record_result.h).
// --json writes it all as JSON; --sgf-out writes each record with TB/TW
// territory markup. Exit status 1 when a file cannot be read or a record does
// not replay (a different result is not an error).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/coords.h"
#include "external/gnugo.h"
#include "external/score_judge.h"
#include "formats/record_result.h"
#include "formats/record_rules.h"
#include "formats/sgf.h"
#include "formats/verify.h"
#include "scoring/conventions.h"
#include "scoring/dead_stones.h"
#include "scoring/record_score.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

using scoring::RecordScore;

struct ScoreCommandOptions {
  std::vector<std::string> paths;
  std::string rules;  // "" : each record's own
  std::string komi;   // "" : each record's own
  std::string default_rules = "japanese";
  std::string json;
  std::string sgf_out;
  std::string gnugo;                     // "" : no comparison; "auto": find it
  std::string dead_stones = "playouts";  // or "gnugo": GNU Go calls them
  std::string convention;                // "" : each record's own
  double gnugo_timeout = 60;             // seconds a record may take GNU Go
  bool no_progress = false;
  scoring::DeadStoneOptions estimate;
};

// TB and TW properties for a record's last node: the points (empty, or
// holding a dead stone) that count as territory.
std::string territory_markup(const RecordScore& g) {
  const Board board(g.width, g.height);
  std::string tb, tw;
  for (int y = 0; y < g.height; ++y) {
    for (int x = 0; x < g.width; ++x) {
      const Point p = board.point(x, y);
      if (g.owner[p] == Color::Black) tb += "[" + sgf_point(board, p) + "]";
      if (g.owner[p] == Color::White) tw += "[" + sgf_point(board, p) + "]";
    }
  }
  return (tb.empty() ? "" : "TB" + tb) + (tw.empty() ? "" : "TW" + tw);
}

// The game's line, then one indented line per inference, warning and
// difference class.
std::string game_line(const RecordScore& g) {
  const std::string where = g.index > 0 ? fmt::format("{} #{}", g.file, g.index + 1) : g.file;
  if (!g.error.empty()) return fmt::format("{}: not scored: {}\n", where, g.error);
  std::string verdict = "same result";
  if (!g.record.margin && g.record.winner == '?') {
    verdict = "no result to compare";
  } else if (!g.record.margin) {
    verdict = g.same_winner ? "same winner" : "DIFFERENT WINNER";
  } else if (!g.same_margin) {
    verdict = fmt::format("DIFFERS by {} ({}){}", format_komi(g.score.margin - *g.record.margin),
                          to_string(g.difference.kind), g.same_winner ? "" : ", DIFFERENT WINNER");
  }
  std::string gnugo;
  if (g.other_dead) {
    gnugo = fmt::format(" | GNU Go dead {}, {} of {} stones agree", g.other_dead->size(),
                        g.stones_agreeing, g.stones);
  }
  std::string text = fmt::format(
      "{}: RE {}{} | {} komi {}, convention {}: estimated {} (B {} W {} neutral {}; dead {}, "
      "seki {}) | {}{}\n",
      where, g.record_result.empty() ? "(none)" : g.record_result,
      g.record.how.empty() ? "" : " (" + g.record.how + ")", g.rules.name,
      format_komi(g.rules.rules.komi), g.convention, g.score.result(), g.score.black, g.score.white,
      g.score.neutral, g.dead.size(), g.seki.size(), verdict, gnugo);
  text += "  convention " + g.convention + ": " + g.convention_from + "\n";
  for (const std::string& line : g.rules.inferences) text += "  " + line + "\n";
  for (const std::string& line : g.rules.warnings) text += "  warning: " + line + "\n";
  if (g.difference.kind != formats::Difference::None) {
    text += fmt::format("  {}: {}\n", to_string(g.difference.kind), g.difference.detail);
  }
  return text;
}

// The records of one file with markup in each last node, as a collection.
std::string marked_up(std::vector<formats::GameRecord> records,
                      const std::vector<RecordScore>& scores) {
  std::string text;
  for (size_t k = 0; k < records.size(); ++k) {
    std::erase_if(records[k].root_extra,
                  [](const formats::SgfProperty& p) { return p.id == "TB" || p.id == "TW"; });
    std::string one = formats::write_sgf(records[k]);
    const size_t close = one.rfind(')');
    if (scores[k].error.empty() && close != std::string::npos) {
      one.insert(close, territory_markup(scores[k]));
    }
    text += one;
  }
  return text;
}

// GNU Go for --gnugo or --dead-stones gnugo, or null. Its rules only set
// legality flags; scoring is ours.
std::unique_ptr<external::GnuGoJudge> start_gnugo(const ScoreCommandOptions& options,
                                                  const formats::RecordRulesOverrides& overrides) {
  if (options.gnugo.empty() && options.dead_stones != "gnugo") return nullptr;
  return std::make_unique<external::GnuGoJudge>(
      options.gnugo, overrides.rules ? *overrides.rules : overrides.default_rules,
      std::chrono::milliseconds(int64_t(options.gnugo_timeout * 1000)));
}

// Where --sgf-out writes a record file's copy: the folder, the same name.
std::string sgf_out_path(const ScoreCommandOptions& options, const std::string& file) {
  return (std::filesystem::path(options.sgf_out) / std::filesystem::path(file).filename()).string();
}

int run_score(const ScoreCommandOptions& options) {
  const formats::RecordRulesOverrides overrides =
      scoring::record_rules_overrides(options.rules, options.komi, options.default_rules);
  if (!options.sgf_out.empty() && !std::filesystem::is_directory(options.sgf_out)) {
    throw std::invalid_argument("--sgf-out: '" + options.sgf_out + "' is not a directory");
  }
  // Every input and output checked before any is touched: --sgf-out never
  // writes over a record read, nor two records to one file.
  const std::vector<std::string> files = input_sgf_files(options.paths);
  FileCheck check;
  for (const std::string& file : files) {
    check.input("the record", file);
    if (!options.sgf_out.empty())
      check.output("--sgf-out (for " + file + ")", sgf_out_path(options, file));
  }
  if (!options.json.empty()) check.output("--json", options.json);
  check.check();
  Output json;
  if (!options.json.empty()) json = Output(options.json, "JSON file");
  std::optional<scoring::Convention> convention;
  if (!options.convention.empty()) convention = *scoring::find_convention(options.convention);
  std::unique_ptr<external::GnuGoJudge> gnugo = start_gnugo(options, overrides);
  // Ctrl-C ends even a long GNU Go call within a tenth of a second.
  InterruptGuard guard;
  if (gnugo) gnugo->set_stop(guard.flag());
  scoring::ScoreFilesHooks hooks;
  if (gnugo && options.dead_stones == "gnugo") {
    hooks.call = [&](const Game& game) { return gnugo->call(game); };
  } else if (gnugo) {
    hooks.compare = [&](const Game& game, RecordScore& g) {
      if (g.width != g.height || g.width > external::kGnuGoMaxSide) return;
      try {
        gnugo->compare(game, g);
      } catch (const external::GtpError& e) {
        // The comparison is an extra: say so and go on (with a fresh GNU Go).
        // A stopped one is not counted (score_files drops the game).
        if (e.failure() != external::GtpFailure::Stopped)
          fmt::print(stderr, "tengen score: GNU Go comparison skipped: {}\n", e.what());
        g.other_dead.reset();
        g.stones = g.stones_agreeing = 0;
      }
    };
  }
  hooks.on_unreadable = [](const formats::SgfError& error) {
    fmt::print(stderr, "tengen score: {}\n", error.message());
  };
  // Progress by files on stderr: a GNU Go judge takes a second or more a record.
  ProgressReporter progress("score", "files", !options.no_progress);
  size_t files_started = 0;
  std::string last_file;
  hooks.on_start = [&](const std::string& file, size_t) {
    if (file != last_file) ++files_started;
    last_file = file;
    progress.update(files_started - 1, files.size(),
                    std::filesystem::path(file).filename().string());
  };
  hooks.on_game = [&](const RecordScore& g) {
    if (options.json != "-") std::fputs(game_line(g).c_str(), stdout);
  };
  if (!options.sgf_out.empty()) {
    hooks.on_file = [&](const std::string& file, const formats::SgfRead& sgf,
                        const std::vector<RecordScore>& scores) {
      write_whole_file(sgf_out_path(options, file), marked_up(sgf.games, scores), "SGF file");
    };
  }
  hooks.stop = guard.flag();
  const scoring::ScoreFiles scored =
      scoring::score_files(files, overrides, options.estimate, hooks, convention);
  progress.update(scored.interrupted ? files_started : files.size(), files.size());
  progress.finish();
  const scoring::ScoreSummary& summary = scored.summary;
  using formats::Difference;
  const std::string summary_text = fmt::format(
      "{} games, {} not scored; {} with rules or komi inferred, {} with a warning; {} with a "
      "winner in RE: same winner {}; {} counted (RE with a number): margin reproduced {}, same "
      "winner {}; the others by class: komi {}, counting {}, parity {}, life and death {}; mean "
      "absolute error of the others {:.2f}; dead stones called by {}\n",
      summary.games, summary.errors, summary.inferred, summary.warned, summary.compared,
      summary.same_winner, summary.counted, summary.exact, summary.counted_same_winner,
      summary.of(Difference::Komi), summary.of(Difference::Counting),
      summary.of(Difference::Parity), summary.of(Difference::LifeAndDeath),
      summary.mean_abs_error(), options.dead_stones == "gnugo" ? "GNU Go" : "playouts");
  if (options.json != "-") {
    std::fputs(summary_text.c_str(), stdout);
    for (const auto& [name, games] : summary.conventions) {
      std::fputs(fmt::format("convention {} ({} games):\n", name, games).c_str(), stdout);
      for (const std::string& rule : scoring::find_convention(name)->rules) {
        std::fputs(("  " + rule + "\n").c_str(), stdout);
      }
    }
  }
  if (hooks.compare && options.json != "-") {
    std::fputs(fmt::format("GNU Go final_status_list dead: {} of {} games agree on every stone, "
                           "{} of {} stones agree\n",
                           summary.other_games_agreeing, summary.other_games,
                           summary.stones_agreeing, summary.stones)
                   .c_str(),
               stdout);
  }
  if (scored.interrupted && options.json != "-") {
    std::fputs(fmt::format("interrupted: {} games scored\n", summary.games).c_str(), stdout);
  }
  if (json.enabled()) {
    nlohmann::json j = scoring::score_report_json(scored, options.estimate, options.dead_stones);
    if (scored.interrupted) j["interrupted"] = true;  // "games": those scored
    json.write(j.dump(2) + "\n");
    json.close();
  }
  if (int(scored.unreadable.size()) + summary.errors > 0) return 1;
  return scored.interrupted ? guard.exit_status() : 0;
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto options = std::make_shared<ScoreCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "score",
      "Score finished SGF records with dead stones estimated by playouts; compare with RE");
  cmd->add_option("paths", options->paths, "SGF files, or directories searched for *.sgf")
      ->required();
  cmd->add_option("--rules", options->rules,
                  "Score under these rules instead of each record's (the record's komi still "
                  "applies unless --komi or komi= is given): preset or key=value,...")
      ->check(rules_check());
  add_komi_option(cmd, options->komi, "Score with this komi instead of each record's");
  add_rules_option(cmd, "--default-rules", options->default_rules,
                   "Rules for records where neither RU, the server nor the komi tells them "
                   "(a warning says so)");
  cmd->add_option("--json", options->json, "Also write everything as JSON to FILE ('-': stdout)");
  cmd->add_option("--sgf-out", options->sgf_out,
                  "Write each file, with TB/TW territory markup, into this directory");
  cmd->add_option("--gnugo", options->gnugo,
                  "Also ask GNU Go (PATH, or 'auto') for final_status_list dead on each final "
                  "position and count the stones and games where it agrees; with --dead-stones "
                  "gnugo, only the program to run");
  cmd->add_option("--dead-stones", options->dead_stones,
                  "Who calls the dead stones and seki: 'playouts' (ours), or 'gnugo' (GNU Go's "
                  "final_status_list dead and seki; square boards up to 19x19; a second or two a "
                  "9x9 game, up to a minute or more a 19x19 one: see --gnugo-timeout)")
      ->check(CLI::IsMember({"playouts", "gnugo"}))
      ->capture_default_str();
  cmd->add_option("--convention", options->convention,
                  "Count every record under this convention (" + scoring::convention_names() +
                      ") instead of its own (KGS's for KGS records, else 'records')")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (const scoring::Convention& c : scoring::conventions()) names.push_back(c.name);
        return names;
      }()));
  cmd->add_option("--gnugo-timeout", options->gnugo_timeout,
                  "Seconds GNU Go may take on one record; a record over it is left unscored, "
                  "with the reason")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  cmd->add_flag("--no-progress", options->no_progress, "No progress on stderr");
  add_int_option(cmd, "--playouts", options->estimate.playouts, "Playouts per position", 1, 1000000)
      ->capture_default_str();
  add_seed_option(cmd, options->estimate.seed, "Seed of the playouts");
  add_threads_option(cmd, options->estimate.threads);
  add_int_option(cmd, "--dead-percent", options->estimate.dead_percent,
                 "A chain is dead when the opponent owns it in more than this % of playouts", 0,
                 100)
      ->capture_default_str();
  cmd->footer(
      "Each record's rules and komi are inferred from RU, KM (6.5, 650 in hundredths, 3.75 in "
      "stones), a komi in RU/GN/EV/GC/C, the server (PC, AP, SO) and the komi; every inference "
      "and every warning is printed.\n"
      "RE with a number (B+3.5, W+0.5, 0, 黑胜3又3/4子) is compared by margin, B+R or W+T by "
      "winner; a different margin is classed: komi, counting, parity or life and death.\n"
      "Exit status: 0 if every record was scored, 1 if a file is unreadable or a record does "
      "not replay;\n130 or 143 when stopped by Ctrl-C or SIGTERM (the games scored so far are "
      "printed and written, the JSON marked \"interrupted\": true).");
  on_run(cmd, [options] {
    options->estimate.threads = resolve_threads(options->estimate.threads);
    return run_score(*options);
  });
}

}  // namespace tengen::tools
