// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/shell/main_window.h"

#include "app/bench/bench_results.h"
#include "app/bench/bench_settings.h"
#include "app/common/data_paths.h"
#include "app/bench/benchmark_pane.h"
#include "app/kernel/kernel_pane.h"
#include "app/step/hardware_counters.h"
#include "app/common/language.h"
#include "app/step/step_export.h"
#include "app/step/step_pane.h"
#include "app/step/trace_request.h"
#include "app/common/lessons.h"
#include "views/step/step_layout.h"
#include "views/step/step_view.h"
#include "views/step/step_table_model.h"
#include "views/common/view_colors.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QScreen>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontInfo>
#include <QHeaderView>
#include <QStyle>
#include <QIcon>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QScrollArea>
#include <QShowEvent>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>
#include <cmath>
#include <functional>

namespace reducescope::app {

MainWindow::MainWindow(bool persistent, QWidget* parent)
    : QMainWindow(parent)
    , m_persistent(persistent)
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/reducescope.svg")));
    buildTabs();
    buildMenus();
    connectPanes();
    retranslate();
    // Nothing fixed-size: the window takes what the screen offers (a 1280×720 projector, or
    // 1920×1080 at QT_SCALE_FACTOR=1.5, included).
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    resize(initialSize(s ? s->availableSize() : QSize(1600, 1000)));
}

QSize MainWindow::initialSize(QSize available)
{
    const QSize wanted(std::min(1600, available.width() * 9 / 10), std::min(1000, available.height() * 9 / 10));
    return wanted.expandedTo(QSize(640, 400));
}

MainWindow::~MainWindow() = default;

