// The core operations a playout is made of, on positions from the middle of
// light playouts: the legality test, a move, copying, scoring.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/bench_positions.h"
#include "core/game.h"
#include "core/scoring.h"
#include "playout/playout.h"

namespace tengen::bench {
namespace {

constexpr int kPositions = 64;

// Mid-game positions: a third of the way through a typical playout.
std::vector<Game> positions(int size, const Rules& rules) {
  std::vector<Game> games;
  for (int i = 0; i < kPositions; ++i)
    games.push_back(mid_game(size, rules, 1000 + i, size * size / 2));
  return games;
}

// Game::check on every empty point of the position. Args: size, rules.
void BM_Check(benchmark::State& state) {
  const std::vector<Game> games = positions(int(state.range(0)), bench_rules(state.range(1)));
  int64_t checks = 0;
  size_t g = 0;
  for (auto _ : state) {
    const Game& game = games[g++ % games.size()];
    const Board& board = game.board();
    for (int i = 0; i < board.empty_count(); ++i) {
      benchmark::DoNotOptimize(game.check(board.empty_point(i)));
    }
    checks += board.empty_count();
  }
  state.SetLabel(bench_rules_name(state.range(1)));
  state.counters["checks/s"] = benchmark::Counter(double(checks), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Check)->ArgNames({"size", "rules"})->ArgsProduct({{9, 19}, {0, 1}});

// Game::play (legality included) replaying recorded playouts move by move;
// the reset between games is included. Args: size, rules.
void BM_Play(benchmark::State& state) {
  const int size = int(state.range(0));
  const Rules rules = bench_rules(state.range(1));
  std::vector<std::vector<Move>> records;
  for (int i = 0; i < kPositions; ++i) {
    records.push_back(mid_game(size, rules, 2000 + i, 10 * size * size).moves());
  }
  Game game(size, size, rules);
  int64_t moves = 0;
  size_t g = 0;
  for (auto _ : state) {
    const std::vector<Move>& record = records[g++ % records.size()];
    game.reset();
    for (const Move& m : record) benchmark::DoNotOptimize(game.play(m.point));
    moves += int64_t(record.size());
  }
  state.SetLabel(bench_rules_name(state.range(1)));
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Play)->ArgNames({"size", "rules"})->ArgsProduct({{9, 19}, {0, 1}});

// Board copy (what Game::reset does) and a whole Game copy. Arg: size.
void BM_CopyBoard(benchmark::State& state) {
  const std::vector<Game> games = positions(int(state.range(0)), bench_rules(0));
  Board copy = games[0].board();
  size_t g = 0;
  for (auto _ : state) {
    copy = games[g++ % games.size()].board();
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyBoard)->ArgName("size")->Arg(9)->Arg(19);

void BM_CopyGame(benchmark::State& state) {
  const std::vector<Game> games = positions(int(state.range(0)), bench_rules(1));
  Game copy = games[0];
  size_t g = 0;
  for (auto _ : state) {
    copy = games[g++ % games.size()];
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyGame)->ArgName("size")->Arg(9)->Arg(19);

// Scoring final positions of playouts: Game::score and area_owners. Arg: size.
std::vector<Game> final_positions(int size) {
  std::vector<Game> games;
  for (int i = 0; i < kPositions; ++i)
    games.push_back(mid_game(size, bench_rules(0), 3000 + i, 10 * size * size));
  return games;
}

void BM_Score(benchmark::State& state) {
  const std::vector<Game> games = final_positions(int(state.range(0)));
  size_t g = 0;
  for (auto _ : state) {
    Score score = games[g++ % games.size()].score();
    benchmark::DoNotOptimize(score);
  }
}
BENCHMARK(BM_Score)->ArgName("size")->Arg(9)->Arg(19);

void BM_AreaOwners(benchmark::State& state) {
  const std::vector<Game> games = final_positions(int(state.range(0)));
  std::vector<Color> owner;
  size_t g = 0;
  for (auto _ : state) {
    area_owners(games[g++ % games.size()].board(), owner);
    benchmark::DoNotOptimize(owner.data());
  }
}
BENCHMARK(BM_AreaOwners)->ArgName("size")->Arg(9)->Arg(19);

}  // namespace
}  // namespace tengen::bench
