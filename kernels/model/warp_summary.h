// SPDX-License-Identifier: GPL-3.0-or-later
// A step at warp granularity: what the step view's overview draws for 256-4096 values (one box per
// warp with its active count and divergence mark, the part of the array each warp reads and
// writes), and runs of ids for the sentences that name many warps ("warps 0–7"). Pure C++ (no Qt);
// everything is read from the step's records (trace.h), nothing is simulated again.
#pragma once

#include "model/trace.h"

#include <utility>
#include <vector>

namespace reducescope::model {

/// One warp of one step: its record and where its lanes read and write.
struct WarpFootprint {
    int block = 0;          ///< WarpRecord::block
    int warp = 0;           ///< WarpRecord::warp (within the block)
    int first_thread = 0;   ///< global thread index of its lane 0 (index into Step::lanes)
    int lanes = 0;          ///< lanes of the warp in the launch (warp_size, fewer in a short block)
    int active = 0;         ///< WarpRecord::active_lanes.size()
    int live = 0;           ///< WarpRecord::live_lanes
    bool divergent = false; ///< WarpRecord::divergent
    /// Lowest and highest element its active lanes read: indices into Step::values, or into
    /// Trace::input when Step::reads_input; -1 when it reads none.
    int read_lo = -1, read_hi = -1;
    /// Lowest and highest element of Step::values its lanes write; -1 when it writes none.
    int write_lo = -1, write_hi = -1;
    int reads = 0;          ///< element reads of its active lanes (a lane reading two counts two)
    int writes = 0;         ///< element writes of its lanes
};

/// The warps of step `step` of `trace`, in the order of Step::warps (block-major), one entry per
/// warp record. Lanes past Step::lanes are ignored; `step` out of range gives nothing.
std::vector<WarpFootprint> warp_footprints(const Trace& trace, int step);

/// The lowest and highest element the step's active lanes touch (read or written, the array of
/// Step::values only; reads of the input of a load step do not count): the step's active region.
/// {-1, -1} when there is none.
std::pair<int, int> active_region(const Trace& trace, int step);

/// Runs of consecutive ids, ascending, duplicates dropped: {5, 0, 1, 2, 2} -> {{0, 2}, {5, 5}}.
std::vector<std::pair<int, int>> id_runs(std::vector<int> ids);

} // namespace reducescope::model
