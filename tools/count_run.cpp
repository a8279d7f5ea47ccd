#include "tools/count_run.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <fmt/core.h>

#include "tools/options.h"

namespace tengen::tools {

double seconds_since(CountClock::time_point start) {
  return std::chrono::duration<double>(CountClock::now() - start).count();
}

std::string seconds_text(double s) {
  return fmt::format("{:.2f}", s);
}

nlohmann::ordered_json seconds_json(double s) {
  return std::round(s * 100) / 100;
}

std::string size_name(int width, int height) {
  return fmt::format("{}x{}", width, height);
}

nlohmann::ordered_json count_json(const std::string& decimal) {
  uint64_t value = 0;
  for (char c : decimal) {
    const uint64_t digit = uint64_t(c - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) return decimal;
    value = value * 10 + digit;
  }
  return value;
}

void add_common_options(CLI::App* cmd, CommonOptions& options, bool threads) {
  cmd->add_option("--json", options.json, "Write the result as JSON to FILE ('-': stdout)");
  if (threads) add_threads_option(cmd, options.threads);
  cmd->add_flag("--no-progress", options.no_progress, "No progress on stderr");
}

namespace {

// Limits oneTBB's threads for the lifetime of a run (0: all cores).
std::unique_ptr<tbb::global_control> limit_threads(int threads) {
  if (threads <= 0) return nullptr;
  return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                               size_t(resolve_threads(threads)));
}

}  // namespace

CountRun::CountRun(const CommonOptions& options)
    : options_(options),
      threads_(limit_threads(options.threads)),
      json_(options.json.empty() ? Output() : Output(options.json, "JSON file")) {}

void CountRun::write_json(const nlohmann::ordered_json& result) {
  if (!json_.enabled()) return;
  json_.write(result.dump(2) + "\n");
  json_.close();
}

count::Progress CountRun::progress(ProgressReporter& reporter) const {
  return [this, &reporter](uint64_t done, uint64_t total) {
    if (guard_.interrupted()) throw Interrupted{};
    reporter.update(done, total);
  };
}

ProgressReporter CountRun::reporter(const std::string& label, const std::string& unit) const {
  return ProgressReporter(label, unit, !options_.no_progress);
}

int CountRun::interrupted_status(const char* mode) const {
  fmt::print(stderr, "tengen count {}: interrupted; the results above are complete\n", mode);
  return guard_.exit_status();
}

}  // namespace tengen::tools
