// `tengen count perft`: the leaves of the game tree cut at a depth
// (count/perft.h), from the empty board, a diagram or an SGF record, checked
// on request against the reference model.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "core/coords.h"
#include "core/presets.h"
#include "count/perft.h"
#include "formats/sgf.h"
#include "tools/commands.h"
#include "tools/count_run.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

struct PerftOptions {
  CommonOptions common;
  std::vector<std::string> arguments;  // [WxH] DEPTH
  std::string board;
  int depth = 0;
  std::string rules;  // "": the record's with --from, else tromp-taylor
  std::string komi;
  std::string from;
  int moves = -1;
  std::string diagram;
  std::string to_move;  // "": the record's with --from, else black
  bool check = false;
  bool only = false;
};

nlohmann::ordered_json perft_json(const count::PerftCounts& c) {
  return {{"leaves", c.leaves},     {"placements", c.placements}, {"captures", c.captures},
          {"suicides", c.suicides}, {"passes", c.passes},         {"ended", c.ended},
          {"nodes", c.nodes}};
}

Color parse_colour(const std::string& text) {
  if (text == "black" || text == "b" || text == "B") return Color::Black;
  if (text == "white" || text == "w" || text == "W") return Color::White;
  throw std::invalid_argument("bad colour '" + text + "' (black or white)");
}

int parse_depth(const std::string& text) {
  int depth = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || depth > 1000) throw std::invalid_argument("bad depth '" + text + "'");
    depth = depth * 10 + (c - '0');
  }
  if (text.empty() || depth > 64) throw std::invalid_argument("bad depth '" + text + "' (0 to 64)");
  return depth;
}

// Where a perft starts, its rules, and the words for it.
struct PerftSetup {
  count::PerftStart start = count::PerftStart::empty(1, 1);
  Rules rules;
  std::string from = "the empty board";
};

// From the first game of an SGF file: its setup, moves and (unless --rules
// is given) rules.
void start_from_record(const PerftOptions& options, PerftSetup& setup) {
  const formats::SgfRead read = formats::read_sgf_file(options.from);
  if (!read.ok()) throw std::runtime_error(read.error->message());
  if (read.games.empty()) throw std::runtime_error(options.from + ": no game in the file");
  const formats::GameRecord& record = read.games.front();
  for (const formats::SetupStep& step : record.setup) {
    if (step.before_move > 0) {
      throw std::runtime_error(options.from +
                               ": set-up stones after the first move are not supported");
    }
  }
  if (options.rules.empty()) {
    setup.rules = record.rules;
    if (!options.komi.empty()) setup.rules = parse_rules(setup.rules.to_string(), options.komi);
  }
  setup.start = count::PerftStart{record.initial_board(), record.initial_to_move(), record.moves};
  if (options.moves >= 0 && size_t(options.moves) < setup.start.moves.size()) {
    setup.start.moves.resize(size_t(options.moves));
  }
  if (!options.to_move.empty()) {
    throw std::invalid_argument("--to-move goes with --diagram or the empty board, not --from");
  }
  setup.from = fmt::format("{} after {} moves", options.from, setup.start.moves.size());
}

void start_from_diagram(const PerftOptions& options, PerftSetup& setup) {
  std::error_code code;
  if (std::filesystem::is_directory(options.diagram, code)) {
    throw std::runtime_error("cannot read the diagram file '" + options.diagram +
                             "': it is a directory");
  }
  std::ifstream in(options.diagram);
  if (!in) throw std::runtime_error("cannot open the diagram file '" + options.diagram + "'");
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  auto board = parse_diagram(text.str(), &error);
  if (!board) throw std::runtime_error("diagram '" + options.diagram + "': " + error);
  setup.start = count::PerftStart{
      *board, parse_colour(options.to_move.empty() ? "black" : options.to_move), {}};
  setup.from = "the diagram " + options.diagram;
}

// Reads the depth, the start position and the rules; throws
// std::invalid_argument naming what is wrong with the options.
PerftSetup perft_setup(PerftOptions& options) {
  if (options.arguments.size() == 1 && options.from.empty() && options.diagram.empty() &&
      options.arguments.front().find_first_of("xX") != std::string::npos) {
    throw std::invalid_argument("give the depth: tengen count perft WxH DEPTH");
  }
  options.depth = parse_depth(options.arguments.back());
  if (options.arguments.size() == 2) options.board = options.arguments.front();
  if (!options.from.empty() && !options.diagram.empty()) {
    throw std::invalid_argument("give --from or --diagram, not both");
  }
  PerftSetup setup;
  setup.rules = parse_rules(options.rules.empty() ? "tromp-taylor" : options.rules, options.komi);
  if (!options.from.empty()) {
    start_from_record(options, setup);
  } else if (!options.diagram.empty()) {
    start_from_diagram(options, setup);
  } else {
    if (options.board.empty()) throw std::invalid_argument("give a board size (WxH)");
    auto [w, h] = parse_board_size(options.board);
    setup.start = count::PerftStart::empty(w, h);
    setup.start.first_to_move = parse_colour(options.to_move.empty() ? "black" : options.to_move);
  }
  const Board& board = setup.start.setup;
  if (!options.board.empty() && (!options.from.empty() || !options.diagram.empty()) &&
      parse_board_size(options.board) != std::pair<int, int>(board.width(), board.height())) {
    throw std::invalid_argument("the start position is " +
                                size_name(board.width(), board.height()) + ", not " +
                                options.board);
  }
  return setup;
}

