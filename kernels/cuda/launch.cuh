// SPDX-License-Identifier: GPL-3.0-or-later
// Host-side launch interface between the kernel files and the benchmark runner (runner.cu).
// Internal to kernels/cuda: the rest of the project goes through reduce_api.h.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string_view>

namespace reducescope::cuda {

/// Buffers and shape of one launch. All pointers are device pointers.
struct Launch {
    const float* x = nullptr;      ///< input, n floats (read-only kernels)
    const float* y = nullptr;      ///< second input of the dot products, n floats
    float* work = nullptr;         ///< in-place kernels: a copy of x padded with zeros to whole segments
    float* out = nullptr;          ///< the scalar result
    float* partials = nullptr;     ///< two_pass / grid_sync: one float per block
    unsigned long long* epoch = nullptr;  ///< self_reset: {tickets, published launch}, 0 at set-up
    void* temp = nullptr;          ///< CUB temporary storage
    std::size_t temp_bytes = 0;
    unsigned int n = 0;            ///< elements
    unsigned int block = 256;      ///< threads per block (power of two)
    unsigned int coarse = 4;       ///< coarse factor C (power of two, 1..64)
    unsigned int grid = 1;         ///< blocks, from the strategy's grid formula
    cudaStream_t stream = nullptr;
};

/// Grid size of `strategy` for n, block size B and coarse factor C (design-notes.md, "Grid shape").
/// `coresident_blocks` caps grid_sync (0 = no cap).
unsigned int grid_for(const char* strategy, unsigned int n, unsigned int block, unsigned int coarse,
                      unsigned int coresident_blocks);

// One enqueue function per kernel file. Each returns the first CUDA error (cudaSuccess when all
// launches were queued) and does no synchronisation. `strategy` is the catalogue id; unknown ids
// return cudaErrorInvalidValue.
cudaError_t enqueue_basic(const char* strategy, const Launch& l);        // reduce_basic.cu
cudaError_t enqueue_multiblock(const char* strategy, const Launch& l);   // reduce_multiblock.cu
cudaError_t enqueue_warp(const char* strategy, const Launch& l);         // reduce_warp.cu
cudaError_t enqueue_dot(const char* strategy, const Launch& l);          // dot_product.cu
/// CUB DeviceReduce::Sum (max = false) or ::Max into l.out; with l.temp == nullptr it only sets
/// *temp_bytes to the storage it needs.
cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes);  // baselines.cu
/// The read-only streaming ceiling: reads n floats, writes nothing unless the sum equals
/// `never` (a value the caller knows it cannot be). blocks > 0: a grid-stride loop over that many
/// blocks; blocks == 0: one pass, 8 float4 loads per thread, as many blocks as needed.
cudaError_t enqueue_read_ceiling(const Launch& l, unsigned int blocks, float never);  // baselines.cu

/// Max blocks of `strategy` resident at once (cooperative launch limit), for grid_sync.
cudaError_t coresident_blocks_grid_sync(unsigned int block, int sms, unsigned int* blocks);  // reduce_warp.cu

/// Sets *out = value with a one-thread kernel (the reset of accumulating outputs to -inf for max).
cudaError_t enqueue_fill(float* out, float value, cudaStream_t stream);  // baselines.cu

/// Calls f.template operator()<C>() for the coarse factors the kernels are compiled for
/// (powers of two 1..64); other values give cudaErrorInvalidValue.
template <class F>
cudaError_t with_coarse_factor(unsigned int c, F&& f)
{
    switch (c) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 4: return f.template operator()<4>();
    case 8: return f.template operator()<8>();
    case 16: return f.template operator()<16>();
    case 32: return f.template operator()<32>();
    case 64: return f.template operator()<64>();
    default: return cudaErrorInvalidValue;
    }
}

} // namespace reducescope::cuda
