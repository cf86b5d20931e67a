// SPDX-License-Identifier: GPL-3.0-or-later
// The multi-GPU reduction (seed 001 §5.2): K GPUs each reduce their shard of the input with the
// best single-GPU kernel (`vectorized`), then the K partials are combined through NCCL or over
// peer-to-peer copies; plus NCCL's plain all-reduce of a whole buffer as the collective baseline.
// Plain C++, no CUDA or NCCL types. Implemented in kernels/cuda/multi_gpu.cu; exists only where
// reducescope_cuda is built (REDUCESCOPE_WITH_CUDA_KERNELS). Errors are reduce_api.h's types.
#pragma once

#include "bench/multi_gpu_metrics.h"
#include "cuda/reduce_api.h"

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace reducescope::cuda {

/// True when this build has NCCL (the two NCCL combines and the baseline; p2p needs none).
bool multi_gpu_has_nccl();
/// The NCCL library's version, e.g. "2.28.9"; empty without NCCL.
std::string nccl_version();

/// How to run and time one combine on K GPUs.
struct MultiGpuTiming {
    bool per_launch = false;       ///< true: events around each repetition; false: loop batches
    int reps = 100;                ///< timed repetitions (0: verification only)
    int warmup = 10;               ///< untimed repetitions first
    int batches = 5;               ///< loop: the reps run as this many timed batches (one sample each)
    unsigned int block_size = 256; ///< of the shard kernel (power of two, 32..1024)
    unsigned int coarse_factor = 4;///< of the shard kernel (power of two, 1..64)
};

/// One combine's outcome.
struct MultiGpuRun {
    RunResult::Status status = RunResult::Status::Failed;
    std::string message;             ///< Skipped: why; Failed: "<call>: <error string>"
    std::string kernel;              ///< e.g. "vectorized_reduce_sum + ncclAllReduce"
    unsigned int grid = 0;           ///< blocks of the shard kernel on GPU 0
    double value = 0;                ///< the sum read back from GPU 0 (baseline: Σ of its output / K)
    bool output_written = false;     ///< GPU 0's result no longer holds the poison
    bool ranks_agree = true;         ///< all-reduce: every GPU holds bit-identical results
    std::vector<double> samples_ms;  ///< per-launch: one per rep; loop: one per batch (mean)
};

/// Owns K GPUs (0..K-1): a copy of the input on each, streams, events and (with NCCL) one
/// communicator per GPU from ncclCommInitAll. Sets NCCL_NVLS_ENABLE=0 in the environment when it
/// is unset: NVLink multicast stays off.
class MultiGpuRunner {
public:
    /// Uploads x to each of GPUs 0..gpus-1 (x.size() is the capacity; runs take any prefix).
    /// Throws NoDevice (fewer than `gpus` devices), OutOfMemory, CudaError (also for NCCL errors:
    /// "ncclCommInitAll: <NCCL error string>").
    MultiGpuRunner(int gpus, std::span<const float> x);
    ~MultiGpuRunner();
    MultiGpuRunner(const MultiGpuRunner&) = delete;
    MultiGpuRunner& operator=(const MultiGpuRunner&) = delete;

    int gpus() const;
    /// can_access[i][j]: cudaDeviceCanAccessPeer(i, j) (the diagonal is true).
    const std::vector<std::vector<bool>>& peer_access() const;

    /// Verifies once (results poisoned first), then times per `timing`, over the first n
    /// elements split by bench::split_shards(n, gpus()). CUDA and NCCL errors come back as
    /// Status::Failed; Skipped when the combine cannot run here (no NCCL; p2p without peer
    /// access; n outside 1..capacity).
    MultiGpuRun run(bench::Combine combine, std::size_t n, const MultiGpuTiming& timing);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace reducescope::cuda
