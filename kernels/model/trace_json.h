// SPDX-License-Identifier: GPL-3.0-or-later
// Trace <-> JSON (format: docs/trace-format.md). Used by `reducescope-cli trace --json` and by
// anything that compares a GPU-recorded trace against the model; the app uses the strict reader
// of trace files (read_trace_file). nlohmann::json is only declared here (json_fwd.hpp), so that
// what includes this header for the reader does not compile nlohmann/json.hpp: a caller of the
// functions that take or return a nlohmann::json includes <nlohmann/json.hpp> itself.
#pragma once

#include "model/trace.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::model {

/// Version of the JSON trace format ("format_version"); bumped on incompatible changes.
inline constexpr int kTraceFormatVersion = 1;

/// The whole trace as JSON. Floats are written as numbers; NaN and +-infinity, which JSON cannot
/// hold, as the strings "nan", "inf", "-inf". `include_lanes` = false leaves out the per-lane
/// records and the per-access lane vectors (smaller output; counters and warps stay). A step with
/// no lane records (read from a file without them) gets no "lanes" key either way, so whatever
/// read_trace_file accepts writes back to a file it accepts again.
nlohmann::json trace_to_json(const Trace& trace, bool include_lanes = true);

/// Reads back what trace_to_json wrote (lanes and accesses included when present). Throws
/// nlohmann::json::exception on a missing or mistyped field.
Trace trace_from_json(const nlohmann::json& j);

/// A message as JSON: {"id": "tree.label", "args": [4, "threadIdx.x % 4 == 0", {"number": 2.5},
/// {"id": ..., "args": [...]}]} (integers are counts, strings verbatim code, objects with "number"
/// float values, other objects nested messages). docs/trace-format.md, "Messages".
nlohmann::json text_to_json(const Text& t);
/// Reads what text_to_json wrote. Throws nlohmann::json::exception on a mistyped field.
Text text_from_json(const nlohmann::json& j);

/// What `reducescope-cli trace --on-gpu --json` adds to a trace: the "recording" object.
struct RecordingInfo {
    std::string device;                     ///< e.g. "NVIDIA H200 (sm_90)"
    long long records = 0;                  ///< probe records the run made
    std::vector<std::string> not_recorded;  ///< what a probe cannot see (shown with the trace)
    std::vector<std::string> split_warps;   ///< warps whose records carried different __activemask() values
};

/// A trace file as read by read_trace_file(): the trace and where it came from.
struct TraceFile {
    Trace trace;
    bool recorded_on_gpu = false;  ///< "recorded_on_gpu": true (then `recording` is filled)
    RecordingInfo recording;
    std::string description;       ///< optional top-level "description" (e.g. how a fixture was made)
};

/// Outcome of read_trace_file(): the file, or (file empty) one line naming the first bad field
/// and what it allows, e.g. "steps[2].warps[0].warp must be an integer in 0..0 (got 5)".
struct TraceFileResult {
    std::optional<TraceFile> file;
    std::string error;
};

/// Most steps a trace file may hold (read_trace_file() refuses more): beyond any trace the model
/// or a GPU recording writes; also the upper end of the app's --step range.
inline constexpr int kMaxTraceSteps = 20000;

/// Largest trace file text read_trace_file() accepts (bytes).
inline constexpr std::size_t kMaxTraceFileBytes = std::size_t(64) << 20;

/// Strict reader of a trace file (the model's `trace --json`, or a GPU recording from
/// `trace --on-gpu --json`): checks the format and version, every field's type and range (params
/// as model::validate() allows them, lane / warp / block indices within the step's launch, read and
/// write indices within the arrays they name, sizes within what the model produces) before building
/// the Trace, so a view can draw whatever it returns. Unknown extra fields are ignored. Never throws.
TraceFileResult read_trace_file(std::string_view text);

/// Names used in the JSON for the enums ("sum"/"max", "active"/"idle"/"exited",
/// "global"/"shared"/"registers", "read"/"write").
std::string_view to_string(Operation op);
std::string_view to_string(LaneState s);
std::string_view to_string(MemorySpace s);
std::string_view to_string(AccessKind k);

} // namespace reducescope::model
