// SPDX-License-Identifier: GPL-3.0-or-later
// The app's side of the results schema (docs/results-format.md): a thin Qt adapter over
// kernels/bench/results_file.h, whose reader validates every field and whose writer the CLI uses
// too. The pane holds the schema's own types (bench::ResultsFile); here: reading a file's bytes
// safely, the atomic JSON export, CSV and Markdown, and the speed-ups against a baseline. What the
// views show of those types (labels, status names, the speeds of a verified result only) is
// views/bench/bench_display.h.
#pragma once

#include "app/common/file_read.h"
#include "bench/results_file.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace reducescope::app {

/// Reading results files through bench::read_results. Every failure is one line naming the field
/// and what it must be; a file's starts with its name.
class BenchResultsReader {
public:
    /// Largest results file read (bytes) and most results in one file; larger ones are refused.
    static constexpr qint64 kMaxFileBytes = qint64(bench::kMaxResultsFileBytes);
    static constexpr int kMaxResults = int(bench::kMaxResults);

    /// Reads and validates a results file (a regular file of at most kMaxFileBytes). On failure:
    /// nullopt and *error = "FILE: field: what" (FILE: the file's name, escaped).
    static std::optional<bench::ResultsFile> readDocument(const QString& path, QString* error);
    /// Parses and validates the text of a results file. On failure: nullopt and *error names the
    /// field ("results[2].n: expected an integer >= 1, got ...").
    static std::optional<bench::ResultsFile> parseDocument(const QByteArray& json, QString* error);
};

/// Writes `f` to `path` atomically (bench::write_results_file: the CLI's own format, nothing
/// dropped). False and *error ("PATH: cannot write (why)") on failure; what was at `path` stays.
bool writeResultsFile(const QString& path, const bench::ResultsFile& f, QString* error);
/// One CSV row per result of `f`, with a header row; times in ms, bandwidths in 10^9 bytes/s,
/// UTF-8. A result that is not ok has empty speed cells, whatever its file says.
QByteArray benchResultsToCsv(const bench::ResultsFile& f);
/// The table as Markdown: one row per result of `f`, columns strategy, N, block, C, mode,
/// cache, status, median time (µs), bandwidth (GB/s), % of peak, and the speed-up against
/// `baseline` with the baseline named in its header ("Speed-up vs cub"); `speedups` as from
/// benchSpeedups(f, baseline), same order as f.results. A '|' in a cell is escaped; "–" marks
/// an empty cell (and every speed of a result that is not ok).
QByteArray benchResultsToMarkdown(const bench::ResultsFile& f, const QList<std::optional<double>>& speedups,
                                  const QString& baseline);

/// Speed-up of each result of `f` (same order as f.results) against the strategy `baseline` at
/// the same n: baseline median time / this median time. Empty where either has no verified time.
/// For `cpu` and `cub` the recorded speedup_vs_* fields are used when present.
QList<std::optional<double>> benchSpeedups(const bench::ResultsFile& f, const QString& baseline);

} // namespace reducescope::app
