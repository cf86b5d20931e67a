// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's menus (File, View, Step, Lessons, Help) and their actions, and the keyboard
// shortcuts dialog built from them. The actions of the panes come from the panes; the words of
// the menus are set in MainWindow::retranslate() (main_window.cpp) and by worded().
#include "app/shell/main_window.h"

#include "app/bench/bench_runner.h"
#include "app/common/data_paths.h"
#include "app/common/gpu_host.h"
#include "app/common/gpu_host_dialog.h"
#include "app/bench/benchmark_pane.h"
#include "app/common/language.h"
#include "app/kernel/kernel_pane.h"
#include "app/step/step_pane.h"
#include "reducescope/config.h"
#include "app/common/lessons.h"
#include "views/common/view_colors.h"

#include <QAction>
#include <QActionGroup>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QMenu>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <functional>

namespace reducescope::app {

void MainWindow::buildMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_loadResultsAction = m_fileMenu->addAction(QString(), QKeySequence::Open, this, &MainWindow::loadResults);
    m_fileMenu->addAction(m_stepPane->openTraceAction());
    m_fileMenu->addAction(m_stepPane->loadCountersAction());
    // File ▸ Recent results: remote runs saved here and files opened (app/common/gpu_host.h).
    QMenu* recent = m_fileMenu->addMenu(QString());
    worded(recent->menuAction(), [] { return tr("&Recent results"); });
    connect(recent, &QMenu::aboutToShow, this, [this, recent] {
        recent->clear();
        const QStringList files = recentResults();
        for (const QString& path : files)
            recent->addAction(QDir::toNativeSeparators(path), this, [this, path] {
                QString error;
                showBenchmarkPane();
                if (!m_benchmarkPane->loadResults(path, &error))
                    QMessageBox::warning(this, tr("Recent results"), error);
            });
        if (files.isEmpty())
            recent->addAction(tr("(none yet)"))->setEnabled(false);
    });
    m_fileMenu->addSeparator();
    worded(m_fileMenu->addAction(QString(), this, [this] {
               if (GpuHostDialog::edit(this))
                   m_benchmarkPane->gpuHostChanged();
           }),
           [] { return tr("&GPU host…"); },
           [] { return tr("Run on this computer's GPU or on a GPU host over ssh, optionally through Slurm"); });
    m_fileMenu->addSeparator();
    // The kernel editor's files; New and Open bring its tab to the front.
    m_fileMenu->addMenu(m_kernelPane->newMenu());
    connect(m_kernelPane->newMenu(), &QMenu::triggered, this, [this] { showKernelPane(); });
    m_fileMenu->addAction(m_kernelPane->openAction());
    connect(m_kernelPane->openAction(), &QAction::triggered, this, [this] { showKernelPane(); });
    m_fileMenu->addMenu(m_kernelPane->recentMenu());
    connect(m_kernelPane->recentMenu(), &QMenu::triggered, this, [this] { showKernelPane(); });
    m_fileMenu->addAction(m_kernelPane->saveAction());
    m_fileMenu->addAction(m_kernelPane->saveAsAction());
    m_fileMenu->addSeparator();
    m_exportPngAction = m_fileMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportPng);
    m_exportSvgAction = m_fileMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this, &MainWindow::exportSvg);
    m_exportSeriesAction = m_fileMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E), this, &MainWindow::exportSeries);
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);

    buildViewMenu();

    m_stepMenu = menuBar()->addMenu(QString());
    m_stepMenu->addActions(m_stepPane->stepActions());
    m_stepMenu->addSeparator();
    m_stepMenu->addAction(m_stepPane->predictAction());
    m_stepMenu->addAction(m_stepPane->revealAction());
    m_stepMenu->addAction(m_stepPane->nextQuestionAction());
    m_stepMenu->addSeparator();
    m_stepMenu->addAction(m_kernelPane->stepAction());
    m_stepMenu->addAction(m_kernelPane->checkAction());
    m_stepMenu->addAction(m_kernelPane->checkExerciseAction());
    // Shortcuts work from anywhere in the window (line edits keep their own arrows and space).
    addActions(m_stepPane->stepActions());

    buildLessonsMenu();

    m_helpMenu = menuBar()->addMenu(QString());
    worded(m_helpMenu->addAction(QString(), QKeySequence(Qt::Key_F1), this, &MainWindow::showShortcuts),
           [] { return tr("&Keyboard shortcuts"); });
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] {
        const QString cli = locateCli();
        const QString results = shippedResultsFolder();
        QMessageBox::about(this, tr("About ReduceScope"),
                           tr("<b>ReduceScope %1</b><br>Teach and measure CUDA parallel reduction.<br>"
                              "Licence: GPL-3.0-or-later.<br>Kernels available in this build: %2.<br>"
                              "Command line: %3<br>Recorded results: %4")
                               .arg(QStringLiteral(REDUCESCOPE_VERSION),
                                    REDUCESCOPE_HAVE_CUDA ? tr("yes") : tr("no (built without nvcc)"),
                                    cli.isEmpty() ? tr("not found") : cli.toHtmlEscaped(),
                                    results.isEmpty() ? tr("not found") : results.toHtmlEscaped()));
    });
}

