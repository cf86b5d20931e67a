// SPDX-License-Identifier: GPL-3.0-or-later
// The app's side of the results schema (docs/results-format.md): a thin Qt adapter over
// kernels/bench/results_file.h, whose reader validates every field and whose writer the CLI uses
// too. Here: reading a file's bytes safely, turning the schema's types into what the views draw
// (views/bench/bench_data.h, the scaling chart's points), the atomic JSON export, and CSV.
#pragma once

#include "app/common/file_read.h"
#include "bench/results_file.h"
#include "views/bench/bench_data.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace reducescope::app {

/// One parsed line of `reducescope-cli bench` stdout, as the pane shows it.
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

/// Reading results files and JSON lines through bench::read_results / bench::read_line. Every
/// failure is one line naming the field and what it must be; a file's starts with its name.
class BenchResultsReader {
public:
    /// The results format version this app reads.
    static constexpr int kVersion = bench::kResultsVersion;
    /// The `schema` string of a results file.
    static QString schemaId() { return QString::fromUtf8(bench::kResultsSchema.data(), bench::kResultsSchema.size()); }

    /// Largest results file read (bytes) and most results in one file; larger ones are refused.
    static constexpr qint64 kMaxFileBytes = qint64(bench::kMaxResultsFileBytes);
    static constexpr int kMaxResults = int(bench::kMaxResults);

    /// Reads and validates a results file. On failure: nullopt and *error = "FILE: field: what".
    static std::optional<bench::ResultsFile> readDocument(const QString& path, QString* error);
    /// Parses and validates the text of a results file. On failure: nullopt and *error names the field.
    static std::optional<bench::ResultsFile> parseDocument(const QByteArray& json, QString* error);
    /// readDocument, as the views take it (source = the file name).
    static std::optional<views::BenchResults> readFile(const QString& path, QString* error);
    /// parseDocument, as the views take it.
    static std::optional<views::BenchResults> parse(const QByteArray& json, QString* error);
    /// Parses one JSON line of `reducescope-cli bench` stdout. Unknown `type`: nullopt and an error.
    static std::optional<BenchLine> parseLine(const QByteArray& line, QString* error);
    /// Parses `reducescope-cli devices --json` output (bench::read_device_list).
    static std::optional<QList<views::BenchDevice>> parseDevices(const QByteArray& text, QString* error);
};


/// What the views draw of a device, a result, a whole file (`source` labels it: a file name or
/// "run"). A result whose status is not ok carries no speeds, whatever its file says.
views::BenchDevice toViews(const bench::Device& d);
views::BenchResult toViews(const bench::Result& r);
views::BenchResults toViews(const bench::ResultsFile& f, const QString& source);
/// A stream line as the pane shows it.
BenchLine toViews(const bench::StreamLine& l);
/// The multi-GPU results of a file (those with `gpus` and `combine`), as the scaling chart draws
/// them: only verified results with a time, algbw and busbw are `ok`.
QList<views::ScalingPoint> scalingPoints(const bench::ResultsFile& f);

/// The results file for `f` (bench::write_results: the CLI's own format, nothing dropped).
QByteArray benchResultsToJson(const bench::ResultsFile& f);
/// Writes `f` to `path` atomically (bench::write_results_file). False and *error ("PATH: cannot
/// write (why)") on failure; what was at `path` stays.
bool writeResultsFile(const QString& path, const bench::ResultsFile& f, QString* error);
/// One CSV row per result with a header row; times in ms, bandwidths in 10^9 bytes/s.
QByteArray benchResultsToCsv(const views::BenchResults& r);
/// The table as Markdown: one row per result, columns strategy, N, block, C, mode,
/// cache, status, median time (µs), bandwidth (GB/s), % of peak, and the speed-up against
/// `baseline` with the baseline named in its header ("Speed-up vs cub"); `speedups` as from
/// benchSpeedups(r, baseline), same order as r.results. A '|' in a cell is escaped; "–" marks
/// an empty cell.
QByteArray benchResultsToMarkdown(const views::BenchResults& r, const QList<std::optional<double>>& speedups,
                                  const QString& baseline);

/// Speed-up of each result (same order as r.results) against the strategy `baseline` at the same n:
/// baseline median time / this median time. Empty where either has no verified time. For
/// `cpu` and `cub` the recorded speedup_vs_* fields are used when present.
QList<std::optional<double>> benchSpeedups(const views::BenchResults& r, const QString& baseline);

} // namespace reducescope::app
