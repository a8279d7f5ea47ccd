// `tengen count legal`: the legal positions of a board, or a table of boards
// (count/legal*.h), each by one or more methods, checked against each other
// and OEIS A094777.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "count/legal.h"
#include "count/legal_border.h"
#include "count/published.h"
#include "tools/commands.h"
#include "tools/count_run.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

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
    const auto start = CountClock::now();
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

// The boards to count; throws std::invalid_argument if the options name none
// or a method cannot count one of them.
std::vector<std::pair<int, int>> legal_sizes(const LegalOptions& options) {
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
      throw std::invalid_argument(fmt::format(
          "method {} cannot count {}: engine takes up to {} points, border a shorter side up to "
          "{}, reference up to {} points",
          options.method, size_name(w, h), count::kMaxEnginePoints, count::kMaxBorderWidth,
          count::kMaxReferencePoints));
    }
  }
  return sizes;
}

void print_legal_header() {
  fmt::print(
      "Legal positions (every chain has a liberty). Methods: engine = depth first "
      "with the Board's liberties; border = row-by-row transfer over border states; "
      "reference = all 3^n colourings with the reference model.\n");
  fmt::print("{:>7} {:>6} {:>42}  {:<30} {}\n", "board", "points", "legal positions", "seconds",
             "check");
}

void print_legal_row(const LegalRow& row) {
  std::string times;
  for (size_t i = 0; i < row.counts.size(); ++i) {
    times += (i ? " " : "") + row.counts[i].first + " " + seconds_text(row.seconds[i]);
  }
  std::string check = row.counts.size() > 1 ? (row.agree ? "methods agree" : "METHODS DIFFER") : "";
  if (!row.published.empty()) {
    check +=
        std::string(check.empty() ? "" : "; ") +
        (row.counts.front().second == row.published ? "= OEIS A094777"
                                                    : "DIFFERS FROM OEIS A094777 " + row.published);
  }
  std::string count = row.counts.empty() ? "-" : row.counts.front().second;
  if (!row.agree && row.counts.size() > 1) {
    count.clear();
    for (const auto& [name, value] : row.counts) count += name + "=" + value + " ";
  }
  fmt::print("{:>7} {:>6} {:>42}  {:<30} {}\n", size_name(row.width, row.height),
             row.width * row.height, count, times, check);
  std::fflush(stdout);
}

nlohmann::ordered_json legal_json(const std::vector<LegalRow>& rows, bool all_agree,
                                  bool interrupted) {
  nlohmann::ordered_json boards = nlohmann::ordered_json::array();
  for (const LegalRow& r : rows) {
    nlohmann::ordered_json counts = nlohmann::ordered_json::object();
    nlohmann::ordered_json seconds = nlohmann::ordered_json::object();
    for (size_t k = 0; k < r.counts.size(); ++k) {
      counts[r.counts[k].first] = count_json(r.counts[k].second);
      seconds[r.counts[k].first] = seconds_json(r.seconds[k]);
    }
    nlohmann::ordered_json board = {
        {"width", r.width}, {"height", r.height}, {"points", r.width * r.height},
        {"counts", counts}, {"seconds", seconds}, {"agree", r.agree}};
    if (!r.published.empty()) board["oeis_a094777"] = count_json(r.published);
    boards.push_back(std::move(board));
  }
  nlohmann::ordered_json j = {{"mode", "legal"}, {"agree", all_agree}, {"boards", boards}};
  if (interrupted) j["interrupted"] = true;
  return j;
}

int run_legal(const LegalOptions& options) {
  const std::vector<std::pair<int, int>> sizes = legal_sizes(options);
  CountRun job(options.common);
  if (job.text()) print_legal_header();
  std::vector<LegalRow> rows;
  bool all_agree = true;
  bool interrupted = false;
  for (auto [w, h] : sizes) {
    try {
      rows.push_back(count_legal_row(w, h, options.method, job));
    } catch (const Interrupted&) {
      interrupted = true;
      break;
    }
    all_agree &= rows.back().agree;
    if (job.text()) print_legal_row(rows.back());
  }
  job.write_json(legal_json(rows, all_agree, interrupted));
  if (!all_agree) {
    fmt::print(stderr, "tengen count legal: the counts disagree\n");
    return 1;
  }
  return interrupted ? job.interrupted_status("legal") : 0;
}

}  // namespace

void add_count_legal(CLI::App* count) {
  auto legal = std::make_shared<LegalOptions>();
  CLI::App* cmd = count->add_subcommand(
      "legal", "Count the legal positions of a board (or of every board up to N points)");
  cmd->add_option("board", legal->board, "Board size: N or WxH")->check(board_size_check());
  add_int_option(cmd, "--table", legal->table,
                 "Every board W x H with W <= H and W * H <= N, one row each", 1, 81);
  cmd->add_option(
         "--method", legal->method,
         fmt::format("engine (up to {} points), border (shorter side up to {}), "
                     "reference (up to {} points), all, or auto (engine to 20 points, "
                     "border, reference to 12)",
                     count::kMaxEnginePoints, count::kMaxBorderWidth, count::kMaxReferencePoints))
      ->capture_default_str();
  add_common_options(cmd, legal->common);
  on_run(cmd, [legal] { return run_legal(*legal); });
}

}  // namespace tengen::tools
