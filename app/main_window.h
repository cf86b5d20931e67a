// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the step pane, the table of steps and the benchmark pane as tabs, with menus.
#pragma once

#include <QMainWindow>

class QAction;
class QActionGroup;
class QMenu;
class QTabWidget;
class QTableView;

namespace reducescope::views {
class StepTableModel;
}

namespace reducescope::app {

class BenchmarkPane;
class StepPane;

/// Hosts the panes and owns menus, exports and QSettings persistence.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// With `persistent` false (screenshots, tests) settings are neither read nor written.
    explicit MainWindow(bool persistent = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    StepPane* stepPane() const { return m_stepPane; }
    BenchmarkPane* benchmarkPane() const { return m_benchmarkPane; }
    QTableView* tableView() const { return m_table; }

    /// Brings a tab to the front.
    void showStepPane();
    void showTable();
    void showBenchmarkPane();

    /// Opens `id` in the step pane (the benchmark pane's request). False when it has no model.
    bool openStrategy(const QString& id);

    /// When the results file at `path` carries hardware counters (bench --counters), loads them into
    /// the step pane's counters panel too. True when it did. When the file has counters that cannot
    /// be shown (skipped, error, bad values), countersProblem() says why and the status bar shows it.
    bool loadCountersOf(const QString& path);
    /// Why the last loadCountersOf() could not show the file's counters; empty when it could or
    /// when the file had none.
    QString countersProblem() const { return m_countersProblem; }

    /// Window geometry, splitters and the last strategy/input, from and to QSettings.
    void restoreSettings();
    void saveSettings() const;

    /// View ▸ Language: switches the window's language at once (app/language.h) and, when the
    /// window is persistent, saves the choice. False for an unknown code.
    bool chooseLanguage(const QString& code);
    /// The View ▸ Language actions, one per language (checkable, the current one checked).
    QList<QAction*> languageActions() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildTabs();
    void buildMenus();
    void retranslate();
    void connectPanes();
    void exportPng();
    void exportSvg();
    void exportSeries();
    void loadResults();

    bool m_persistent = true;
    QTabWidget* m_tabs = nullptr;
    StepPane* m_stepPane = nullptr;
    QTableView* m_table = nullptr;
    views::StepTableModel* m_tableModel = nullptr;
    BenchmarkPane* m_benchmarkPane = nullptr;
    QString m_countersProblem;
    // Menus and actions whose text retranslate() sets.
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_stepMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QActionGroup* m_languages = nullptr;
    QAction* m_loadResultsAction = nullptr;
    QAction* m_exportPngAction = nullptr;
    QAction* m_exportSvgAction = nullptr;
    QAction* m_exportSeriesAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_showStepAction = nullptr;
    QAction* m_showTableAction = nullptr;
    QAction* m_showBenchAction = nullptr;
    QAction* m_aboutAction = nullptr;
};

} // namespace reducescope::app
