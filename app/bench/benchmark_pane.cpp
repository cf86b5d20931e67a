// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/benchmark_pane.h"
#include "views/bench/bench_heatmap.h"

#include "views/bench/bench_comparison_view.h"
#include "app/bench/bench_device_label.h"
#include "app/bench/bench_file_list.h"
#include "app/bench/bench_run_panel.h"
#include "app/bench/bench_settings.h"
#include "app/bench/bench_table_model.h"
#include "app/common/native_path.h"
#include "app/common/data_paths.h"
#include "app/common/gpu_host_dialog.h"
#include "app/common/message_text.h"
#include "views/bench/bench_display.h"
#include "views/bench/bench_scaling_chart.h"
#include "reducescope/config.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace reducescope::app {
using views::BenchChart;

BenchmarkPane::BenchmarkPane(QWidget* parent)
    : QWidget(parent)
    , m_runner(new BenchRunner(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildDevicePanel());
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long message (a CLI's stderr) wraps or is cut; it never widens the window.
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_message->setMinimumWidth(1);
    m_message->hide();
    // Streamed results are drawn at most every kRefreshMs (a refresh per line stalled the
    // pane at 30000 lines; docs/reliability.md).
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(kRefreshMs);
    connect(m_refreshTimer, &QTimer::timeout, this, &BenchmarkPane::flushRefresh);
    layout->addWidget(m_message);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildLeft());
    split->addWidget(buildRight());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({300, 1300});
    layout->addWidget(split, 1);

    connect(m_runner, &BenchRunner::runStarted, this, [this] {
        m_shownSource = QStringLiteral("run");
        m_tableRows = -1;
        m_loaded.reset();  // what is shown (and exported) is now the run: m_runner->document()
        m_loadedPath.clear();
        refreshBaselines();
        refresh();
        updateDeviceText();
    });
    connect(m_runner, &BenchRunner::progress, this, [this] { scheduleRefresh(); });
    // The result is in m_runner->document() already: the next refresh shows it.
    connect(m_runner, &BenchRunner::resultReady, this, [this] { scheduleRefresh(); });
    connect(m_runner, &BenchRunner::lineRejected, this, [this](const QString& why) {
        ++m_rejectedLines;
        m_lastRejected = why;
        setMessage(why, true);
    });
    connect(m_runner, &BenchRunner::finished, this, [this](const BenchOutcome& o) {
        setRunning(false);
        flushRefresh();
        using K = BenchOutcome::Kind;
        const bool isError = o.kind != K::Completed && o.kind != K::Cancelled;
        if (o.kind == K::NoDevice) {
            m_noDevice = true;
            m_device->setNoDeviceAfterRun(o.message);
        }
        QString text = o.message;
        if (m_rejectedLines > 0)
            text += tr(" %n stdout line(s) could not be read; the last: %1", nullptr, m_rejectedLines).arg(m_lastRejected);
        setMessage(text, isError || m_rejectedLines > 0);
        emit runFinished(o);
    });
    // The Multi-GPU tab says how many GPUs this machine has and whether this build has NCCL.
    connect(m_runner, &BenchRunner::devicesCounted, this, [this](int count) {
        if (m_scaling)
            m_scaling->setAvailability(count, REDUCESCOPE_HAVE_NCCL != 0);
    });
    // The GPU host's lock or Slurm's queue while the run waits (kernels/cli/remote.h).
    connect(m_runner, &BenchRunner::hostSaid, this, [this](const QString& line) {
        setMessage(tr("Waiting on the GPU host: %1").arg(toolSaid(line)), false);
    });
    connect(m_runner, &BenchRunner::deviceProbed, this,
            [this](const std::optional<bench::Device>& d, bool noDevice, const QString& why) {
                m_noDevice = !d;
                m_probedNoDevice = !d && noDevice;  // "no CUDA device", not "the probe failed"
                m_noDeviceWhy = why;
                m_device->setLocalDevice(d, noDevice, why);
                if (!d)
                    openLectureResults();
            });
    m_device->setGpuHost(currentGpuHost().destination);
    retranslate();
    refresh();
    updateDeviceText();
}

