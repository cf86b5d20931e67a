// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/benchmark_pane.h"
#include "views/bench_heatmap.h"

#include "app/bench_settings.h"
#include "app/bench_table_model.h"
#include "app/data_paths.h"
#include "views/bench_scaling_chart.h"
#include "reducescope/config.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTextDocument>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace reducescope::app {
using views::BenchChart;
using views::BenchResult;
using views::BenchResults;
using views::BenchStatus;

namespace {

QString mib(qint64 bytes) { return QString::number(double(bytes) / (1 << 20), 'g', 4) + QStringLiteral(" MiB"); }

QString deviceSummary(const views::BenchDevice& d)
{
    QStringList parts{QStringLiteral("<b>%1</b>").arg(d.name.toHtmlEscaped())};
    if (d.sms > 0)
        parts << QCoreApplication::translate("BenchmarkPane", "%1 SMs").arg(d.sms);
    if (d.l2_bytes > 0)
        parts << QCoreApplication::translate("BenchmarkPane", "L2 %1").arg(mib(d.l2_bytes));
    if (d.peak_bandwidth_gbs > 0)
        parts << QCoreApplication::translate("BenchmarkPane", "peak %1 GB/s").arg(d.peak_bandwidth_gbs, 0, 'f', 0);
    if (!d.driver_version.isEmpty())
        parts << QCoreApplication::translate("BenchmarkPane", "driver %1").arg(d.driver_version.toHtmlEscaped());
    return parts.join(QStringLiteral(" · "));
}

QString runSummary(const BenchResults& r)
{
    QStringList parts;
    if (!r.date.isEmpty())
        parts << r.date.left(10);
    if (!r.params.mode.isEmpty())
        parts << QCoreApplication::translate("BenchmarkPane", "%1 mode").arg(r.params.mode);
    if (!r.params.cache.isEmpty())
        parts << QCoreApplication::translate("BenchmarkPane", "%1 cache").arg(r.params.cache);
    if (r.params.reps > 0)
        parts << QCoreApplication::translate("BenchmarkPane", "%1 reps").arg(r.params.reps);
    if (r.isSweep())
        parts << QCoreApplication::translate("BenchmarkPane", "sweep over %1").arg(r.params.sweep_param);
    return parts.join(QStringLiteral(", "));
}

} // namespace

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
    // Streamed results are drawn at most every kRefreshMs (issue 15: a refresh per line stalled
    // the pane at 30000 lines).
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

    connect(m_runner, &BenchRunner::runStarted, this, [this](const BenchResults& header, int total) {
        m_shown = header;
        m_loaded.reset();  // what is shown (and exported) is now the run: m_runner->document()
        m_loadedPath.clear();
        m_progress->setTextVisible(true);
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(0);
        refreshBaselines();
        refresh();
        updateDeviceText();
    });
    connect(m_runner, &BenchRunner::progress, this, [this](int index, int total, const QString& id, qint64 n) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(index);
        auto* item = new QListWidgetItem(tr("… %1 (N = %2)").arg(id, QLocale(QLocale::English).toString(n)));
        item->setData(Qt::UserRole, id);
        m_status->addItem(item);
        scheduleRefresh();
    });
    connect(m_runner, &BenchRunner::resultReady, this, [this](const BenchResult& r) {
        m_shown.results << r;
        m_progress->setValue(m_progress->value() + 1);
        QString line = r.hasSpeed()
            ? tr("✓ %1: %2 µs, %3 GB/s").arg(r.strategy).arg(r.time->median_ms * 1000, 0, 'g', 4)
                  .arg(r.bandwidth_gbs ? QString::number(*r.bandwidth_gbs, 'f', 1) : QStringLiteral("?"))
            : tr("✗ %1: %2%3").arg(r.strategy, views::benchStatusLabel(r.status),
                                    r.message.isEmpty() ? QString() : QStringLiteral(" (") + r.message + QLatin1Char(')'));
        QListWidgetItem* item = m_status->count() > 0 ? m_status->item(m_status->count() - 1) : nullptr;
        if (!item || item->data(Qt::UserRole).toString() != r.strategy || item->data(Qt::UserRole + 1).toBool()) {
            item = new QListWidgetItem;
            item->setData(Qt::UserRole, r.strategy);
            m_status->addItem(item);
        }
        item->setData(Qt::UserRole + 1, true);
        item->setText(line);
        if (!r.hasSpeed())
            item->setForeground(r.status == BenchStatus::Wrong || r.status == BenchStatus::Error ? QColor(0xd0, 0x20, 0x20) : QColor(0xc0, 0x70, 0x00));
        scheduleRefresh();
    });
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
            m_localDevice = [message = o.message] {
                return tr("This machine: <b>no CUDA device</b> (%1). Open a results file recorded on a GPU "
                          "(docs/results/ has some).").arg(message.toHtmlEscaped());
            };
            updateDeviceText();
        }
        QString text = o.message;
        if (m_rejectedLines > 0)
            text += tr(" %1 stdout line(s) could not be read; the last: %2").arg(m_rejectedLines).arg(m_lastRejected);
        setMessage(text, isError || m_rejectedLines > 0);
        emit runFinished(o);
    });
    // The Multi-GPU tab says how many GPUs this machine has and whether this build has NCCL.
    connect(m_runner, &BenchRunner::devicesCounted, this, [this](int count) {
        if (m_scaling)
            m_scaling->setAvailability(count, REDUCESCOPE_HAVE_NCCL != 0);
    });
    connect(m_runner, &BenchRunner::deviceProbed, this,
            [this](const std::optional<views::BenchDevice>& d, bool noDevice, const QString& why) {
                m_noDevice = !d;
                m_localDevice = [d, noDevice, why] {
                    if (d)
                        return tr("This machine: %1").arg(deviceSummary(*d));
                    if (noDevice)
                        return tr("This machine: <b>no CUDA device</b> (%1). Benchmarks need an NVIDIA GPU; "
                                  "open a results file recorded on one (docs/results/ has some).").arg(why.toHtmlEscaped());
                    return tr("This machine: GPU unknown (%1).").arg(why.toHtmlEscaped());
                };
                updateDeviceText();
            });
    retranslate();
    refresh();
    updateDeviceText();
}

