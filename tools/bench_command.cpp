// `tengen bench`: the signature, then the playout speed.
//
// The signature plays the fixed, seeded runs of selfplay/signature.h and
// prints one digest, which a test pins (like a chess engine's `bench` node
// count: a change that alters any game changes it).
//
// The speed table plays light playouts with the score on one thread, per
// board size (9, 13, 19) and rule family (simple ko; positional superko, the
// tromp-taylor preset; situational superko), and prints the median of
// several rounds in playouts/s and ns per move (turn, passes included).
//
// --compare OTHER runs `selfplay` of this build and of another tengen binary
// (any version with `selfplay --json`) on the same games, interleaved round by
// round with the order alternating, and prints both medians and their ratio.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "gpu/device.h"
#include "playout/kernel.h"
#include "selfplay/report.h"
#include "selfplay/signature.h"
#include "tools/commands.h"
#include "tools/options.h"

extern char** environ;

namespace tengen::tools {
namespace {

struct Family {
  const char* name;    // in the table
  const char* preset;  // the rules given to selfplay
};
constexpr Family kFamilies[] = {
    {"simple-ko", "chinese"},
    {"tromp-taylor", "tromp-taylor"},
    {"situational", "aga"},
};
constexpr int kSizes[] = {9, 13, 19};

struct BenchOptions {
  int threads = 1;
  int rounds = 5;
  double seconds = 1.0;  // per measurement
  std::string compare;
  bool signature = true;
  std::string device = "cpu";  // gpu: the speed table of gpu::run_gpu
};

// One measurement: games played, turns, seconds.
struct Sample {
  double games = 0, turns = 0, seconds = 0;
  double playouts_per_second() const { return seconds > 0 ? games / seconds : 0; }
  double ns_per_move() const { return turns > 0 ? seconds * 1e9 / turns : 0; }
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

Rules family_rules(const Family& family) {
  Rules rules = *Rules::preset(family.preset);
  rules.komi = 7.5;
  return rules;
}

// Playouts with the score on one thread, in process, what the runner does
// for each game short of the statistics.
Sample measure_kernel(int size, const Family& family, uint64_t games, uint64_t seed) {
  const Game start(size, size, family_rules(family));
  auto kernel = playout::make_kernel(start, playout::default_max_turns(size, size));
  std::vector<Color> owner;
  Sample sample;
  const auto begin = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < games; ++i) {
    playout::Rng rng = playout::game_rng(seed, i);
    kernel->play(rng);
    kernel->score(owner);
    sample.turns += double(kernel->moves().size());
  }
  sample.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  sample.games = double(games);
  return sample;
}

// Games for about `seconds` of this build's playouts.
uint64_t calibrate(int size, const Family& family, double seconds) {
  uint64_t games = 200;
  for (;;) {
    const Sample s = measure_kernel(size, family, games, 99);
    if (s.seconds > 0.1 || games > (uint64_t(1) << 30)) {
      return std::max<uint64_t>(1, uint64_t(seconds * s.playouts_per_second()));
    }
    games *= 4;
  }
}

// `binary selfplay ...` on one thread, its speed read from its --json.
Sample measure_process(const std::string& binary, int size, const Family& family, uint64_t games,
                       uint64_t seed, const std::string& json_path) {
  std::vector<std::string> args = {binary,      "selfplay",
                                   "--board",   std::to_string(size),
                                   "--rules",   family.preset,
                                   "--komi",    "7.5",
                                   "--games",   std::to_string(games),
                                   "--seed",    std::to_string(seed),
                                   "--threads", "1",
                                   "--json",    json_path};
  // A result left by an earlier run must not pass for this one's.
  std::filesystem::remove(json_path);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot run " + binary);
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error(binary + " selfplay failed (status " + std::to_string(status) + ")");
  }
  std::ifstream in(json_path);
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  std::filesystem::remove(json_path);
  if (j.is_discarded() || !j.is_object() || !j.contains("seconds") || !j.contains("moves") ||
      !j.contains("games") || !j["seconds"].is_number() || !j["moves"].is_number() ||
      !j["games"].is_number()) {
    throw std::runtime_error(binary + " selfplay wrote no readable --json");
  }
  return Sample{j.at("games").get<double>(), j.at("moves").get<double>(),
                j.at("seconds").get<double>()};
}

void print_signature(int threads) {
  const selfplay::SignatureResult result = selfplay::run_signature(threads);
  for (const selfplay::RunResult& run : result.runs) {
    const selfplay::RunConfig& c = run.config;
    fmt::print("{:<6} {:<13} komi {:<4} {:>7} games {:>10.0f} playouts/s  digest {}\n",
               selfplay::board_name(c.width, c.height), selfplay::rules_name(c.rules),
               format_komi(c.rules.komi), run.stats.games(), run.games_per_second(),
               selfplay::digest_hex(run.digest));
  }
  const int used = result.runs.empty() ? threads : result.runs.front().config.threads;
  fmt::print("\nSignature: {}\n", selfplay::digest_hex(result.digest));
  fmt::print("Playouts:  {} in {:.3f} s, {:.0f} playouts/s on {} thread{}\n\n", result.games,
             result.seconds, result.playouts_per_second(), used, used == 1 ? "" : "s");
}

void print_speed(const BenchOptions& o) {
  fmt::print("Playout speed, one thread, median of {} rounds (light playouts with the score):\n",
             o.rounds);
  fmt::print("{:<6} {:<13} {:>12} {:>9} {:>9}\n", "board", "rules", "playouts/s", "ns/move",
             "vs simple");
  for (int size : kSizes) {
    double simple_speed = 0;
    for (const Family& family : kFamilies) {
      const uint64_t games = calibrate(size, family, o.seconds);
      std::vector<double> speed, ns;
      for (int r = 0; r < o.rounds; ++r) {
        const Sample s = measure_kernel(size, family, games, uint64_t(r + 1));
        speed.push_back(s.playouts_per_second());
        ns.push_back(s.ns_per_move());
      }
      const double m = median(speed);
      if (&family == &kFamilies[0]) simple_speed = m;
      fmt::print("{:<6} {:<13} {:>12.0f} {:>9.1f} {:>8.0f}%\n", fmt::format("{0}x{0}", size),
                 family.name, m, median(ns), 100 * m / simple_speed);
      std::fflush(stdout);
    }
  }
}

void print_comparison(const BenchOptions& o) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string other = o.compare;
  if (access(other.c_str(), X_OK) != 0) {
    throw std::invalid_argument("--compare: " + other + " is not an executable file");
  }
  const std::string json = (std::filesystem::temp_directory_path() /
                            ("tengen-bench-" + std::to_string(getpid()) + ".json"))
                               .string();
  // Removed however the comparison ends.
  const std::unique_ptr<const std::string, void (*)(const std::string*)> cleanup(
      &json, [](const std::string* path) {
        std::error_code error;
        std::filesystem::remove(*path, error);
      });
  fmt::print("This build against {}: `selfplay --threads 1` on the same games,\n", other);
  fmt::print("interleaved, the order alternating each round; medians of {} rounds.\n", o.rounds);
  fmt::print("{:<6} {:<13} {:>12} {:>12} {:>9} {:>9} {:>7}\n", "board", "rules", "this p/s",
             "other p/s", "this ns", "other ns", "ratio");
  for (int size : kSizes) {
    for (const Family& family : kFamilies) {
      const uint64_t games = calibrate(size, family, o.seconds);
      std::vector<double> speed[2], ns[2], ratio;
      for (int r = 0; r < o.rounds; ++r) {
        Sample s[2];
        for (int k = 0; k < 2; ++k) {
          const int which = (r + k) % 2;  // 0: this build, 1: the other
          s[which] = measure_process(which == 0 ? self : other, size, family, games,
                                     uint64_t(r + 1), json);
        }
        for (int which = 0; which < 2; ++which) {
          speed[which].push_back(s[which].playouts_per_second());
          ns[which].push_back(s[which].ns_per_move());
        }
        ratio.push_back(s[0].playouts_per_second() / s[1].playouts_per_second());
      }
      fmt::print("{:<6} {:<13} {:>12.0f} {:>12.0f} {:>9.1f} {:>9.1f} {:>6.2f}x\n",
                 fmt::format("{0}x{0}", size), family.name, median(speed[0]), median(speed[1]),
                 median(ns[0]), median(ns[1]), median(ratio));
      std::fflush(stdout);
    }
  }
}

