// The CUDA engine's templates (gpu/device_cuda.cu): the kernel and the
// host's run of one portable instance. Instantiated in three files, one per
// ko rule (gpu/device_cuda_*.cu), so that nvcc compiles them in parallel.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "core/zobrist.h"
#include "gpu/device.h"
#include "gpu/portable_dispatch.h"
#include "gpu/portable_playout.h"
#include "gpu/portable_start.h"
#include "gpu/results.h"

namespace tengen::gpu {
namespace cuda_detail {

inline void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  if (status == cudaErrorMemoryAllocation) {
    throw DeviceError(std::string("out of GPU memory: ") + what + ": " +
                      cudaGetErrorString(status));
  }
  throw DeviceError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
}

// Device memory freed on every path out.
template <class T>
struct DeviceArray {
  T* data = nullptr;
  DeviceArray(size_t count, const char* what) {
    check(cudaMalloc(reinterpret_cast<void**>(&data), std::max<size_t>(1, count) * sizeof(T)),
          what);
  }
  ~DeviceArray() { cudaFree(data); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
};

// One launch's games: [first, first + count), game first + k on slot k.
template <int N>
struct Launch {
  const PortableStart<N>* start;
  const uint64_t* keys;
  uint64_t white_to_move;
  int key_count;
  uint64_t seed, first, count;
  int max_turns, positions, owner_words;
  void* boards;  // global-memory records when not in shared memory
  uint64_t* history_keys;
  uint64_t* colourings;
  uint16_t* moves;
  PortableResult* results;
  uint32_t* owners;
};

template <class G, bool kShared>
__global__ void play_games(Launch<G::N> L) {
  extern __shared__ __align__(16) unsigned char shared[];
  const uint64_t slot = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (slot >= L.count) return;
  void* at = kShared ? static_cast<void*>(shared + size_t(threadIdx.x) * sizeof(G))
                     : static_cast<void*>(static_cast<G*>(L.boards) + slot);
  G* game = new (at) G();
  game->init(PortableEnv<G::N>{
      L.start, L.keys, L.white_to_move, L.key_count,
      PortableHistory{L.history_keys + slot * size_t(L.positions),
                      L.colourings + slot * size_t(L.positions) * 2 * G::kWords, L.positions},
      L.moves + slot * size_t(L.max_turns)});
  playout::Rng rng(playout::game_seed(L.seed, L.first + slot));
  Point candidates[G::N];
  Color owner[G::N];
  Point stack[G::N];
  const uint8_t end = play_portable(*game, rng, L.max_turns, candidates);
  finish_portable(*game, end, L.results[slot], L.owners + slot * size_t(L.owner_words), owner,
                  stack);
}

template <class G>
selfplay::RunResult run_instance(const selfplay::RunConfig& c, const cudaDeviceProp& prop,
                                 const selfplay::RunCallbacks& callbacks,
                                 const std::atomic<bool>* stop) {
  constexpr int N = G::N;
  const Game start_position = start_game(c);
  const auto start = make_portable_start<N>(start_position);
  const std::vector<uint64_t>& keys = portable_keys();
  const int positions = G::kSuperko ? c.max_turns + 2 : 0;
  const int words = owner_words(c.width, c.height);

  // Records in shared memory where at least a warp's fit in a block.
  const size_t shared_limit = size_t(prop.sharedMemPerBlockOptin);
  int block = int(std::min<size_t>(128, shared_limit / sizeof(G)) / 32 * 32);
  const bool shared = block >= 32;
  if (!shared) block = 64;
  if (shared) {
    check(cudaFuncSetAttribute(play_games<G, true>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               int(size_t(block) * sizeof(G))),
          "cudaFuncSetAttribute");
  }

  // Slots: games in flight per launch, bounded by half the free memory.
  const size_t per_slot = sizeof(PortableResult) + size_t(words) * 4 + size_t(c.max_turns) * 2 +
                          size_t(positions) * (8 + 16 * size_t(G::kWords)) +
                          (shared ? 0 : sizeof(G)) + size_t(N) * 5;  // + local scratch
  size_t free_bytes = 0, total_bytes = 0;
  check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  const uint64_t games = c.range_end() - c.first_game;
  uint64_t slots = std::min<uint64_t>(uint64_t(1) << 20, free_bytes / 2 / per_slot);
  slots = std::min<uint64_t>(slots, std::max<uint64_t>(games, 1));
  if (slots == 0) throw DeviceError("out of GPU memory: not even one game's buffers fit");
  // Local memory for candidates, owners and the flood-fill stack, per thread.
  check(cudaDeviceSetLimit(cudaLimitStackSize, 4096 + size_t(N) * 6), "cudaDeviceSetLimit");

  DeviceArray<PortableStart<N>> d_start(1, "the start position");
  DeviceArray<uint64_t> d_keys(keys.size(), "the Zobrist keys");
  DeviceArray<PortableResult> d_results(slots, "the results");
  DeviceArray<uint32_t> d_owners(slots * size_t(words), "the owners");
  DeviceArray<uint16_t> d_moves(slots * size_t(c.max_turns), "the moves");
  DeviceArray<uint64_t> d_history_keys(slots * size_t(positions), "the superko history");
  DeviceArray<uint64_t> d_colourings(slots * size_t(positions) * 2 * G::kWords,
                                     "the superko history");
  DeviceArray<G> d_boards(shared ? 1 : slots, "the boards");
  check(cudaMemcpy(d_start.data, start.get(), sizeof(PortableStart<N>), cudaMemcpyHostToDevice),
        "copying the start");
  check(cudaMemcpy(d_keys.data, keys.data(), keys.size() * 8, cudaMemcpyHostToDevice),
        "copying the keys");

  std::vector<PortableResult> results(slots);
  std::vector<uint32_t> owners(slots * size_t(words));
  std::vector<uint16_t> moves;
  ResultFolder folder(c);
  selfplay::RunResult result;
  result.config = c;
  const auto began = std::chrono::steady_clock::now();
  uint64_t done = 0;
  while (c.first_game + done < c.range_end()) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    const uint64_t first = c.first_game + done;
    const uint64_t count = std::min<uint64_t>(slots, c.range_end() - first);
    Launch<N> L{d_start.data,
                d_keys.data,
                zobrist::kKeys.white_to_move,
                zobrist::kKeyCount,
                c.seed,
                first,
                count,
                c.max_turns,
                positions,
                words,
                d_boards.data,
                d_history_keys.data,
                d_colourings.data,
                d_moves.data,
                d_results.data,
                d_owners.data};
    const unsigned blocks = unsigned((count + uint64_t(block) - 1) / uint64_t(block));
    if (shared) {
      play_games<G, true><<<blocks, block, size_t(block) * sizeof(G)>>>(L);
    } else {
      play_games<G, false><<<blocks, block>>>(L);
    }
    check(cudaGetLastError(), "launching the games");
    check(cudaDeviceSynchronize(), "playing the games");
    check(cudaMemcpy(results.data(), d_results.data, count * sizeof(PortableResult),
                     cudaMemcpyDeviceToHost),
          "copying the results");
    check(
        cudaMemcpy(owners.data(), d_owners.data, count * size_t(words) * 4, cudaMemcpyDeviceToHost),
        "copying the owners");
    const uint64_t kept = first < c.keep_moves ? std::min(count, c.keep_moves - first) : 0;
    if (kept > 0) {
      moves.resize(kept * size_t(c.max_turns));
      check(cudaMemcpy(moves.data(), d_moves.data, moves.size() * 2, cudaMemcpyDeviceToHost),
            "copying the moves");
    }
    for (uint64_t k = 0; k < count; ++k) {
      const std::span<const uint16_t> game_moves =
          k < kept
              ? std::span<const uint16_t>(moves.data() + k * size_t(c.max_turns), results[k].turns)
              : std::span<const uint16_t>();
      folder.add(first + k, results[k], owners.data() + k * size_t(words), game_moves, callbacks);
    }
    done += count;
    if (callbacks.on_progress) callbacks.on_progress(done);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  result.stats = folder.stats();
  result.digest_state = folder.digest();
  result.digest = result.digest_state.value();
  result.interrupted = c.first_game + done < c.range_end();
  return result;
}

// The instances of one ko rule, for explicit instantiation (`template`) or
// declaration (`extern template`).
#define TENGEN_GPU_INSTANCE(PREFIX, SIDE, KO, SUICIDE)                                  \
  PREFIX selfplay::RunResult run_instance<PortableGame<SIDE, KO, SUICIDE>>(             \
      const selfplay::RunConfig&, const cudaDeviceProp&, const selfplay::RunCallbacks&, \
      const std::atomic<bool>*);
#define TENGEN_GPU_SIDE(PREFIX, SIDE, KO)                       \
  TENGEN_GPU_INSTANCE(PREFIX, SIDE, KO, SuicideRule::Forbidden) \
  TENGEN_GPU_INSTANCE(PREFIX, SIDE, KO, SuicideRule::Allowed)   \
  TENGEN_GPU_INSTANCE(PREFIX, SIDE, KO, SuicideRule::Multi)
#define TENGEN_GPU_KO(PREFIX, KO) \
  TENGEN_GPU_SIDE(PREFIX, 9, KO)  \
  TENGEN_GPU_SIDE(PREFIX, 13, KO) \
  TENGEN_GPU_SIDE(PREFIX, 19, KO) \
  TENGEN_GPU_SIDE(PREFIX, 0, KO)

}  // namespace cuda_detail
}  // namespace tengen::gpu