BenchmarkPane::~BenchmarkPane()
{
    // The views show the files this pane owns (m_loaded, m_overlay, the run's document) through
    // pointers; members go before the child widgets do, and a view still asks its model while it
    // is hidden on the way out (seen under AddressSanitizer: QTableView::updateGeometries reading
    // a freed ResultsFile). So the widgets go first, while the data lives.
    for (QWidget* child : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        delete child;
}

void BenchmarkPane::gpuHostChanged()
{
    const GpuHost h = currentGpuHost();
    m_device->setGpuHost(h.destination);
    m_noDevice = false;
    // A build without nvcc runs benchmarks on a GPU host (its CLI has the kernels), not here.
    m_noCudaBuild = !REDUCESCOPE_HAVE_CUDA && !h.isRemote();
    m_probedNoDevice = false;
    retranslate();
    if (m_probed)
        m_runner->probeDevice();  // the GPU of the new place
}

void BenchmarkPane::retranslate()
{
    {
        const GpuHost h = currentGpuHost();
        m_hostButton->setText(h.isRemote() ? (h.slurm ? tr("GPU host: %1 (Slurm)…") : tr("GPU host: %1…")).arg(h.destination)
                                           : tr("GPU: this computer…"));
        m_hostButton->setToolTip(tr("Run on this computer's GPU or on a GPU host over ssh, optionally through Slurm"));
    }
    m_openButton->setText(tr("Open results…"));
    m_openButton->setToolTip(tr("Load a results .json written by reducescope-cli bench --json; the arrow lists the "
                                "recordings shipped in docs/results/"));
    m_compareButton->setText(tr("Compare with…"));
    m_compareButton->setToolTip(tr("Overlay a second results file (another GPU or commit)"));
    m_clearOverlay->setText(tr("Clear comparison"));
    m_exportButton->setText(tr("Export"));
    m_exportChartAction->setText(tr("Chart as PNG, PDF or SVG…"));
    m_exportDataAction->setText(tr("Data as CSV or JSON…"));
    m_baselineLabel->setText(tr("Speed-up baseline:"));
    m_log->setText(tr("Log scale"));
    m_hint->setText(tr("Hover a bar for exact figures; click it (or a table row) to open the strategy in the step pane."));
    const QString names[] = {tr("Time"), tr("Bandwidth"), tr("Speed-up"), tr("Sweep")};
    for (int i = 0; i < m_charts.size() && i < 4; ++i)
        m_tabs->setTabText(m_tabs->indexOf(m_charts[i]), names[i]);
    m_tabs->setTabText(m_tabs->indexOf(m_scaling), tr("Multi-GPU"));
    m_tabs->setTabText(m_tabs->indexOf(m_determinismPage), tr("Determinism"));
    m_tabs->setTabText(m_tabs->indexOf(m_heatMap), tr("Heat map"));
    m_tabs->setTabText(m_tabs->indexOf(m_comparison), tr("Comparison"));
    updateChartCaption();
}

QString BenchmarkPane::chartCaption() const { return m_chartCaption ? m_chartCaption->text() : QString(); }

void BenchmarkPane::updateChartCaption()
{
    if (!m_chartCaption || !m_tabs)
        return;
    QString text;
    if (auto* c = qobject_cast<BenchChart*>(m_tabs->currentWidget())) {
        switch (c->kind()) {
        case BenchChart::Kind::Time:
            text = tr("Each bar is the median time of one reduction of N floats; shorter is faster. The timing mode "
                      "says whether the launch's own cost is in it. The whiskers show how much the repetitions "
                      "varied.");
            break;
        case BenchChart::Kind::Bandwidth:
        case BenchChart::Kind::Sweep:
            text = tr("Effective bandwidth: the bytes a kernel has to read (4 per float; 8 for a dot product, which "
                      "reads x and y) divided by its median time. The datasheet peak is the memory's rated speed, "
                      "which no kernel reaches. The measured read ceiling is the fastest kernel that only reads the "
                      "input, timed in the same run at the same N, mode and cache: about the most a reduction can "
                      "reach on this GPU.");
            break;
        case BenchChart::Kind::Speedup:
            text = tr("How many times faster than the baseline at the same N: the baseline's median time divided by "
                      "this kernel's. Above 1 is faster.");
            break;
        }
    }
    m_chartCaption->setText(text);
    m_chartCaption->setVisible(!text.isEmpty());
}

void BenchmarkPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_openButton) {
        retranslate();
        m_tableRows = -1;  // the table's words: one reset
        refresh();  // chart titles, axes, legends and the table's words
        updateDeviceText();
    } else if (event->type() == QEvent::FontChange && m_device) {
        m_device->fitToFont();
    }
    QWidget::changeEvent(event);
}

