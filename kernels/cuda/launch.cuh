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
    float* out = nullptr;          ///< the scalar result (zero_ahead: a ring of kZeroAheadSlots floats)
    float* partials = nullptr;     ///< two_pass / grid_sync: one float per block
    unsigned long long* epoch = nullptr;  ///< self_reset: kSelfResetCounters words, 0 at set-up
    void* temp = nullptr;          ///< CUB temporary storage
    std::size_t temp_bytes = 0;
    /// CCCL's determinism modes: where a call whose storage does not fit writes the bytes it
    /// needs (and returns cudaErrorMemoryAllocation without launching anything).
    std::size_t* temp_request = nullptr;
    unsigned int n = 0;            ///< elements
    unsigned int block = 256;      ///< threads per block (power of two)
    unsigned int coarse = 4;       ///< coarse factor C (power of two, 1..64)
    unsigned int grid = 1;         ///< blocks, from the strategy's grid formula
    bool max = false;              ///< cub: DeviceReduce::Max instead of ::Sum
    /// zero_ahead: this launch's number e; it adds into out[e % kZeroAheadSlots] and zeroes
    /// out[(e + 1) % kZeroAheadSlots] for the next launch (reduce_warp.cu).
    unsigned long long launch = 0;
    cudaStream_t stream = nullptr;
};

/// self_reset's counters (reduce_warp.cu): epoch[0] tickets drawn, epoch[1] the last launch whose
/// zero of *output was published, epoch[2] the grid size of the first launch, epoch[3] an error word
/// (non-zero: a launch with another grid size ran on these counters). All 0 before the first launch.
inline constexpr std::size_t kSelfResetCounters = 4;

/// zero_ahead's ring (reduce_warp.cu): launch e adds into out[e % 3] and zeroes out[(e + 1) % 3].
inline constexpr unsigned int kZeroAheadSlots = 3;

/// One strategy of a kernel file's registry: how its kernel(s) are launched, with a probe.
/// Each kernel file defines `<file>_launchers<Probe>()` next to its kernels; the benchmark
/// instantiates it with NoProbe (`<file>_kernels()` below, collected by runner.cu) and the
/// recording variant with its RecordingProbe (recording.cu), so both launch the same kernels the
/// same way. tests/kernels/model/tst_catalogue.cpp holds the ids to the catalogue (`has_kernel`,
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
/// *temp_bytes to the storage it needs. The count goes to CUB as an unsigned 32-bit integer (CUB's
/// own offset type for counts that fit; never a narrowing cast to int).
cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes);  // baselines.cu

/// The library-primitive baselines (sum only): one pass built from CUB's BlockLoad of float4 and
/// BlockReduce, one atomicAdd per block. ring = false (cub_block_one_pass): into l.out, which the
/// caller resets to 0 first; ring = true (cub_block_ring): into l.out[l.launch % kZeroAheadSlots],
/// zeroing l.out[(l.launch + 1) % kZeroAheadSlots] (zero_ahead's contract).
cudaError_t enqueue_cub_block(const Launch& l, bool ring);  // baselines.cu
/// The grid enqueue_cub_block launches for n: the tiles of 4096 floats, capped at the resident blocks.
cudaError_t cub_block_grid(unsigned int n, unsigned int* grid);

/// CCCL's determinism requirements (cuda::execution::determinism, CCCL >= 3.1).
enum class CcclDeterminism { NotGuaranteed, RunToRun, GpuToGpu };
/// cub::DeviceReduce::Sum(l.x, l.out, l.n, env) with env requiring `d`, on l.stream, its temporary
/// storage taken from l.temp / l.temp_bytes (a memory resource over that buffer: no allocation in
/// the timed work). It writes l.out itself (not_guaranteed zeroes it first). cudaErrorNotSupported
/// when this build has no CCCL >= 3.1 (cccl_determinism_built()).
cudaError_t enqueue_cccl_sum(const Launch& l, CcclDeterminism d);  // baselines.cu
/// Whether this build's CCCL has the determinism requirements (configure-time check).
bool cccl_determinism_built();
/// The CCCL version this file was compiled against (CUB_VERSION), e.g. "3.1.0".
const char* cccl_version_text();

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

/// nvbench's blocking kernel <<<1, 1>>>: spins until *release (mapped host memory, device
/// pointer) is non-zero or `timeout_ns` have passed on the GPU's global timer (then *timed_out = 1,
/// a device pointer into mapped host memory). The runner queues it before a sample's start event.
cudaError_t enqueue_blocking(const int* release, int* timed_out, unsigned long long timeout_ns,
                             cudaStream_t stream);  // baselines.cu

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
