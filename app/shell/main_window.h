// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the step pane, the table of steps and the benchmark pane as tabs, with menus.
#pragma once

#include <QFont>
#include <QMainWindow>
#include <QSize>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

class QAction;
class QActionGroup;
class QMenu;
class QScrollArea;
class QSettings;
class QTabWidget;
class QTableView;

namespace reducescope::views {
class StepTableModel;
enum class Theme;
}

namespace reducescope::app {

class BenchmarkPane;
class KernelPane;
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
    KernelPane* kernelPane() const { return m_kernelPane; }
    QTableView* tableView() const { return m_table; }

    /// Brings a tab to the front.
    void showStepPane();
    void showTable();
    void showBenchmarkPane();
    void showKernelPane();

    /// Opens `id` in the step pane (the benchmark pane's request). False when it has no model.
    bool openStrategy(const QString& id);

    /// When the results file at `path` carries hardware counters (bench --counters), loads them into
    /// the step pane's counters panel too. True when it did. When the file has counters that cannot
    /// be shown (skipped, error, bad values), countersProblem() says why and the status bar shows it.
    /// The file the benchmark pane shows is not read again (BenchmarkPane::loadedDocument); another
    /// is read once, and one that is not a valid results file has no counters to show (false).
    bool loadCountersOf(const QString& path);
    /// Why the last loadCountersOf() could not show the file's counters; empty when it could or
    /// when the file had none.
    QString countersProblem() const { return m_countersProblem; }

    /// Window geometry, splitters, theme and the last strategy/input, from and to QSettings.
    /// `stepState` false: the step pane's saved request, compare strategy and tab are not used
    /// (the command line names the step pane's state: it wins over saved settings).
    void restoreSettings(bool stepState = true);
    void saveSettings() const;

    /// View ▸ Language: switches the window's language at once (app/common/language.h) and, when the
    /// window is persistent, saves the choice. False for an unknown code.
    bool chooseLanguage(const QString& code);
    /// The View ▸ Language actions, one per language (checkable, the current one checked).
    QList<QAction*> languageActions() const;
    // --- classroom mode (docs/classroom.md) ----------------------------------------------------

    /// Presentation mode (F11, View menu, --present): full screen, presentation sizes in the step
    /// pane, sidebar folded, and the whole window's text (menus, tabs, transport bar, benchmark
    /// pane) at presentationFont(). Off: back to the window and font as they were. `screen`: the
    /// size to lay out for (a screenshot's 1920×1080); invalid = the window's screen.
    void setPresentation(bool on, QSize screen = QSize());
    bool presentation() const;
    /// The application font of presentation mode: `desktop` at views::presentationOptions(screen)'s
    /// smallest text size, in pixels (22 px at 1920×1080, more on taller screens).
    static QFont presentationFont(const QFont& desktop, QSize screen);
    QAction* presentationAction() const { return m_presentationAction; }
    /// View ▸ Blank the screen (B): a plain screen in the theme's background over the whole window,
    /// until B or Esc. Keys still reach the window behind it only through B and Esc.
    void setBlank(bool on);
    bool blank() const;
    /// The plain screen of setBlank() (null before the first blank).
    QWidget* blankScreen() const { return m_blankScreen; }
    /// View ▸ Theme; applied to the whole window (palette) and the step pane's views; persisted.
    void setTheme(views::Theme theme);
    views::Theme theme() const;
    /// View ▸ Reset to defaults: the step pane, theme, panels and zoom as on a first start (and
    /// the saved step-pane settings are forgotten).
    void resetToDefaults();
    /// The Lessons menu's actions (one per lesson, in order) and the files that could not be used.
    QList<QAction*> lessonActions() const { return m_lessonActions; }
    QStringList lessonErrors() const { return m_lessonErrors; }

    /// One row of Help ▸ Keyboard shortcuts: the menu path, the action and its shortcuts.
    struct ShortcutRow {
        QString menu;
        QString action;
        QString keys;
    };
    /// Every action with a shortcut in the menu bar, in menu order (the dialog's rows).
    QVector<ShortcutRow> shortcutRows() const;
    void showShortcuts();
    /// A window size that fits `available` (the screen less panels): at most 1600×1000, at least
    /// the minimum size hint.
    static QSize initialSize(QSize available);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    /// The first show puts keyboard focus on the step view and asks for the input focus (without
    /// a window manager nobody else gives it: Ctrl+B and the arrows did nothing until a click).
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildTabs();
    void buildMenus();
    void retranslate();
    void connectPanes();
    void exportPng();
    void exportSvg();
    void exportSeries();
    void loadResults();
    void buildViewMenu();
    void restoreBench(QSettings& settings);
    void buildLessonsMenu();
    /// What setPresentation() and the action's toggle do: window state, application font, step pane.
    void applyPresentation(bool on);

    bool m_persistent = true;
    QTabWidget* m_tabs = nullptr;
    StepPane* m_stepPane = nullptr;
    QTableView* m_table = nullptr;
    views::StepTableModel* m_tableModel = nullptr;
    BenchmarkPane* m_benchmarkPane = nullptr;
    QScrollArea* m_benchmarkScroll = nullptr;  ///< the benchmark pane's tab
    KernelPane* m_kernelPane = nullptr;
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
    QAction* m_showKernelAction = nullptr;
    QAction* m_aboutAction = nullptr;
    /// An action whose text (and tooltip) retranslate() sets again from `text` / `tip`.
    struct Worded {
        QAction* action;
        std::function<QString()> text;
        std::function<QString()> tip;
    };
    std::vector<Worded> m_worded;
    /// Sets the action's words now and on every language change; returns `action`.
    QAction* worded(QAction* action, std::function<QString()> text, std::function<QString()> tip = {});
    /// Shows `words()` in the status bar for `timeoutMs`; a language switch while it is shown says
    /// it again in the new language.
    void showStatus(std::function<QString()> words, int timeoutMs);
    std::function<QString()> m_statusWords;
    QString m_statusShown;
    int m_statusTimeout = 0;
    QAction* m_presentationAction = nullptr;
    QAction* m_blankAction = nullptr;
    QAction* m_leavePresentationAction = nullptr;
    QWidget* m_blankScreen = nullptr;
    bool m_shownOnce = false;
    QRect m_normalGeometry;  ///< before presentation mode (a bare X server: we set the geometry)
    QActionGroup* m_themeGroup = nullptr;
    QList<QAction*> m_lessonActions;
    QStringList m_lessonErrors;
    bool m_maximizedBeforePresentation = false;
    bool m_presentationApplied = false; ///< applyPresentation(true) ran last
    QSize m_presentationScreen;         ///< setPresentation()'s size; invalid = the window's screen
    std::optional<QFont> m_desktopFont; ///< the application font before presentation mode
    std::vector<std::pair<const char*, QFont>> m_desktopClassFonts;  ///< the theme's class fonts before it
};

} // namespace reducescope::app