QWidget* BenchmarkPane::buildDevicePanel()
{
    auto* panel = new QFrame(this);
    panel->setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(panel);
    m_device = new BenchDeviceLabel(panel);
    row->addWidget(m_device, 1);
    // Where the GPU work runs: this computer or a GPU host (docs/remote.md).
    m_hostButton = new QToolButton(panel);
    connect(m_hostButton, &QToolButton::clicked, this, [this] {
        if (GpuHostDialog::edit(this))
            gpuHostChanged();
    });
    row->addWidget(m_hostButton);
    auto* open = m_openButton = new QToolButton(panel);
    open->setPopupMode(QToolButton::MenuButtonPopup);
    connect(open, &QToolButton::clicked, this, &BenchmarkPane::openResultsDialog);
    // The recordings that ship with the source tree, one click away (machines without a GPU).
    auto* recorded = new QMenu(open);
    connect(recorded, &QMenu::aboutToShow, this, [this, recorded] {
        recorded->clear();
        recorded->setToolTipsVisible(true);
        // Each file by what it holds (device, date, N, mode and cache), the lecture file first.
        const QList<RecordedResults> files = recordedResults();
        for (const RecordedResults& f : files) {
            QAction* a = recorded->addAction(f.label, this, [this, path = f.path] { loadResults(path, nullptr); });
            a->setToolTip(f.relative);
        }
        if (files.isEmpty())
            recorded->addAction(tr("(no docs/results/ folder found near the app)"))->setEnabled(false);
    });
    open->setMenu(recorded);
    auto* compare = m_compareButton = new QPushButton(panel);
    connect(compare, &QPushButton::clicked, this, &BenchmarkPane::openOverlayDialog);
    m_clearOverlay = new QPushButton(panel);
    m_clearOverlay->setEnabled(false);
    connect(m_clearOverlay, &QPushButton::clicked, this, &BenchmarkPane::clearOverlay);
    auto* exportButton = m_exportButton = new QToolButton(panel);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    m_exportChartAction = menu->addAction(QString(), this, &BenchmarkPane::exportChartDialog);
    m_exportDataAction = menu->addAction(QString(), this, &BenchmarkPane::exportDataDialog);
    exportButton->setMenu(menu);
    for (QWidget* w : std::initializer_list<QWidget*>{open, compare, m_clearOverlay, exportButton})
        row->addWidget(w, 0, Qt::AlignTop);
    return panel;
}

QWidget* BenchmarkPane::buildLeft()
{
    m_runPanel = new BenchRunPanel(m_runner, this);
    m_settings = m_runPanel->settings();
    connect(m_runPanel, &BenchRunPanel::runClicked, this, [this] { run(); });
    connect(m_runPanel, &BenchRunPanel::cancelClicked, this, &BenchmarkPane::cancel);
    connect(m_runPanel, &BenchRunPanel::ownKernelClicked, this, [this] { runOwnKernel(); });
    return m_runPanel;
}

