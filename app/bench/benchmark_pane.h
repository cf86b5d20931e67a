// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane: runs `reducescope-cli bench` as a child process, or loads a results file,
// and shows the device, charts (time, bandwidth, speed-up, sweep) and a sortable table. Its parts
// with a life of their own are widgets of their own: the run controls (bench_run_panel.h), the
// device line (bench_device_label.h) and the Comparison tab (bench_comparison_view.h).
#pragma once

#include "app/bench/bench_file_list.h"
#include "app/bench/bench_runner.h"
#include "bench/compare.h"
#include "views/bench/bench_chart.h"

#include <QString>
#include <QWidget>


class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
class QToolButton;
class QAction;
class QTableWidget;
class QTimer;

namespace reducescope::views {
class BenchHeatMap;
class BenchScalingChart;
}

namespace reducescope::app {

class BenchComparisonView;
class BenchDeviceLabel;
class BenchRunPanel;
class BenchSettings;
class BenchSortProxy;
class BenchTableModel;

class BenchmarkPane : public QWidget {
    Q_OBJECT
public:
    explicit BenchmarkPane(QWidget* parent = nullptr);
    ~BenchmarkPane() override;

    /// Loads a results JSON (docs/results-format.md). On failure returns false, sets *error to a
    /// one-line message naming what is wrong, and keeps what was shown before.
    bool loadResults(const QString& path, QString* error);
    /// Loads a second results file drawn beside the first (compare GPUs or commits). Same error
    /// contract as loadResults.
    bool loadOverlay(const QString& path, QString* error);
    /// Removes the overlay.
    void clearOverlay();

    /// Starts a run with the current settings. False (and the message shown) when it cannot start;
    /// on a machine without a CUDA device (or a build without kernels) it says so, starts nothing,
    /// and emits gpuHostWanted().
    bool run();
    /// Asks for a .cu file and runs it with `kernel bench` beside the chosen strategies (the
    /// results' row "my kernel (FILE)"); `path` given: that file, no dialog. False when nothing started.
    bool runOwnKernel(const QString& path = {});
    /// Opens the curated lecture results (lectureResultsPath(), bench_file_list.h) when nothing is
    /// shown yet; done by itself once the probe finds no GPU. True when it was opened.
    bool openLectureResults();
    /// The caption under the chart in front (what its bars and lines mean), in the window's language.
    QString chartCaption() const;
    /// The shipped results files as the Open results arrow lists them (by what they hold).
    QList<RecordedResults> recordedResults() const { return listRecordedResults(recordedFolder()); }
    /// Kills a running benchmark; finished rows stay.
    void cancel();
    /// True while a benchmark child runs.
    bool isRunning() const;

    /// Writes the chart on the current tab as .png, .pdf or .svg.
    bool exportChart(const QString& path, QString* error);
    /// Writes the shown results as .csv or .json (the results format, written atomically: every
    /// field of the file or run shown, multi-GPU figures and counters included).
    bool exportData(const QString& path, QString* error);

    /// Chooses the speed-up baseline (a strategy id present in the shown results).
    void setBaseline(const QString& strategyId);
    /// Brings the chart of this kind to the front.
    void showChart(views::BenchChart::Kind kind);