QAction* MainWindow::worded(QAction* action, std::function<QString()> text, std::function<QString()> tip)
{
    m_worded.push_back({action, std::move(text), std::move(tip)});
    action->setText(m_worded.back().text());
    if (m_worded.back().tip) {
        action->setToolTip(m_worded.back().tip());
        action->setStatusTip(m_worded.back().tip());
    }
    return action;
}

void MainWindow::buildViewMenu()
{
    QMenu* view = m_viewMenu = menuBar()->addMenu(QString());
    m_showStepAction = view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_1), this, &MainWindow::showStepPane);
    m_showTableAction = view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_2), this, &MainWindow::showTable);
    m_showBenchAction = view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_3), this, &MainWindow::showBenchmarkPane);
    m_showKernelAction = view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_5), this, &MainWindow::showKernelPane);
    view->addSeparator();
    view->addAction(m_stepPane->compareAction());
    QAction* warpMap = worded(view->addAction(QString()), [] { return tr("&Warp map"); });
    warpMap->setCheckable(true);
    warpMap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    connect(warpMap, &QAction::toggled, this, [this](bool on) {
        m_stepPane->setWarpMapShown(on);
        if (on)
            showStepPane();
    });
    connect(view, &QMenu::aboutToShow, warpMap, [this, warpMap] { warpMap->setChecked(m_stepPane->warpMapShown()); });
    QAction* warpRow = worded(view->addAction(QString()), [] { return tr("Warp &row only"); });
    warpRow->setCheckable(true);
    warpRow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_6));
    connect(warpRow, &QAction::toggled, this, [this](bool on) {
        m_stepPane->setWarpRowOnly(on);
        if (on)
            showStepPane();
    });
    view->addSeparator();
    m_presentationAction = view->addAction(QString());
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    worded(m_presentationAction, [] { return tr("&Presentation mode"); },
           [] { return tr("Full screen, text readable from the back row, sidebar folded away"); });
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::applyPresentation);
    addAction(m_presentationAction);  // F11 also when the menu bar is hidden
    QAction* sidebar = worded(view->addAction(QString()), [] { return tr("Si&debar"); });
    sidebar->setCheckable(true);
    sidebar->setChecked(true);
    sidebar->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(sidebar, &QAction::toggled, m_stepPane, &StepPane::setSidebarVisible);
    QAction* source = worded(view->addAction(QString()), [] { return tr("&Kernel source"); });
    source->setCheckable(true);
    source->setChecked(true);
    source->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connect(source, &QAction::toggled, m_stepPane, &StepPane::setSourceVisible);
    connect(view, &QMenu::aboutToShow, this, [this, sidebar, source] {
        sidebar->setChecked(m_stepPane->sidebarVisible());
        source->setChecked(m_stepPane->sourceVisible());
    });
    view->addAction(m_stepPane->lessonNoteAction());
    view->addAction(m_stepPane->sourceInFullAction());
    view->addAction(m_stepPane->detailAction());
    view->addAction(m_stepPane->instrumentationAction());
    // B blanks the screen (as slide software does); B or Esc brings the picture back.
    m_blankAction = worded(view->addAction(QString()), [] { return tr("&Blank the screen"); },
                           [] { return tr("Hide the window behind a plain screen while the class looks at you (B)"); });
    m_blankAction->setCheckable(true);
    m_blankAction->setShortcut(QKeySequence(Qt::Key_B));
    connect(m_blankAction, &QAction::toggled, this, &MainWindow::setBlank);
    // Esc leaves presentation mode (only while it is on, so dialogs and menus keep their Esc).
    m_leavePresentationAction = new QAction(this);
    m_leavePresentationAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leavePresentationAction->setEnabled(false);
    connect(m_leavePresentationAction, &QAction::triggered, this, [this] {
        if (blank())
            setBlank(false);
        else
            setPresentation(false);
    });
    addAction(m_leavePresentationAction);
    addActions({m_blankAction, m_stepPane->lessonNoteAction(), m_stepPane->sourceInFullAction(), m_stepPane->detailAction()});
    view->addSeparator();
    QAction* zoomIn = worded(view->addAction(QString(), m_stepPane, &StepPane::zoomIn), [] { return tr("Zoom &in"); });
    zoomIn->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    worded(view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_Minus), m_stepPane, &StepPane::zoomOut),
           [] { return tr("Zoom &out"); });
    worded(view->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_0), m_stepPane, &StepPane::resetZoom),
           [] { return tr("&Actual size (fit width)"); });
    view->addAction(m_stepPane->fitStepAction());
    view->addSeparator();
    QMenu* theme = view->addMenu(QString());
    worded(theme->menuAction(), [] { return tr("T&heme"); });
    m_themeGroup = new QActionGroup(this);
    const std::pair<views::Theme, std::function<QString()>> themes[] = {
        {views::Theme::System, [] { return tr("&System"); }},
        {views::Theme::Light, [] { return tr("&Light"); }},
        {views::Theme::Dark, [] { return tr("&Dark"); }}};
    for (const auto& [t, name] : themes) {
        QAction* a = worded(theme->addAction(QString()), name);
        a->setCheckable(true);
        a->setData(int(t));
        a->setChecked(t == views::Theme::System);
        m_themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, t = t] { setTheme(t); });
    }
    view->addSeparator();
    view->addAction(m_stepPane->predictAction());
    view->addSeparator();
    // Each language by its own name, so a reader finds theirs whatever the window speaks now.
    m_languageMenu = view->addMenu(QString());
    m_languages = new QActionGroup(this);
    for (const QString& code : languageCodes()) {
        QAction* a = m_languageMenu->addAction(languageName(code));
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(code == currentLanguage());
        m_languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }
    view->addSeparator();
    worded(view->addAction(QString(), this, &MainWindow::resetToDefaults), [] { return tr("&Reset to defaults"); });
}

