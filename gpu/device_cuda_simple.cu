// The CUDA engine's instances under simple ko (gpu/device_cuda.cuh).
#include "gpu/device_cuda.cuh"

namespace tengen::gpu::cuda_detail {
TENGEN_GPU_KO(template, KoRule::Simple)
}  // namespace tengen::gpu::cuda_detail