QWidget* BenchmarkPane::buildRight()
{
    auto* split = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(split);
    auto* v = new QVBoxLayout(top);
    v->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    m_baselineLabel = new QLabel(top);
    controls->addWidget(m_baselineLabel);
    m_baseline = new QComboBox(top);
    m_baseline->setMinimumContentsLength(12);
    controls->addWidget(m_baseline);
    m_log = new QCheckBox(top);
    controls->addWidget(m_log);
    controls->addStretch(1);
    m_hint = new QLabel(top);
    m_hint->setWordWrap(true);
    controls->addWidget(m_hint, 2);
    v->addLayout(controls);

    m_tabs = new QTabWidget(top);
    for (const BenchChart::Kind kind : {BenchChart::Kind::Time, BenchChart::Kind::Bandwidth, BenchChart::Kind::Speedup,
                                        BenchChart::Kind::Sweep}) {
        auto* chart = new BenchChart(kind, m_tabs);
        connect(chart, &BenchChart::strategyClicked, this, &BenchmarkPane::openStrategyRequested);
        m_charts << chart;
        m_tabs->addTab(chart, QString());
    }
    // Heat map: bandwidth over block size × coarse factor of a two-parameter sweep.
    m_heatMap = new views::BenchHeatMap(m_tabs);
    m_tabs->addTab(m_heatMap, QString());  // tab texts: retranslate()
    // Comparison: per cell FAST, SLOW or SAME against the file loaded with "Compare
    // with…", by the rule of `reducescope-cli compare`, with its notes.
    m_comparison = new BenchComparisonView(m_tabs);
    m_tabs->addTab(m_comparison, QString());
    m_determinismPage = buildDeterminismTab(m_tabs);
    m_tabs->addTab(m_determinismPage, QString());
    // Multi-GPU scaling chart: filled from files whose results carry `gpus`.
    m_scaling = new views::BenchScalingChart(m_tabs);
    m_tabs->addTab(m_scaling, QString());
    v->addWidget(m_tabs, 1);
    // What the chart in front shows, in plain words for a class (the read ceiling, the peak).
    m_chartCaption = new QLabel(top);
    m_chartCaption->setWordWrap(true);
    m_chartCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chartCaption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // wraps; never widens the window
    m_chartCaption->setMinimumWidth(1);
    v->addWidget(m_chartCaption);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateChartCaption(); });
    auto syncLog = [this] {
        auto* c = qobject_cast<BenchChart*>(m_tabs->currentWidget());
        const QSignalBlocker block(m_log);
        m_log->setEnabled(c && c->kind() != BenchChart::Kind::Sweep);
        m_log->setChecked(c && c->logScale());
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, syncLog);
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        if (auto* c = qobject_cast<BenchChart*>(m_tabs->currentWidget()))
            c->setLogScale(on);
    });
    syncLog();
    connect(m_baseline, &QComboBox::currentTextChanged, this, [this](const QString& id) {
        if (!id.isEmpty() && id != m_baselineId) {
            m_baselineId = id;
            refresh();
        }
    });

    m_model = new BenchTableModel(this);
    m_proxy = new BenchSortProxy(this);
    m_proxy->setSourceModel(m_model);
    m_table = new QTableView(split);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Sizing the columns from every row costs seconds at 30000 rows: a sample of rows is enough.
    m_table->horizontalHeader()->setResizeContentsPrecision(200);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto open = [this](const QModelIndex& index) {
        const QString id = index.data(BenchTableModel::StrategyRole).toString();
        if (!id.isEmpty())
            emit openStrategyRequested(id);
    };
    // One click on the kernel name (or a double click anywhere in the row) opens the step pane.
    connect(m_table, &QTableView::clicked, this, [open](const QModelIndex& index) {
        if (index.column() == BenchTableModel::KernelColumn)
            open(index);
    });
    connect(m_table, &QTableView::doubleClicked, this, open);
    split->addWidget(top);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 300});
    return split;
}

void BenchmarkPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_probed) {
        m_probed = true;
        if (!REDUCESCOPE_HAVE_CUDA && !currentGpuHost().isRemote()) {
            // Built without nvcc: no kernels to run, so no GPU to ask the CLI about.
            m_noDevice = true;
            m_noCudaBuild = true;
            m_runPanel->setNoCuda();
            m_device->setNoCudaBuild();
            openLectureResults();
            return;
        }
        // Not urgent: let the first paint (and a --screenshot) happen before asking the CLI.
        QTimer::singleShot(300, m_runner, &BenchRunner::probeDevice);
    }
}

