// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane: the widgets of one step state (app/step_state.h): strategy picker, editors, the
// trace source and GPU recorder, step views (two in compare mode) over their kernel source, the
// counters panel, and the transport bar. The pane wires widgets to the state; the state decides.
#pragma once

#include "app/hardware_counters.h"
#include "app/step_state.h"

#include "model/lesson.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTimer;
class QToolButton;

namespace reducescope::views {
class CountersView;
class SourceView;
class StepView;
class StrategyPicker;
class TransportBar;
class WarpMapView;
struct LessonEntry;
enum class Theme;
} // namespace reducescope::views

namespace reducescope::app {

/// Everything about watching one (or two) traces step by step. Owns its actions; the main window
/// puts them in menus.
class StepPane : public QWidget {
    Q_OBJECT
public:
    explicit StepPane(QWidget* parent = nullptr);
    ~StepPane() override;

    /// The state behind the widgets (request, compare, trace source, recorder, step, messages).
    StepState* state() const { return m_state; }

    /// Puts `request` into the editors and builds it. Returns false (and shows the message at its
    /// field, keeping the last valid trace) when the request is invalid.
    bool setRequest(const TraceRequest& request);
    TraceRequest request() const { return m_state->request(); }

    /// Turns compare mode on with strategy `id`, or off with an empty id. False when invalid.
    bool setCompareStrategy(const QString& id) { return m_state->setCompareStrategy(id); }
    QString compareStrategy() const { return m_state->compareStrategy(); }

    /// Current step index (shared by both traces in compare mode) and how many there are.
    void setStep(int k) { m_state->setStep(k); }
    int step() const { return m_state->step(); }
    int stepCount() const { return m_state->stepCount(); }

    std::shared_ptr<const model::Trace> trace() const { return m_state->trace(); }
    std::shared_ptr<const model::Trace> compareTrace() const { return m_state->compareTrace(); }

    /// Widgets, for the main window, exports and tests. Column 0 is the main strategy, 1 the
    /// compared one.
    views::StepView* stepView(int column = 0) const;
    views::SourceView* sourceView(int column = 0) const;
    views::CountersView* countersView() const { return m_counters; }
    views::TransportBar* transportBar() const { return m_transport; }
    QLineEdit* inputEdit() const { return m_input; }
    views::StrategyPicker* strategyPicker() const { return m_strategy; }
    QSpinBox* blockSizeEdit() const { return m_blockSize; }
    QComboBox* warpSizeEdit() const { return m_warpSize; }
    QComboBox* banksEdit() const { return m_banks; }
    /// The atomic order seed (model::Params::atomic_order) and the line with this order's float
    /// result and the exact sum.
    QSpinBox* atomicOrderEdit() const { return m_atomicOrder; }
    QLabel* atomicSumLabel() const { return m_atomicSum; }
    /// Most characters the input field holds: 4096 values of up to 32 characters each. Longer text
    /// (from setRequest, --input or a preset) is refused with a message at the field, never cut.
    static constexpr int kInputMaxLength = StepState::kInputMaxLength;
    /// The message shown at a field ("input", "block-size", ...), empty when none.
    QString fieldMessage(const QString& field) const { return m_state->message(field); }

    // --- GPU-recorded traces and hardware counters (issue 6) -----------------------------------

    using Source = TraceSource;
    Source source() const { return m_state->source(); }
    const TraceOrigin& origin() const { return m_state->origin(); }
    bool showsRecordedTrace() const { return m_state->showsRecordedTrace(); }
    /// The banner marking the trace on screen ("Recorded on the GPU: ..."), empty for the model.
    QString traceBanner() const { return m_state->traceBanner(); }
    /// The "Recorded on the GPU" switch (StepState::setShowRecorded()): a recording runs as a
    /// child process while the model stays on screen; the pane shows its progress and a Cancel.
    bool setShowRecorded(bool on) { return m_state->setShowRecorded(on); }
    /// The switch (disabled, with the reason as tooltip, where there is no CUDA device).
    QCheckBox* recordedSwitch() const { return m_recordedCheck; }
    GpuStatus gpuStatus() const { return m_state->gpuStatus(); }
    /// The Cancel button of a running recording (hidden when none runs).
    QPushButton* cancelRecordingButton() const { return m_cancelRecording; }

    /// Shows a trace file (`reducescope-cli trace --json`, or a recording from `--on-gpu --json`),
    /// marked as recorded when it is one; its strategy, input and params go into the editors.
    /// On a bad file: false, the message (naming the field) at the "trace" field, nothing changes.
    bool openTraceFile(const QString& path);
    /// Back to the step model of the request in the editors.
    void showModel() { m_state->showModel(); }

    /// Loads Nsight Compute counters from a results file (bench --counters) and shows model vs
    /// hardware in the counters panel for the strategy on screen. Bad file: false, the message at
    /// the "counters" field, the previous counters stay.
    bool loadHardwareCounters(const QString& path);
    void clearHardwareCounters();
    bool hasHardwareCounters() const { return m_hardware.has_value(); }

    /// Every editor's value as a request (what the controls show). After any refused field the
    /// controls are put back to the state, so this equals request() (issue 12).
    TraceRequest controlsRequest() const;

    // --- classroom mode (issue 12) -------------------------------------------------------------

