// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --gpus K`: the multi-GPU benchmark (kernels/cli/cli_multi_gpu.cpp).
// `bench` hands its parsed options over when --gpus is given.
#pragma once

#include "bench/results_file.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reducescope::cli {

/// The `bench` options that the multi-GPU run uses (already range-checked by `bench`, except
/// `gpus`).
struct MultiGpuArgs {
    int gpus = 1;                        ///< --gpus K: runs every k in 1..K
    std::vector<std::size_t> sizes;      ///< --n, or the --sweep-n list
    std::vector<unsigned int> blocks;    ///< --block-size (one value)
    std::vector<unsigned int> coarse;    ///< --coarse-factor (one value)
    std::string strategies = "all";      ///< --strategies: all or vectorized
    int reps = 100;
    int warmup = 10;
    int batches = 5;
    std::string mode = "loop";           ///< per-launch | loop (graph is refused)
    std::string cache = "hot";           ///< hot only
    std::uint64_t seed = 0;
    std::string json_file;               ///< --json: the whole result set
};

/// What writes the results files: reducescope-cli, its version, and the commit
/// ($REDUCESCOPE_COMMIT, else the one it was built from, else "unknown").
bench::Tool cli_tool();
/// One JSON line on stdout, flushed (the bench commands' stream).
void emit_line(const std::string& line);

/// Checks the multi-GPU-specific arguments. Throws BadInput (exit 2) with one line naming the
/// option and its allowed range; `device_count` < 0 means unknown (then K is checked against 1..64).
void check_multi_gpu_args(const MultiGpuArgs& a, int device_count);

/// Runs the multi-GPU benchmark: for k = 1..K, each n, each combine (nccl_allreduce, nccl_reduce,
/// p2p, collective_baseline): JSON lines on stdout, the whole set into --json. Returns the exit
/// code: 0 all verified, 1 a result wrong or failed, 2 not enough device memory, 77 no CUDA
/// kernels / no device / K > 1 without NCCL ("built without NCCL"). Throws BadInput for bad
/// arguments.
int run_multi_gpu_bench(const MultiGpuArgs& a);

} // namespace reducescope::cli
