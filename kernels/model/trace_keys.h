// SPDX-License-Identifier: GPL-3.0-or-later
// The member names of the JSON trace format (docs/trace-format.md), each spelled once. The writer
// (trace_to_json, and the "recording" object of kernels/cuda/recorded_trace.cpp), the reader
// (trace_from_json) and the checker (read_trace_file) all name members through these, so that
// they cannot disagree on a spelling. A name shared by several objects (e.g. `block` in warps,
// accesses and atomics) is one constant. Private to those .cpp files; no JSON here.
#pragma once

namespace reducescope::model::trace_keys {

// The top-level object.
inline constexpr char format[] = "format";
inline constexpr char format_version[] = "format_version";
inline constexpr char strategy[] = "strategy";
inline constexpr char operation[] = "operation";
inline constexpr char params[] = "params";
inline constexpr char padded_n[] = "padded_n";
inline constexpr char grid_size[] = "grid_size";
inline constexpr char source_file[] = "source_file";
inline constexpr char input[] = "input";
inline constexpr char result[] = "result";
inline constexpr char reference[] = "reference";
inline constexpr char zero_sign_depends_on_order[] = "zero_sign_depends_on_order";
inline constexpr char expected_wrong[] = "expected_wrong";
// An own kernel's trace (kernels/simt): its source and its faults (docs/trace-format.md).
inline constexpr char own_source[] = "own_source";
inline constexpr char faults[] = "faults";
inline constexpr char notes[] = "notes";
inline constexpr char message[] = "message";
inline constexpr char text[] = "text";  ///< a fault's message as a message (Fault::text)
inline constexpr char line[] = "line";
inline constexpr char column[] = "column";
inline constexpr char step[] = "step";
inline constexpr char lost_value[] = "lost_value";
inline constexpr char teaching_warp_size[] = "teaching_warp_size";
inline constexpr char totals[] = "totals";
inline constexpr char steps[] = "steps";
inline constexpr char description[] = "description";
inline constexpr char recorded_on_gpu[] = "recorded_on_gpu";
inline constexpr char recording[] = "recording";

// `params`.
inline constexpr char block_size[] = "block_size";
inline constexpr char warp_size[] = "warp_size";
inline constexpr char coarse_factor[] = "coarse_factor";
inline constexpr char banks[] = "banks";
inline constexpr char atomic_order[] = "atomic_order";
inline constexpr char n[] = "n";

// `totals` (with shared_wavefronts, extra_shared_wavefronts, global_sectors, barriers, atomics
// and adds of a step's `counters`).
inline constexpr char divergent_warp_steps[] = "divergent_warp_steps";
inline constexpr char active_lane_slots[] = "active_lane_slots";
inline constexpr char issued_lane_slots[] = "issued_lane_slots";
inline constexpr char lane_utilisation[] = "lane_utilisation";

// A step.
inline constexpr char label[] = "label";
inline constexpr char explanation[] = "explanation";
inline constexpr char label_text[] = "label_text";
inline constexpr char explanation_text[] = "explanation_text";
inline constexpr char source_markers[] = "source_markers";
inline constexpr char source_lines[] = "source_lines";
inline constexpr char stride[] = "stride";
inline constexpr char block_dim[] = "block_dim";
inline constexpr char grid_dim[] = "grid_dim";
inline constexpr char values_space[] = "values_space";
inline constexpr char reads_input[] = "reads_input";
inline constexpr char values[] = "values";
inline constexpr char output[] = "output";
inline constexpr char max_conflict_ways[] = "max_conflict_ways";  ///< also of a shared access
inline constexpr char counters[] = "counters";
inline constexpr char grid_barrier[] = "grid_barrier";
inline constexpr char warp_barrier[] = "warp_barrier";
inline constexpr char warps[] = "warps";
inline constexpr char lanes[] = "lanes";
inline constexpr char shared_accesses[] = "shared_accesses";
inline constexpr char global_accesses[] = "global_accesses";
inline constexpr char atomics[] = "atomics";  ///< also a count of `counters` and `totals`

// A step's `counters`.
inline constexpr char active_lanes[] = "active_lanes";  ///< also of a warp record
inline constexpr char lane_slots[] = "lane_slots";
inline constexpr char divergent_warps[] = "divergent_warps";
inline constexpr char shared_wavefronts[] = "shared_wavefronts";  ///< also of a step and of `totals`
inline constexpr char extra_shared_wavefronts[] = "extra_shared_wavefronts";
inline constexpr char global_sectors[] = "global_sectors";
inline constexpr char barriers[] = "barriers";
inline constexpr char adds[] = "adds";

// A warp record, a lane record.
inline constexpr char block[] = "block";  ///< also of an access and of an atomic
inline constexpr char warp[] = "warp";    ///< also of an access
inline constexpr char live_lanes[] = "live_lanes";
inline constexpr char divergent[] = "divergent";
inline constexpr char state[] = "state";
inline constexpr char reads[] = "reads";
inline constexpr char writes[] = "writes";
inline constexpr char padding[] = "padding";

// A shared or global access.
inline constexpr char kind[] = "kind";
inline constexpr char expression[] = "expression";
inline constexpr char wavefronts[] = "wavefronts";
inline constexpr char broadcast[] = "broadcast";
inline constexpr char words[] = "words";
inline constexpr char bank_of_lane[] = "bank_of_lane";
inline constexpr char bytes_per_lane[] = "bytes_per_lane";
inline constexpr char sectors[] = "sectors";
inline constexpr char ideal_sectors[] = "ideal_sectors";
inline constexpr char elements[] = "elements";

// An atomic.
inline constexpr char order[] = "order";
inline constexpr char lane[] = "lane";
inline constexpr char target[] = "target";
inline constexpr char before[] = "before";
inline constexpr char operand[] = "operand";
inline constexpr char after[] = "after";
inline constexpr char lost[] = "lost";

// A message (text.h; docs/trace-format.md, "Messages").
inline constexpr char id[] = "id";
inline constexpr char args[] = "args";
inline constexpr char number[] = "number";

// `recording` (a GPU recording, `trace --on-gpu --json`).
inline constexpr char device[] = "device";
inline constexpr char records[] = "records";
inline constexpr char not_recorded[] = "not_recorded";
inline constexpr char split_warps[] = "split_warps";

} // namespace reducescope::model::trace_keys
