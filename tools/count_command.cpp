// `tengen count`: exhaustive counts on small boards, compared with independent
// implementations and published results.
//   legal   legal positions of a board, or a table of boards (count/legal*.h)
//   perft   leaves of the game tree cut at a depth (count/perft.h)
//   games   Tromp and Farnebäck's game counts (count/games.h)
//   solve   tiny boards solved by exhaustive search (count/solve.h)
// Results go to stdout (text) and, with --json FILE, to FILE ("-": stdout
// instead of the text); progress goes to stderr.

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/global_control.h>

#include "core/coords.h"
#include "count/games.h"
#include "count/legal.h"
#include "count/legal_border.h"
#include "count/perft.h"
#include "count/published.h"
#include "count/solve.h"
#include "formats/sgf.h"
#include "tools/commands.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/output.h"
#include "tools/progress.h"

namespace tengen::tools {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string format_seconds(double s) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", s);
  return buffer;
}

// Options every mode shares.
struct CommonOptions {
  std::string json;  // file for the JSON result; "-": stdout, instead of the text
  int threads = 0;
  bool no_progress = false;
};

void add_common_options(CLI::App* cmd, CommonOptions& options, bool threads = true) {
  cmd->add_option("--json", options.json, "Write the result as JSON to FILE ('-': stdout)");
  if (threads) add_threads_option(cmd, options.threads);
  cmd->add_flag("--no-progress", options.no_progress, "No progress on stderr");
}

// Limits oneTBB's threads for the lifetime of a run (0: all cores).
std::unique_ptr<tbb::global_control> limit_threads(int threads) {
  if (threads <= 0) return nullptr;
  return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                               size_t(resolve_threads(threads)));
}

// Thrown from a count's progress callback after Ctrl-C or SIGTERM: the
// counts stop through it (oneTBB passes it on to the caller).
struct Interrupted {};

// What every count run sets up before any work: its threads, its JSON output
// (opened now, so a bad path fails at once) and its Ctrl-C/SIGTERM guard.
struct CountRun {
  explicit CountRun(const CommonOptions& o)
      : options(o),
        threads(limit_threads(o.threads)),
        json(o.json.empty() ? Output() : Output(o.json, "JSON file")) {}

  // The text report goes to stdout unless the JSON does.
  bool text() const { return !json.is_stdout(); }
  void write_json(const std::string& text) {
    json.write(text + "\n");
    json.close();
  }
  // Progress of one count, which also stops it on a signal.
  count::Progress progress(ProgressReporter& reporter) const {
    return [this, &reporter](uint64_t done, uint64_t total) {
      if (guard.interrupted()) throw Interrupted{};
      reporter.update(done, total);
    };
  }
  ProgressReporter reporter(const std::string& label, const std::string& unit) const {
    return ProgressReporter(label, unit, !options.no_progress);
  }
  int interrupted_status(const char* mode) const {
    std::fprintf(stderr, "tengen count %s: interrupted; the results above are complete\n", mode);
    return guard.exit_status();
  }

