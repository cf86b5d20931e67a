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
    unsigned long long* epoch = nullptr;  ///< self_reset: kSelfResetCounters words, 0 at set-up
    void* temp = nullptr;          ///< CUB temporary storage
    std::size_t temp_bytes = 0;
    unsigned int n = 0;            ///< elements
    unsigned int block = 256;      ///< threads per block (power of two)
    unsigned int coarse = 4;       ///< coarse factor C (power of two, 1..64)
    unsigned int grid = 1;         ///< blocks, from the strategy's grid formula
    cudaStream_t stream = nullptr;
};

/// self_reset's counters (reduce_warp.cu): epoch[0] tickets drawn, epoch[1] the last launch whose
/// zero of *output was published, epoch[2] the grid size of the first launch, epoch[3] an error word
/// (non-zero: a launch with another grid size ran on these counters). All 0 before the first launch.
inline constexpr std::size_t kSelfResetCounters = 4;

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
/// *temp_bytes to the storage it needs. The count goes to CUB as an unsigned 32-bit integer (CUB's
/// own offset type for counts that fit; never a narrowing cast to int).
cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes);  // baselines.cu

/// The single-pass library baseline `cub_single_pass` (sum only): with CCCL >= 3.1,
/// cub::DeviceReduce::Sum with cuda::execution::determinism::not_guaranteed (which zeroes l.out
/// itself); otherwise the same design from CUB's public block primitives (BlockLoad of float4,
/// BlockReduce, one atomicAdd per block into l.out, which the caller resets first).
cudaError_t enqueue_cub_single_pass(const Launch& l);  // baselines.cu
/// True when enqueue_cub_single_pass calls CCCL's own not_guaranteed DeviceReduce (it then zeroes
/// the output itself); false for the block-primitive version.
bool cub_single_pass_is_native();
/// The kernel name(s) of cub_single_pass, for the results.
const char* cub_single_pass_kernel_name();
/// The grid enqueue_cub_single_pass launches for n (0 when CCCL chooses it: native mode).
cudaError_t cub_single_pass_grid(unsigned int n, unsigned int* grid);

/// One shape of read-only kernel for the read ceiling (docs/benchmarks.md): reads n floats of l.x
/// (and n of l.y when `two_arrays`), writes nothing unless their sum equals `never`.
struct ReadShape {
    bool strided = false;        ///< false: one pass, `unroll` float4 per thread; true: a grid-stride
                                 ///< loop over `blocks` blocks with four float4 loads in flight
    unsigned int unroll = 1;     ///< one pass: 1, 2, 4 or 8
    unsigned int blocks = 0;     ///< grid-stride: the grid
    unsigned int block = 256;    ///< threads per block
    int load = 0;                ///< 0 ld.global, 1 ld.global.nc, 2 ld.global.nc.L1::no_allocate
    bool two_arrays = false;     ///< also read l.y (the dot products' ceiling: 8 bytes per element)
};
/// Enqueues one read-only kernel of `shape`.
cudaError_t enqueue_read(const Launch& l, const ReadShape& shape, float never);  // baselines.cu
/// An empty kernel, <<<1, 32>>>: what a launch costs with no work (subtracted in read_net_gbs).
cudaError_t enqueue_empty(cudaStream_t stream);  // baselines.cu
/// Reads `bytes` (a multiple of 16) at `p` and writes nothing unless the sum equals `never`: the
/// cold-cache flush by reading (a flush by writing leaves dirty lines that are written back
/// while the next kernel runs).
cudaError_t enqueue_flush_read(const void* p, std::size_t bytes, float* never_out, int sms, cudaStream_t stream);

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
