// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters of the single-block kernels beside the step model's totals (issue 6):
// the ncu command line, the parser of its --csv output, and the JSON a results file carries.
// Plain C++ (no Qt, no CUDA): running ncu is the caller's business (it profiles a child
// `reducescope-cli bench` process). The meaning of each figure and why the two sides differ:
// docs/hardware-counters.md.
//
// Meant for `reducescope-cli bench --counters` (not wired yet: kernels/cli/cli_bench.cpp was being
// changed by another issue when this was written).
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

/// The single-block strategies the counters are taken for.
inline constexpr const char* kCounterStrategies[] = {"simple", "convergent", "convergent_reversed",
                                                     "interleaved_strided", "shared"};

/// Full path of `program` found in the directories of $PATH, or "" when it is not there.
std::string find_on_path(std::string_view program);

/// argv of the ncu run: `ncu --clock-control none --csv --metrics ... -k regex:... CLI bench --n N
/// --block-size B --reps 1 --warmup 0 --mode per-launch --strategies ...`.
std::vector<std::string> ncu_arguments(const std::string& ncu, const std::string& cli, unsigned int n,
                                       unsigned int block);

/// One profiled launch: the function name as ncu prints it and the metrics' values.
struct ProfiledLaunch {
    int id = 0;                            ///< ncu's launch "ID"
    std::string kernel;                    ///< e.g. "void simple_reduce_sum<NoProbe>(float *, float *, T1)"
    std::string strategy;                  ///< catalogue id read from the name ("" if none matches)
    std::string block_size, grid_size;     ///< as ncu prints them, e.g. "(512, 1, 1)"
    std::map<std::string, double> metrics; ///< metric name -> value
};

/// Parses ncu's --csv output (lines before the CSV header — the program's own output and ncu's
/// ==PROF== notes — are skipped). Throws std::runtime_error when no header is found.
std::vector<ProfiledLaunch> parse_ncu_csv(std::string_view text);

/// The model's side for one trace: divergent warp-steps, shared ld / st wavefronts and their
/// extra wavefronts (bank conflicts), split by the accesses' kind.
nlohmann::json model_counters(const model::Trace& trace);

/// {"strategy", "kernel", "launches", "hardware": {metric: value of the first launch},
/// "hardware_all_launches_equal", "model": model_counters(trace)} for each strategy in `launches`.
nlohmann::json counters_json(const std::vector<ProfiledLaunch>& launches,
                             const std::map<std::string, model::Trace>& model_traces);

} // namespace reducescope::bench
