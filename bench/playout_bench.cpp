// Light playouts from the empty board to the end and the score, one thread:
// the speed the performance targets are stated in.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench/bench_positions.h"
#include "core/game.h"
#include "core/scoring.h"
#include "gpu/portable_dispatch.h"
#include "gpu/portable_host.h"
#include "playout/kernel.h"
#include "playout/playout.h"
#include "playout/playout_dispatch.h"
#include "playout/policy.h"
#include "playout/rng.h"

namespace tengen::bench {
namespace {

// Args: board size, rules (0 chinese, 1 tromp-taylor).
void BM_Playout(benchmark::State& state) {
  const int size = int(state.range(0));
  Game game(size, size, bench_rules(state.range(1)));
  playout::LightPolicy policy;
  const int max_turns = playout::default_max_turns(size, size);
  uint64_t index = 0;
  int64_t turns = 0;
  for (auto _ : state) {
    game.reset();
    playout::Rng rng = playout::game_rng(12345, index++);
    playout::play_out(game, policy, rng, max_turns);
    Score score = game.score();
    benchmark::DoNotOptimize(score);
    turns += int64_t(game.moves().size());
  }
  state.SetLabel(bench_rules_name(state.range(1)));
  state.counters["playouts/s"] =
      benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["moves/s"] = benchmark::Counter(double(turns), benchmark::Counter::kIsRate);
  state.counters["turns"] = double(turns) / double(state.iterations());
}
BENCHMARK(BM_Playout)
    ->ArgNames({"size", "rules"})
    ->ArgsProduct({{9, 13, 19}, {0, 1}})
    ->MinTime(1.0);

// The playout kernel the runner uses (playout/kernel.h): the same games as
// BM_Playout, with the score and ownership. Args: board size, rules (0
// chinese, 1 tromp-taylor, 2 aga).
void BM_Kernel(benchmark::State& state) {
  const int size = int(state.range(0));
  const Game start(size, size, bench_rules(state.range(1)));
  auto kernel = playout::make_kernel(start, playout::default_max_turns(size, size));
  std::vector<Color> owner;
  uint64_t index = 0;
  int64_t turns = 0;
  for (auto _ : state) {
    playout::Rng rng = playout::game_rng(12345, index++);
    kernel->play(rng);
    Score score = kernel->score(owner);
    benchmark::DoNotOptimize(score);
    turns += int64_t(kernel->moves().size());
  }
  state.SetLabel(std::string(bench_rules_name(state.range(1))) + " " + kernel->name());
  state.counters["playouts/s"] =
      benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["ns/move"] = benchmark::Counter(
      double(turns) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["turns"] = double(turns) / double(state.iterations());
}
BENCHMARK(BM_Kernel)
    ->ArgNames({"size", "rules"})
    ->ArgsProduct({{9, 13, 19}, {0, 1, 2}})
    ->MinTime(1.0);

// The portable code (gpu/portable_*.h) on the CPU, as BM_Kernel measures the
// kernel: the same games (same seeds), played and scored (area count and
// score; no digest). Its ns/move against BM_Kernel's, size by size and rule
// by rule on a quiet machine, decides whether one kernel could serve both the
// CPU and the GPU. Args as BM_Kernel.
void BM_Portable(benchmark::State& state) {
  const int size = int(state.range(0));
  const Game start(size, size, bench_rules(state.range(1)));
  const int max_turns = playout::default_max_turns(size, size);
  gpu::dispatch_portable_game(size, size, start.rules(), [&]<class G>(gpu::PortableTag<G>) {
    gpu::PortableHost<G> host(start, max_turns);
    uint64_t index = 0;
    int64_t turns = 0;
    for (auto _ : state) {
      playout::Rng rng = playout::game_rng(12345, index++);
      host.play(rng);
      const AreaCount count = host.game().count_area(host.owner_scratch(), host.stack_scratch());
      ScoreContext context;
      context.black_prisoners =
          host.game().prisoners(Color::Black) + host.game().suicides(Color::White);
      context.white_prisoners =
          host.game().prisoners(Color::White) + host.game().suicides(Color::Black);
      context.handicap_stones = host.game().handicap();
      Score score = score_count(count, start.rules(), context);
      benchmark::DoNotOptimize(score);
      turns += host.game().turns();
    }
    state.SetLabel(std::string(bench_rules_name(state.range(1))) + " portable");
    state.counters["playouts/s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["ns/move"] = benchmark::Counter(
        double(turns) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["turns"] = double(turns) / double(state.iterations());
  });
}
BENCHMARK(BM_Portable)
    ->ArgNames({"size", "rules"})
    ->ArgsProduct({{9, 13, 19}, {0, 1, 2}})
    ->MinTime(1.0);

// The kernel's board update alone: BM_Kernel's games recorded once, then
// replayed move by move on the kernel's PlayoutGame (reset and play; no
// random draws, no eye or legality tests, no score). BM_Kernel's ns/move
// less this one's is what choosing the moves costs. Args as BM_Kernel.
//
// BM_KernelReplay replays 256 games in turn, too many for the branch
// predictor to learn; BM_KernelReplayFew replays 4, which it learns. The
// difference is what the update's mispredicted branches cost.
void replay_games(benchmark::State& state, size_t game_count) {
  const int size = int(state.range(0));
  const Game start(size, size, bench_rules(state.range(1)));
  const int max_turns = playout::default_max_turns(size, size);
  auto kernel = playout::make_kernel(start, max_turns);
  std::vector<std::vector<Move>> games(game_count);
  for (size_t i = 0; i < games.size(); ++i) {
    playout::Rng rng = playout::game_rng(12345, i);
    kernel->play(rng);
    games[i].assign(kernel->moves().begin(), kernel->moves().end());
  }
  dispatch_playout_game(size, size, start.rules(), [&]<class G>(TypeTag<G>) {
    G game(PlayoutStart(start), start.rules(), max_turns);
    size_t index = 0;
    int64_t turns = 0;
    for (auto _ : state) {
      const std::vector<Move>& moves = games[index++ % games.size()];
      game.reset();
      for (const Move& m : moves) game.play(m.point, m.color);
      benchmark::DoNotOptimize(game.empty_count());
      turns += int64_t(moves.size());
    }
    state.SetLabel(std::string(bench_rules_name(state.range(1))) + " " + G::name());
    state.counters["ns/move"] = benchmark::Counter(
        double(turns) * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  });
}
void BM_KernelReplay(benchmark::State& state) {
  replay_games(state, 256);
}
void BM_KernelReplayFew(benchmark::State& state) {
  replay_games(state, 4);
}
BENCHMARK(BM_KernelReplay)
    ->ArgNames({"size", "rules"})
    ->ArgsProduct({{9, 13, 19}, {0, 1, 2}})
    ->MinTime(1.0);
BENCHMARK(BM_KernelReplayFew)
    ->ArgNames({"size", "rules"})
    ->ArgsProduct({{9, 13, 19}, {0, 1, 2}})
    ->MinTime(1.0);

}  // namespace
}  // namespace tengen::bench
