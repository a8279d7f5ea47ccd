// The CUDA engine's instances under situational ko (gpu/device_cuda.cuh).
#include "gpu/device_cuda.cuh"

namespace tengen::gpu::cuda_detail {
TENGEN_GPU_KO(template, KoRule::Situational)
}  // namespace tengen::gpu::cuda_detail
