// SPDX-License-Identifier: GPL-3.0-or-later
// GPU-recorded traces: the real kernels, instantiated with a recording probe, run on a
// small input, and every `probe.record(...)` call they make is written to a device buffer.
// Plain C++, no CUDA types. Implemented in kernels/cuda/recording.cu; turned into a
// model::Trace by kernels/cuda/recorded_trace.h.
//
// What a record holds (one per `probe.record` call, i.e. per lane per step where the lane ran the
// step's guarded operation): the step and iteration (stride, shuffle offset, coarsening tile),
// the space and the element index the lane wrote (or loaded, for a register load), the value
// after the operation, the lane's block and thread index, `__activemask()` taken inside the
// guarded code, and the lane's own count of earlier records (program order per thread).
// What it does not hold: the index a lane *read* besides the one it wrote (the probe interface
// passes one index), shared-memory wavefronts and sectors (only Nsight Compute sees those), and
// the steps where a kernel makes no probe call (e.g. the final warp's load of the partials).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace reducescope::cuda {

/// One `probe.record(...)` call on the GPU. `step` and `space` are the values of
/// reducescope::cuda::Step / Space (reduce_common.cuh), in that enum's order.
struct RecordedCall {
    std::uint32_t kernel = 0;       ///< 0 = first kernel of the strategy, 1 = two_pass's second kernel
    std::uint32_t step = 0;         ///< cuda::Step
    std::uint32_t iteration = 0;    ///< stride / shuffle offset / tile, as the kernel passes it
    std::uint32_t space = 0;        ///< cuda::Space
    std::uint32_t index = 0;        ///< element index in `space`
    float value = 0;                ///< value after the operation
    std::uint32_t block = 0;        ///< blockIdx.x
    std::uint32_t thread = 0;       ///< threadIdx.x
    std::uint32_t active_mask = 0;  ///< __activemask() inside the guarded code
    std::uint32_t sequence = 0;     ///< records this thread made before this one (program order)
};

/// Names of cuda::Step values, as the step tags spell them ("load", "tree", "final_warp", ...).
const char* recorded_step_name(std::uint32_t step);

/// Everything one recorded run returns.
struct Recording {
    std::string strategy;
    std::string device;              ///< e.g. "NVIDIA H200 (sm_90)"
    unsigned int n = 0;
    unsigned int block = 0;          ///< blockDim.x of the first kernel
    unsigned int grid = 0;           ///< gridDim.x of the first kernel
    unsigned int coarse_factor = 0;
    std::vector<float> input;        ///< as uploaded (n values; in-place kernels: zero-padded to grid*2*block)
    std::vector<float> global_after; ///< in-place kernels: the working copy after the run; else empty
    std::vector<float> partials;     ///< two_pass / grid_sync: the block partials after the run
    float result = 0;                ///< *output after the run
    std::vector<RecordedCall> calls; ///< in no particular order (sort by block, thread, sequence)
};

/// True for the strategies that have a recording variant: a launcher in the recording registry
/// (the kernel files' tables instantiated with the recording probe, recording.cu).
bool can_record(const std::string& strategy);

/// The recording registry: every catalogue id with a recording variant, in registry order. Needs
/// no GPU. A strategy has one exactly when its catalogue entry says `has_recording`
/// (tests/kernels/model/tst_catalogue.cpp).
std::vector<std::string> recording_ids();

/// Runs the recording instantiation of `strategy` once on `input` (1..4096 values) with block
/// size `block` (power of two; warp kernels: 32..1024) and coarse factor `coarse` (power of two,
/// 1..64). The launch follows the benchmark's grid formulas (docs/design-notes.md).
/// Throws NoDevice (reduce_api.h) without a GPU, std::invalid_argument for a strategy without a
/// recording variant or a size the kernel cannot run, CudaError when a CUDA call fails.
Recording record_on_gpu(const std::string& strategy, std::span<const float> input, unsigned int block,
                        unsigned int coarse);

} // namespace reducescope::cuda