BenchChart* BenchmarkPane::chart(BenchChart::Kind kind) const
{
    for (BenchChart* c : m_charts)
        if (c->kind() == kind)
            return c;
    return nullptr;
}

void BenchmarkPane::showChart(BenchChart::Kind kind)
{
    if (BenchChart* c = chart(kind))
        m_tabs->setCurrentWidget(c);
}

void BenchmarkPane::refreshBaselines()
{
    QStringList ids;
    for (const bench::Result& r : shownDocument().results)
        if (views::hasSpeed(r) && !ids.contains(views::qs(r.strategy)))
            ids << views::qs(r.strategy);
    QString want = m_baselineId;
    if (!ids.contains(want))
        want = ids.contains(QStringLiteral("cpu")) ? QStringLiteral("cpu")
            : ids.contains(QStringLiteral("cub"))  ? QStringLiteral("cub")
            : ids.isEmpty()                        ? QString()
                                                   : ids.first();
    {
        const QSignalBlocker block(m_baseline);
        m_baseline->clear();
        m_baseline->addItems(ids);
        m_baseline->setCurrentText(want);
    }
    m_baselineId = want;
}

void BenchmarkPane::setBaseline(const QString& strategyId)
{
    m_baseline->setCurrentText(strategyId);
}

void BenchmarkPane::scheduleRefresh()
{
    m_refreshPending = true;
    if (!m_refreshTimer->isActive())
        m_refreshTimer->start();
}

void BenchmarkPane::flushRefresh()
{
    m_refreshTimer->stop();
    if (!m_refreshPending)
        return;
    m_refreshPending = false;
    QElapsedTimer took;
    took.start();
    refreshBaselines();
    refresh();
    m_runPanel->scrollStatusToBottom();
    // A refresh costs more as rows grow: the next one waits at least 4x as long as this one took,
    // so redrawing takes at most a fifth of the time and the rows keep streaming in.
    m_refreshTimer->setInterval(int(std::max<qint64>(kRefreshMs, 4 * took.elapsed())));
}

void BenchmarkPane::refresh()
{
    // Keep where the reader scrolled to (a reset, a file or a new run, would lose it).
    const int scroll = m_table->verticalScrollBar()->value();
    const int hscroll = m_table->horizontalScrollBar()->value();
    const bench::ResultsFile& shown = shownDocument();
    const auto speedups = benchSpeedups(shown, m_baselineId);
    QList<views::BenchSeries> series{{&shown, m_shownSource, speedups}};
    if (m_overlay)
        series << views::BenchSeries{&*m_overlay, overlaySource(), benchSpeedups(*m_overlay, m_baselineId)};
    if (shown.results.empty() && !m_overlay)
        series.clear();
    for (BenchChart* c : m_charts)
        c->setSeries(series, m_baselineId);
    const qsizetype rows = qsizetype(shown.results.size());
    if (m_tableRows >= 0 && m_tableRows <= rows)
        m_model->appendResults(shown, speedups, m_baselineId);
    else
        m_model->setResults(shown, speedups, m_baselineId);
    m_tableRows = rows;
    m_heatMap->setGrid(views::heatMapGrid(shown));
    refreshComparison();
    refreshDeterminism();
    m_table->verticalScrollBar()->setValue(scroll);
    m_table->horizontalScrollBar()->setValue(hscroll);
}

void BenchmarkPane::refreshComparison()
{
    const bool same = m_overlay && !m_loadedPath.isEmpty()
        && bench::is_same_file(encodeNativePath(m_loadedPath).toStdString(), encodeNativePath(m_overlayPath).toStdString());
    m_comparison->setFiles(shownDocument(), m_overlay ? &*m_overlay : nullptr, overlaySource(), same);
}

QString BenchmarkPane::overlaySource() const { return m_overlay ? QFileInfo(m_overlayPath).fileName() : QString(); }

void BenchmarkPane::updateDeviceText()
{
    m_device->setResults(&shownDocument(), m_shownSource, m_overlay ? &*m_overlay : nullptr, overlaySource());
}

