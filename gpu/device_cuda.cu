// The CUDA engine: one game per GPU thread on the portable code
// (gpu/portable_*.h), the game's record in shared memory where a warp's
// records fit (global memory otherwise), game i from (seed, i) whatever the
// launch shape. Each launch plays up to `slots` consecutive games; the host
// folds their compact results into Stats and the digest in game order
// (gpu/results.h), so a GPU run equals run_selfplay's bit for bit.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "core/zobrist.h"
#include "gpu/device_cuda.cuh"
#include "gpu/portable_dispatch.h"
#include "gpu/portable_playout.h"
#include "gpu/portable_start.h"
#include "gpu/results.h"

namespace tengen::gpu {
namespace {

using cuda_detail::check;

int device_index() {
  const char* env = std::getenv("TENGEN_GPU_DEVICE");
  return env ? std::atoi(env) : 0;
}

// Device 0 (or TENGEN_GPU_DEVICE), selected; DeviceError naming what is missing.
cudaDeviceProp select_device() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
    throw DeviceError("no CUDA GPU found: " + std::string(cudaGetErrorString(status)));
  }
  if (status == cudaErrorInsufficientDriver) {
    throw DeviceError("the NVIDIA driver is missing or older than this build's CUDA runtime: " +
                      std::string(cudaGetErrorString(status)));
  }
  check(status, "cudaGetDeviceCount");
  const int index = device_index();
  if (index < 0 || index >= count) {
    throw DeviceError("TENGEN_GPU_DEVICE=" + std::to_string(index) + " but there are " +
                      std::to_string(count) + " GPUs");
  }
  check(cudaSetDevice(index), "cudaSetDevice");
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, index), "cudaGetDeviceProperties");
  return prop;
}

}  // namespace

namespace cuda_detail {
TENGEN_GPU_KO(extern template, KoRule::Simple)
TENGEN_GPU_KO(extern template, KoRule::Positional)
TENGEN_GPU_KO(extern template, KoRule::Situational)
}  // namespace cuda_detail

bool built_with_cuda() {
  return true;
}

std::string device_name() {
  return select_device().name;
}

selfplay::RunResult run_gpu(const selfplay::RunConfig& config,
                            const selfplay::RunCallbacks& callbacks,
                            const std::atomic<bool>* stop) {
  const selfplay::RunConfig c = resolve(config);
  const cudaDeviceProp prop = select_device();
  return dispatch_portable_game(c.width, c.height, c.rules, [&]<class G>(PortableTag<G>) {
    return cuda_detail::run_instance<G>(c, prop, callbacks, stop);
  });
}

}  // namespace tengen::gpu
