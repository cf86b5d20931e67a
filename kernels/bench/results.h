// SPDX-License-Identifier: GPL-3.0-or-later
// One benchmark result (docs/results-format.md, "A result") and its verification status.
#pragma once

#include "bench/determinism.h"
#include "bench/json_value.h"
#include "bench/stats.h"
#include "model/catalogue.h"

#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// results-format.md `status`.
enum class Status { Ok, Wrong, ExpectedWrong, Error, Skipped };

/// "ok", "wrong", "expected_wrong", "error", "skipped".
std::string_view status_name(Status s);
/// Inverse of status_name; nullopt when unknown.
std::optional<Status> parse_status(std::string_view s);

/// The multi-GPU part of a result (results-format.md, "Multi-GPU"): present only in the results
/// of `bench --gpus K`.
struct MultiGpuFields {
    int gpus = 1;                       ///< k, the GPUs of this run
    std::string combine;                ///< "nccl_allreduce" | "nccl_reduce" | "p2p" | "collective_baseline"
    long long size_bytes = 0;           ///< S of nccl-tests: 4·n
    std::optional<double> algbw_gbs;    ///< S / median time; null unless status is ok
    std::optional<double> busbw_gbs;    ///< algbw × nccl-tests' bus factor; null unless ok

    bool operator==(const MultiGpuFields&) const = default;
};

/// `kernel bench`: one verification launch of the own kernel at a size of its checks
/// (docs/your-own-kernel.md, "On the GPU").
struct OwnCheck {
    std::size_t n = 0;
    std::string input;               ///< "random" (within `tolerance`) | "exact" (small positive integers, tolerance 0)
    bool ok = false;
    std::optional<double> result;    ///< the GPU's value; null when the launch failed or did not write the output
    double reference = 0;            ///< the float64 sum of the same values
    double tolerance = 0;
    std::string message;             ///< why it is not ok ("" when ok)

    bool operator==(const OwnCheck&) const = default;
};

/// `kernel bench`: the SIMT engine's result for the same input held against the GPU's.
struct EngineCheck {
    std::size_t n = 0;
    /// "fixed" (no atomics in the engine's run: the same order on the GPU, compared bit for bit) |
    /// "atomic" (atomics: the hardware picks the order, compared within `tolerance`).
    std::string order;
    /// "bitwise" (the same float bits) | "within_tolerance" | "differs" | "engine_fault" (the
    /// engine stopped the kernel: `message`) | "not_run" (`message` says why).
    std::string verdict;
    std::optional<double> engine, gpu;
    double tolerance = 0;
    std::string message;

    bool operator==(const EngineCheck&) const = default;
};

/// `kernel bench`'s part of a result (strategy "my_kernel", family "own"): the row's label (the
/// source's file name: the pane shows "my kernel (LABEL)"), the kernel's signature, the NVRTC that
/// compiled it, the checks at the adversarial sizes and the engine's comparison.
struct OwnKernelReport {
    std::string label;
    std::string signature;           ///< "input_output" | "in_place" | "two_pass_first"
    std::string nvrtc;               ///< e.g. "NVRTC 13.0, sm_90"
    std::vector<OwnCheck> checks;
    std::vector<EngineCheck> engine;

    bool operator==(const OwnKernelReport&) const = default;
};

