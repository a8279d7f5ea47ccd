// The MPI driver (built when CMake finds MPI). Messages, all on
// MPI_COMM_WORLD:
//
//   worker -> 0  kResult: the partial-result JSON of the block it finished
//                (empty the first time): "done, and ready for more"
//   0 -> worker  kBlock:  two uint64 [first, end): the next block to play
//   0 -> worker  kStop:   no more blocks; the worker returns
//
// Rank 0 hands out blocks and merges, and plays blocks itself on a second
// thread; its MPI loop polls with a short sleep rather than blocking in
// MPI_Recv, which in OpenMPI spins and would take a core from the games.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "selfplay/partial_result.h"
#include "tools/mpi_driver.h"

namespace tengen::tools {
namespace {

constexpr int kResult = 1;
constexpr int kBlock = 2;
constexpr int kStop = 3;

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// About 16 blocks per rank: small enough to balance uneven nodes, large
// enough that a block's message and merge cost nothing next to its games.
uint64_t block_size(uint64_t games, int ranks) {
  const uint64_t per = games / (uint64_t(ranks) * 16);
  return std::clamp<uint64_t>(per, 1, 1 << 20);
}

void run_worker(const selfplay::RunConfig& config, const selfplay::Player& play) {
  std::string message;  // the previous block's result
  for (;;) {
    check(MPI_Send(message.data(), int(message.size()), MPI_CHAR, 0, kResult, MPI_COMM_WORLD),
          "send");
    MPI_Status status;
    uint64_t block[2] = {0, 0};
    check(MPI_Recv(block, 2, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "receive");
    if (status.MPI_TAG == kStop) return;
    selfplay::RunConfig part = config;
    part.first_game = block[0];
    part.end_game = block[1];
    message = selfplay::result_json(selfplay::play_range(play, part));
  }
}

// What rank 0 shares between its MPI loop and its own playing thread.
struct Dispatch {
  std::mutex mutex;
  uint64_t next = 0;
  uint64_t end = 0;
  uint64_t block = 1;
  const std::atomic<bool>* stop = nullptr;
  selfplay::RunResult total;

  // The next block to play, or false when there is none (or a stop).
  bool take(uint64_t handed[2]) {
    std::lock_guard lock(mutex);
    if (next >= end || (stop && stop->load(std::memory_order_relaxed))) return false;
    handed[0] = next;
    handed[1] = next = std::min(end, next + block);
    return true;
  }
  void add(const selfplay::RunResult& part) {
    std::lock_guard lock(mutex);
    if (total.stats.width() == 0) {
      total.config.threads = part.config.threads;
      total.config.max_turns = part.config.max_turns;
    }
    const double seconds = total.seconds;
    selfplay::accumulate(total, part);
    total.seconds = seconds;
  }
  uint64_t games() {
    std::lock_guard lock(mutex);
    return uint64_t(total.stats.games());
  }
};

// Rank 0 plays blocks too, on a thread of its own that never calls MPI
// (MPI_THREAD_FUNNELED), while the main thread serves the other ranks.
void play_locally(const selfplay::RunConfig& config, Dispatch& dispatch,
                  const selfplay::Player& play) {
  uint64_t block[2];
  while (dispatch.take(block)) {
    selfplay::RunConfig part = config;
    part.first_game = block[0];
    part.end_game = block[1];
    dispatch.add(selfplay::play_range(play, part));
  }
}

selfplay::RunResult run_dispatcher(const selfplay::RunConfig& config,
                                   const selfplay::RunCallbacks& callbacks,
                                   const std::atomic<bool>* stop, int ranks,
                                   const selfplay::Player& play) {
  const auto start = std::chrono::steady_clock::now();
  Dispatch dispatch;
  dispatch.total.config = config;
  dispatch.next = config.first_game;
  dispatch.end = config.range_end();
  dispatch.block = block_size(dispatch.end - dispatch.next, ranks);
  dispatch.stop = stop;
  std::thread local([&] { play_locally(config, dispatch, play); });
  int working = ranks - 1;
  uint64_t reported = 0;
  std::vector<char> buffer;
  while (working > 0) {
    const uint64_t done = dispatch.games();
    if (callbacks.on_progress && done != reported) callbacks.on_progress(reported = done);
    int ready = 0;
    MPI_Status status;
    check(MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &ready, &status), "probe");
    if (!ready) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int size = 0;
    check(MPI_Get_count(&status, MPI_CHAR, &size), "count");
    buffer.resize(size_t(size));
    check(MPI_Recv(buffer.data(), size, MPI_CHAR, status.MPI_SOURCE, kResult, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
    if (size > 0) {
      dispatch.add(selfplay::parse_result_json(std::string(buffer.begin(), buffer.end()),
                                               "rank " + std::to_string(status.MPI_SOURCE))
                       .result);
    }
    uint64_t handed[2];
    if (dispatch.take(handed)) {
      check(MPI_Send(handed, 2, MPI_UINT64_T, status.MPI_SOURCE, kBlock, MPI_COMM_WORLD), "send");
    } else {
      check(MPI_Send(nullptr, 0, MPI_UINT64_T, status.MPI_SOURCE, kStop, MPI_COMM_WORLD), "send");
      --working;
    }
  }
  local.join();
  selfplay::RunResult total = std::move(dispatch.total);
  if (total.stats.width() == 0) {
    // No game was played (an empty range): the statistics still have a shape.
    total.stats = selfplay::Stats(config.width, config.height, config.max_turns);
  }
  total.digest = total.digest_state.value();
  if (callbacks.on_progress) callbacks.on_progress(uint64_t(total.stats.games()));
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  total.interrupted = config.first_game + uint64_t(total.stats.games()) < dispatch.end;
  return total;
}

}  // namespace

bool mpi_built() {
  return true;
}

MpiSession::MpiSession() {
  if (!launched_by_mpi()) return;
  int provided = 0;
  // Only this thread calls MPI; oneTBB's threads never do.
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  initialized_ = true;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

MpiSession::~MpiSession() {
  if (initialized_) MPI_Finalize();
}

selfplay::RunResult mpi_run(const selfplay::RunConfig& config,
                            const selfplay::RunCallbacks& callbacks, const std::atomic<bool>* stop,
                            MpiSession& session, const selfplay::Player& play) {
  if (session.size() < 2) throw std::logic_error("mpi_run needs at least two ranks");
  if (session.rank() != 0) {
    run_worker(config, play);
    return {};
  }
  return run_dispatcher(config, callbacks, stop, session.size(), play);
}

}  // namespace tengen::tools