QString BenchmarkPane::deviceText() const { return m_device->plainText(); }

void BenchmarkPane::setMessage(const QString& text, bool isError)
{
    // At most 2000 characters on screen (a message quoting a huge line is elided in the middle).
    constexpr int kMax = 2000;
    m_message->setText(text.size() > kMax ? text.left(kMax / 2) + QStringLiteral(" … ") + text.right(kMax / 2) : text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(isError ? QStringLiteral("QLabel { color: #c62828; font-weight: bold; }") : QString());
}

QString BenchmarkPane::message() const { return m_message->text(); }

const std::vector<bench::CompareRow>& BenchmarkPane::comparison() const { return m_comparison->rows(); }

QTableWidget* BenchmarkPane::comparisonTable() const { return m_comparison->table(); }

QStringList BenchmarkPane::statusLines() const { return m_runPanel->statusLines(); }

bool BenchmarkPane::openLectureResults()
{
    // Only when nothing else is shown: a file opened or a run started first stays.
    if (isRunning() || m_loaded || !m_runner->document().results.empty())
        return false;
    const QString path = lectureResultsPath();
    if (path.isEmpty() || !loadResults(path, nullptr))
        return false;
    setMessage(tr("No GPU on this machine: showing the lecture results shipped with ReduceScope (%1). "
                  "Open results… lists the other recordings.")
                   .arg(resultsFileSummary(*m_loaded)),
               false);
    return true;
}

bool BenchmarkPane::runOwnKernel(const QString& path)
{
    QString file = path;
    if (file.isEmpty()) {
        file = QFileDialog::getOpenFileName(this, tr("Time your own kernel"), m_ownKernelDir,
                                            tr("CUDA sources (*.cu *.cuh);;All files (*)"));
        if (file.isEmpty())
            return false;
    }
    m_ownKernelDir = QFileInfo(file).absolutePath();
    m_ownSource = file;
    const bool ok = run();
    m_ownSource.clear();
    return ok;
}

bool BenchmarkPane::run()
{
    if (m_probedNoDevice || m_noCudaBuild) {
        // Say why nothing runs, and leave the results shown as they are. The hook for a GPU host:
        // gpuHostWanted() (a listener may offer to run the same command on one).
        setMessage((m_noCudaBuild
                       ? tr("Cannot run here: this build of ReduceScope has no CUDA kernels (it was built without "
                            "nvcc). Benchmarks run on an NVIDIA GPU; the results shown were recorded on one.")
                       : tr("Cannot run here: this machine has no CUDA device (%1). Benchmarks run on an NVIDIA GPU; "
                            "the results shown were recorded on one, and Open results… lists more.")
                                 .arg(m_noDeviceWhy.isEmpty() ? tr("no NVIDIA driver or GPU found") : m_noDeviceWhy)) +
                           QLatin1Char(' ') +
                           tr("To run them on a GPU server over ssh, choose File ▸ GPU host… (or the GPU host button "
                              "on the device line)."),
                   true);
        emit gpuHostWanted(m_runner->command());
        return false;
    }
    QString why;
    auto request = m_settings->request(&why);
    if (request && !m_ownSource.isEmpty()) {
        request->own_source = m_ownSource;
        request->sweep.clear();  // kernel bench runs at one N
        why = request->validate();
        if (!why.isEmpty())
            request.reset();
    }
    if (!request || !m_runner->start(*request, &why)) {
        setMessage(tr("Not started: %1").arg(why), true);
        return false;
    }
    m_runPanel->begin();
    m_refreshTimer->setInterval(kRefreshMs);
    m_rejectedLines = 0;
    m_lastRejected.clear();
    setMessage(tr("Running %1…").arg(m_runner->command()), false);
    setRunning(true);
    return true;
}

void BenchmarkPane::cancel() { m_runner->cancel(); }

bool BenchmarkPane::isRunning() const { return m_runner->isRunning(); }

void BenchmarkPane::setRunning(bool running) { m_runPanel->setRunning(running); }

} // namespace reducescope::app
