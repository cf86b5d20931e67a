// SPDX-License-Identifier: GPL-3.0-or-later
// The step model beside Nsight Compute's figures for one strategy (the app's counters panel):
// which rows are compared, the model's side at the measured configuration, whether the two agree
// and why they agree or differ. Plain C++ (no Qt): the result is data (numbers and reason codes);
// the app words it (app/step/hardware_counters.cpp), docs/hardware-counters.md explains each reason.
#pragma once

#include "model/trace.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// One profiled kernel of a results file's counters (docs/results-format.md, "Hardware counters").
struct MeasuredKernel {
    std::string strategy;                        ///< catalogue id
    int block_size = 0;                          ///< threads per block of the profiled launch
    std::string grid_size;                       ///< as ncu prints it, e.g. "(1, 1, 1)"; "" when unknown
    int launches = 0;                            ///< launches profiled
    bool all_launches_equal = true;              ///< every launch gave the same figures
    std::map<std::string, double> hardware;      ///< ncu metric -> value (of the first launch)
    std::map<std::string, long long> file_model; ///< model_counters() as written into the file (may be empty)
};

/// The counters of one results file: the elements the kernels reduced and the kernels.
struct MeasuredCounters {
    long long n = 0;
    std::vector<MeasuredKernel> kernels;
};

/// The quantities compared, one row each, in this order (kCounterMetrics has the same order).
enum class CounterRowKind { DivergentBranches, LoadConflicts, StoreConflicts, LoadWavefronts, StoreWavefronts };

/// Why a row's two figures agree or differ (docs/hardware-counters.md, "Side by side").
enum class CounterReason {
    NotCollected,           ///< the file has no figure for the metric
    NoModelFigure,          ///< the model has no figure to compare with
    BranchesSame,           ///< every divergent step of the model is a real branch
    BranchesFinalExit,      ///< model = hardware + 1: the final `if (tid == 0)` makes the others EXIT
    BranchesPredicated,     ///< hardware 0, model > 0: the compiler predicated the guarded code
    BranchesCountOther,     ///< otherwise: the two count different things
    SharedNoConflicts,      ///< conflicts, both 0: conflict-free (or no access of this kind)
    SharedNoTraffic,        ///< wavefronts, both 0: no shared access of this kind
    ConflictsSame,          ///< the model's banks give exactly the hardware's extra wavefronts
    WavefrontsSame,         ///< one shared instruction per source expression, as the model assumes
    SharedDiffer,           ///< the machine code does not make one access per source expression
};

/// One compared quantity.
struct CounterRow {
    CounterRowKind kind = CounterRowKind::DivergentBranches;
    std::string metric;               ///< the ncu metric (kCounterMetrics)
    std::optional<long long> model;   ///< the model's figure; empty when it has none
    std::optional<double> hardware;   ///< the hardware's figure; empty when not collected
    bool agree = false;               ///< both present and equal
    CounterReason reason = CounterReason::NotCollected;
};

/// Where the model column comes from.
enum class ModelColumn {
    Today,                  ///< today's step model at the measured n and block size
    FromFile,               ///< the model cannot run that n (> 4096 values): the file's figures
    TodayDiffersFromFile,   ///< today's model, which differs from the figures written into the file
};

/// Model against hardware for one strategy of a counters file.
struct CounterComparison {
    std::string strategy;
    /// The file's kernel of this strategy; empty when the file has none (then rows is empty).
    std::optional<MeasuredKernel> kernel;
    std::vector<std::string> strategies_in_file;  ///< in file order
    long long n = 0;                               ///< the measured n
    ModelColumn model_column = ModelColumn::Today;
    /// Set when the trace on screen is this strategy in another configuration than the measured
    /// one (its n and block size; not_gpu_shape: its warp size or banks are not 32).
    struct Shown {
        int n = 0;
        int block_size = 0;
        bool not_gpu_shape = false;
    };
    std::optional<Shown> shown_differs;
    std::vector<CounterRow> rows;                  ///< one per CounterRowKind, in order
};

/// Compares `counters` for `strategy` with the step model simulated at the measured n and block
/// size over the values 1..n (the counters compared do not depend on the values), whatever
/// trace is on screen; `shown` (may be null) is the trace on screen, only used to say when its
/// configuration differs. Never throws: a model that cannot run gives ModelColumn::FromFile.
CounterComparison compare_counters(const MeasuredCounters& counters, std::string_view strategy,
                                   const model::Trace* shown);

} // namespace reducescope::bench
