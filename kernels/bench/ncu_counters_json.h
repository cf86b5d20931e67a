// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON forms of the hardware counters (docs/results-format.md, "Hardware counters"): the
// model's side of a kernel, the one writer and the one reader of a results file's "counters", and
// collect_counters(), whose outcome carries that JSON. The typed parts (the ncu command line, its
// CSV parser, Counters) are in ncu_counters.h, which does not include nlohmann/json.hpp; this
// header does, for its callers: kernels/bench, the CLI and the tests.
#pragma once

#include "bench/ncu_counters.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace reducescope::bench {

/// The model's side for one trace: divergent warp-steps, shared ld / st wavefronts and their
/// extra wavefronts (bank conflicts), split by the accesses' kind.
nlohmann::json model_counters(const model::Trace& trace);

/// The "counters" JSON of `c` (the one writer of this object).
nlohmann::json to_json(const Counters& c);

/// Reads and validates a "counters" value at `path` (e.g. "counters"): the object form, or the
/// array form whose n is `params_n` (a results file's params.n). Throws SchemaError naming the
/// field and its allowed range, e.g. "counters.kernels[0].hardware.smsp__...sum: expected a whole
/// number in 0..2^53 (a count), got 36.5". Called by the results reader (results_file.h).
Counters counters_from_json(const nlohmann::json& value, const std::string& path, std::optional<long long> params_n);

/// counter_kernels() as the JSON array the older results files carry ({"strategy", "kernel",
/// "block_size", "grid_size", "launches", "hardware", "hardware_all_launches_equal", "model"}).
nlohmann::json counters_json(const std::vector<ProfiledLaunch>& launches,
                             const std::map<std::string, model::Trace>& model_traces);

/// The result of collect_counters(): `counters` is the results file's "counters" object
/// (docs/results-format.md) and `json` the same as JSON (to_json(counters)); `message` one line
/// saying what went wrong ("" when ok).
struct CountersOutcome {
    CountersStatus status = CountersStatus::Error;
    std::string message;
    Counters counters;
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
