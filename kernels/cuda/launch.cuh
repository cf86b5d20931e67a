// SPDX-License-Identifier: GPL-3.0-or-later
// Host-side launch interface between the kernel files and the benchmark runner (runner.cu).
// Internal to kernels/cuda: the rest of the project goes through reduce_api.h.
#pragma once

#include "reduce_common.cuh"

#include <cuda_runtime.h>

#include <cstddef>
#include <span>
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
    bool max = false;              ///< cub: DeviceReduce::Max instead of ::Sum
    cudaStream_t stream = nullptr;
};

/// One strategy of a kernel file's registry: how its kernel(s) are launched, with a probe.
/// Each kernel file defines `<file>_launchers<Probe>()` next to its kernels; the benchmark
/// instantiates it with NoProbe (`<file>_kernels()` below, collected by runner.cu) and the
/// recording variant with its RecordingProbe (recording.cu), so both launch the same kernels the
/// same way. tests/model/tst_catalogue.cpp holds the ids to the catalogue (`has_kernel`,
/// `has_recording`).
template <class Probe>
struct KernelLauncher {
    std::string_view id;  ///< catalogue id
    /// Queues the strategy's kernel(s) on l.stream: l.grid blocks of l.block threads (a second
    /// kernel, if any, has its own shape). Returns the first launch error; no synchronisation.
    cudaError_t (*launch)(const Launch& l, Probe probe);
    /// Cooperative kernels only (catalogue `cooperative`): *per_sm = the blocks of `block` threads
    /// one multiprocessor holds at once (the grid is capped at per_sm x multiprocessors).
    cudaError_t (*resident_blocks)(unsigned int block, int* per_sm) = nullptr;
};

// The registries of the kernel files, instantiated for the benchmark (NoProbe).
std::span<const KernelLauncher<NoProbe>> basic_kernels();       // reduce_basic.cu
std::span<const KernelLauncher<NoProbe>> multiblock_kernels();  // reduce_multiblock.cu
std::span<const KernelLauncher<NoProbe>> warp_kernels();        // reduce_warp.cu
std::span<const KernelLauncher<NoProbe>> dot_kernels();         // dot_product.cu

/// The benchmark's launcher of catalogue id `strategy` (the files' registries and the CUB
/// baseline), or nullptr. Defined in runner.cu.
const KernelLauncher<NoProbe>* find_launcher(std::string_view strategy);

/// find_launcher(strategy)->launch(l, {}); cudaErrorInvalidValue for an id without a launcher.
cudaError_t enqueue(std::string_view strategy, const Launch& l);

/// CUB DeviceReduce::Sum (max = false) or ::Max into l.out; with l.temp == nullptr it only sets
/// *temp_bytes to the storage it needs.
cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes);  // baselines.cu
/// The read-only streaming ceiling: reads n floats, writes nothing unless the sum equals
/// `never` (a value the caller knows it cannot be). blocks > 0: a grid-stride loop over that many
/// blocks; blocks == 0: one pass, 8 float4 loads per thread, as many blocks as needed.
cudaError_t enqueue_read_ceiling(const Launch& l, unsigned int blocks, float never);  // baselines.cu

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
