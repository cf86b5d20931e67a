// SPDX-License-Identifier: GPL-3.0-or-later
// What the benchmark views show of the core's results types (kernels/bench/results_file.h:
// bench::ResultsFile, bench::Result, bench::Device): their words and figures in Qt terms. The
// views and the app's benchmark pane draw straight from those types; this header is the one
// place that turns them into display text and decides what may be shown as a speed.
//
// The rule of the charts and the table: a result whose status is not "ok" carries no speeds,
// whatever its file says (the reader keeps such a file's figures, and its export writes them
// back; they are never shown). The shown*() functions below apply it.
#pragma once

#include "bench/results_file.h"

#include <QString>

#include <optional>
#include <string>

namespace reducescope::views {

/// A UTF-8 string of the core's types as a QString.
inline QString qs(const std::string& s) { return QString::fromStdString(s); }

/// The JSON spelling of a status: "ok", "wrong", "expected_wrong", "error", "skipped".
QString statusId(bench::Status s);
/// A short label for people, in the window's language (context "BenchStatus"): "OK", "WRONG",
/// "expected wrong", "error", "skipped".
QString statusLabel(bench::Status s);

/// The label of a result in charts and tables: the strategy id, plus " max" where a strategy
/// also runs as a max reduction (CUB runs Sum and Max: "cub", "cub max"). Multi-GPU results add
/// the combine step and the GPU count: "vectorized + p2p ×2".
/// The own kernel of `kernel bench` (strategy "my_kernel"): "my kernel (FILE)", FILE its label.
QString resultLabel(const bench::Result& r);

/// True when speeds may be shown: status ok and a time.
inline bool hasSpeed(const bench::Result& r) { return r.status == bench::Status::Ok && r.time_ms.has_value(); }

/// The figures of a result that are speeds, as shown: the file's value when the status is ok,
/// else null. Bandwidth in 10^9 bytes/s, the percentages in % (0..100), speed-ups as factors.
inline std::optional<double> shownBandwidth(const bench::Result& r)
{
    return r.status == bench::Status::Ok ? r.bandwidth_gbs : std::nullopt;
}
inline std::optional<double> shownPctPeak(const bench::Result& r)
{
    return r.status == bench::Status::Ok ? r.pct_peak : std::nullopt;
}
inline std::optional<double> shownPctCeiling(const bench::Result& r)
{
    return r.status == bench::Status::Ok ? r.pct_ceiling : std::nullopt;
}
inline std::optional<double> shownSpeedupVsCpu(const bench::Result& r)
{
    return r.status == bench::Status::Ok ? r.speedup_vs_cpu : std::nullopt;
}
inline std::optional<double> shownSpeedupVsCub(const bench::Result& r)
{
    return r.status == bench::Status::Ok ? r.speedup_vs_cub : std::nullopt;
}

/// The swept parameter of a file: "n", "block_size", "coarse_factor"; empty without a sweep.
QString sweepParam(const bench::Params& p);
/// A two-parameter sweep's second parameter ("coarse_factor"); empty otherwise.
QString secondSweepParam(const bench::Params& p);
/// True for a sweep (results at several n, block sizes or coarse factors).
inline bool isSweep(const bench::ResultsFile& f) { return f.params.sweep.has_value(); }
/// `params.stopping.max_noise`: the noise limit of the run's stopping rule, a fraction
/// (0.005 = 0.5 %); null in files without a stopping rule.
inline std::optional<double> maxNoise(const bench::Params& p)
{
    return p.stopping ? std::optional<double>(p.stopping->max_noise) : std::nullopt;
}
/// The measured read ceiling of the run (`ceilings.read_gbs`), 10^9 bytes/s; null when absent.
inline std::optional<double> readCeiling(const bench::ResultsFile& f)
{
    return f.ceilings ? f.ceilings->read_gbs : std::nullopt;
}

/// A label of a results set for legends and tooltips: the device name (`source`, a file name or
/// "run", when the file names none) plus the date, "NVIDIA H200 (2025-06-01)".
QString resultsLabel(const bench::ResultsFile& f, const QString& source);

} // namespace reducescope::views