    /// Presentation sizes in the step views and the warp map (text >= 22 px at 1920×1080, for
    /// `screen`; invalid = the screen the pane is on); the sidebar folds away when it goes on and
    /// comes back as it was when it goes off.
    void setPresentation(bool on, QSize screen = QSize());
    bool presentation() const { return m_presentation; }
    /// Colour theme of the step views and the warp map.
    void setTheme(views::Theme theme);
    /// Zoom of both step views (they zoom together).
    void zoomIn();
    void zoomOut();
    void resetZoom();
    /// The sidebar (strategy, input, parameters, counters) and the kernel source under the views.
    void setSidebarVisible(bool on);
    bool sidebarVisible() const;
    void setSourceVisible(bool on);
    bool sourceVisible() const;
    /// The centre shows the step views (false) or the warp map (true).
    void setWarpMapShown(bool on);
    bool warpMapShown() const;
    views::WarpMapView* warpMapView() const { return m_warpMap; }
    /// The scroll areas of the two columns (they scroll together in compare mode).
    QScrollArea* columnScroll(int column) const;

    /// Sets the whole state of a lesson and shows its title and note (current language) above the
    /// views. False (message at the field) when its file does not build.
    bool applyLesson(const views::LessonEntry& lesson);
    /// The title and note shown (empty: none; closed, or the state left the lesson's strategy).
    QString lessonText() const;
    QLabel* lessonLabel() const { return m_lessonLabel; }
    /// Back to the defaults: request, compare off, step 1, predict off, zoom 1, panels shown.
    void resetToDefaults();

    /// Predict mode (StepState's) with its question panel; the step views cover the outcome until
    /// Reveal and the class clicks warps, lanes or cells in column 0 or types a number.
    QAction* predictAction() const { return m_predictAction; }
    QAction* revealAction() const { return m_revealAction; }
    QAction* nextQuestionAction() const { return m_nextQuestionAction; }
    QLabel* questionLabel() const { return m_questionLabel; }
    QLabel* verdictLabel() const { return m_verdictLabel; }
    QLabel* scoreLabel() const { return m_scoreLabel; }
    QLineEdit* answerEdit() const { return m_answerEdit; }

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

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Column;
    void retranslate();
    void buildEditors();
    void buildTraceSource();
    void buildColumns();
    void buildLayout();
    void buildClassroom();
    void buildAtomicOrder();    // step_pane_atomic.cpp (issue 14: replay another atomic order)
    void refreshAtomicOrder();
    bool atomicOrderApplies() const;
    void connectEditors();
    void connectState();
    QWidget* fieldWithMessage(QWidget* editor, const QString& field);
    void rebuildFromEditors();
    void loadRequestIntoEditors(const TraceRequest& request);
    void showInputCut();
    void showTrace();
    void showMessages();
    void showRecorder();
    void showOrigin();
    void refreshStep();
    void refreshSummary();
    void updateCompareVisibility();
    void updateHardware();
    void chooseTraceFile();
    void chooseCountersFile();
    void applyEditor(const QString& field);
    void syncEditors();
    void showPredict();
    void onViewClicked(int kind, int id);

    StepState* m_state = nullptr;
    // Sidebar
    views::StrategyPicker* m_strategy = nullptr;
    QLabel* m_summary = nullptr;
    QCheckBox* m_compareCheck = nullptr;
    views::StrategyPicker* m_compareStrategy = nullptr;
    QLineEdit* m_input = nullptr;
    QComboBox* m_presets = nullptr;
    QSpinBox* m_blockSize = nullptr;
    QComboBox* m_warpSize = nullptr;
    QSpinBox* m_coarseFactor = nullptr;
    QComboBox* m_banks = nullptr;
    QSpinBox* m_atomicOrder = nullptr;  ///< model::Params::atomic_order; enabled for atomic strategies
    QLabel* m_atomicSum = nullptr;      ///< this order's float result beside the exact float64 sum
    QMap<QString, QLabel*> m_messages;
    QMap<QString, QLabel*> m_formLabels;   ///< the sidebar's row labels, by field
    views::CountersView* m_counters = nullptr;
    QScrollArea* m_sideScroll = nullptr;
    QCheckBox* m_recordedCheck = nullptr;
    QWidget* m_recordingRow = nullptr;
    QLabel* m_recordingLabel = nullptr;
    QPushButton* m_cancelRecording = nullptr;
    QPushButton* m_openTraceButton = nullptr;
    QPushButton* m_modelButton = nullptr;
    QLabel* m_originLabel = nullptr;
    QPushButton* m_countersButton = nullptr;
    QPushButton* m_clearCountersButton = nullptr;
    QAction* m_openTraceAction = nullptr;
    QAction* m_loadCountersAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_predictAction = nullptr;
    QAction* m_revealAction = nullptr;
    QAction* m_nextQuestionAction = nullptr;
    // Above the views: lesson and predict panels
    QWidget* m_lessonBox = nullptr;
    QLabel* m_lessonLabel = nullptr;
    QToolButton* m_closeLessonButton = nullptr;
    std::optional<model::Lesson> m_lesson;  ///< the lesson shown, re-worded on a language switch
    QWidget* m_predictBox = nullptr;
    QLabel* m_questionLabel = nullptr;
    QLineEdit* m_answerEdit = nullptr;
    QLabel* m_answerMessage = nullptr;
    QLabel* m_verdictLabel = nullptr;
    QLabel* m_scoreLabel = nullptr;
    QToolButton* m_predictButton = nullptr;
    QTabWidget* m_centreTabs = nullptr;
    views::WarpMapView* m_warpMap = nullptr;
    bool m_presentation = false;
    bool m_sidebarBeforePresentation = true;
    bool m_scrollSyncing = false;
    // Centre
    std::unique_ptr<Column> m_columns[2];
    QSplitter* m_columnSplitter = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    views::TransportBar* m_transport = nullptr;
    QTimer* m_editTimer = nullptr;
    bool m_syncing = false;        ///< widgets are being set from the state: their signals are not edits
    bool m_compareShown = false;
    std::optional<HardwareCounters> m_hardware;
};

} // namespace reducescope::app
