// TENGEN_HD: marks a function that compiles for both the CPU and a GPU
// (__host__ __device__ under nvcc, nothing in an ordinary build), so that
// one definition plays the same games on either (gpu/README.md).
#pragma once

#ifndef TENGEN_HD  // playout/rng.h repeats this definition
#if defined(__CUDACC__)
#define TENGEN_HD __host__ __device__
#else
#define TENGEN_HD
#endif
#endif
