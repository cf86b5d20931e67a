// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters from a results file (`reducescope-cli bench --counters`: the file's
// "counters", bench::Counters of kernels/bench/ncu_counters.h) and their comparison with the step
// model for the counters panel (docs/hardware-counters.md explains each difference).
#pragma once

#include "bench/counters_compare.h"
#include "model/trace.h"
#include "views/step/counters_view.h"

#include <QString>

#include <optional>

namespace reducescope::bench {
struct ResultsFile;  // bench/results_file.h (kept out of the step pane's headers: it brings the JSON library)
}

namespace reducescope::app {

/// The counters of one results file, as the counters panel compares them.
struct HardwareCounters {
    QString file;                     ///< file name, for the panel
    QString device;                   ///< device.name (at most 80 characters), may be empty
    QString status;                   ///< counters.status ("ok", "error"; empty in the array form)
    QString message;                  ///< counters.message (why "error"; at most 300 characters)
    /// The elements the kernels reduced and the profiled kernels (their grid as ncu prints it, at
    /// most 40 characters), as bench::compare_counters takes them.
    bench::MeasuredCounters measured;
};

/// The counters of a results file already read through the one results reader (bench::read_results,
/// whose bench::counters_from_json checked them: the "counters" object with "status", "message",
/// "n" and "kernels", or the older bare array whose n is params.n, and a strategy with a step model
/// per entry, once each). On top of that, a file without counters, or whose counters were skipped
/// or failed without kernels, is refused with its message. `fileName` names the file in the panel
/// and in errors. On failure: nullopt and *error = "NAME: why" ("counters.json: counters.kernels is
/// empty: the run's counters were skipped (ncu was not found)").
std::optional<HardwareCounters> hardwareCountersOf(const bench::ResultsFile& file, const QString& fileName, QString* error);
/// Reads the file at `path` (a regular file of at most 64 MiB) through bench::read_results, once,
/// then hardwareCountersOf. On failure: nullopt and *error = "NAME: field: what", as the reader
/// words it ("counters.kernels[0].hardware.<metric>: expected a whole number in 0..2^53 (a count),
/// got 36.5"), or, with no file to read, why ("cannot open (...)", "no file name given ...").
std::optional<HardwareCounters> readHardwareCounters(const QString& path, QString* error);

/// True when a results file has a "counters" member (a file from `bench --counters`), read or not
/// (bench::ResultsFile::counters_problem says why not).
bool hasHardwareCounters(const bench::ResultsFile& file);

/// Model against hardware for `strategy`: the model column is the step model at the measured n
/// and block size (computed here, whatever trace is on screen); `shown` (may be null) is the trace
/// on screen: when its configuration differs, configNote says so.
views::HardwareComparison compareWithModel(const HardwareCounters& counters, const QString& strategy,
                                           const model::Trace* shown);

} // namespace reducescope::app
