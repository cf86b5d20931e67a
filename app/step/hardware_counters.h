// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute counters from a results file (`reducescope-cli bench --counters`: the "counters"
// array of kernels/bench/ncu_counters.h counters_json()) and their comparison with the step model
// for the counters panel (docs/hardware-counters.md explains each difference).
#pragma once

#include "model/trace.h"
#include "views/step/counters_view.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QVector>

#include <optional>

namespace reducescope::app {

/// One profiled kernel of the file.
struct HardwareKernel {
    QString strategy;                 ///< catalogue id
    QString kernel;                   ///< function name as ncu prints it
    int blockSize = 0;                ///< threads per block of the profiled launch
    QString gridSize;                 ///< as ncu prints it, e.g. "(1, 1, 1)"
    int launches = 0;                 ///< launches profiled
    bool allLaunchesEqual = true;     ///< every launch gave the same figures
    QMap<QString, double> hardware;   ///< ncu metric -> value (of the first launch)
    QMap<QString, qint64> fileModel;  ///< the model's figures as written into the file (may be empty)
};

/// The counters of one results file.
struct HardwareCounters {
    QString file;                     ///< file name, for the panel
    QString device;                   ///< device.name, may be empty
    qint64 n = 0;                     ///< elements the kernels reduced
    QString status;                   ///< counters.status ("ok", "error"; empty in the array form)
    QString message;                  ///< counters.message (why "error")
    QVector<HardwareKernel> kernels;
};

/// Reads the counters of a results file (docs/results-format.md, "Hardware counters") through the
/// one results reader, bench::read_results and its bench::counters_from_json (one reader per
/// format, docs/design-notes.md): the "counters" object with "status", "message", "n" and
/// "kernels", or the older bare array whose n is params.n. On top of that reader (which also
/// requires a strategy with a step model per entry, once each), a file whose counters were skipped
/// or failed without kernels is refused with its message. On
/// failure: nullopt and *error names the field and the allowed range, as the reader words it
/// ("counters.kernels[0].hardware.<metric>: expected a whole number in 0..2^53 (a count), got 36.5").
std::optional<HardwareCounters> parseHardwareCounters(const QByteArray& json, QString* error);
/// readBytes (regular file, at most 64 MiB) then parseHardwareCounters; errors start with the file name.
std::optional<HardwareCounters> readHardwareCounters(const QString& path, QString* error);

/// True when the top-level object of `json` has a "counters" member (a results file from
/// `bench --counters`).
bool hasHardwareCounters(const QByteArray& json);

/// Model against hardware for `strategy`: the model column is the step model at the measured n
/// and block size (computed here, whatever trace is on screen); `shown` (may be null) is the trace
/// on screen: when its configuration differs, configNote says so.
views::HardwareComparison compareWithModel(const HardwareCounters& counters, const QString& strategy,
                                           const model::Trace* shown);

} // namespace reducescope::app
