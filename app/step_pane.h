// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane: strategy picker, input editor, step views (two in compare mode), kernel source,
// counters, and the stepping controls.
#pragma once

#include "app/gpu_recording.h"
#include "app/hardware_counters.h"
#include "app/trace_request.h"

#include <QMap>
#include <QPointer>
#include <QThread>
#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
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

    // --- GPU-recorded traces and hardware counters (issue 6) -----------------------------------

    /// Where the main trace on screen comes from.
    enum class Source { Model, RecordedHere, File };
    Source source() const { return m_source; }
    /// Origin of a recorded or file trace (meaningful when source() is not Model).
    const TraceOrigin& origin() const { return m_origin; }
    /// True when the main trace on screen was recorded on a GPU (here or in a loaded file).
    bool showsRecordedTrace() const { return m_source != Source::Model && m_origin.recordedOnGpu; }
    /// The banner marking the trace on screen ("Recorded on the GPU: ..."), empty for the model.
    QString traceBanner() const;

    /// Turns the "Recorded on the GPU" switch on or off. On: records the current request on the GPU
    /// and shows it; a refusal (no device, no recording variant, parameters the recording refuses)
    /// shows its message at the "trace" field and keeps the model trace. Returns whether a
    /// recording is now shown (off: true).
    bool setShowRecorded(bool on);
    /// The switch (disabled, with the reason as tooltip, where there is no CUDA device).
    QCheckBox* recordedSwitch() const { return m_recordedCheck; }
    GpuStatus gpuStatus() const { return m_gpu; }
    /// Replaces the GPU probe and the recorder (tests; a build without CUDA has a recorder that
    /// says why it cannot record). The probe result of start-up no longer applies afterwards.
    void setGpuRecorder(const GpuStatus& status, GpuRecorder recorder);

    /// Shows a trace file (`reducescope-cli trace --json`, or a recording from `--on-gpu --json`),
    /// marked as recorded when it is one; its strategy, input and params go into the editors.
    /// On a bad file: false, the message (naming the field) at the "trace" field, nothing changes.
    bool openTraceFile(const QString& path);
    /// Back to the step model of the request in the editors.
    void showModel();

    /// Loads Nsight Compute counters from a results file (bench --counters) and shows model vs
    /// hardware in the counters panel for the strategy on screen. Bad file: false, the message at
    /// the "counters" field, the previous counters stay.
    bool loadHardwareCounters(const QString& path);
    void clearHardwareCounters();
    bool hasHardwareCounters() const { return m_hardware.has_value(); }

    /// Actions for menus: first, previous, play/pause, next, last.
    QList<QAction*> stepActions() const;
    QAction* compareAction() const { return m_compareAction; }
    /// File menu actions: open a trace JSON, load hardware counters.
    QAction* openTraceAction() const { return m_openTraceAction; }
    QAction* loadCountersAction() const { return m_loadCountersAction; }
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
    /// After m_trace changed (model, recording or file): the compare trace for `request`'s input
    /// (on a compare error the old one stays when keepCompareOnError, else none), both views,
    /// banner, hardware rows, step; emits traceChanged().
    void showNewTrace(const TraceRequest& request, bool keepCompareOnError);
    void showFieldError(const QString& field, const QString& message);
    QString inputTooLongMessage(int length) const;
    void clearFieldErrors();
    void refreshStep();
    void refreshSummary();
    void loadRequestIntoEditors(const TraceRequest& request);
    void updateCompareVisibility();
    void buildRecording();
    void applyGpuStatus(const GpuStatus& status);
    void showOrigin();
    void updateHardware();
    void chooseTraceFile();
    void chooseCountersFile();
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
    QScrollArea* m_sideScroll = nullptr;
    QCheckBox* m_recordedCheck = nullptr;
    QPushButton* m_openTraceButton = nullptr;
    QPushButton* m_modelButton = nullptr;
    QLabel* m_originLabel = nullptr;
    QPushButton* m_countersButton = nullptr;
    QPushButton* m_clearCountersButton = nullptr;
    QAction* m_openTraceAction = nullptr;
    QAction* m_loadCountersAction = nullptr;
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
    Source m_source = Source::Model;
    TraceOrigin m_origin;
    GpuStatus m_gpu;
    bool m_gpuForced = false;
    QPointer<QThread> m_probeThread;  ///< asks the CUDA runtime for a device, once, at start-up
    GpuStatus m_probeResult;          ///< written by that thread, read after it finished
    GpuRecorder m_recorder;
    std::optional<HardwareCounters> m_hardware;
};

} // namespace reducescope::app
