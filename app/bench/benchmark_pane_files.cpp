// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's files (benchmark_pane.h): loading a results file and a second one to
// compare, exporting the chart and the data, and the recordings shipped in docs/results/. Every
// results file is read once, through the schema's one reader (app/bench/bench_results.h).
#include "app/bench/benchmark_pane.h"
#include "app/common/gpu_host.h"

#include "app/bench/bench_run_panel.h"

#include "app/common/data_paths.h"

#include "app/bench/bench_results.h"
#include "views/bench/bench_scaling_chart.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>

#include <algorithm>

namespace reducescope::app {
using views::BenchChart;

bool BenchmarkPane::loadResults(const QString& path, QString* error)
{
    QString why;
    auto file = BenchResultsReader::readDocument(path, &why);
    if (!file) {
        setMessage(tr("Not loaded: %1").arg(why), true);
        if (error)
            *error = why;
        return false;
    }
    if (isRunning())
        cancel();
    m_shownSource = QFileInfo(path).fileName();
    m_tableRows = -1;  // another file: the table is reset once
    m_loaded = std::move(*file);
    m_loadedPath = path;
    m_runPanel->clearStatus();
    refreshBaselines();
    refresh();
    updateDeviceText();
    const int count = int(m_loaded->results.size());
    setMessage(tr("Loaded %1: %2.").arg(QFileInfo(path).fileName(),
                                        count == 1 ? tr("1 result") : tr("%1 results").arg(count)), false);
    m_scaling->setResults(*m_loaded);
    const bool multiGpu = std::any_of(m_loaded->results.begin(), m_loaded->results.end(),
                                      [](const bench::Result& r) { return r.multi_gpu.has_value(); });
    if (multiGpu)
        m_tabs->setCurrentWidget(m_scaling);
    else
        showChart(views::isSweep(*m_loaded) ? BenchChart::Kind::Sweep : BenchChart::Kind::Bandwidth);
    addRecentResult(path);  // File ▸ Recent results
    return true;
}

const bench::ResultsFile* BenchmarkPane::loadedDocument(const QString& path) const
{
    return m_loaded && path == m_loadedPath ? &*m_loaded : nullptr;
}

const bench::ResultsFile& BenchmarkPane::shownDocument() const { return m_loaded ? *m_loaded : m_runner->document(); }

bool BenchmarkPane::loadOverlay(const QString& path, QString* error)
{
    QString why;
    auto doc = BenchResultsReader::readDocument(path, &why);
    if (!doc) {
        setMessage(tr("Not loaded for comparison: %1").arg(why), true);
        if (error)
            *error = why;
        return false;
    }
    m_overlay = std::move(*doc);
    m_overlayPath = path;
    m_clearOverlay->setEnabled(true);
    refresh();
    updateDeviceText();
    setMessage(tr("Comparing with %1.").arg(QFileInfo(path).fileName()), false);
    return true;
}

void BenchmarkPane::clearOverlay()
{
    m_overlay.reset();
    m_overlayPath.clear();
    m_clearOverlay->setEnabled(false);
    refresh();
    updateDeviceText();
}

bool BenchmarkPane::exportChart(const QString& path, QString* error)
{
    auto* c = qobject_cast<BenchChart*>(m_tabs->currentWidget());
    return c && c->exportTo(path, error);
}

bool BenchmarkPane::exportData(const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return writeResultsFile(path, shownDocument(), error);  // the results format, nothing left out
    if (suffix != QLatin1String("csv") && suffix != QLatin1String("md")) {
        if (error)
            *error = tr("%1: unknown data format \"%2\" (allowed: csv, md, json)").arg(path, suffix);
        return false;
    }
    const bench::ResultsFile& shown = shownDocument();
    const QByteArray bytes = suffix == QLatin1String("md")
        ? benchResultsToMarkdown(shown, benchSpeedups(shown, m_baselineId), m_baselineId)
        : benchResultsToCsv(shown);
    QSaveFile f(path);  // written whole or not at all
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = tr("%1: cannot write (%2)").arg(path, f.errorString());
        return false;
    }
    return true;
}

QString BenchmarkPane::recordedFolder() const
{
    return shippedResultsFolder();  // docs/results of the source tree, or share/reducescope/results installed
}

void BenchmarkPane::openResultsDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open benchmark results"), recordedFolder(),
                                                      tr("Results (*.json)"));
    if (!path.isEmpty())
        loadResults(path, nullptr);
}

void BenchmarkPane::openOverlayDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with results"), recordedFolder(),
                                                      tr("Results (*.json)"));
    if (!path.isEmpty())
        loadOverlay(path, nullptr);
}

void BenchmarkPane::exportChartDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QStringLiteral("chart.png"),
                                                      tr("PNG (*.png);;PDF (*.pdf);;SVG (*.svg)"));
    if (path.isEmpty())
        return;
    QString why;
    if (exportChart(path, &why))
        setMessage(tr("Chart written to %1.").arg(path), false);
    else
        setMessage(why, true);
}

void BenchmarkPane::exportDataDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export data"), QStringLiteral("results.csv"),
                                                      tr("CSV (*.csv);;Markdown table (*.md);;Results JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString why;
    if (exportData(path, &why))
        setMessage(tr("Data written to %1.").arg(path), false);
    else
        setMessage(why, true);
}

} // namespace reducescope::app
