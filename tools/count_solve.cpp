// `tengen count solve`: tiny boards solved by exhaustive search
// (count/solve.h), one board or a table of every rectangle up to N points
// under each superko rule family. Ctrl-C and SIGTERM stop the search within
// a second (the solver polls the flag every few thousand states) and the
// result, text and JSON, still comes out: the bounds proven so far and the
// table's best line, marked "interrupted", never a value.

#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "core/coords.h"
#include "count/solve.h"
#include "tools/commands.h"
#include "tools/count_run.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

struct SolveOptions {
  CommonOptions common;
  std::string board;
  int table = 0;  // every rectangle of at most this many points
  std::vector<std::string> rules;
  int table_mb = 256;
  uint64_t max_states = 0;
  bool check = false;
  bool no_static_bounds = false;
  bool pass_first = false;
  bool proof = false;
  uint64_t proof_limit = 20'000'000;
  std::string checkpoint;
};

// The rule families the solver takes, in the table's order.
const std::vector<std::string>& rule_families() {
  static const std::vector<std::string> families = {
      "tromp-taylor", "tromp-taylor,suicide=forbidden", "tromp-taylor,ko=situational",
      "tromp-taylor,ko=situational,suicide=forbidden"};
  return families;
}

std::string margin_text(int value) {
  if (value == 0) return "0 (a draw)";
  return fmt::format("{}+{}", value > 0 ? "B" : "W", value > 0 ? value : -value);
}

std::string line_text(int w, int h, const std::vector<Move>& line) {
  const Board board(w, h);
  std::string text;
  for (size_t i = 0; i < line.size(); ++i) {
    const Move& m = line[i];
    text += (i ? " " : "") + std::string(m.color == Color::Black ? "B " : "W ") +
            gtp_vertex(board, m.point);
  }
  return text;
}

// One board under one rule set.
struct Solved {
  int w = 0, h = 0;
  Rules rules;
  count::SolveResult result;
  std::string refused;       // why the solver did not take the board ("" if it did)
  bool interrupted = false;  // stopped by a signal (else by --max-states, if stopped)
  bool proof_asked = false;
  double seconds = 0;
  std::optional<int> reference;
};

nlohmann::ordered_json solved_json(const Solved& s) {
  nlohmann::ordered_json j = {{"width", s.w}, {"height", s.h}, {"rules", s.rules.to_string()}};
  if (!s.refused.empty()) {
    j["refused"] = s.refused;
    return j;
  }
  const count::SolveResult& r = s.result;
  if (r.stopped) {
    j[s.interrupted ? "interrupted" : "state_limit"] = true;
    j["lower"] = r.lower;
    j["upper"] = r.upper;
    j["best_line_so_far"] = line_text(s.w, s.h, r.principal_variation);
  } else {
    j["value"] = r.value;
    j["principal_variation"] = line_text(s.w, s.h, r.principal_variation);
  }
  j["positions"] = r.positions;
  j["states"] = r.nodes;
  j["max_depth"] = r.max_depth;
  j["seconds"] = seconds_json(s.seconds);
  if (s.reference) j["reference"] = *s.reference;
  if (s.proof_asked && !r.stopped) {
    j["proof_checked"] = r.proof_checked;
    j["proof_positions"] = r.proof_nodes;
  }
  return j;
}

void print_solved(const Solved& s) {
  const count::SolveResult& r = s.result;
  fmt::print("{} under {}, komi 0, area scoring\n", size_name(s.w, s.h), s.rules.to_string());
  if (!s.refused.empty()) {
    fmt::print("  not searched: {}\n", s.refused);
    return;
  }
  if (r.stopped) {
    fmt::print("  {}: {} <= value <= {} (proven bounds, Black's area minus White's)\n",
               s.interrupted ? "interrupted" : "state limit reached", r.lower, r.upper);
    fmt::print("  best line so far ({} turns, not a proof): {}\n", r.principal_variation.size(),
               line_text(s.w, s.h, r.principal_variation));
  } else {
    fmt::print("  value: {} (Black's area minus White's under perfect play)\n",
               margin_text(r.value));
    fmt::print("  principal variation ({} turns): {}\n", r.principal_variation.size(),
               line_text(s.w, s.h, r.principal_variation));
  }
  fmt::print("  {} legal positions; {} states searched, {} turns deep at most, in {} s\n",
             r.positions, r.nodes, r.max_depth, seconds_text(s.seconds));
  if (s.reference) {
    fmt::print("  reference model (plain alpha-beta): {}: {}\n", margin_text(*s.reference),
               *s.reference == r.value ? "agrees" : "DIFFERS");
  }
  if (s.proof_asked && !r.stopped) {
    fmt::print("  proof check on the reference model: {} ({} positions played)\n",
               r.proof_checked ? "holds" : "left unfinished at --proof-limit", r.proof_nodes);
  }
}

Solved solve_one(int w, int h, const Rules& rules, const SolveOptions& options, CountRun& job) {
  Solved s;
  s.w = w;
  s.h = h;
  s.rules = rules;
  count::SolveOptions solve_options;
  solve_options.table_megabytes = options.table_mb;
  solve_options.stop = job.stop_flag();
  solve_options.max_nodes = options.max_states;
  solve_options.static_bounds = !options.no_static_bounds;
  solve_options.pass_first = options.pass_first;
  if (options.proof) solve_options.proof_limit = options.proof_limit;
  solve_options.checkpoint = options.checkpoint;
  // The rules are in the summary; the line keeps its columns for the search.
  ProgressReporter line = job.reporter("solve " + size_name(w, h), "states");
  const count::SolveReport report = [&line, w, h](const count::SolveProgress& p) {
    line.update(p.nodes, 0,
                fmt::format("bounds [{}, {}], depth {} (deepest {}); best line: {}; searching: {}",
                            p.lower, p.upper, p.depth, p.max_depth, line_text(w, h, p.line),
                            line_text(w, h, p.searching)));
  };
  const auto t0 = CountClock::now();
  s.result = count::solve(w, h, rules, solve_options, report);
  s.seconds = seconds_since(t0);
  s.interrupted = s.result.stopped && job.interrupted();
  s.proof_asked = options.proof;
  line.finish();
  return s;
}