    /// The results shown, everything they hold (what "Export data as JSON" writes): the file
    /// loaded last, or the current / last run (BenchRunner::document()) once its start line came.
    const bench::ResultsFile& shownDocument() const;
    /// Where the shown results came from, as the views label them: the loaded file's name, "run"
    /// for a run, empty before either.
    const QString& shownSource() const { return m_shownSource; }
    /// The results file last loaded with loadResults(path), as read; null when another file (or
    /// a run since) is shown. Lets the window look at its counters without reading it again.
    const bench::ResultsFile* loadedDocument(const QString& path) const;
    /// The line under the device panel (errors, run outcome); empty when none.
    QString message() const;
    /// The chart of this kind (for tests and export).
    views::BenchChart* chart(views::BenchChart::Kind kind) const;
    /// The multi-GPU scaling chart (files of `bench --gpus K`).
    views::BenchScalingChart* scalingChart() const { return m_scaling; }
    /// The table's source model.
    BenchTableModel* tableModel() const { return m_model; }
    /// The sort proxy the table shows.
    BenchSortProxy* tableProxy() const { return m_proxy; }
    /// The table view.
    QTableView* tableView() const { return m_table; }
    /// The settings block.
    BenchSettings* settings() const { return m_settings; }
    /// The runner (tests point it at a fake CLI with setCliPath or REDUCESCOPE_CLI).
    BenchRunner* runner() const { return m_runner; }
    /// The verdicts against the comparison file (bench::compare_results(shown, overlay), the rule
    /// of `reducescope-cli compare`); empty without a comparison file.
    const std::vector<bench::CompareRow>& comparison() const;
    /// The Comparison tab (verdicts, the CLI's notes in the window's language, failed runs' messages).
    BenchComparisonView* comparisonView() const { return m_comparison; }
    /// The heat map tab (block size × coarse factor of a two-parameter sweep).
    views::BenchHeatMap* heatMap() const { return m_heatMap; }
    /// The Determinism tab's table (cell, runs, distinct, spread ulp, error ulp, verdict, why) and
    /// the line above it (how to record repeat data when the file has none).
    QTableWidget* determinismTable() const { return m_determinismTable; }
    QLabel* determinismSummary() const { return m_determinismSummary; }
    /// The comparison tab's table (cell, A, B, change, noises, verdict).
    QTableWidget* comparisonTable() const;
    /// The per-kernel status lines of the current / last run.
    QStringList statusLines() const;
    /// The device panel's text (plain).
    QString deviceText() const;

signals:
    /// The user asked to open this strategy id in the step pane.
    void openStrategyRequested(const QString& strategyId);
    /// A run finished (after the pane updated itself).
    void runFinished(const reducescope::app::BenchOutcome& outcome);
    /// Run was pressed where no benchmark can run (no CUDA device, or a build without kernels).
    /// `command`: the CLI command the settings would run (may be empty). The hook for running it
    /// on a GPU host instead; nothing listens yet.
    void gpuHostWanted(const QString& command);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Texts and tooltips in the window's language (constructor and QEvent::LanguageChange).
    void retranslate();
    QWidget* buildDevicePanel();
    QWidget* buildLeft();
    QWidget* buildRight();
    void refresh();
    void scheduleRefresh();
    void flushRefresh();
    void refreshBaselines();
    void refreshComparison();
    /// The plain-language caption under the chart in front (read ceiling, peak, whiskers).
    void updateChartCaption();
    QWidget* buildDeterminismTab(QWidget* parent);  // benchmark_pane_determinism.cpp
    void refreshDeterminism();
    void updateDeviceText();
    void setMessage(const QString& text, bool isError);
    void setRunning(bool running);
    QString recordedFolder() const;
    /// The comparison file's name, as the views label it (empty without one).
    QString overlaySource() const;
    void openResultsDialog();
public:
    /// The GPU host was chosen anew (app/common/gpu_host.h): the device line and its button say
    /// so, and the device there is asked.
    void gpuHostChanged();
private:
    void openOverlayDialog();
    void exportChartDialog();
    void exportDataDialog();

    BenchRunner* m_runner = nullptr;
    QString m_ownSource;     ///< runOwnKernel(): the .cu file of the run being started
    QString m_ownKernelDir;  ///< the folder the last own kernel came from
    BenchRunPanel* m_runPanel = nullptr;
    BenchSettings* m_settings = nullptr;
    BenchTableModel* m_model = nullptr;
    BenchSortProxy* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QTabWidget* m_tabs = nullptr;
    QList<views::BenchChart*> m_charts;
    views::BenchScalingChart* m_scaling = nullptr;
    views::BenchHeatMap* m_heatMap = nullptr;
    BenchDeviceLabel* m_device = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_clearOverlay = nullptr;
    QComboBox* m_baseline = nullptr;
    QCheckBox* m_log = nullptr;
    // Widgets whose words retranslate() sets.
    QToolButton* m_openButton = nullptr;
    QToolButton* m_hostButton = nullptr;
    QPushButton* m_compareButton = nullptr;
    QToolButton* m_exportButton = nullptr;
    QAction* m_exportChartAction = nullptr;
    QAction* m_exportDataAction = nullptr;
    QLabel* m_baselineLabel = nullptr;
    QLabel* m_hint = nullptr;

    /// The views point at the shown file and the comparison file (the charts and the table keep
    /// no copies): each stays in place until the views are given another (refresh()).
    std::optional<bench::ResultsFile> m_loaded;  ///< the file shown; empty while a run is shown
    QString m_loadedPath;
    QString m_shownSource;                       ///< shownSource()
    std::optional<bench::ResultsFile> m_overlay;  ///< the comparison file as read
    QString m_overlayPath;                        ///< the comparison file's path (for the same-file note)
    BenchComparisonView* m_comparison = nullptr;
    QWidget* m_determinismPage = nullptr;
    QTableWidget* m_determinismTable = nullptr;  ///< Determinism tab: one row per repeated result
    QLabel* m_determinismSummary = nullptr;
    QString m_baselineId;
    int m_rejectedLines = 0;     ///< stdout lines of the current run that were not valid JSON lines
    QString m_lastRejected;
    /// How many of the shown results the table holds; -1 when they were replaced (a new run, a
    /// file, the language) and the table is reset on the next refresh. While a run streams, refresh
    /// only appends the results after these (BenchTableModel::appendResults: no reset).
    qsizetype m_tableRows = -1;
    static constexpr int kRefreshMs = 200;
    QTimer* m_refreshTimer = nullptr;
    bool m_refreshPending = false;
    bool m_probed = false;
    bool m_noDevice = false;
    bool m_noCudaBuild = false;
    bool m_probedNoDevice = false;  ///< the device probe found no CUDA device (a run's outcome does not set it)
    QLabel* m_chartCaption = nullptr;  ///< updateChartCaption(): what the chart in front shows
    QString m_noDeviceWhy;  ///< what the device probe said when it found none
};

} // namespace reducescope::app
