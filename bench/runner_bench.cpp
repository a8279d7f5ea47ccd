// The runner's scaling over threads: the whole pipeline (playouts, scoring,
// statistics, digest) on 9x9 and 19x19, chinese-style rules.
#include <benchmark/benchmark.h>

#include <thread>

#include "bench/bench_positions.h"
#include "selfplay/runner.h"

namespace tengen::bench {
namespace {

// Args: board size, threads.
void BM_Runner(benchmark::State& state) {
  selfplay::RunConfig config;
  config.width = config.height = int(state.range(0));
  config.rules = bench_rules(0);
  config.threads = int(state.range(1));
  config.games = config.width == 9 ? 40000 : 4000;
  int64_t games = 0;
  for (auto _ : state) {
    config.seed++;
    const selfplay::RunResult result = selfplay::run_selfplay(config);
    games += result.stats.games();
  }
  state.counters["playouts/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}

void thread_counts(benchmark::internal::Benchmark* b) {
  const int cores = int(std::thread::hardware_concurrency());
  for (int size : {9, 19}) {
    for (int threads = 1; threads <= std::max(2, cores); threads *= 2) b->Args({size, threads});
  }
}
BENCHMARK(BM_Runner)
    ->ArgNames({"size", "threads"})
    ->Apply(thread_counts)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tengen::bench