/// One (strategy, n, block size, coarse factor) result. Optional fields are JSON null when unset.
/// Adding a field: a member here, one line in read_result() and one in to_json(const Result&)
/// (kernels/bench/results_file.cpp; both declared in results_json.h), and a line in
/// docs/results-format.md.
struct Result {
    std::string strategy;
    std::string family;
    std::string kernel;
    std::string operation = "sum";  ///< "sum", "max" or "dot"
    std::size_t n = 0;
    int block_size = 0;
    int coarse_factor = 0;
    unsigned int grid_size = 0;
    std::string mode;                ///< "per-launch" | "loop" | "graph" ("" = not recorded: not written)
    std::string cache;               ///< "hot" | "cold" ("" = not recorded: not written)
    Status status = Status::Error;
    std::string message;
    std::optional<double> result, reference, abs_error, tolerance;
    std::optional<Summary> time_ms;
    long long bytes_read = 0;
    std::optional<double> bandwidth_gbs, pct_peak, pct_ceiling, ceiling_read_gbs;
    std::optional<double> speedup_vs_cpu, speedup_vs_cub;
    // Added to the version-1 fields (readers may ignore them):
    int samples = 0;                 ///< timing samples behind time_ms
    double subtracted_ms = 0;        ///< loop/graph: untimed restore/flush per rep taken out
    bool in_place = false;           ///< the kernel overwrites its input (restored each rep)
    // The method fields (noise, stopping, clocks, cold cache, baselines, verification). Written
    // together, all or none: when `method_fields` is set (the engine sets it; a reader sets it when
    // the object has any of them) or any of them differs from its default. Older files lack them.
    bool method_fields = false;
    std::optional<double> noise;     ///< stdev / mean of the samples (nvbench's noise; 0.005 = 0.5 %); null without samples
    std::string stop_rule;           ///< "reps" | "noise" | "timeout" (stopping.h); "" without samples
    bool noisy = false;              ///< noise above the run's limit (params.stopping.max_noise)
    double gpu_time_s = 0;           ///< GPU time of all samples together
    int reps_per_sample = 0;         ///< 1 in per-launch mode; the batch size in loop/graph
    /// Graph mode, the difference of two batch sizes: the short graph's repetitions, whose replay
    /// was subtracted from each replay of reps_per_sample (divided by their difference); 0: plain
    /// samples (cuda::Timing::graph_difference).
    int short_reps_per_sample = 0;
    double host_enqueue_us = 0;      ///< median host time to enqueue one repetition (eager launches)
    std::string cold_method;         ///< "" (hot) | "rotate" (input copies > L2) | "flush_read"
    int cold_buffers = 0;            ///< "rotate": how many input copies take turns
    /// SM / memory clocks in MHz read before the first and after the last timed sample, and the
    /// device's maximums (NVML); -1 = not read. `low_clock`: a reading below 75 % of its maximum.
    int sm_mhz_before = -1, sm_mhz_after = -1, mem_mhz_before = -1, mem_mhz_after = -1;
    int sm_max_mhz = -1, mem_max_mhz = -1;
    bool low_clock = false;
    bool checked_after_timing = false;           ///< the output was read back after the timed work
    std::optional<double> result_after_timing;   ///< that value
    std::optional<double> ceiling_ratio;         ///< bandwidth / read ceiling, unbounded (pct_ceiling is capped)
    std::optional<double> speedup_vs_cub_block_one_pass;  ///< cub_block_one_pass time / this time
    std::string best_baseline;                   ///< the fastest library baseline at this point (any contract)
    std::optional<double> speedup_vs_best_baseline;    ///< against best_baseline
    /// The fastest library baseline whose order is fixed (run-to-run deterministic or stronger:
    /// cub, cub_run_to_run, cub_gpu_to_gpu), and the speed-up against it: what a deterministic
    /// kernel is held to (version 2).
    std::string best_deterministic_baseline;
    std::optional<double> speedup_vs_best_deterministic_baseline;
    // Version 2 method fields (docs/results-format.md):
    /// The kernel's contract (contract.h): "gpu_to_gpu" | "run_to_run" | "not_guaranteed", and what
    /// the caller must keep for it ("" = nothing beyond the call).
    std::string determinism;
    std::string caller_keeps;
    /// The validation replay: launches whose outputs were each copied out and checked, and how
    /// many of them were wrong (a wrong one makes the result wrong).
    int launches_checked = 0;
    int launches_wrong = 0;
    /// The exact positive input (verify.h make_exact_positive_input), checked with tolerance 0 over
    /// a validation replay of a batch: launches checked, wrong. -1 = not run.
    int exact_launches_checked = -1;
    int exact_launches_wrong = 0;
    /// Loop / graph: the samples were queued behind the blocking kernel; its time-outs (dropped).
    bool blocked_start = false;
    int block_timeouts = 0;
    /// The clock watch during the timed samples (NVML): readings, SM clock range, hottest
    /// temperature, highest power (W), the OR of the clock event reasons, throttled readings and the
    /// samples they dropped. -1 = not read.
    int clock_readings = 0;
    int sm_mhz_min = -1, sm_mhz_max = -1, temperature_c_max = -1;
    double power_w_max = -1;
    long long clock_event_reasons = -1;
    int throttled_readings = 0, throttled_dropped = 0;
    std::optional<MultiGpuFields> multi_gpu;  ///< `bench --gpus K` only
    /// `bench --repeat K` only (determinism.h): the K launches' results bit for bit,
    /// and the kernel's merge order; results-format.md `repeat`.
    std::optional<Repeat> repeat;
    /// `kernel bench` only: the own kernel's label, checks and the engine's comparison.
    std::optional<OwnKernelReport> own_kernel;
    /// Members of the file's object that this version does not know, kept as read so that a
    /// file written by a newer tool survives a load and an export (null when there are none).
    JsonValue extra;
    /// Written with the version-2 members (the engine's results; false for a result read from a
    /// version-1 file, so that such a file writes back byte for byte).
    bool format2 = true;

    bool operator==(const Result&) const = default;
};

/// Classifies a finished run. `written` = the output no longer holds the poison.
/// expected_wrong (race) wins over the comparison; an unwritten or non-finite output is wrong.
Status classify(bool written, double value, double reference, double tolerance, bool expected_wrong);

/// Fills bandwidth_gbs, pct_peak, pct_ceiling, ceiling_ratio, speedup_vs_cpu and speedup_vs_cub
/// from time_ms and bytes_read, only when status is Ok (they stay null otherwise). Each argument
/// may be unknown (nullopt / <= 0). pct_ceiling is a fraction of a bandwidth and never above 100:
/// a kernel measured faster than the read ceiling (the ceiling was not the strongest read-only
/// kernel) gets pct_ceiling null and only ceiling_ratio (> 1).
void set_speeds(Result& r, double peak_gbs, std::optional<double> ceiling_read_gbs,
                std::optional<double> cpu_ms, std::optional<double> cub_ms);

/// Adds the speed-up against CUB's single-pass baseline and names the faster of the two library
/// baselines (best_baseline, speedup_vs_best_baseline), only when status is Ok. Call after
/// set_speeds. cub_ms / one_pass_ms: the baselines' medians at the same point (or unknown).
void set_baseline_speedups(Result& r, std::optional<double> cub_ms, std::optional<double> one_pass_ms);

/// The general form: `baseline_ms` maps each library baseline that ran right at this point (ids
/// of family baseline, not cpu) to its median. Sets speedup_vs_cub_block_one_pass, best_baseline
/// (the fastest of all) and best_deterministic_baseline (the fastest whose order is fixed:
/// contract.h is_fixed_order_baseline), each with its speed-up; only when status is Ok.
void set_baseline_speedups(Result& r, const std::vector<std::pair<std::string, double>>& baseline_ms);

/// The check of the output after the timed repetitions (the verification run is only the first
/// launch): Ok when `written` and `value` is within `tolerance` of `reference`; Wrong otherwise.
/// Applied to results that were Ok; a Wrong here turns the result Wrong (docs/benchmarks.md).
Status classify_after_timing(bool written, double value, double reference, double tolerance);

} // namespace reducescope::bench
