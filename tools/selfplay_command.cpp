// `tengen selfplay`: many light playouts on every core, turned into
// statistics (stdout, --json), one CSV row per game (--csv) and the first
// games as SGF files (--sgf). Ctrl-C stops cleanly: the games finished so far
// are summarised and written as usual (exit status 130).
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/board.h"
#include "report/output_file.h"
#include "report/page.h"
#include "report/result.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "selfplay/sgf_writer.h"
#include "tools/commands.h"
#include "tools/options.h"
#include "tools/selfplay_distributed.h"

namespace tengen::tools {
namespace {

struct SelfplayOptions {
  std::string board = "9";
  std::string rules = "tromp-taylor";
  std::string komi;
  uint64_t games = 100000;
  uint64_t seed = 1;
  int threads = 0;
  int max_turns = 0;
  std::string json;
  std::string csv;
  std::string sgf;
  uint64_t sgf_games = 10;
  bool no_progress = false;
  std::string html;
  bool force = false;
  DistributedOptions distributed;  // --shard, --checkpoint, --resume, mpirun
};

// Set by the SIGINT handler; an always-lock-free atomic is safe to store to
// from a signal handler.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_sigint(int) {
  interrupted.store(true, std::memory_order_relaxed);
}

// Installs the handler for one run and restores the previous one after it.
// SA_RESETHAND: a second Ctrl-C ends the process at once.
class SigintGuard {
 public:
  SigintGuard() {
    interrupted.store(false);
    struct sigaction action = {};
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &previous_);
  }
  ~SigintGuard() { sigaction(SIGINT, &previous_, nullptr); }
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

 private:
  struct sigaction previous_ = {};
};

std::ofstream open_output(const std::string& path, const char* what) {
  std::ofstream out(path, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!out)
    throw std::runtime_error(std::string("cannot write the ") + what + " file '" + path + "'");
  return out;
}

// Makes the SGF directory if needed and proves it writable with a probe file.
void prepare_sgf_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(dir, error);
  if (!fs::is_directory(dir, error)) {
    throw std::runtime_error("cannot use '" + dir + "' as the SGF directory");
  }
  const fs::path probe = fs::path(dir) / ".tengen-write-probe";
  {
    std::ofstream out(probe);
    if (!out) throw std::runtime_error("cannot write SGF files in '" + dir + "'");
  }
  fs::remove(probe, error);
}

std::string duration_text(double seconds) {
  const long s = long(seconds + 0.5);
  char buffer[32];
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld", s / 60, s % 60);
  }
  return buffer;
}

// A one-line progress bar on stderr, redrawn at most ten times a second.
class ProgressBar {
 public:
  explicit ProgressBar(uint64_t total) : total_(total), start_(Clock::now()), last_(start_) {}

