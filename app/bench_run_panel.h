// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's run controls: the settings block, Run and Cancel, the progress bar and the
// per-kernel status list of the current run, fed by the runner's signals (app/bench_runner.h).
// The pane decides when a run starts (BenchmarkPane::run); this widget shows how it goes.
#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
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
    QStringList statusLines() const;
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

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Shows `value` on the progress bar within kProgressMs (QProgressBar::setValue repaints at
    /// once: once per streamed line, that was most of a 30000-line run's time, issue 15).
    void setProgressValue(int value);
    void flushProgress();

    BenchSettings* m_settings = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QListWidget* m_status = nullptr;
    bool m_noCuda = false;
    QTimer* m_progressTimer = nullptr;
    int m_progressValue = 0;  ///< the value the bar shows after the next flushProgress()
    static constexpr int kProgressMs = 100;
};

} // namespace reducescope::app
