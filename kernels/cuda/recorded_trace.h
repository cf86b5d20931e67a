// SPDX-License-Identifier: GPL-3.0-or-later
// A GPU recording (recording_api.h) as a model::Trace, in the same JSON as the model's, and the
// field-by-field comparison of a recording with the model. Plain C++ (no CUDA types).
//
// What a recorded trace holds, per step (steps = the distinct (kernel, step, iteration,
// occurrence) keys of the records, in the kernels' program order; `load` and `coarsen` records of
// the coarsened kernels, and every iteration of the block_reduce-family grid-stride loop, form one
// step as in the model):
//  - lanes: `active` when the lane made a record in the step, otherwise `idle` (a recording cannot
//    tell idle from exited); `writes` = the index the lane recorded (in `values`), `reads` empty.
//  - warps: every warp of the launch; `active_lanes` = the union of the __activemask() values its
//    records carry; `live_lanes` = the warp's threads; `divergent` as model/trace.h defines it.
//  - values: shared / global spaces: the previous step's array with the recorded writes applied
//    (in-place kernels start from the padded input, shared arrays from zeros); registers: one value
//    per thread, the value each lane recorded (0 for a lane without a record in that step).
//  - counters: active_lanes, lane_slots, divergent_warps; adds, memory counters (wavefronts,
//    sectors), barriers and atomics records are 0: a probe records the value after a step, not the
//    operations or memory traffic that made it (Nsight Compute sees the traffic:
//    docs/hardware-counters.md). The app shows those rows as "not recorded".
#pragma once

#include "cuda/recording_api.h"
#include "model/trace.h"

#include <nlohmann/json_fwd.hpp>  // recorded_trace_json's caller includes <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace reducescope::cuda {

/// The recording as a Trace (strategy, params, input, steps, result). `teaching_warp_size` is false.
model::Trace recorded_trace(const Recording& recording);

/// trace_to_json of the recorded trace, with "recorded_on_gpu": true and "recording":
/// {"device", "records", "not_recorded": [what a probe cannot see], "split_warps": [split_warps()]}.
nlohmann::json recorded_trace_json(const Recording& recording, bool include_lanes = true);

/// One difference between the model and a recording.
struct Mismatch {
    std::string where;  ///< e.g. "step 3 (tree stride 4) block 0 warp 1"
    std::string what;   ///< e.g. "active lanes model {0-15} recorded {0-7}"
};

/// What compare() looked at.
struct Comparison {
    std::vector<Mismatch> mismatches;
    int steps_compared = 0;       ///< model steps matched with a recorded step
    int steps_not_recorded = 0;   ///< model steps the kernel makes no probe call in (listed in `notes`)
    long long warps_compared = 0;
    long long values_compared = 0;
    std::vector<std::string> notes;
};

/// Warps whose records of one step carry different __activemask() values: the hardware ran the
/// step's guarded code for that warp in several groups (independent thread scheduling). The
/// recorded trace shows the union of the masks as the warp's active lanes, so compare() does not see
/// this; the GPU test reports these separately.
std::vector<Mismatch> split_warps(const Recording& recording);

/// Compares `model` (simulate() of the same strategy, input and params) with `recorded`, field by
/// field: the sequence of steps (kind and stride), per warp the active lanes, per active lane the
/// index it wrote and the value after the step (float bits; NaN equals NaN), and the result
/// (bits, where `result_must_match`; callers pass false where several float atomics make the
/// order the hardware's, and for race).
Comparison compare(const model::Trace& model, const model::Trace& recorded, bool result_must_match);

} // namespace reducescope::cuda
