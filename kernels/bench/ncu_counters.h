// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters of the single-block kernels beside the step model's totals:
// the ncu command line, the parser of its --csv output, and the counters a results file carries
// as plain C++ types. Plain C++ (no Qt, no CUDA; POSIX for running ncu). Their JSON forms, and
// collect_counters() (it runs ncu on a child `reducescope-cli bench` process and is what
// `reducescope-cli bench --counters` calls, kernels/bench/run.cpp), are in ncu_counters_json.h.
// The meaning of each figure and why the two sides differ: docs/hardware-counters.md; the JSON:
// docs/results-format.md ("Hardware counters").
#pragma once

#include "bench/json_value.h"
#include "model/trace.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// The metrics collected, in this order (docs/hardware-counters.md).
inline constexpr const char* kCounterMetrics[] = {
    "smsp__sass_branch_targets_threads_divergent.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
};

/// The strategies the counters are taken for, in catalogue order: the single-block kernels with
/// a step model (catalogue `single_block`, `has_model`, `has_kernel`), whose one block at
/// kCounterN / kCounterBlock is the textbook kernel.
std::vector<std::string_view> counter_strategies();

/// Elements and threads per block of the counters run: one block of 512 threads over 1024
/// elements (docs/hardware-counters.md, section 1). The input is make_input(kCounterN,
/// kDefaultSeed), the bench's default input at that size.
inline constexpr unsigned int kCounterN = 1024;
inline constexpr unsigned int kCounterBlock = 512;

/// Full path of `program` found in the directories of $PATH, or "" when it is not there.
std::string find_on_path(std::string_view program);

/// argv of the ncu run: `ncu --clock-control none --csv --print-units base --metrics ... -k regex:...
/// CLI bench --n N --block-size B --reps 1 --warmup 0 --mode per-launch --strategies ...`, followed by
/// `--device D` when `device` is not 0. `ncu` and `cli` are paths; argv[0] is `ncu`.
std::vector<std::string> ncu_arguments(const std::string& ncu, const std::string& cli, unsigned int n,
                                       unsigned int block, int device = 0);

/// One profiled launch: the function name as ncu prints it and the metrics' values.
struct ProfiledLaunch {
    int id = 0;                            ///< ncu's launch "ID"
    std::string kernel;                    ///< e.g. "void simple_reduce_sum<NoProbe>(float *, float *, T1)"
    std::string strategy;                  ///< catalogue id read from the name ("" if none matches)
    std::string block_size, grid_size;     ///< as ncu prints them, e.g. "(512, 1, 1)"
    std::map<std::string, double> metrics; ///< metric name -> value
};

/// Parses ncu's --csv output (lines before the CSV header — the program's own output and ncu's
/// ==PROF== notes — are skipped). A metric value that is not a number (e.g. "n/a") is kept as NaN.
/// Throws std::runtime_error when no header is found or it lacks a needed column.
std::vector<ProfiledLaunch> parse_ncu_csv(std::string_view text);


/// What run_program() saw of a child process.
struct ProgramRun {
    std::string spawn_error; ///< why it could not be started (strerror text); "" when it ran
    int exit_code = -1;      ///< its exit status; 128 + the signal number when a signal ended it
    std::string out, err;    ///< its whole stdout and stderr (each cut at 64 MiB)
};

/// Runs the program at the path argv[0] with arguments argv (no shell, no PATH search), the
/// environment inherited and stdin from /dev/null; waits for it. stdout and stderr go to unlinked
/// temporary files (no pipe to drain, so no deadlock), read back when it has exited.
ProgramRun run_program(const std::vector<std::string>& argv);

/// How a counters run ended: "ok", "skipped" (ncu is not on the PATH), "error" (ncu could not be
/// started, exited non-zero, printed no CSV, or lacks a kernel or a metric).
enum class CountersStatus { Ok, Skipped, Error };

/// "ok", "skipped", "error".
std::string_view counters_status_name(CountersStatus s);

/// One profiled kernel of a results file's "counters" (docs/results-format.md, "Hardware
/// counters"): an entry of counters_json() (ncu_counters_json.h).
struct CounterKernel {
    std::string strategy;                   ///< catalogue id with a step model
    std::string kernel;                     ///< function name as ncu prints it
    std::string block_size;                 ///< as ncu prints it, "(512, 1, 1)" (a number is read as its digits)
    std::string grid_size;                  ///< as ncu prints it, "(1, 1, 1)"; may be empty
    int launches = 0;                       ///< launches ncu profiled, 1..10^6
    bool all_launches_equal = true;         ///< `hardware_all_launches_equal`
    std::map<std::string, double> hardware; ///< metric -> count of the first launch (whole, 0..2^53)
    /// The step model's totals written beside them (model_counters()); nullopt when null.
    std::optional<std::map<std::string, long long>> model;
    JsonValue extra;                        ///< members this version does not know (null: none)

    /// Threads per block read from block_size ("(512, 1, 1)" -> 512).
    int block_threads() const;
    bool operator==(const CounterKernel&) const = default;
};

/// A results file's "counters" (docs/results-format.md, "Hardware counters").
struct Counters {
    std::optional<CountersStatus> status;   ///< absent in the array form
    std::string message;                    ///< one line; empty when ok
    std::optional<std::string> ncu;         ///< path of ncu; null when it was not found
    std::optional<std::vector<std::string>> command;  ///< ncu's argv; null when it did not run
    std::optional<int> exit_code;           ///< ncu's exit status; null when it did not run
    long long n = 0;                        ///< elements of the profiled run (kCounterN)
    std::optional<long long> block_size;    ///< threads per block of the profiled run
    std::optional<std::uint64_t> seed;      ///< seed of its input
    std::optional<int> device;              ///< CUDA device it ran on
    std::optional<std::vector<std::string>> metrics;  ///< the metrics asked for
    std::vector<CounterKernel> kernels;     ///< in catalogue order
    /// The older form, a bare array of kernels ("counters": [...]) whose n is params.n; written
    /// back in the same form.
    bool array_form = false;
    JsonValue extra;                        ///< members this version does not know (null: none)

    bool operator==(const Counters&) const = default;
};

/// One entry per strategy of kCounterStrategies found in `launches`, in that order: the function
/// name, block and grid as ncu prints them, the launches' count, the metrics of the first launch
/// (a NaN value is left out) and whether the others gave the same, and model_counters() of the
/// strategy's trace in `model_traces` (nullopt when absent).
std::vector<CounterKernel> counter_kernels(const std::vector<ProfiledLaunch>& launches,
                                           const std::map<std::string, model::Trace>& model_traces);

} // namespace reducescope::bench
