// SPDX-License-Identifier: GPL-3.0-or-later
// The readable table `trace` prints (kernels/cli/cli_trace.cpp), also used by `kernel trace`.
#pragma once

#include "model/trace.h"

#include <string>
#include <vector>

namespace reducescope::cli {

/// A trace as the table `reducescope-cli trace` prints: header (strategy or own kernel, input,
/// launch), one row per step with its counters and values, the result, totals and any faults.
std::string trace_table(const model::Trace& t);

/// A fault's lanes (global thread indices, ascending) as ranges: "3", "0, 1", "48-63",
/// "0-7, 16-23 and 40 more": every lane counted; "-" for none.
std::string lane_list(const std::vector<int>& lanes);

} // namespace reducescope::cli
