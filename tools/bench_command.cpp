// `tengen bench`: the signature. Plays the fixed, seeded runs of
// selfplay/signature.h and prints one digest, which a test pins, and the
// playouts per second. Like a chess engine's `bench` node count: a change
// that alters any game changes the digest.
#include <cstdio>
#include <memory>
#include <string>

#include "selfplay/report.h"
#include "selfplay/signature.h"
#include "tools/commands.h"
#include "tools/options.h"

namespace tengen::tools {
namespace {

void run_bench_command(int threads) {
  const selfplay::SignatureResult result = selfplay::run_signature(threads);
  for (const selfplay::RunResult& run : result.runs) {
    const selfplay::RunConfig& c = run.config;
    std::printf("%-6s %-13s komi %-4s %7lld games %10.0f playouts/s  digest %s\n",
                selfplay::board_name(c.width, c.height).c_str(),
                selfplay::rules_name(c.rules).c_str(), format_komi(c.rules.komi).c_str(),
                static_cast<long long>(run.stats.games()), run.games_per_second(),
                selfplay::digest_hex(run.digest).c_str());
  }
  const int used = result.runs.empty() ? threads : result.runs.front().config.threads;
  std::printf("\nSignature: %s\n", selfplay::digest_hex(result.digest).c_str());
  std::printf("Playouts:  %llu in %.3f s, %.0f playouts/s on %d thread%s\n",
              static_cast<unsigned long long>(result.games), result.seconds,
              result.playouts_per_second(), used, used == 1 ? "" : "s");
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto threads = std::make_shared<int>(1);
  CLI::App* cmd = app.add_subcommand(
      "bench", "Play the signature: a fixed set of seeded games; print its digest and speed");
  add_threads_option(cmd, *threads);
  cmd->callback([threads] { run_bench_command(resolve_threads(*threads)); });
}

}  // namespace tengen::tools
