// Self-play on a GPU: the portable code (gpu/portable_*.h), one game per GPU
// thread, its results folded into the runner's Stats and digest, so a GPU
// run equals run_selfplay's for the same config bit for bit and its shards
// merge with CPU shards. Built only with -DTENGEN_CUDA=ON (gpu/README.md);
// in any other build every call throws DeviceError saying how to get one.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

#include "selfplay/runner.h"

namespace tengen::gpu {

// No GPU to run on: a build without CUDA, no device or driver, out of GPU
// memory, or a CUDA error; the message names which. Commands exit 1 on it.
struct DeviceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Was this build configured with -DTENGEN_CUDA=ON?
bool built_with_cuda();

// The name of the GPU a run would use (device 0, or TENGEN_GPU_DEVICE).
// Throws DeviceError if there is none.
std::string device_name();

// run_selfplay's contract (game i from (seed, i); stop between launches
// keeps the finished games, a prefix; callbacks in game order), played on the
// GPU; config.threads is ignored. Throws std::invalid_argument for a bad
// config, DeviceError when no GPU can run it.
selfplay::RunResult run_gpu(const selfplay::RunConfig& config,
                            const selfplay::RunCallbacks& callbacks = {},
                            const std::atomic<bool>* stop = nullptr);

// The message of a build without CUDA.
inline constexpr const char* kNoCudaMessage =
    "this build has no CUDA: reconfigure with -DTENGEN_CUDA=ON (it needs the CUDA toolkit's "
    "nvcc, e.g. Debian's nvidia-cuda-toolkit) and build again to use --device gpu";

}  // namespace tengen::gpu