  const CommonOptions& options;
  std::unique_ptr<tbb::global_control> threads;
  Output json;
  InterruptGuard guard;
};

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string size_name(int width, int height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

// ---------------------------------------------------------------------------
// legal

struct LegalOptions {
  CommonOptions common;
  std::string board;
  int table = 0;
  std::string method = "auto";
};

struct LegalRow {
  int width = 0, height = 0;
  std::vector<std::pair<std::string, std::string>> counts;  // method, count
  std::vector<double> seconds;
  bool agree = true;
  std::string published;  // "" if none
};

LegalRow count_legal_row(int width, int height, const std::string& method, const CountRun& job) {
  const int n = width * height;
  const bool automatic = method == "auto", all = method == "all";
  LegalRow row{width, height, {}, {}, true, ""};
  auto run = [&](const std::string& name, auto&& count) {
    const auto start = Clock::now();
    row.counts.emplace_back(name, count());
    row.seconds.push_back(seconds_since(start));
  };
  if (method == "engine" || (all && n <= count::kMaxEnginePoints) || (automatic && n <= 20)) {
    ProgressReporter line = job.reporter("legal " + size_name(width, height) + " engine", "tasks");
    run("engine", [&] {
      return std::to_string(count::count_legal_engine(width, height, job.progress(line)));
    });
  }
  if (method == "border" ||
      ((all || automatic) && std::min(width, height) <= count::kMaxBorderWidth)) {
    run("border", [&] { return count::to_string(count::count_legal_border(width, height)); });
  }
  if (method == "reference" || (all && n <= count::kMaxReferencePoints) || (automatic && n <= 12)) {
    run("reference", [&] { return std::to_string(count::count_legal_reference(width, height)); });
  }
  for (const auto& [name, value] : row.counts) row.agree &= value == row.counts.front().second;
  if (width == height && width <= int(std::size(count::published::kSquareLegal))) {
    row.published = std::string(count::published::kSquareLegal[width - 1]);
    row.agree &= row.counts.empty() || row.counts.front().second == row.published;
  }
  return row;
}

int run_legal(const LegalOptions& options) {
  const std::vector<std::string> methods = {"auto", "all", "engine", "border", "reference"};
  if (std::find(methods.begin(), methods.end(), options.method) == methods.end()) {
    throw std::invalid_argument("unknown method '" + options.method +
                                "' (auto, all, engine, border, reference)");
  }
  std::vector<std::pair<int, int>> sizes;
  if (options.table > 0) {
    if (!options.board.empty())
      throw std::invalid_argument("give a board size or --table, not both");
    for (int w = 1; w * w <= options.table; ++w) {
      for (int h = w; w * h <= options.table && h <= kMaxSide; ++h) sizes.emplace_back(w, h);
    }
  } else {
    if (options.board.empty()) throw std::invalid_argument("give a board size (WxH) or --table N");
    sizes.push_back(parse_board_size(options.board));
  }
  for (auto [w, h] : sizes) {
    const int n = w * h;
    if ((options.method == "engine" && n > count::kMaxEnginePoints) ||
        (options.method == "reference" && n > count::kMaxReferencePoints) ||
        (options.method != "engine" && options.method != "reference" &&
         std::min(w, h) > count::kMaxBorderWidth && n > count::kMaxEnginePoints)) {
      throw std::invalid_argument(
          "method " + options.method + " cannot count " + size_name(w, h) +
          ": engine takes up to " + std::to_string(count::kMaxEnginePoints) +
          " points, border a shorter side up to " + std::to_string(count::kMaxBorderWidth) +
          ", reference up to " + std::to_string(count::kMaxReferencePoints) + " points");
    }
  }
  CountRun job(options.common);
  const bool text = job.text();
  if (text) {
    std::printf(
        "Legal positions (every chain has a liberty). Methods: engine = depth first "
        "with the Board's liberties; border = row-by-row transfer over border states; "
        "reference = all 3^n colourings with the reference model.\n");
    std::printf("%7s %6s %42s  %-30s %s\n", "board", "points", "legal positions", "seconds",
                "check");
  }
  std::vector<LegalRow> rows;
  bool all_agree = true;
  bool interrupted = false;
  for (auto [w, h] : sizes) {
    LegalRow row;
    try {
      row = count_legal_row(w, h, options.method, job);
    } catch (const Interrupted&) {
      interrupted = true;
      break;
    }
    all_agree &= row.agree;
    if (text) {
      std::string times;
      for (size_t i = 0; i < row.counts.size(); ++i) {
        times += (i ? " " : "") + row.counts[i].first + " " + format_seconds(row.seconds[i]);
      }
      std::string check =
          row.counts.size() > 1 ? (row.agree ? "methods agree" : "METHODS DIFFER") : "";
      if (!row.published.empty()) {
        check += std::string(check.empty() ? "" : "; ") +
                 (row.counts.front().second == row.published
                      ? "= OEIS A094777"
                      : "DIFFERS FROM OEIS A094777 " + row.published);
      }
      std::string count = row.counts.empty() ? "-" : row.counts.front().second;
      if (!row.agree && row.counts.size() > 1) {
        count.clear();
        for (const auto& [name, value] : row.counts) count += name + "=" + value + " ";
      }
      std::printf("%7s %6d %42s  %-30s %s\n", size_name(w, h).c_str(), w * h, count.c_str(),
                  times.c_str(), check.c_str());
      std::fflush(stdout);
    }
    rows.push_back(std::move(row));
  }
  if (!options.common.json.empty()) {
    std::ostringstream json;
    json << "{\"mode\": \"legal\", \"agree\": " << (all_agree ? "true" : "false")
         << ", \"boards\": [";
    for (size_t i = 0; i < rows.size(); ++i) {
      const LegalRow& r = rows[i];
      json << (i ? ", " : "") << "{\"width\": " << r.width << ", \"height\": " << r.height
           << ", \"points\": " << r.width * r.height << ", \"counts\": {";
      for (size_t k = 0; k < r.counts.size(); ++k) {
        json << (k ? ", " : "") << json_string(r.counts[k].first) << ": " << r.counts[k].second;
      }
      json << "}, \"seconds\": {";
      for (size_t k = 0; k < r.counts.size(); ++k) {
        json << (k ? ", " : "") << json_string(r.counts[k].first) << ": "
             << format_seconds(r.seconds[k]);
      }
      json << "}, \"agree\": " << (r.agree ? "true" : "false");
      if (!r.published.empty()) json << ", \"oeis_a094777\": " << r.published;
      json << "}";
    }
    json << "]" << (interrupted ? ", \"interrupted\": true" : "") << "}";
    job.write_json(json.str());
  }
  if (!all_agree) {
    std::fprintf(stderr, "tengen count legal: the counts disagree\n");
    return 1;
  }
  return interrupted ? job.interrupted_status("legal") : 0;
}

// ---------------------------------------------------------------------------
// perft

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

std::string perft_json_fields(const count::PerftCounts& c) {
  std::ostringstream out;
  out << "\"leaves\": " << c.leaves << ", \"placements\": " << c.placements
      << ", \"captures\": " << c.captures << ", \"suicides\": " << c.suicides
      << ", \"passes\": " << c.passes << ", \"ended\": " << c.ended << ", \"nodes\": " << c.nodes;
  return out.str();
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

int run_perft(PerftOptions options) {
  if (options.arguments.size() == 1 && options.from.empty() && options.diagram.empty() &&
      options.arguments.front().find_first_of("xX") != std::string::npos) {
    throw std::invalid_argument("give the depth: tengen count perft WxH DEPTH");
  }
  options.depth = parse_depth(options.arguments.back());
  if (options.arguments.size() == 2) options.board = options.arguments.front();
  if (options.depth < 0) throw std::invalid_argument("the depth must be 0 or more");
  if (!options.from.empty() && !options.diagram.empty()) {
    throw std::invalid_argument("give --from or --diagram, not both");
  }
  count::PerftStart start = count::PerftStart::empty(1, 1);
  Rules rules = parse_rules(options.rules.empty() ? "tromp-taylor" : options.rules, options.komi);
  std::string from = "the empty board";
  if (!options.from.empty()) {
    const formats::SgfRead read = formats::read_sgf_file(options.from);
    if (!read.ok()) throw std::invalid_argument(read.error->message());
    if (read.games.empty()) throw std::invalid_argument(options.from + ": no game in the file");
    const formats::GameRecord& record = read.games.front();
    for (const formats::SetupStep& step : record.setup) {
      if (step.before_move > 0) {
        throw std::invalid_argument(options.from +
                                    ": set-up stones after the first move are not supported");
      }
    }
    if (options.rules.empty()) {
      rules = record.rules;
      if (!options.komi.empty()) rules = parse_rules(rules.to_string(), options.komi);
    }
    start = count::PerftStart{record.initial_board(), record.initial_to_move(), record.moves};
    if (options.moves >= 0 && size_t(options.moves) < start.moves.size()) {
      start.moves.resize(size_t(options.moves));
    }
    if (!options.to_move.empty()) {
      throw std::invalid_argument("--to-move goes with --diagram or the empty board, not --from");
    }
    from = options.from + " after " + std::to_string(start.moves.size()) + " moves";
  } else if (!options.diagram.empty()) {
    std::ifstream in(options.diagram);
    if (!in) throw std::runtime_error("cannot open the diagram file '" + options.diagram + "'");
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    auto board = parse_diagram(text.str(), &error);
    if (!board) throw std::invalid_argument("diagram '" + options.diagram + "': " + error);
    start = count::PerftStart{
        *board, parse_colour(options.to_move.empty() ? "black" : options.to_move), {}};
    from = "the diagram " + options.diagram;
  } else {
    if (options.board.empty()) throw std::invalid_argument("give a board size (WxH)");
    auto [w, h] = parse_board_size(options.board);
    start = count::PerftStart::empty(w, h);
    start.first_to_move = parse_colour(options.to_move.empty() ? "black" : options.to_move);
  }
  if (!options.board.empty() && (!options.from.empty() || !options.diagram.empty()) &&
      parse_board_size(options.board) !=
          std::pair<int, int>(start.setup.width(), start.setup.height())) {
    throw std::invalid_argument("the start position is " +
                                size_name(start.setup.width(), start.setup.height()) + ", not " +
                                options.board);
  }
  const int width = start.setup.width(), height = start.setup.height();
  CountRun job(options.common);
  const bool text = job.text();
  if (text) {
    std::printf("perft %s to depth %d from %s; rules %s\n", size_name(width, height).c_str(),
                options.depth, from.c_str(), rules.to_string().c_str());
    std::printf("%5s %15s %15s %13s %11s %13s %11s %15s %8s %11s%s\n", "depth", "leaves",
                "placements", "captures", "suicides", "passes", "ended", "nodes", "seconds",
                "nodes/s", options.check ? "  reference" : "");
  }
  std::ostringstream json;
  json << "{\"mode\": \"perft\", \"width\": " << width << ", \"height\": " << height
       << ", \"rules\": " << json_string(rules.to_string()) << ", \"depths\": [";
  bool all_agree = true, interrupted = false;
  for (int d = options.only ? options.depth : 0; d <= options.depth; ++d) {
    const auto t0 = Clock::now();
    count::PerftCounts c;
    try {
      ProgressReporter line = job.reporter("perft depth " + std::to_string(d), "tasks");
      c = count::perft(start, rules, d, job.progress(line));
    } catch (const Interrupted&) {
      interrupted = true;
      break;
    }
    const double s = seconds_since(t0);
    std::string reference;
    if (options.check) {
      const count::PerftCounts r = count::reference_perft(start, rules, d);
      const bool agree = r == c;
      all_agree &= agree;
      reference = agree ? "  agrees" : "  DIFFERS: " + perft_json_fields(r);
    }
    if (text) {
      std::printf(
          "%5d %15llu %15llu %13llu %11llu %13llu %11llu %15llu %8s %11.0f%s\n", d,
          static_cast<unsigned long long>(c.leaves), static_cast<unsigned long long>(c.placements),
          static_cast<unsigned long long>(c.captures), static_cast<unsigned long long>(c.suicides),
          static_cast<unsigned long long>(c.passes), static_cast<unsigned long long>(c.ended),
          static_cast<unsigned long long>(c.nodes), format_seconds(s).c_str(),
          s > 0 ? double(c.nodes) / s : 0.0, reference.c_str());
      std::fflush(stdout);
    }
    json << (d == (options.only ? options.depth : 0) ? "" : ", ") << "{\"depth\": " << d << ", "
         << perft_json_fields(c) << ", \"seconds\": " << format_seconds(s);
    if (options.check)
      json << ", \"reference_agrees\": " << (reference == "  agrees" ? "true" : "false");
    json << "}";
  }
  json << "]" << (interrupted ? ", \"interrupted\": true" : "") << "}";
  if (!options.common.json.empty()) job.write_json(json.str());
  if (!all_agree) {
    std::fprintf(stderr, "tengen count perft: the reference model's counts differ\n");
    return 1;
  }
  return interrupted ? job.interrupted_status("perft") : 0;
}

// ---------------------------------------------------------------------------
// games

struct GamesOptions {
  CommonOptions common;
  std::string board;
  int max_moves = -1;
  bool check = false;
};

int run_games(const GamesOptions& options) {
  auto [w, h] = parse_board_size(options.board);
  CountRun job(options.common);
  const bool text = job.text();
  const auto t0 = Clock::now();
  uint64_t games = 0;
  try {
    ProgressReporter line = job.reporter("games " + size_name(w, h), "tasks");
    games = count::count_games(w, h, options.max_moves, job.progress(line));
  } catch (const Interrupted&) {
    return job.interrupted_status("games");
  }
  const double s = seconds_since(t0);
  std::optional<uint64_t> reference;
  double reference_seconds = 0;
  if (options.check) {
    const auto t1 = Clock::now();
    reference = count::count_games_reference(w, h, options.max_moves);
    reference_seconds = seconds_since(t1);
  }
  std::optional<uint64_t> published;
  if (w * h == 4 && w == 2 && options.max_moves < 0) published = count::published::kGames2x2;
  const bool agree = (!reference || *reference == games) && (!published || *published == games);
  if (text) {
    std::printf(
        "Games of %s (Tromp and Farnebäck: paths from the empty board that repeat no "
        "position; moves of either colour, passes free)%s\n",
        size_name(w, h).c_str(),
        options.max_moves >= 0
            ? (", at most " + std::to_string(options.max_moves) + " moves").c_str()
            : "");
    std::printf("  %llu games in %s s\n", static_cast<unsigned long long>(games),
                format_seconds(s).c_str());
    if (reference) {
      std::printf("  reference model (explicit colourings): %llu in %s s: %s\n",
                  static_cast<unsigned long long>(*reference),
                  format_seconds(reference_seconds).c_str(),
                  *reference == games ? "agrees" : "DIFFERS");
    }
    if (published) {
      std::printf("  published (Tromp, rec.games.go, 1999): %llu: %s\n",
                  static_cast<unsigned long long>(*published),
                  *published == games ? "agrees" : "DIFFERS");
    }
  }
  if (!options.common.json.empty()) {
    std::ostringstream json;
    json << "{\"mode\": \"games\", \"width\": " << w << ", \"height\": " << h
         << ", \"max_moves\": " << options.max_moves << ", \"games\": " << games
         << ", \"seconds\": " << format_seconds(s);
    if (reference) json << ", \"reference\": " << *reference;
    if (published) json << ", \"published\": " << *published;
    json << ", \"agree\": " << (agree ? "true" : "false") << "}";
    job.write_json(json.str());
  }
  if (!agree) {
    std::fprintf(stderr, "tengen count games: the counts disagree\n");
    return 1;
  }
  return 0;
}

// ---------------------------------------------------------------------------
// solve

struct SolveOptions {
  CommonOptions common;
  std::string board;
  std::string rules = "tromp-taylor";
  int table_mb = 256;
  bool check = false;
};

std::string margin_text(int value) {
  if (value == 0) return "0 (a draw)";
  return (value > 0 ? "B+" : "W+") + std::to_string(value > 0 ? value : -value);
}

int run_solve(const SolveOptions& options) {
  auto [w, h] = parse_board_size(options.board);
  const Rules rules = parse_rules(options.rules, "0");
  CountRun job(options.common);
  const bool text = job.text();
  count::SolveOptions solve_options;
  solve_options.table_megabytes = options.table_mb;
  const auto t0 = Clock::now();
  count::SolveResult result;
  try {
    ProgressReporter line = job.reporter("solve " + size_name(w, h), "states");
    result = count::solve(w, h, rules, solve_options, job.progress(line));
  } catch (const Interrupted&) {
    return job.interrupted_status("solve");
  }
  const double s = seconds_since(t0);
  std::optional<int> reference;
  if (options.check) reference = count::solve_reference(w, h, rules);
  const Board board(w, h);
  std::string line;
  for (size_t i = 0; i < result.principal_variation.size(); ++i) {
    const Move& m = result.principal_variation[i];
    line += (i ? " " : "") + std::string(m.color == Color::Black ? "B " : "W ") +
            gtp_vertex(board, m.point);
  }
  if (text) {
    std::printf("%s solved under %s, komi 0, area scoring\n", size_name(w, h).c_str(),
                rules.to_string().c_str());
    std::printf("  value: %s (Black's area minus White's under perfect play)\n",
                margin_text(result.value).c_str());
    std::printf("  principal variation (%zu turns): %s\n", result.principal_variation.size(),
                line.c_str());
    std::printf(
        "  %d legal positions; %llu states searched in %s s (alpha-beta, transposition "
        "table keyed by position, player, pass and the part of the history that still "
        "matters)\n",
        result.positions, static_cast<unsigned long long>(result.nodes), format_seconds(s).c_str());
    if (reference) {
      std::printf("  reference model (plain alpha-beta): %s: %s\n", margin_text(*reference).c_str(),
                  *reference == result.value ? "agrees" : "DIFFERS");
    }
  }
  if (!options.common.json.empty()) {
    std::ostringstream json;
    json << "{\"mode\": \"solve\", \"width\": " << w << ", \"height\": " << h
         << ", \"rules\": " << json_string(rules.to_string()) << ", \"value\": " << result.value
         << ", \"principal_variation\": " << json_string(line)
         << ", \"positions\": " << result.positions << ", \"states\": " << result.nodes
         << ", \"seconds\": " << format_seconds(s);
    if (reference) json << ", \"reference\": " << *reference;
    json << "}";
    job.write_json(json.str());
  }
  if (reference && *reference != result.value) {
    std::fprintf(stderr, "tengen count solve: the reference model's value differs\n");
    return 1;
  }
  return 0;
}

template <typename Options, typename Run>
void on_run(CLI::App* cmd, std::shared_ptr<Options> options, Run run) {
  cmd->callback([options, run] {
    if (int rc = run(*options); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace

void add_count_command(CLI::App& app) {
  CLI::App* count = app.add_subcommand(
      "count", "Exhaustive counts on small boards: legal positions, move trees, games, values");
  count->require_subcommand(1);

  auto legal = std::make_shared<LegalOptions>();
  CLI::App* legal_cmd = count->add_subcommand(
      "legal", "Count the legal positions of a board (or of every board up to N points)");
  legal_cmd->add_option("board", legal->board, "Board size: N or WxH")->check(board_size_check());
  add_int_option(legal_cmd, "--table", legal->table,
                 "Every board W x H with W <= H and W * H <= N, one row each", 1, 81);
  legal_cmd
      ->add_option("--method", legal->method,
                   "engine (up to " + std::to_string(count::kMaxEnginePoints) +
                       " points), border (shorter side up to " +
                       std::to_string(count::kMaxBorderWidth) + "), reference (up to " +
                       std::to_string(count::kMaxReferencePoints) +
                       " points), all, or auto (engine to 20 points, border, reference "
                       "to 12)")
      ->capture_default_str();
  add_common_options(legal_cmd, legal->common);
  on_run(legal_cmd, legal, run_legal);

  auto perft = std::make_shared<PerftOptions>();
  CLI::App* perft_cmd = count->add_subcommand(
      "perft", "Count the leaves of the game tree cut at DEPTH turns (moves and passes)");
  perft_cmd
      ->add_option("arguments", perft->arguments,
                   "[WxH] DEPTH: board size (N or WxH; optional with --from or --diagram) and "
                   "turns (0 to 64)")
      ->required()
      ->expected(1, 2);
  perft_cmd
      ->add_option("--rules", perft->rules,
                   "Preset (tromp-taylor, japanese, chinese, aga, nz) or key=value,...")
      ->check(rules_check())
      ->capture_default_str();
  add_komi_option(perft_cmd, perft->komi, "Komi (plays no part in the counts)");
  perft_cmd->add_option("--diagram", perft->diagram,
                        "Start from the position in FILE (rows of X O .), as a set-up position");
  perft_cmd->add_option("--from", perft->from,
                        "Start after the main line of the first game of this SGF file (its "
                        "setup, moves and, unless --rules is given, rules)");
  add_int_option(perft_cmd, "--moves", perft->moves, "With --from: only the first N moves", 0,
                 1 << 30);
  perft_cmd->add_option("--to-move", perft->to_move,
                        "Who moves first on the empty board or the diagram (default black)");
  perft_cmd->add_flag("--check", perft->check,
                      "Count again on the reference model (slow) and compare");
  perft_cmd->add_flag("--only", perft->only, "Only DEPTH, not every depth up to it");
  add_common_options(perft_cmd, perft->common);
  on_run(perft_cmd, perft, run_perft);

  auto games = std::make_shared<GamesOptions>();
  CLI::App* games_cmd = count->add_subcommand(
      "games",
      "Count Tromp and Farnebäck's games: paths from the empty board that repeat no "
      "position (boards of up to 4 points)");
  games_cmd->add_option("board", games->board, "Board size: N or WxH")
      ->required()
      ->check(board_size_check());
  add_int_option(games_cmd, "--max-moves", games->max_moves, "Only games of at most N moves", 0,
                 1 << 30);
  games_cmd->add_flag("--check", games->check,
                      "Count again on the reference model with explicit colourings (1x3 or "
                      "smaller, or with a small --max-moves)");
  add_common_options(games_cmd, games->common);
  on_run(games_cmd, games, run_games);

  auto solve = std::make_shared<SolveOptions>();
  CLI::App* solve_cmd = count->add_subcommand(
      "solve", "Solve a tiny board: the margin under perfect play, komi 0, area scoring");
  solve_cmd->add_option("board", solve->board, "Board size: N or WxH")
      ->required()
      ->check(board_size_check());
  solve_cmd
      ->add_option("--rules", solve->rules,
                   "Preset or key=value,...; needs positional or situational superko")
      ->check(rules_check())
      ->capture_default_str();
  add_int_option(solve_cmd, "--table-mb", solve->table_mb, "Transposition table size in MB", 1,
                 1 << 16)
      ->capture_default_str();
  solve_cmd->add_flag("--check", solve->check,
                      "Solve again by plain alpha-beta on the reference model (1x4 or smaller)");
  add_common_options(solve_cmd, solve->common, false);
  on_run(solve_cmd, solve, run_solve);
}

}  // namespace tengen::tools
