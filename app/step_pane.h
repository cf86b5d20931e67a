// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane: strategy picker, input editor, step views (two in compare mode), kernel source,
// counters, and the stepping controls.
#pragma once

#include "app/trace_request.h"

#include <QMap>
#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSlider;
class QSpinBox;
class QSplitter;
class QTimer;

namespace reducescope::views {
class CountersView;
class SourceView;
class StepView;
} // namespace reducescope::views

namespace reducescope::app {

/// Everything about watching one (or two) traces step by step. Owns its actions; the main window
/// puts them in menus.
class StepPane : public QWidget {
    Q_OBJECT
public:
    explicit StepPane(QWidget* parent = nullptr);
    ~StepPane() override;

    /// Replaces the request and rebuilds. Returns false (and shows the message at its field,
    /// keeping the last valid trace) when the request is invalid.
    bool setRequest(const TraceRequest& request);
    TraceRequest request() const;

    /// Turns compare mode on with strategy `id`, or off with an empty id. False when invalid.
    bool setCompareStrategy(const QString& id);
    QString compareStrategy() const;

    /// Current step index (shared by both traces in compare mode) and how many there are.
    void setStep(int k);
    int step() const { return m_step; }
    int stepCount() const;

    std::shared_ptr<const model::Trace> trace() const { return m_trace; }
    std::shared_ptr<const model::Trace> compareTrace() const { return m_compareTrace; }

    /// Widgets, for the main window, exports and tests. Column 0 is the main strategy, 1 the
    /// compared one.
    views::StepView* stepView(int column = 0) const;
    views::SourceView* sourceView(int column = 0) const;
    views::CountersView* countersView() const { return m_counters; }
    QLineEdit* inputEdit() const { return m_input; }
    /// Most characters the input field holds: 4096 values of up to 32 characters each. Longer text
    /// (from setRequest, --input or a preset) is refused with a message at the field, never cut.
    static constexpr int kInputMaxLength = 4096 * 32;
    /// The message shown at a field ("input", "block-size", ...), empty when none.
    QString fieldMessage(const QString& field) const;

    /// Actions for menus: first, previous, play/pause, next, last.
    QList<QAction*> stepActions() const;
    QAction* compareAction() const { return m_compareAction; }
    bool isPlaying() const;

    /// Splitter sizes and the playback speed, for QSettings.
    QByteArray saveState() const;
    void restoreState(const QByteArray& state);

signals:
    /// A new valid trace (or compare trace) is on screen.
    void traceChanged();
    /// The step index changed.
    void stepChanged(int k);

public slots:
    /// Steps to the first / previous / next / last step (clamped; both traces in compare mode).
    void first();
    void previous();
    void next();
    void last();
    /// Starts or stops playback at the chosen speed; playing from the last step restarts at 1.
    void setPlaying(bool playing);

private:
    struct Column;
    void buildPicker();
    void buildInputs();
    void buildColumns();
    void buildControls();
    void buildLayout();
    void connectEditors();
    QWidget* fieldWithMessage(QWidget* editor, const QString& field);
    void rebuildFromEditors();
    bool applyRequest(const TraceRequest& request);
    void showFieldError(const QString& field, const QString& message);
    QString inputTooLongMessage(int length) const;
    void clearFieldErrors();
    void refreshStep();
    void refreshSummary();
    void loadRequestIntoEditors(const TraceRequest& request);
    void updateCompareVisibility();
    int playIntervalMs() const;

    // Sidebar
    QComboBox* m_strategy = nullptr;
    QLabel* m_summary = nullptr;
    QCheckBox* m_compareCheck = nullptr;
    QComboBox* m_compareStrategy = nullptr;
    QLineEdit* m_input = nullptr;
    QComboBox* m_presets = nullptr;
    QSpinBox* m_blockSize = nullptr;
    QComboBox* m_warpSize = nullptr;
    QSpinBox* m_coarseFactor = nullptr;
    QComboBox* m_banks = nullptr;
    QMap<QString, QLabel*> m_messages;
    views::CountersView* m_counters = nullptr;
    QWidget* m_sidebar = nullptr;
    // Centre
    std::unique_ptr<Column> m_columns[2];
    QSplitter* m_columnSplitter = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    // Controls
    QAction* m_firstAction = nullptr;
    QAction* m_prevAction = nullptr;
    QAction* m_playAction = nullptr;
    QAction* m_nextAction = nullptr;
    QAction* m_lastAction = nullptr;
    QAction* m_compareAction = nullptr;
    QComboBox* m_speed = nullptr;
    QSlider* m_scrubber = nullptr;
    QLabel* m_stepLabel = nullptr;
    QTimer* m_playTimer = nullptr;
    QTimer* m_editTimer = nullptr;
    QWidget* m_controls = nullptr;
    // State
    TraceRequest m_request;
    QString m_compareId;
    std::shared_ptr<const model::Trace> m_trace;
    std::shared_ptr<const model::Trace> m_compareTrace;
    int m_step = 0;
    bool m_loadingEditors = false;
};

} // namespace reducescope::app
