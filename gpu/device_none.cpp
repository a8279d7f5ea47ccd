// A build without CUDA: --device gpu is an error that says how to get one.
#include "gpu/device.h"

namespace tengen::gpu {

bool built_with_cuda() {
  return false;
}

std::string device_name() {
  throw DeviceError(kNoCudaMessage);
}

selfplay::RunResult run_gpu(const selfplay::RunConfig& config, const selfplay::RunCallbacks&,
                            const std::atomic<bool>*) {
  selfplay::validate(config);
  throw DeviceError(kNoCudaMessage);
}

}  // namespace tengen::gpu
