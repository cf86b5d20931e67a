// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters of the single-block kernels beside the step model's totals (issue 6):
// the ncu command line, the parser of its --csv output, and the JSON a results file carries.
// Plain C++ (no Qt, no CUDA; POSIX for running ncu). collect_counters() runs ncu on a child
// `reducescope-cli bench` process and is what `reducescope-cli bench --counters` calls
// (kernels/cli/cli_bench.cpp). The meaning of each figure and why the two sides differ:
// docs/hardware-counters.md; the JSON: docs/results-format.md ("Hardware counters").
#pragma once

#include "model/trace.h"

#include <nlohmann/json.hpp>

#include <map>
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

/// The model's side for one trace: divergent warp-steps, shared ld / st wavefronts and their
/// extra wavefronts (bank conflicts), split by the accesses' kind.
nlohmann::json model_counters(const model::Trace& trace);

/// {"strategy", "kernel", "block_size", "grid_size", "launches", "hardware": {metric: value of the
/// first launch; a NaN value is left out}, "hardware_all_launches_equal", "model":
/// model_counters(trace) or null} for each of counter_strategies() found in `launches`, in that order.
nlohmann::json counters_json(const std::vector<ProfiledLaunch>& launches,
                             const std::map<std::string, model::Trace>& model_traces);

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

/// The result of collect_counters(): `json` is the results file's "counters" object
/// (docs/results-format.md), `message` one line saying what went wrong ("" when ok).
struct CountersOutcome {
    CountersStatus status = CountersStatus::Error;
    std::string message;
    nlohmann::json json;
};

/// Hardware counters of counter_strategies() beside the model's totals: finds `ncu` on the PATH,
/// runs ncu_arguments(ncu, cli, kCounterN, kCounterBlock, device) (`cli`: the path of a
/// reducescope-cli to profile), parses its CSV and simulates each strategy with the step model at
/// the same n, block size and input. Never throws for ncu's failures: they come back as
/// Skipped / Error with the message naming ncu and its error line. An empty `cli` is an Error
/// before anything runs.
CountersOutcome collect_counters(const std::string& cli, int device = 0);

} // namespace reducescope::bench
