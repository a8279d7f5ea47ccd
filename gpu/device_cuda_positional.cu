// The CUDA engine's instances under positional ko (gpu/device_cuda.cuh).
#include "gpu/device_cuda.cuh"

namespace tengen::gpu::cuda_detail {
TENGEN_GPU_KO(template, KoRule::Positional)
}  // namespace tengen::gpu::cuda_detail
