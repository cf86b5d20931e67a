// SPDX-License-Identifier: GPL-3.0-or-later
// Running a benchmark: plan the kernel runs, time them on the GPU against the float64 reference,
// stream the JSON lines (docs/results-format.md) and write the results file. Plain C++ (no Qt);
// the library reducescope_bench_run exists only where the CUDA kernels are built. The CLI
// (`reducescope-cli bench`, `selftest`, `devices`) parses arguments, calls these, and prints.
//
// Errors: cuda::NoDevice (no driver or device), cuda::OutOfMemory (N does not fit), cuda::CudaError
// (a CUDA call outside a kernel run failed) propagate from kernels/cuda/reduce_api.h; BadOption
// (plan.h) for a setting this machine cannot take (device index, GPU count); std::runtime_error
// when the results file cannot be written. A kernel that fails is a result with status "error".
#pragma once

#include "bench/plan.h"
#include "bench/reference.h"
#include "bench/results_file.h"
#include "bench/stopping.h"
#include "cuda/reduce_api.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <optional>
#include <string>
#include <vector>

namespace reducescope::bench {

/// Where a run reports as it goes.
struct RunSink {
    /// Each JSON line (start, progress, result, done), in order, without a newline. Required.
    std::function<void(const std::string& json_line)> line;
    /// Each result once final (speeds filled in), before its line. Optional.
    std::function<void(const Result& result)> result;
    /// A one-line note for people that is not a JSON line (e.g. why the counters were not
    /// taken). Optional.
    std::function<void(const std::string& message)> warning;
};

/// What the SIMT engine made of the own kernel on one input (RunOptions::OwnRun::engine).
struct EngineRun {
    bool ran = false;          ///< a value came out (no fault, no refusal)
    double value = 0;          ///< the kernel's *output (a float32, widened)
    bool fixed_order = false;  ///< no atomics ran: the GPU adds in the same order
    bool fault = false;        ///< the engine stopped the kernel (`message` names the fault and line)
    std::string message;       ///< why there is no value ("" when ran)
};

/// The sizes `kernel bench` checks the own kernel at besides N (docs/your-own-kernel.md): one value,
/// a warp less one, a warp and one more, and 2^20 + 3 (a tail that is not a whole float4 or block).
inline constexpr std::size_t kOwnCheckSizes[] = {1, 31, 33, (std::size_t{1} << 20) + 3};
/// The largest input the engine's comparison runs at (simt::kMaxEngineInput).
inline constexpr std::size_t kOwnEngineMaxN = std::size_t{1} << 20;

/// A single-GPU benchmark (`reducescope-cli bench`), already validated by the caller (plan.h
/// parsers; ranges as docs/results-format.md).
struct RunOptions {
    std::vector<std::string> strategies;          ///< catalogue ids, catalogue order
    std::vector<std::size_t> sizes;               ///< N, 1..kMaxN (several: a sweep over N)
    std::vector<unsigned int> block_sizes{256};   ///< powers of two 32..1024 (several: a sweep)
    std::vector<unsigned int> coarse_factors{4};  ///< powers of two 1..64 (several: a sweep)
    int reps = 100;
    int warmup = 10;
    int batches = 5;
    /// How many samples (bench/stopping.h): false = the `--reps` behaviour (per-launch:
    /// `reps` samples; loop and graph: `batches` samples of reps / batches repetitions); true =
    /// samples until `stop` says so (minimum samples and GPU time, noise limit, time-out).
    bool adaptive = false;
    StopCriteria stop;
    std::string mode = "loop";  ///< per-launch | loop | graph
    std::string cache = "hot";  ///< hot | cold
    std::uint64_t seed = kDefaultSeed;
    int device = 0;
    /// `--repeat K` (0 = none, else 1..kMaxRepeat, determinism.h): after a kernel's timing, K more
    /// launches on the same input, each verified alone, their results kept bit for bit in the
    /// result's `repeat` (not for `cpu`, whose sum is float64 and sequential).
    int repeat = 0;
    /// Each kernel that ran right is run again on the exact positive input (verify.h
    /// make_exact_positive_input): one validation batch, every launch equal to the reference.
    bool exact_check = true;
    /// The read ceiling's winning shape is measured again right after each kernel (its
    /// ceiling_read_gbs and pct_ceiling are against that measurement).
    bool ceiling_beside = true;
    bool counters = false;      ///< also take ncu's counters (ncu_counters_json.h collect_counters)
    /// The reducescope-cli that ncu profiles for the counters; empty: this program (/proc/self/exe).
    std::string counters_cli;
    /// Written atomically (write_results_file) before the done line; empty: no file.
    std::string json_file;
    Tool tool;                  ///< recorded in the file
    std::string command;        ///< recorded in the file
    /// `kernel bench`: the student's own kernel, run after the catalogue's points at sizes.front()
    /// (one N): timed like them (the same Runner::run, the exact positive input, the validation
    /// replay, the ceiling beside), checked at kOwnCheckSizes on the random and the exact input,
    /// and held against the engine's result at each checked size up to kOwnEngineMaxN. Its result
    /// is strategy "my_kernel", family "own", with `own_kernel` (results.h OwnKernelReport).
    struct OwnRun {
        std::shared_ptr<const cuda::OwnKernel> kernel;
        std::string label;      ///< the source's file name
        std::string signature;  ///< "input_output" | "in_place" | "two_pass_first"
        std::string nvrtc;      ///< "NVRTC 13.0, sm_90"
        /// The engine on `input` with this block and grid; unset: no engine in this build.
        std::function<EngineRun(std::span<const float> input, unsigned int block, unsigned int grid)> engine;
    };
    std::optional<OwnRun> own;
};

/// What a run produced.
struct RunReport {
    ResultsFile file;                       ///< everything, as written to json_file
    int failures = 0;                       ///< results "wrong" or "error"
    std::optional<CountersStatus> counters; ///< with RunOptions::counters
};

/// Runs the benchmark: the ceilings at every N (the strongest read-only kernel shape, the copy, the
/// empty kernel; docs/benchmarks.md "Ceilings"), then every planned kernel run (plan_runs:
/// baselines first, so the speed-ups are known as results stream), each with the method fields
/// (noise, stop rule, clocks, cold method, the check of the output after the timed work), the
/// counters when asked, the file, and the lines `start`, `progress`/`result` per run, `done`.
RunReport run_benchmark(const RunOptions& options, const RunSink& sink);

/// A multi-GPU benchmark (`reducescope-cli bench --gpus K`): `vectorized` on each GPU's shard,
/// combined four ways, for k = 1..K, at each N (docs/results-format.md, "Multi-GPU").
struct MultiGpuOptions {
    int gpus = 1;                       ///< K
    std::vector<std::size_t> sizes;
    unsigned int block_size = 256;
    unsigned int coarse_factor = 4;
    int reps = 100;
    int warmup = 10;
    int batches = 5;
    std::string mode = "loop";          ///< per-launch | loop
    std::string cache = "hot";
    std::uint64_t seed = kDefaultSeed;
    std::string json_file;
    Tool tool;
    std::string command;
};

/// Runs the multi-GPU benchmark. Throws BadOption("gpus") when K exceeds the CUDA devices.
RunReport run_multi_gpu(const MultiGpuOptions& options, const RunSink& sink);

/// `reducescope-cli selftest`: every kernel at N in {1, 2, 3, 31, 32, 33, 1000, 1023, 1024, 1025,
/// 2^20, 2^20 + 7, 2^24 + 3} (those <= max_n), each block size and (where it is used) coarse
/// factor, verification only.
struct SelftestOptions {
    std::size_t max_n = (std::size_t{1} << 24) + 3;
    std::vector<std::string> strategies;
    std::vector<unsigned int> block_sizes{32, 128, 256, 1024};
    std::vector<unsigned int> coarse_factors{1, 4, 16};
    std::uint64_t seed = kDefaultSeed;
    int device = 0;
};

/// The counts of a selftest. `self_reset`, when selected, also runs back to back on the same
/// counters (5000 launches in a loop, 4 x 1000 replayed from a CUDA graph) and is checked after the
/// last launch (output and counters): two more runs.
struct SelftestReport {
    std::string device_name;
    int runs = 0, ok = 0, wrong = 0, errors = 0, skipped = 0;
    int race_runs = 0, race_lost = 0;  ///< `race` (expected wrong): runs, and runs that lost updates
};

/// Runs the selftest; `problem` gets one line per failed run ("ERROR ..." / "WRONG ...") as it
/// happens. Throws BadOption("device") for a device index past the devices found.
SelftestReport run_selftest(const SelftestOptions& options, const std::function<void(const std::string&)>& problem);

/// Now, as results files record their `date`: "2026-11-29T13:05:00Z".
std::string utc_now();

/// A device as the results file records it.
Device device_record(const cuda::DeviceInfo& d);

} // namespace reducescope::bench