void MainWindow::buildLessonsMenu()
{
    QMenu* menu = menuBar()->addMenu(QString());
    worded(menu->menuAction(), [] { return tr("&Lessons"); });
    const app::LessonsLoad load = app::loadLessons();
    m_lessonErrors = load.errors;
    for (const app::LessonEntry& entry : load.lessons) {
        QAction* a = worded(menu->addAction(QString()), [lesson = entry.lesson] { return app::lessonTitle(lesson); },
                            [lesson = entry.lesson] { return app::lessonNote(lesson); });
        connect(a, &QAction::triggered, this, [this, entry] {
            showStepPane();
            if (!m_stepPane->applyLesson(entry))
                showStatus([lesson = entry.lesson] {
                    return tr("Lesson %1 could not be set up; see the message in the sidebar").arg(app::lessonTitle(lesson));
                }, 8000);
            // An exercise: its starting source in the kernel editor, the task above it (the step
            // pane holds the lesson's strategies to compare with).
            if (entry.lesson.exercise && m_kernelPane->openExercise(entry.lesson))
                showKernelPane();
        });
        m_lessonActions << a;
    }
    if (load.lessons.isEmpty())
        worded(menu->addAction(QString()), [] { return tr("No lessons found"); })->setEnabled(false);
}

QVector<MainWindow::ShortcutRow> MainWindow::shortcutRows() const
{
    QVector<ShortcutRow> rows;
    // A menu text without its mnemonic: "&File" -> "File"; Chinese writes the key after the words,
    // "文件(&F)" -> "文件", "打开核函数(&K)…" -> "打开核函数…" (not "文件(F)").
    const auto plain = [](QString text) {
        static const QRegularExpression mnemonic(QStringLiteral("\\(&[^&)]\\)"));
        return text.remove(mnemonic).remove(QLatin1Char('&'));
    };
    std::function<void(const QMenu*, const QString&)> walk = [&](const QMenu* menu, const QString& path) {
        for (QAction* a : menu->actions()) {
            const QString name = plain(a->text());
            if (a->menu()) {
                walk(a->menu(), path + QStringLiteral(" ▸ ") + name);
                continue;
            }
            if (a->shortcuts().isEmpty())
                continue;
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            rows.push_back({path, name, keys.join(tr(" or "))});
        }
    };
    for (QAction* top : menuBar()->actions())
        if (top->menu())
            walk(top->menu(), plain(top->text()));
    return rows;
}

void MainWindow::showShortcuts()
{
    const QVector<ShortcutRow> rows = shortcutRows();
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard shortcuts"));
    auto* table = new QTableWidget(int(rows.size()), 3);
    table->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Keys")});
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].menu));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].action));
        table->setItem(i, 2, new QTableWidgetItem(rows[i].keys));
    }
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->hide();
    auto* note = new QLabel(tr("In the step view: Ctrl+wheel zooms around the pointer; drag, the wheel or the arrow keys pan a zoomed picture."));
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* v = new QVBoxLayout(&dialog);
    v->addWidget(table);
    v->addWidget(note);
    v->addWidget(buttons);
    dialog.resize(initialSize(size()).boundedTo(QSize(720, 640)));
    dialog.exec();
}

} // namespace reducescope::app