  void update(uint64_t done) {
    const auto now = Clock::now();
    if (done < total_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? double(done) / elapsed : 0.0;
    const double fraction = total_ ? double(done) / double(total_) : 1.0;
    const int filled = int(fraction * 30);
    std::string bar(size_t(filled), '=');
    bar.resize(30, ' ');
    const std::string eta = rate > 0 ? duration_text(double(total_ - done) / rate) : "?";
    std::fprintf(stderr, "\r[%s] %5.1f%% %llu/%llu games  %.0f games/s  ETA %s  ", bar.c_str(),
                 100 * fraction, static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(total_), rate, eta.c_str());
    std::fflush(stderr);
    drawn_ = true;
  }

  void finish() {
    if (drawn_) std::fprintf(stderr, "\r%*s\r", 100, "");
  }

 private:
  using Clock = std::chrono::steady_clock;
  uint64_t total_;
  Clock::time_point start_, last_;
  bool drawn_ = false;
};

// CLI11 reads "-5" into an unsigned option as a huge number; refuse it.
const CLI::Validator kNonNegative(
    [](std::string& text) -> std::string {
      return !text.empty() && text.front() == '-' ? "must not be negative" : "";
    },
    "NON-NEGATIVE");

void run_selfplay_command(SelfplayOptions& options) {
  // Everything that can be wrong with the arguments or the outputs fails
  // here, before any game is played.
  const auto [width, height] = parse_board_size(options.board);
  selfplay::RunConfig config;
  config.width = width;
  config.height = height;
  config.rules = parse_rules(options.rules, options.komi);
  config.games = options.games;
  config.seed = options.seed;
  config.threads = options.threads;
  config.max_turns = options.max_turns;
  config.keep_moves = options.sgf.empty() ? 0 : options.sgf_games;
  if (std::string error = selfplay::validate(config); !error.empty()) {
    throw std::invalid_argument(error);
  }
  if (!prepare_distributed(config, options.distributed,
                           !options.csv.empty() || !options.sgf.empty())) {
    return;  // an MPI rank other than 0: it played what rank 0 handed it
  }
  std::ofstream json, csv;
  if (!options.json.empty()) json = open_output(options.json, "JSON");
  if (!options.csv.empty()) {
    csv = open_output(options.csv, "CSV");
    csv << selfplay::csv_header();
  }
  if (!options.sgf.empty()) prepare_sgf_dir(options.sgf);
  if (!options.html.empty() && !options.force && std::filesystem::exists(options.html)) {
    throw std::runtime_error("'" + options.html + "' exists; use --force to overwrite it");
  }

  const Board board(width, height);
  selfplay::RunCallbacks callbacks;
  if (csv.is_open() || config.keep_moves > 0) {
    callbacks.on_game = [&](const selfplay::GameSummary& game, std::span<const Move> moves) {
      if (csv.is_open()) {
        csv << selfplay::csv_row(board, game);
        if (!csv) throw std::runtime_error("writing the CSV file '" + options.csv + "' failed");
      }
      if (game.index < config.keep_moves) {
        selfplay::SgfGame sgf{&board,
                              config.rules,
                              game.score,
                              moves,
                              "tengen selfplay game " + std::to_string(game.index) + ", seed " +
                                  std::to_string(config.seed),
                              game.end == selfplay::PlayoutEnd::MoveCap
                                  ? "Stopped at the move cap; scored as it stands."
                                  : ""};
        char name[48];
        std::snprintf(name, sizeof name, "game-%06llu.sgf",
                      static_cast<unsigned long long>(game.index));
        const std::string path = (std::filesystem::path(options.sgf) / name).string();
        std::ofstream out = open_output(path, "SGF");
        out << selfplay::write_sgf(sgf);
        if (!out) throw std::runtime_error("writing the SGF file '" + path + "' failed");
      }
    };
  }
  ProgressBar progress(config.games);
  if (!options.no_progress && isatty(STDERR_FILENO)) {
    callbacks.on_progress = [&](uint64_t done) { progress.update(done); };
  }

  selfplay::RunResult result;
  {
    SigintGuard guard;
    result = run_distributed(config, callbacks, &interrupted, options.distributed);
  }
  progress.finish();

  std::fputs(selfplay::summary_text(result).c_str(), stdout);
  std::fflush(stdout);
  if (csv.is_open()) {
    csv.close();
    if (!csv) throw std::runtime_error("writing the CSV file '" + options.csv + "' failed");
  }
  if (json.is_open()) {
    json << distributed_json(result, options.distributed, options.csv);
    json.close();
    if (!json) throw std::runtime_error("writing the JSON file '" + options.json + "' failed");
  }
  if (!options.html.empty()) {
    // The page is drawn from the JSON form, exactly as `tengen report` would.
    const report::Result read = report::parse_result(selfplay::summary_json(result), "selfplay");
    report::write_new_file(options.html, report::report_page({read}), options.force);
  }
  if (result.interrupted) throw CLI::RuntimeError(128 + SIGINT);
}

}  // namespace

void add_selfplay_command(CLI::App& app) {
  auto options = std::make_shared<SelfplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play many random games (light playouts) in parallel and print their statistics");
  cmd->add_option("--board", options->board, "Board size: N or WxH, 1 to 25")
      ->capture_default_str();
  cmd->add_option("--rules", options->rules,
                  "Rules: a preset (tromp-taylor, japanese, chinese, aga, nz), key=value,... or "
                  "a preset with overrides")
      ->capture_default_str();
  cmd->add_option("--komi", options->komi, "Komi, a multiple of 0.5 (default: the rules' komi)");
  cmd->add_option("--games", options->games, "Number of games")
      ->check(kNonNegative)
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "Run seed: game i is seeded from (seed, i)")
      ->check(kNonNegative)
      ->capture_default_str();
  cmd->add_option("--threads", options->threads, "Threads (default: all cores)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-turns", options->max_turns,
                  "Cap on the turns of a game, passes included (default: 3 per point)")
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--json", options->json, "Write the summary as JSON to FILE")->type_name("FILE");
  cmd->add_option("--csv", options->csv, "Write one CSV row per game to FILE")->type_name("FILE");
  cmd->add_option("--sgf", options->sgf, "Write the first games as SGF files into DIR")
      ->type_name("DIR");
  cmd->add_option("--sgf-games", options->sgf_games, "How many games --sgf writes")
      ->check(kNonNegative)
      ->capture_default_str();
  cmd->add_option("--html", options->html, "Write an HTML report (as `tengen report`) to FILE")
      ->type_name("FILE");
  cmd->add_flag("--force", options->force, "Overwrite an existing --html file");
  cmd->add_flag("--no-progress", options->no_progress, "No progress bar on stderr");
  add_distributed_options(cmd, options->distributed);
  cmd->callback([options] { run_selfplay_command(*options); });
}

}  // namespace tengen::tools
