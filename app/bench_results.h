// SPDX-License-Identifier: GPL-3.0-or-later
// Reading and writing benchmark results (docs/results-format.md, version 1): the results file,
// the CLI's JSON lines, and CSV export. Every reader validates schema, version, field types and
// ranges; on failure it returns nothing and a one-line message naming the field.
#pragma once

#include "views/bench_data.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace reducescope::app {

/// One parsed line of `reducescope-cli bench` stdout.
struct BenchLine {
    enum class Type { Start, Progress, Result, Done, Error };
    Type type = Type::Error;
    int index = 0;                     ///< progress: 0-based index of the kernel run
    int total = 0;                     ///< start / progress: number of kernel runs
    QString strategy;                  ///< progress: strategy id
    qint64 n = 0;                      ///< progress: input length in elements
    views::BenchResults header;        ///< start: device, params, ceilings (results empty)
    views::BenchResult result;         ///< result
    double elapsed_s = 0;              ///< done: wall time of the whole run in seconds
    QString message;                   ///< error: what went wrong
};

/// Validating parser for results files and JSON lines.
class BenchResultsReader {
public:
    /// The results format version this app reads.
    static constexpr int kVersion = 1;
    /// The `schema` string of a results file.
    static QString schemaId() { return QStringLiteral("reducescope-results"); }

    /// Largest results file read (bytes) and most results in one file; larger ones are refused.
    static constexpr qint64 kMaxFileBytes = qint64(64) << 20;
    static constexpr int kMaxResults = 20000;  // 100000 took ~27 s in the charts on a loaded 2-core machine

    /// The bytes of a results file: only a regular file of at most kMaxFileBytes (FIFOs, devices
    /// and directories are refused without reading). On failure: nullopt and *error = "FILE: why".
    static std::optional<QByteArray> readBytes(const QString& path, QString* error);
    /// Reads a results file. On failure: nullopt and *error = "FILE: field: what is wrong".
    static std::optional<views::BenchResults> readFile(const QString& path, QString* error);
    /// Parses the text of a results file. On failure: nullopt and *error names the field.
    static std::optional<views::BenchResults> parse(const QByteArray& json, QString* error);
    /// Parses one JSON line of `reducescope-cli bench` stdout. Unknown `type`: nullopt and an error.
    static std::optional<BenchLine> parseLine(const QByteArray& line, QString* error);
    /// Parses `reducescope-cli devices --json` output: {"devices":[device...]}, a bare array of
    /// device objects, or one device object per line (device fields as in results files).
    static std::optional<QList<views::BenchDevice>> parseDevices(const QByteArray& text, QString* error);
};

/// The results file (version 1) for `r`, indented JSON text.
QByteArray benchResultsToJson(const views::BenchResults& r);
/// One CSV row per result with a header row; times in ms, bandwidths in 10^9 bytes/s.
QByteArray benchResultsToCsv(const views::BenchResults& r);

/// Speed-up of each result (same order as r.results) against the strategy `baseline` at the same n:
/// baseline median time / this median time. Empty where either has no verified time. For
/// `cpu` and `cub` the recorded speedup_vs_* fields are used when present.
QList<std::optional<double>> benchSpeedups(const views::BenchResults& r, const QString& baseline);

} // namespace reducescope::app
