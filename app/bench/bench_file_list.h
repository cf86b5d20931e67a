// SPDX-License-Identifier: GPL-3.0-or-later
// The results files a teacher can open without a GPU: each listed by what it holds (device, date,
// N, mode and cache, sweep), not by its file name, and the curated lecture file that the pane opens
// when this machine cannot run benchmarks (docs/results/lecture/README.md says how it was chosen).
#pragma once

#include "bench/results_file.h"

#include <QList>
#include <QString>

namespace reducescope::app {

/// One line saying what a results file holds, in the window's language (context "BenchFileList"):
/// "NVIDIA H200 · 2026-12-01 · N = 1,048,576 · graph mode, hot cache · 24 results"; a sweep says
/// what it sweeps ("sweep over N: 1,024 … 1,073,741,824", "block size × coarse factor"); a
/// multi-GPU file its GPU counts; a file with hardware counters or an incomplete run says so.
/// From the file's own fields only (device.name, date, params, results, gpus, counters, incomplete).
QString resultsFileSummary(const bench::ResultsFile& f);

/// A results file found under the shipped results folder.
struct RecordedResults {
    QString path;      ///< absolute path
    QString relative;  ///< path under the folder (the tooltip)
    QString label;     ///< resultsFileSummary(), "Lecture: " first for the lecture file
    QString date;      ///< the file's date (ISO 8601), for sorting
    bool lecture = false;
};

/// Every readable *.json results file under `folder` (recursively), the lecture file first, then
/// newest date first; files the results reader refuses are left out. Each file is read once per
/// modification time (a cache shared by all callers).
QList<RecordedResults> listRecordedResults(const QString& folder);

/// The curated lecture results file (`lecture/h200_1m_graph_hot.json` under
/// shippedResultsFolder()); empty when it is not there.
QString lectureResultsPath();

} // namespace reducescope::app
