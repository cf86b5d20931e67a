// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's run controls: the settings block, Run and Cancel, the progress bar and the
// per-kernel status list of the current run, fed by the runner's signals (app/bench/bench_runner.h).
// The pane decides when a run starts (BenchmarkPane::run); this widget shows how it goes.
#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QProgressBar;
class QPushButton;
class QTimer;

namespace reducescope::app {

class BenchRunner;
class BenchSettings;

class BenchRunPanel : public QWidget {
    Q_OBJECT
public:
    /// Listens to `runner`'s runStarted, progress and resultReady (the runner outlives the panel).
    explicit BenchRunPanel(BenchRunner* runner, QWidget* parent = nullptr);

    /// The settings block.
    BenchSettings* settings() const { return m_settings; }
    /// The per-kernel status lines of the current / last run ("✓ id: µs, GB/s", "✗ id: status (why)").
    /// Of the lines that are not failures, the last kKeptLines are kept; the older ones are folded
    /// into a first line that counts them ("… 29000 earlier lines folded"). Every failure line
    /// (✗: wrong, error, skipped, expected wrong) stays.
    QStringList statusLines() const;
    /// How many lines that are not failures the status list keeps (a list of 30000 lines cost a
    /// layout of every line per event-loop turn; docs/reliability.md).
    static constexpr int kKeptLines = 1000;
    /// A run was started: the status list is cleared and the progress bar is busy until the
    /// runner's start line gives the total.
    void begin();
    /// Empties the status list (another file is shown).
    void clearStatus();
    /// Run enabled and Cancel disabled when not running, and the other way round.
    void setRunning(bool running);
    /// This build has no CUDA kernels: Run stays disabled and says why.
    void setNoCuda();
    /// Shows the last status line.
    void scrollStatusToBottom();

signals:
    void runClicked();
    void cancelClicked();
    /// "My kernel…": time the student's own .cu file beside the chosen strategies (kernel bench).
    void ownKernelClicked();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Shows `value` on the progress bar within kProgressMs (QProgressBar::setValue repaints at
    /// once: once per streamed line, that was most of a 30000-line run's time).
    void setProgressValue(int value);
    void flushProgress();
    /// A line that is not a failure was added: folds the oldest such lines beyond kKeptLines.
    void foldOldLines();
    /// The fold line's words for the current count and language.
    void retranslateFold();
    /// Empties the status list and its counts.
    void resetStatus();

    BenchSettings* m_settings = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_ownKernel = nullptr;
    QProgressBar* m_progress = nullptr;
    QListWidget* m_status = nullptr;
    bool m_noCuda = false;
    QTimer* m_progressTimer = nullptr;
    int m_progressValue = 0;  ///< the value the bar shows after the next flushProgress()
    static constexpr int kProgressMs = 100;
    int m_plainLines = 0;    ///< lines in the list that are neither failures nor the fold line
    int m_folded = 0;        ///< lines folded into the first line
    int m_oldestPlain = 0;   ///< no line that is not a failure sits above this row
    QListWidgetItem* m_foldItem = nullptr;  ///< row 0 once lines are folded
};

} // namespace reducescope::app