int run_solve(const SolveOptions& options) {
  std::vector<std::pair<int, int>> sizes;
  if (options.table > 0) {
    if (!options.board.empty())
      throw std::invalid_argument("give a board size or --table, not both");
    if (!options.checkpoint.empty())
      throw std::invalid_argument("--checkpoint takes one board, not --table");
    for (int w = 1; w * w <= options.table; ++w) {
      for (int h = w; w * h <= options.table; ++h) sizes.emplace_back(w, h);
    }
  } else {
    if (options.board.empty()) throw std::invalid_argument("give a board size (WxH) or --table N");
    sizes.push_back(parse_board_size(options.board));
  }
  std::vector<Rules> rule_sets;
  for (const std::string& text :
       options.rules.empty()
           ? (options.table > 0 ? rule_families() : std::vector<std::string>{rule_families()[0]})
           : options.rules) {
    rule_sets.push_back(parse_rules(text, "0"));
  }
  // What the solver refuses, refused before the JSON file is opened: the
  // rules always, the board when there is one.
  for (const Rules& rules : rule_sets) {
    if (options.table > 0) {
      count::check_solvable(1, 1, rules);
    } else {
      count::check_solvable(sizes.front().first, sizes.front().second, rules);
    }
  }
  CountRun job(options.common);
  std::vector<Solved> done;
  bool stopped = false;
  for (const auto& [w, h] : sizes) {
    for (const Rules& rules : rule_sets) {
      if (stopped) break;
      Solved s;
      try {
        s = solve_one(w, h, rules, options, job);
      } catch (const std::invalid_argument& e) {  // past the size limit
        if (options.table == 0) throw;
        s = Solved();
        s.w = w;
        s.h = h;
        s.rules = rules;
        s.refused = e.what();
      }
      // Plain alpha-beta without a table polls no signal: 1x4 and smaller
      // only, where it takes a moment (2x2 is out of its reach; --proof
      // checks every board).
      if (options.check && s.refused.empty() && !s.result.stopped && w * h <= 4 &&
          (w == 1 || h == 1)) {
        s.reference = count::solve_reference(w, h, rules);
      }
      if (job.text()) print_solved(s);
      stopped = job.interrupted();
      done.push_back(std::move(s));
    }
  }
  nlohmann::ordered_json j;
  if (options.table > 0) {
    j = {{"mode", "solve"}, {"table", options.table}};
    j["boards"] = nlohmann::ordered_json::array();
    for (const Solved& s : done) j["boards"].push_back(solved_json(s));
    if (stopped) j["interrupted"] = true;
  } else {
    j = {{"mode", "solve"}};
    j.update(solved_json(done.front()));
  }
  job.write_json(j);
  if (stopped) {
    fmt::print(stderr,
               "tengen count solve: interrupted; the bounds above are proven, the rows before "
               "them complete\n");
    return job.signal_status();
  }
  for (const Solved& s : done) {
    if (s.reference && *s.reference != s.result.value) {
      fmt::print(stderr, "tengen count solve: the reference model's value differs on {}\n",
                 size_name(s.w, s.h));
      return 1;
    }
  }
  return 0;
}

}  // namespace

void add_count_solve(CLI::App* count) {
  auto solve = std::make_shared<SolveOptions>();
  CLI::App* cmd = count->add_subcommand(
      "solve",
      "Solve a tiny board, or every rectangle up to N points (--table N): the margin under "
      "perfect play, komi 0, area scoring");
  cmd->add_option("board", solve->board, "Board size: N or WxH")->check(board_size_check());
  add_int_option(cmd, "--table", solve->table,
                 "Every rectangle of at most N points under each superko rule family", 1, 64);
  cmd->add_option("--rules", solve->rules,
                  "Preset or key=value,...; needs positional or situational superko; may be "
                  "repeated (default: tromp-taylor; with --table, the four superko families)")
      ->check(rules_check());
  add_int_option(cmd, "--table-mb", solve->table_mb, "Transposition table size in MB", 1, 1 << 16)
      ->capture_default_str();
  add_count_option(cmd, "--max-states", solve->max_states,
                   "Stop each solve after about N states, with the bounds proven (0: no limit)");
  cmd->add_flag("--no-static-bounds", solve->no_static_bounds,
                "No bounds from unconditionally alive chains (to measure what they save)");
  cmd->add_flag("--pass-first", solve->pass_first,
                "Try a pass first where the mover's margin already reaches the window");
  cmd->add_flag("--proof", solve->proof,
                "Replay the proof trees of the value on the reference model (it lists the "
                "defender's turns and scores the ends; the solver only picks the prover's turns)");
  add_count_option(cmd, "--proof-limit", solve->proof_limit,
                   "The proof check's limit in reference positions", 1)
      ->capture_default_str();
  cmd->add_option("--checkpoint", solve->checkpoint,
                  "Resume from FILE if it exists; write it when stopped (Ctrl-C, SIGTERM, "
                  "--max-states)");
  cmd->add_flag("--check", solve->check,
                "Solve again by plain alpha-beta on the reference model (1x4 and smaller; --proof "
                "checks every board)");
  add_common_options(cmd, solve->common, false);
  on_run(cmd, [solve] { return run_solve(*solve); });
}

}  // namespace tengen::tools