// --device gpu: the speed table of whole GPU runs (launches, copies and the
// host's statistics included), each measurement at least o.seconds long.
void print_gpu_speed(const BenchOptions& o) {
  fmt::print("GPU: {}\n", gpu::device_name());
  fmt::print("{:<6} {:<13} {:>12} {:>9} {:>9}\n", "board", "rules", "playouts/s", "ns/move",
             "vs simple");
  for (int size : kSizes) {
    double simple_speed = 0;
    for (const Family& family : kFamilies) {
      selfplay::RunConfig config;
      config.width = config.height = size;
      config.rules = family_rules(family);
      config.games = 1 << 16;
      while (gpu::run_gpu(config).seconds < o.seconds && config.games < (uint64_t(1) << 34)) {
        config.games *= 2;
      }
      std::vector<double> speed, ns;
      for (int r = 0; r < o.rounds; ++r) {
        config.seed = uint64_t(r + 1);
        const selfplay::RunResult result = gpu::run_gpu(config);
        speed.push_back(result.games_per_second());
        ns.push_back(result.moves_per_second() > 0 ? 1e9 / result.moves_per_second() : 0);
      }
      const double m = median(speed);
      if (&family == &kFamilies[0]) simple_speed = m;
      fmt::print("{:<6} {:<13} {:>12.0f} {:>9.3f} {:>8.0f}%\n", fmt::format("{0}x{0}", size),
                 family.name, m, median(ns), 100 * m / simple_speed);
      std::fflush(stdout);
    }
  }
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Play the signature (a fixed set of seeded games; its digest), then measure playout speed "
      "per board size and rule family; --compare times another tengen build side by side");
  add_threads_option(cmd, o->threads);  // the signature's; speed is measured on one
  add_int_option(cmd, "--rounds", o->rounds, "Rounds per measurement; the median is printed", 1,
                 1000)
      ->capture_default_str();
  add_seconds_option(cmd, "--seconds", o->seconds, "About how long one measurement plays", 0.01,
                     3600.0)
      ->capture_default_str();
  cmd->add_option("--compare", o->compare,
                  "Another tengen binary to time against this one, interleaved");
  cmd->add_flag("!--no-signature", o->signature, "Skip the signature");
  cmd->add_option("--device", o->device,
                  "cpu (one thread's kernel) or gpu (a CUDA build's GPU, whole runs)")
      ->check(CLI::IsMember({"cpu", "gpu"}));
  cmd->callback([o] {
    if (!o->compare.empty() && access(o->compare.c_str(), X_OK) != 0) {
      throw std::invalid_argument("--compare: " + o->compare + " is not an executable file");
    }
    if (o->device == "gpu") {
      gpu::device_name();  // no GPU: fails before the signature
      if (o->signature) print_signature(resolve_threads(o->threads));
      print_gpu_speed(*o);
      return;
    }
    if (o->signature) print_signature(resolve_threads(o->threads));
    if (o->compare.empty()) {
      print_speed(*o);
    } else {
      print_comparison(*o);
    }
  });
}

}  // namespace tengen::tools
