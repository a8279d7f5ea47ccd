// The search's playout rate: BM_Search/size/threads, a fixed playout budget
// from the empty board (one Search per iteration, so no tree is reused);
// counter playouts/s (wall-clock). Against BM_Playout and BM_Kernel (one
// thread) it is the tree's overhead; over threads, the search's scaling.
#include <benchmark/benchmark.h>

#include <thread>

#include "bench/bench_positions.h"
#include "search/search.h"

namespace tengen::bench {
namespace {

// Args: board size, threads.
void BM_Search(benchmark::State& state) {
  const int size = int(state.range(0));
  search::SearchOptions options;
  options.threads = int(state.range(1));
  options.playouts = size == 9 ? 20000 : 4000;
  const Game game(size, size, bench_rules(0));
  int64_t playouts = 0;
  for (auto _ : state) {
    options.seed++;
    search::Search searcher(options);
    playouts += searcher.run(game).playouts;
  }
  state.counters["playouts/s"] = benchmark::Counter(double(playouts), benchmark::Counter::kIsRate);
}

void thread_counts(benchmark::internal::Benchmark* b) {
  const int cores = int(std::thread::hardware_concurrency());
  for (int size : {9, 19}) {
    for (int threads = 1; threads <= std::max(2, cores); threads *= 2) b->Args({size, threads});
  }
}
BENCHMARK(BM_Search)
    ->ArgNames({"size", "threads"})
    ->Apply(thread_counts)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tengen::bench
