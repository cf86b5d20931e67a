// SPDX-License-Identifier: GPL-3.0-or-later
// Trace <-> JSON (format: docs/trace-format.md). Used by `reducescope-cli trace --json` and by
// anything that compares a GPU-recorded trace against the model.
#pragma once

#include "model/trace.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace reducescope::model {

/// Version of the JSON trace format ("format_version"); bumped on incompatible changes.
inline constexpr int kTraceFormatVersion = 1;

/// The whole trace as JSON. Floats are written as numbers; NaN and +-infinity, which JSON cannot
/// hold, as the strings "nan", "inf", "-inf". `include_lanes` = false leaves out the per-lane
/// records and the per-access lane vectors (smaller output; counters and warps stay).
nlohmann::json trace_to_json(const Trace& trace, bool include_lanes = true);

/// Reads back what trace_to_json wrote (lanes and accesses included when present). Throws
/// nlohmann::json::exception on a missing or mistyped field.
Trace trace_from_json(const nlohmann::json& j);

/// Names used in the JSON for the enums ("sum"/"max", "active"/"idle"/"exited",
/// "global"/"shared"/"registers", "read"/"write").
std::string_view to_string(Operation op);
std::string_view to_string(LaneState s);
std::string_view to_string(MemorySpace s);
std::string_view to_string(AccessKind k);

} // namespace reducescope::model
