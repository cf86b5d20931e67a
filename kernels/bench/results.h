// SPDX-License-Identifier: GPL-3.0-or-later
// One benchmark result (docs/results-format.md, "A result") and its verification status.
#pragma once

#include "bench/stats.h"
#include "model/catalogue.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace reducescope::bench {

/// results-format.md `status`.
enum class Status { Ok, Wrong, ExpectedWrong, Error, Skipped };

/// "ok", "wrong", "expected_wrong", "error", "skipped".
std::string_view status_name(Status s);
/// Inverse of status_name; nullopt when unknown.
std::optional<Status> parse_status(std::string_view s);

/// results-format.md `family` key of a catalogue family ("basics", "shared_memory", ...).
std::string_view family_key(model::Family f);

/// One (strategy, n, block size, coarse factor) result. Optional fields are JSON null when unset.
struct Result {
    std::string strategy;
    std::string family;
    std::string kernel;
    std::string operation = "sum";  ///< "sum", "max" or "dot"
    std::size_t n = 0;
    int block_size = 0;
    int coarse_factor = 0;
    unsigned int grid_size = 0;
    std::string mode;                ///< "per-launch" | "loop" | "graph"
    std::string cache;               ///< "hot" | "cold"
    Status status = Status::Error;
    std::string message;
    std::optional<double> result, reference, abs_error, tolerance;
    std::optional<Summary> time_ms;
    long long bytes_read = 0;
    std::optional<double> bandwidth_gbs, pct_peak, pct_ceiling, ceiling_read_gbs;
    std::optional<double> speedup_vs_cpu, speedup_vs_cub;
    // Added to the version-1 fields (readers may ignore them):
    int samples = 0;                 ///< timing samples behind time_ms
    double subtracted_ms = 0;        ///< loop/graph: untimed restore/flush per rep taken out
    bool in_place = false;           ///< the kernel overwrites its input (restored each rep)
};

/// Classifies a finished run. `written` = the output no longer holds the poison.
/// expected_wrong (race) wins over the comparison; an unwritten or non-finite output is wrong.
Status classify(bool written, double value, double reference, double tolerance, bool expected_wrong);

/// Fills bandwidth_gbs, pct_peak, pct_ceiling, speedup_vs_cpu and speedup_vs_cub from time_ms
/// and bytes_read, only when status is Ok (they stay null otherwise). Each argument may be
/// unknown (nullopt / <= 0).
void set_speeds(Result& r, double peak_gbs, std::optional<double> ceiling_read_gbs,
                std::optional<double> cpu_ms, std::optional<double> cub_ms);

/// results-format.md JSON of a result.
nlohmann::json to_json(const Result& r);
/// Parses a result object. Throws std::invalid_argument naming the first missing or mistyped field.
Result result_from_json(const nlohmann::json& j);

} // namespace reducescope::bench
