// SPDX-License-Identifier: GPL-3.0-or-later
// The readable table `trace` prints (kernels/cli/cli_trace.cpp), also used by `kernel trace`.
#pragma once

#include "model/trace.h"

#include <string>

namespace reducescope::cli {

/// A trace as the table `reducescope-cli trace` prints: header (strategy or own kernel, input,
/// launch), one row per step with its counters and values, the result, totals and any faults.
std::string trace_table(const model::Trace& t);

} // namespace reducescope::cli