BenchmarkPane::~BenchmarkPane() = default;

void BenchmarkPane::retranslate()
{
    m_openButton->setText(tr("Open results…"));
    m_openButton->setToolTip(tr("Load a results .json written by reducescope-cli bench --json; the arrow lists the "
                                "recordings shipped in docs/results/"));
    m_compareButton->setText(tr("Compare with…"));
    m_compareButton->setToolTip(tr("Overlay a second results file (another GPU or commit)"));
    m_clearOverlay->setText(tr("Clear comparison"));
    m_exportButton->setText(tr("Export"));
    m_exportChartAction->setText(tr("Chart as PNG, PDF or SVG…"));
    m_exportDataAction->setText(tr("Data as CSV or JSON…"));
    m_run->setText(tr("Run"));
    if (REDUCESCOPE_HAVE_CUDA || !m_probed)
        m_run->setToolTip(tr("Runs reducescope-cli bench with these settings in a child process"));
    else
        m_run->setToolTip(tr("This build has no CUDA kernels"));
    m_cancel->setText(tr("Cancel"));
    m_progress->setFormat(tr("%v / %m kernel runs"));
    m_baselineLabel->setText(tr("Speed-up baseline:"));
    m_log->setText(tr("Log scale"));
    m_hint->setText(tr("Hover a bar for exact figures; click it (or a table row) to open the strategy in the step pane."));
    const QString names[] = {tr("Time"), tr("Bandwidth"), tr("Speed-up"), tr("Sweep")};
    for (int i = 0; i < m_charts.size() && i < 4; ++i)
        m_tabs->setTabText(m_tabs->indexOf(m_charts[i]), names[i]);
    m_tabs->setTabText(m_tabs->indexOf(m_scaling), tr("Multi-GPU"));
    m_tabs->setTabText(m_tabs->indexOf(m_determinismPage), tr("Determinism"));
    m_tabs->setTabText(m_tabs->indexOf(m_heatMap), tr("Heat map"));
    m_tabs->setTabText(m_tabs->indexOf(m_comparePage), tr("Comparison"));
    m_compareTable->setHorizontalHeaderLabels({tr("Cell"), tr("Shown (µs)"), tr("Compared (µs)"), tr("Change"),
                                               tr("Noise shown"), tr("Noise compared"), tr("Verdict")});
}

void BenchmarkPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_openButton) {
        retranslate();
        refresh();  // chart titles, axes, legends and the table's words
        updateDeviceText();
    }
    QWidget::changeEvent(event);
}

QWidget* BenchmarkPane::buildDevicePanel()
{
    auto* panel = new QFrame(this);
    panel->setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(panel);
    m_device = new QLabel(panel);
    m_device->setWordWrap(true);
    m_device->setTextFormat(Qt::RichText);
    QFont f = m_device->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_device->setFont(f);
    // Room for three lines (shown file, comparison, this machine) so the layout does not jump.
    m_device->setMinimumHeight(QFontMetrics(f).lineSpacing() * 3 + 4);
    row->addWidget(m_device, 1);
    auto* open = m_openButton = new QToolButton(panel);
    open->setPopupMode(QToolButton::MenuButtonPopup);
    connect(open, &QToolButton::clicked, this, &BenchmarkPane::openResultsDialog);
    // The recordings that ship with the source tree, one click away (machines without a GPU).
    auto* recorded = new QMenu(open);
    connect(recorded, &QMenu::aboutToShow, this, [this, recorded] {
        recorded->clear();
        const QString folder = recordedFolder();
        QStringList files;
        if (!folder.isEmpty()) {
            QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        }
        files.sort();
        for (const QString& f : files)
            recorded->addAction(QDir(folder).relativeFilePath(f), this, [this, f] { loadResults(f, nullptr); });
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
    auto* left = new QWidget(this);
    auto* v = new QVBoxLayout(left);
    v->setContentsMargins(0, 0, 0, 0);
    m_settings = new BenchSettings(left);
    v->addWidget(m_settings, 3);
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(left);
    m_cancel = new QPushButton(left);
    m_cancel->setEnabled(false);
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancel, &QPushButton::clicked, this, &BenchmarkPane::cancel);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    v->addLayout(buttons);
    m_progress = new QProgressBar(left);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    v->addWidget(m_progress);
    m_status = new QListWidget(left);
    m_status->setMinimumHeight(80);
    v->addWidget(m_status, 1);
    left->setMinimumWidth(260);
    left->setMaximumWidth(380);
    return left;
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
    // Heat map (issue 16): bandwidth over block size × coarse factor of a two-parameter sweep.
    m_heatMap = new views::BenchHeatMap(m_tabs);
    m_tabs->addTab(m_heatMap, QString());  // tab texts: retranslate()
    // Comparison (issue 16): per cell FAST, SLOW or SAME against the file loaded with "Compare
    // with…", by the rule of `reducescope-cli compare` (kernels/bench/compare.h).
    auto* comparePage = m_comparePage = new QWidget(m_tabs);
    auto* compareLayout = new QVBoxLayout(comparePage);
    m_compareSummary = new QLabel(comparePage);
    m_compareSummary->setWordWrap(true);
    m_compareSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    compareLayout->addWidget(m_compareSummary);
    m_compareTable = new QTableWidget(comparePage);
    m_compareTable->setColumnCount(7);
    m_compareTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_compareTable->verticalHeader()->hide();
    m_compareTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    compareLayout->addWidget(m_compareTable, 1);
    m_tabs->addTab(comparePage, QString());
    m_determinismPage = buildDeterminismTab(m_tabs);
    m_tabs->addTab(m_determinismPage, QString());
    // Multi-GPU scaling (issue 7's chart): filled from files whose results carry `gpus`.
    m_scaling = new views::BenchScalingChart(m_tabs);
    m_tabs->addTab(m_scaling, QString());
    v->addWidget(m_tabs, 1);
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
        if (!REDUCESCOPE_HAVE_CUDA) {
            // Built without nvcc (issue 17): no kernels to run, so no GPU to ask the CLI about.
            m_noDevice = true;
            m_run->setEnabled(false);
            m_run->setToolTip(tr("This build has no CUDA kernels"));
            m_localDevice = [] {
                return tr("This build has <b>no CUDA kernels</b> (it was built without nvcc), so benchmarks cannot "
                          "run here. Open results recorded on a GPU elsewhere: Open results… (the arrow lists the "
                          "H200 recordings shipped with ReduceScope).");
            };
            updateDeviceText();
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
    for (const BenchResult& r : m_shown.results)
        if (r.hasSpeed() && !ids.contains(r.strategy))
            ids << r.strategy;
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
    m_status->scrollToBottom();
    // A refresh costs more as rows grow: the next one waits at least 4x as long as this one took,
    // so redrawing takes at most a fifth of the time and the rows keep streaming in.
    m_refreshTimer->setInterval(int(std::max<qint64>(kRefreshMs, 4 * took.elapsed())));
}

void BenchmarkPane::refresh()
{
    // The table is reset with every refresh: keep where the reader scrolled to.
    const int scroll = m_table->verticalScrollBar()->value();
    const int hscroll = m_table->horizontalScrollBar()->value();
    const auto speedups = benchSpeedups(m_shown, m_baselineId);
    QList<views::BenchSeries> series{{m_shown, speedups}};
    if (m_overlay)
        series << views::BenchSeries{*m_overlay, benchSpeedups(*m_overlay, m_baselineId)};
    if (m_shown.results.isEmpty() && !m_overlay)
        series.clear();
    for (BenchChart* c : m_charts)
        c->setSeries(series, m_baselineId);
    m_model->setResults(m_shown, speedups, m_baselineId);
    m_heatMap->setGrid(views::heatMapGrid(m_shown));
    refreshComparison();
    refreshDeterminism();
    m_table->verticalScrollBar()->setValue(scroll);
    m_table->horizontalScrollBar()->setValue(hscroll);
}

void BenchmarkPane::refreshComparison()
{
    m_comparison.clear();
    if (m_overlayDoc)
        m_comparison = bench::compare_results(shownDocument(), *m_overlayDoc);
    m_compareTable->setRowCount(int(m_comparison.size()));
    int fast = 0, slow = 0, same = 0;
    const auto percent = [](const std::optional<double>& v, bool sign) {
        return v ? (sign && *v >= 0 ? QStringLiteral("+") : QString()) + QString::number(100 * *v, 'f', 2) + QStringLiteral(" %")
                 : QStringLiteral("–");
    };
    const auto noise = [&](const std::optional<double>& v, bench::NoiseSource src) {
        if (!v)
            return QStringLiteral("–");
        return src == bench::NoiseSource::Recorded ? tr("%1 (MAD)").arg(percent(v, false))
                                                   : tr("%1 (spread)").arg(percent(v, false));
    };
    for (int i = 0; i < int(m_comparison.size()); ++i) {
        const bench::CompareRow& r = m_comparison[std::size_t(i)];
        QString verdict;
        QColor colour;
        switch (r.verdict) {
        case bench::Verdict::Fast: verdict = tr("FAST"); colour = QColor(0x00, 0x72, 0xb2); ++fast; break;
        case bench::Verdict::Slow: verdict = tr("SLOW"); colour = QColor(0xd5, 0x5e, 0x00); ++slow; break;
        case bench::Verdict::Same: verdict = tr("SAME"); ++same; break;
        case bench::Verdict::NotCompared: verdict = tr("not compared (%1)").arg(QString::fromStdString(r.why)); break;
        case bench::Verdict::OnlyInA: verdict = tr("only in the shown file"); break;
        case bench::Verdict::OnlyInB: verdict = tr("only in the compared file"); break;
        }
        const QStringList cells{QString::fromStdString(r.cell),
                                r.a_ms ? QString::number(*r.a_ms * 1000, 'f', 3) : QStringLiteral("–"),
                                r.b_ms ? QString::number(*r.b_ms * 1000, 'f', 3) : QStringLiteral("–"),
                                percent(r.change, true), noise(r.a_noise, r.a_source), noise(r.b_noise, r.b_source), verdict};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 6 && colour.isValid()) {
                item->setForeground(colour);
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_compareTable->setItem(i, c, item);
        }
    }
    m_compareSummary->setText(
        m_overlayDoc
            ? tr("Shown file against %1: %2 FAST, %3 SLOW, %4 SAME. Rule (after nvbench's compare script): a change of "
                 "the median time beyond the sum of both cells' relative noise, and beyond %5 %, is FAST or SLOW; the "
                 "noise is the recorded median absolute deviation, or half the min–max spread where a file has none.")
                  .arg(m_overlay ? m_overlay->source : QString()).arg(fast).arg(slow).arg(same)
                  .arg(100 * bench::kCompareMinChange)
            : tr("Load a second results file with \"Compare with…\" to see, per cell, whether it is FAST, SLOW or "
                 "the SAME within both files' noise."));
}

void BenchmarkPane::updateDeviceText()
{
    QStringList lines;
    if (!m_shown.device.name.isEmpty()) {
        lines << tr("Showing %1: %2").arg(m_shown.source == QLatin1String("run") ? tr("this run") : m_shown.source.toHtmlEscaped(),
                                          deviceSummary(m_shown.device))
                     + (runSummary(m_shown).isEmpty() ? QString() : QStringLiteral(" — ") + runSummary(m_shown).toHtmlEscaped());
    }
    if (m_overlay)
        lines << tr("Compared with %1: %2").arg(m_overlay->source.toHtmlEscaped(), deviceSummary(m_overlay->device))
                     + QStringLiteral(" — ") + runSummary(*m_overlay).toHtmlEscaped();
    if (m_localDevice)
        lines << m_localDevice();
    else if (lines.isEmpty())
        lines << tr("No results yet: run a benchmark, or open a results file (docs/results/ has some recorded on an H200).");
    m_device->setText(lines.join(QStringLiteral("<br>")));
}

QString BenchmarkPane::deviceText() const
{
    QTextDocument doc;
    doc.setHtml(m_device->text());
    return doc.toPlainText();
}

void BenchmarkPane::setMessage(const QString& text, bool isError)
{
    // At most 2000 characters on screen (a message quoting a huge line is elided in the middle).
    constexpr int kMax = 2000;
    m_message->setText(text.size() > kMax ? text.left(kMax / 2) + QStringLiteral(" … ") + text.right(kMax / 2) : text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(isError ? QStringLiteral("QLabel { color: #c62828; font-weight: bold; }") : QString());
}

QString BenchmarkPane::message() const { return m_message->text(); }

QStringList BenchmarkPane::statusLines() const
{
    QStringList out;
    for (int i = 0; i < m_status->count(); ++i)
        out << m_status->item(i)->text();
    return out;
}

bool BenchmarkPane::run()
{
    QString why;
    const auto request = m_settings->request(&why);
    if (!request || !m_runner->start(*request, &why)) {
        setMessage(tr("Not started: %1").arg(why), true);
        return false;
    }
    m_status->clear();
    m_refreshTimer->setInterval(kRefreshMs);
    m_rejectedLines = 0;
    m_lastRejected.clear();
    m_progress->setRange(0, 0);  // busy until the start line gives the total
    setMessage(tr("Running %1…").arg(m_runner->results().command), false);
    setRunning(true);
    return true;
}

void BenchmarkPane::cancel() { m_runner->cancel(); }

bool BenchmarkPane::isRunning() const { return m_runner->isRunning(); }

void BenchmarkPane::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_settings->setEnabled(!running);
    if (!running && m_progress->maximum() == 0)
        m_progress->setRange(0, 1);
}

} // namespace reducescope::app