void print_perft_header(const PerftOptions& options, const PerftSetup& setup) {
  fmt::print("perft {} to depth {} from {}; rules {}\n",
             size_name(setup.start.setup.width(), setup.start.setup.height()), options.depth,
             setup.from, setup.rules.to_string());
  fmt::print("{:>5} {:>15} {:>15} {:>13} {:>11} {:>13} {:>11} {:>15} {:>8} {:>11}{}\n", "depth",
             "leaves", "placements", "captures", "suicides", "passes", "ended", "nodes", "seconds",
             "nodes/s", options.check ? "  reference" : "");
}

void print_perft_row(int depth, const count::PerftCounts& c, double s,
                     const std::string& reference) {
  fmt::print("{:>5} {:>15} {:>15} {:>13} {:>11} {:>13} {:>11} {:>15} {:>8} {:>11.0f}{}\n", depth,
             c.leaves, c.placements, c.captures, c.suicides, c.passes, c.ended, c.nodes,
             seconds_text(s), s > 0 ? double(c.nodes) / s : 0.0, reference);
  std::fflush(stdout);
}

int run_perft(PerftOptions options) {
  FileCheck check;
  if (!options.from.empty()) check.input("--from", options.from);
  if (!options.diagram.empty()) check.input("--diagram", options.diagram);
  if (!options.common.json.empty()) check.output("--json", options.common.json);
  check.check();
  const PerftSetup setup = perft_setup(options);
  CountRun job(options.common);
  if (job.text()) print_perft_header(options, setup);
  nlohmann::ordered_json depths = nlohmann::ordered_json::array();
  bool all_agree = true, interrupted = false;
  for (int d = options.only ? options.depth : 0; d <= options.depth; ++d) {
    const auto t0 = CountClock::now();
    count::PerftCounts c;
    try {
      ProgressReporter line = job.reporter("perft depth " + std::to_string(d), "tasks");
      c = count::perft(setup.start, setup.rules, d, job.progress(line), job.stop_flag());
    } catch (const count::PerftStopped&) {
      interrupted = true;
      break;
    } catch (const Interrupted&) {
      interrupted = true;
      break;
    }
    const double s = seconds_since(t0);
    nlohmann::ordered_json row = {{"depth", d}};
    row.update(perft_json(c));
    row["seconds"] = seconds_json(s);
    std::string reference;
    if (options.check) {
      const count::PerftCounts r = count::reference_perft(setup.start, setup.rules, d);
      all_agree &= r == c;
      reference = r == c ? "  agrees" : "  DIFFERS: " + perft_json(r).dump();
      row["reference_agrees"] = r == c;
    }
    if (job.text()) print_perft_row(d, c, s, reference);
    depths.push_back(std::move(row));
  }
  nlohmann::ordered_json j = {{"mode", "perft"},
                              {"width", setup.start.setup.width()},
                              {"height", setup.start.setup.height()},
                              {"rules", setup.rules.to_string()},
                              {"depths", depths}};
  if (interrupted) j["interrupted"] = true;
  job.write_json(j);
  if (!all_agree) {
    fmt::print(stderr, "tengen count perft: the reference model's counts differ\n");
    return 1;
  }
  return interrupted ? job.interrupted_status("perft") : 0;
}

}  // namespace

void add_count_perft(CLI::App* count) {
  auto perft = std::make_shared<PerftOptions>();
  CLI::App* cmd = count->add_subcommand(
      "perft", "Count the leaves of the game tree cut at DEPTH turns (moves and passes)");
  cmd->add_option("arguments", perft->arguments,
                  "[WxH] DEPTH: board size (N or WxH; optional with --from or --diagram) and "
                  "turns (0 to 64)")
      ->required()
      ->expected(1, 2);
  cmd->add_option("--rules", perft->rules, "Preset (" + preset_list() + ") or key=value,...")
      ->check(rules_check())
      ->capture_default_str();
  add_komi_option(cmd, perft->komi, "Komi (plays no part in the counts)");
  cmd->add_option("--diagram", perft->diagram,
                  "Start from the position in FILE (rows of X O .), as a set-up position");
  cmd->add_option("--from", perft->from,
                  "Start after the main line of the first game of this SGF file (its "
                  "setup, moves and, unless --rules is given, rules)");
  add_int_option(cmd, "--moves", perft->moves, "With --from: only the first N moves", 0, 1 << 30);
  cmd->add_option("--to-move", perft->to_move,
                  "Who moves first on the empty board or the diagram (default black)");
  cmd->add_flag("--check", perft->check, "Count again on the reference model (slow) and compare");
  cmd->add_flag("--only", perft->only, "Only DEPTH, not every depth up to it");
  add_common_options(cmd, perft->common);
  on_run(cmd, [perft] { return run_perft(*perft); });
}

}  // namespace tengen::tools