void MainWindow::buildTabs()
{
    m_tabs = new QTabWidget;
    m_stepPane = new StepPane;
    m_tableModel = new views::StepTableModel(this);
    m_table = new QTableView;
    m_table->setModel(m_tableModel);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_benchmarkPane = new BenchmarkPane;
    // The tab widget is as tall as its tallest page's minimum: the benchmark pane at presentation
    // mode's text needs more than a 1280×720 projector has (the window grew past the screen, the
    // step's lane row below it). In a scroll area it scrolls instead when the window is short.
    m_benchmarkScroll = new QScrollArea;
    m_benchmarkScroll->setWidget(m_benchmarkPane);
    m_benchmarkScroll->setWidgetResizable(true);
    m_benchmarkScroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(m_stepPane, QString());
    m_tabs->addTab(m_table, QString());
    m_tabs->addTab(m_benchmarkScroll, QString());
    m_kernelPane = new KernelPane;
    m_kernelPane->setPersistent(m_persistent);
    m_tabs->addTab(m_kernelPane, QString());
    setCentralWidget(m_tabs);
    m_tableModel->setTrace(m_stepPane->trace());
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("ReduceScope"));
    m_tabs->setTabText(m_tabs->indexOf(m_stepPane), tr("Step"));
    m_tabs->setTabText(m_tabs->indexOf(m_table), tr("Table"));
    m_tabs->setTabText(m_tabs->indexOf(m_benchmarkScroll), tr("Benchmark"));
    m_tabs->setTabText(m_tabs->indexOf(m_kernelPane), m_kernelPane->title());
    m_fileMenu->setTitle(tr("&File"));
    m_loadResultsAction->setText(tr("&Load benchmark results…"));
    m_exportPngAction->setText(tr("Export step as &PNG…"));
    m_exportSvgAction->setText(tr("Export step as &SVG…"));
    m_exportSeriesAction->setText(tr("Export &every step as PNG series…"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_showStepAction->setText(tr("&Step pane"));
    m_showTableAction->setText(tr("&Table of steps"));
    m_showBenchAction->setText(tr("&Benchmark pane"));
    m_showKernelAction->setText(tr("&Kernel editor"));
    m_languageMenu->setTitle(tr("&Language"));
    for (QAction* a : m_languages->actions())
        a->setChecked(a->data().toString() == currentLanguage());
    m_stepMenu->setTitle(tr("S&tep"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About ReduceScope"));
    for (const Worded& w : m_worded) {
        w.action->setText(w.text());
        if (w.tip) {
            w.action->setToolTip(w.tip());
            w.action->setStatusTip(w.tip());
        }
    }
    m_tableModel->retranslate();
    // A status bar message still shown is said again in the new language.
    if (m_statusWords && !m_statusShown.isEmpty() && statusBar()->currentMessage() == m_statusShown)
        showStatus(m_statusWords, m_statusTimeout);
}

void MainWindow::showStatus(std::function<QString()> words, int timeoutMs)
{
    m_statusWords = std::move(words);
    m_statusTimeout = timeoutMs;
    m_statusShown = m_statusWords();
    statusBar()->showMessage(m_statusShown, timeoutMs);
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

bool MainWindow::chooseLanguage(const QString& code)
{
    if (!setLanguage(code))
        return false;
    if (m_persistent)
        QSettings().setValue(QLatin1String(kLanguageSettingKey), code);
    for (QAction* a : m_languages->actions())
        a->setChecked(a->data().toString() == code);
    return true;
}

QList<QAction*> MainWindow::languageActions() const { return m_languages->actions(); }

void MainWindow::setPresentation(bool on, QSize screenSize)
{
    m_presentationScreen = screenSize;
    if (m_presentationAction->isChecked() != on)
        m_presentationAction->setChecked(on);  // toggled: applyPresentation()
    else
        applyPresentation(on);
}

QFont MainWindow::presentationFont(const QFont& desktop, QSize screenSize)
{
    QFont f = desktop;
    f.setPixelSize(int(std::ceil(views::presentationOptions(screenSize).minTextPx)));
    return f;
}

namespace {
// Classes that a platform theme may give a font of their own (QApplication's font hash): without
// them presentation mode would leave, e.g., table headers at desktop size.
constexpr const char* kThemedFontClasses[] = {
    "QMenu", "QMenuBar", "QMenuItem", "QComboMenuItem", "QHeaderView", "QTipLabel", "QMessageBox", "QLabel",
    "QAbstractButton", "QPushButton", "QToolButton", "QCheckBox", "QRadioButton", "QAbstractItemView", "QListView",
    "QTreeView", "QTableView", "QTabBar", "QGroupBox", "QDockWidgetTitle", "QLineEdit", "QTextEdit", "QComboBox",
    "QAbstractSpinBox", "QStatusBar"};
} // namespace

void MainWindow::applyPresentation(bool on)
{
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (on) {
        if (!m_presentationApplied) {  // again (a screenshot's size): the tab shown stays
            m_maximizedBeforePresentation = isMaximized();
            m_normalGeometry = normalGeometry().isValid() ? normalGeometry() : geometry();
            showStepPane();
        }
        showFullScreen();
        // Without a window manager full screen is a request nobody grants: the window takes the
        // screen's geometry itself (with one, this is the geometry it already has).
        if (s && QGuiApplication::platformName() != QLatin1String("offscreen"))
            setGeometry(s->geometry());
        activateWindow();
    } else if (isFullScreen() || m_presentationApplied) {
        if (m_maximizedBeforePresentation) {
            showMaximized();
        } else {
            showNormal();
            if (m_normalGeometry.isValid())
                setGeometry(m_normalGeometry);
        }
    }
    m_leavePresentationAction->setEnabled(on);
    if (!on)
        setBlank(false);
    const QSize size = m_presentationScreen.isValid() ? m_presentationScreen : s ? s->size() : QSize();
    // One place sizes the whole window's text: the application font (menus, their pop-ups, tab
    // bars, the transport bar and its icons, the benchmark pane's pickers, dialogs), at the step
    // view's smallest presentation text; the desktop font comes back when it ends.
    if (on) {
        if (!m_desktopFont) {
            m_desktopFont = QApplication::font();
            m_desktopClassFonts.clear();
            for (const char* c : kThemedFontClasses)
                if (const QFont f = QApplication::font(c); f != *m_desktopFont)
                    m_desktopClassFonts.push_back({c, f});
        }
        const QFont app = presentationFont(*m_desktopFont, size);
        QApplication::setFont(app);
        // The platform theme's own fonts for some classes (table headers, tool tips, ...) keep their
        // ratio to the window's text.
        const qreal desktopPx = QFontInfo(*m_desktopFont).pixelSize();
        for (const auto& [c, f] : m_desktopClassFonts) {
            QFont scaled = f;
            scaled.setPixelSize(int(std::lround(app.pixelSize() * QFontInfo(f).pixelSize() / std::max<qreal>(1, desktopPx))));
            QApplication::setFont(scaled, c);
        }
    } else if (m_desktopFont) {
        QApplication::setFont(*m_desktopFont);
        for (const auto& [c, f] : m_desktopClassFonts)
            QApplication::setFont(f, c);
        m_desktopFont.reset();
    }
    // Qt delivers part of the font change through posted events (table headers lagged one change
    // behind): deliver them now, so the step pane lays out with the new font and callers read it.
    QCoreApplication::sendPostedEvents();
    m_stepPane->setPresentation(on, size);
    m_kernelPane->setPresentation(on);
    m_presentationApplied = on;
    if (!on)
        m_presentationScreen = QSize();
}

bool MainWindow::presentation() const { return m_presentationAction->isChecked(); }

void MainWindow::setBlank(bool on)
{
    if (on && !m_blankScreen) {
        m_blankScreen = new QWidget(this);
        m_blankScreen->setAutoFillBackground(true);
        m_blankScreen->setBackgroundRole(QPalette::Window);
        m_blankScreen->setAccessibleName(tr("Blank screen"));
        m_blankScreen->setFocusPolicy(Qt::StrongFocus);
    }
    if (m_blankAction->isChecked() != on) {
        m_blankAction->setChecked(on);  // toggled: here again
        return;
    }
    if (!m_blankScreen)
        return;
    // Esc brings the picture back too, in or out of presentation mode.
    m_leavePresentationAction->setEnabled(on || presentation());
    if (on) {
        m_blankScreen->setGeometry(rect());
        m_blankScreen->raise();
        m_blankScreen->show();
        m_blankScreen->setFocus();  // the step view behind it would still answer the arrows
    } else {
        m_blankScreen->hide();
        if (m_stepPane->isVisible())
            m_stepPane->stepView(0)->setFocus();
    }
}

bool MainWindow::blank() const { return m_blankScreen && !m_blankScreen->isHidden(); }

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_shownOnce)
        return;
    m_shownOnce = true;
    m_stepPane->stepView(0)->setFocus(Qt::OtherFocusReason);
    activateWindow();
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    if (m_blankScreen)
        m_blankScreen->setGeometry(rect());
}

void MainWindow::setTheme(views::Theme theme)
{
    for (QAction* a : m_themeGroup->actions())
        a->setChecked(a->data().toInt() == int(theme));
    // The whole window follows (menus, sidebar, tables); the views take their theme's colours.
    QApplication::setPalette(views::paletteForTheme(theme, QApplication::style()->standardPalette()));
    m_stepPane->setTheme(theme);
}

views::Theme MainWindow::theme() const
{
    const QAction* a = m_themeGroup->checkedAction();
    return a ? views::Theme(a->data().toInt()) : views::Theme::System;
}

void MainWindow::resetToDefaults()
{
    setPresentation(false);
    setTheme(views::Theme::System);
    m_stepPane->resetToDefaults();
    showStepPane();
    if (m_persistent) {
        QSettings s;
        s.remove(QStringLiteral("step"));
        s.remove(QStringLiteral("view"));
    }
    showStatus([] { return tr("Step pane, theme and panels are back to their defaults"); }, 5000);
}

void MainWindow::connectPanes()
{
    connect(m_stepPane, &StepPane::traceChanged, this, [this] {
        m_tableModel->setTrace(m_stepPane->trace());
    });
    connect(m_stepPane, &StepPane::stepChanged, this, [this](int k) {
        if (k < m_tableModel->rowCount())
            m_table->selectRow(k);
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        m_stepPane->setStep(index.row());
        showStepPane();
    });
    connect(m_benchmarkPane, &BenchmarkPane::openStrategyRequested, this, &MainWindow::openStrategy);
    // The kernel editor's Step: its engine trace goes into the step pane (the panes do not know
    // each other), where compare mode sets any catalogue strategy beside it.
    connect(m_kernelPane, &KernelPane::traceReady, this,
            [this](std::shared_ptr<const model::Trace> trace, const QString& kernel, const QString& file,
                   const QString& source) {
                TraceOrigin origin;
                // The engine's choice (no kernel named): the trace names the kernel that ran.
                const QString ran = trace ? QString::fromStdString(trace->strategy) : QString();
                origin.ownKernel = !kernel.isEmpty() ? kernel : !ran.isEmpty() ? ran : QStringLiteral("kernel");
                origin.file = file;
                origin.ownSource = source;
                const int faultStep = trace && !trace->faults.empty() ? trace->faults.front().step : -1;
                if (m_stepPane->openTrace(std::move(trace), origin)) {
                    if (faultStep >= 0)  // a run that stopped at a fault: the step that holds it, its band in view
                        m_stepPane->setStep(faultStep);
                    showStepPane();
                }
            });
    connect(m_kernelPane, &KernelPane::titleChanged, this, [this] {
        m_tabs->setTabText(m_tabs->indexOf(m_kernelPane), m_kernelPane->title());
    });
}

void MainWindow::showStepPane() { m_tabs->setCurrentWidget(m_stepPane); }
void MainWindow::showTable() { m_tabs->setCurrentWidget(m_table); }
void MainWindow::showBenchmarkPane() { m_tabs->setCurrentWidget(m_benchmarkScroll); }
void MainWindow::showKernelPane() { m_tabs->setCurrentWidget(m_kernelPane); }

bool MainWindow::openStrategy(const QString& id)
{
    if (!modelStrategyIds().contains(id)) {
        showStatus([id] { return tr("%1 has no step model (benchmark only)").arg(id); }, 5000);
        return false;
    }
    TraceRequest r = m_stepPane->request();
    r.strategy = id;
    const bool ok = m_stepPane->setRequest(r);
    showStepPane();
    return ok;
}

void MainWindow::restoreSettings(bool stepState)
{
    if (!m_persistent)
        return;
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    m_stepPane->restoreState(s.value(QStringLiteral("step/panes")).toByteArray());
    const int theme = s.value(QStringLiteral("view/theme"), int(views::Theme::System)).toInt();
    if (theme == int(views::Theme::Light) || theme == int(views::Theme::Dark))
        setTheme(views::Theme(theme));
    restoreBench(s);
    if (!stepState)
        return;  // the command line sets the step pane from the defaults
    TraceRequest r;
    r.strategy = s.value(QStringLiteral("step/strategy"), r.strategy).toString();
    r.input = s.value(QStringLiteral("step/input"), r.input).toString();
    r.params.block_size = s.value(QStringLiteral("step/blockSize"), r.params.block_size).toInt();
    r.params.warp_size = s.value(QStringLiteral("step/warpSize"), r.params.warp_size).toInt();
    r.params.coarse_factor = s.value(QStringLiteral("step/coarseFactor"), r.params.coarse_factor).toInt();
    r.params.banks = s.value(QStringLiteral("step/banks"), r.params.banks).toInt();
    if (!m_stepPane->setRequest(r))
        m_stepPane->setRequest(TraceRequest{});  // a stale setting never leaves the pane empty
    const QString compare = s.value(QStringLiteral("step/compare")).toString();
    if (!compare.isEmpty())
        m_stepPane->setCompareStrategy(compare);
    m_tabs->setCurrentIndex(s.value(QStringLiteral("window/tab"), 0).toInt());
}

void MainWindow::restoreBench(QSettings& s)
{
    // The benchmark pane's settings; a stale or edited value that does not validate is dropped
    // (the pane keeps its defaults), so the pane never starts invalid.
    BenchRequest b;
    b.strategies = s.value(QStringLiteral("bench/strategies"), b.strategies).toStringList();
    b.n = s.value(QStringLiteral("bench/n"), b.n).toLongLong();
    b.reps = s.value(QStringLiteral("bench/reps"), b.reps).toInt();
    b.mode = s.value(QStringLiteral("bench/mode"), b.mode).toString();
    b.cache = s.value(QStringLiteral("bench/cache"), b.cache).toString();
    b.block_size = s.value(QStringLiteral("bench/blockSize"), b.block_size).toInt();
    b.coarse_factor = s.value(QStringLiteral("bench/coarseFactor"), b.coarse_factor).toInt();
    b.sweep = s.value(QStringLiteral("bench/sweep"), b.sweep).toString();
    b.sweep_values = s.value(QStringLiteral("bench/sweepValues"), b.sweep_values).toString();
    if (s.contains(QStringLiteral("bench/n")) && b.validate().isEmpty()) {
        BenchSettings* settings = m_benchmarkPane->settings();
        const QStringList defaults = settings->checkedStrategies();
        settings->setRequest(b);
        if (!b.strategies.isEmpty())
            settings->setCheckedStrategies(b.strategies);
        // Saved ids none of which this version knows (an edited file, a strategy renamed) leave no
        // kernel checked: the defaults stay checked instead.
        if (settings->checkedStrategies().isEmpty())
            settings->setCheckedStrategies(defaults);
    }
}

void MainWindow::saveSettings() const
{
    if (!m_persistent)
        return;
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    s.setValue(QStringLiteral("view/theme"), int(theme()));
    s.setValue(QStringLiteral("step/panes"), m_stepPane->saveState());
    const TraceRequest r = m_stepPane->request();
    s.setValue(QStringLiteral("step/strategy"), r.strategy);
    s.setValue(QStringLiteral("step/input"), r.input);
    s.setValue(QStringLiteral("step/blockSize"), r.params.block_size);
    s.setValue(QStringLiteral("step/warpSize"), r.params.warp_size);
    s.setValue(QStringLiteral("step/coarseFactor"), r.params.coarse_factor);
    s.setValue(QStringLiteral("step/banks"), r.params.banks);
    s.setValue(QStringLiteral("step/compare"), m_stepPane->compareStrategy());
    // The benchmark settings, when they are valid (an invalid field is not worth keeping).
    QString error;
    if (const std::optional<BenchRequest> b = m_benchmarkPane->settings()->request(&error)) {
        s.setValue(QStringLiteral("bench/strategies"), m_benchmarkPane->settings()->checkedStrategies());
        s.setValue(QStringLiteral("bench/n"), b->n);
        s.setValue(QStringLiteral("bench/reps"), b->reps);
        s.setValue(QStringLiteral("bench/mode"), b->mode);
        s.setValue(QStringLiteral("bench/cache"), b->cache);
        s.setValue(QStringLiteral("bench/blockSize"), b->block_size);
        s.setValue(QStringLiteral("bench/coarseFactor"), b->coarse_factor);
        s.setValue(QStringLiteral("bench/sweep"), b->sweep);
        s.setValue(QStringLiteral("bench/sweepValues"), b->sweep_values);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_kernelPane->maybeDiscard()) {  // the unsaved kernel: Cancel keeps the window open
        event->ignore();
        return;
    }
    if (presentation())
        setPresentation(false);  // the normal geometry is the one worth saving
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::exportPng()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export step as PNG"), QStringLiteral("step.png"), tr("PNG images (*.png)"));
    QString error;
    if (!path.isEmpty() && !exportStepPng(*m_stepPane, path, &error))
        QMessageBox::warning(this, tr("Export"), error);
}

void MainWindow::exportSvg()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export step as SVG"), QStringLiteral("step.svg"), tr("SVG images (*.svg)"));
    QString error;
    if (!path.isEmpty() && !exportStepSvg(*m_stepPane, path, &error))
        QMessageBox::warning(this, tr("Export"), error);
}

void MainWindow::exportSeries()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the numbered PNG series"));
    if (dir.isEmpty())
        return;
    QString error;
    const int n = exportStepSeries(*m_stepPane, dir, &error);
    if (n < 0)
        QMessageBox::warning(this, tr("Export"), error);
    else
        showStatus([n, dir] { return tr("%1 PNG files written to %2").arg(n).arg(dir); }, 5000);
}

void MainWindow::loadResults()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load benchmark results"), shippedResultsFolder(), tr("Results (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (m_benchmarkPane->loadResults(path, &error)) {
        loadCountersOf(path);
        showBenchmarkPane();
    } else {
        QMessageBox::warning(this, tr("Load results"), error);
    }
}

bool MainWindow::loadCountersOf(const QString& path)
{
    m_countersProblem.clear();
    // The benchmark pane has just read this file (through the one reader): its counters are taken
    // from what it read. Another file is read here, once, through the same reader.
    const bench::ResultsFile* file = m_benchmarkPane->loadedDocument(path);
    std::optional<bench::ResultsFile> read;
    if (!file) {
        read = BenchResultsReader::readDocument(path, nullptr);
        file = read ? &*read : nullptr;
    }
    if (!file || !hasHardwareCounters(*file))
        return false;
    const bool ok = m_stepPane->setHardwareCounters(*file, QFileInfo(path).fileName());
    if (ok) {
        showStatus([name = QFileInfo(path).fileName()] {
            return tr("Hardware counters of %1 are in the step pane's counters panel").arg(name);
        }, 8000);
        m_countersProblem.clear();
    } else {
        // The results loaded; their counters did not: say so where the user is looking.
        m_countersProblem = m_stepPane->fieldMessage(QStringLiteral("counters"));
        showStatus([problem = m_countersProblem] { return tr("Hardware counters not shown: %1").arg(problem); }, 15000);
    }
    return ok;
}

} // namespace reducescope::app
