// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane: the widgets of one step state (app/step/step_state.h), in four parts: the sidebar
// (app/step/step_sidebar.h: editors, trace source, hardware counters), the compare area
// (app/step/step_columns.h: step views over their kernel source), the classroom panels
// (app/step/step_classroom.h: lesson note, predict mode) with the warp map, and the transport bar. The
// pane lays them out and passes the state's changes on; the state decides.
#pragma once

#include "app/step/step_classroom.h"
#include "app/step/step_sidebar.h"
#include "app/step/step_state.h"

#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QScrollArea;
class QSpinBox;
class QSplitter;
class QTabWidget;

namespace reducescope::views {
class CountersView;
class SourceView;
class StepView;
class StrategyPicker;
class TransportBar;
class WarpMapView;
enum class Theme;
} // namespace reducescope::views

namespace reducescope::app {
struct LessonEntry;

class StepColumns;

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

    /// The pane's parts (tests drive them directly).
    StepSidebar* sidebar() const { return m_sidebar; }
    StepColumns* columns() const { return m_columns; }
    ClassroomPanel* classroom() const { return m_classroom; }

    /// Widgets, for the main window, exports and tests. Column 0 is the main strategy, 1 the
    /// compared one.
    views::StepView* stepView(int column = 0) const;
    views::SourceView* sourceView(int column = 0) const;
    views::CountersView* countersView() const { return m_sidebar->countersView(); }
    views::TransportBar* transportBar() const { return m_transport; }
    QLineEdit* inputEdit() const { return m_sidebar->inputEdit(); }
    views::StrategyPicker* strategyPicker() const { return m_sidebar->strategyPicker(); }
    QSpinBox* blockSizeEdit() const { return m_sidebar->blockSizeEdit(); }
    QComboBox* warpSizeEdit() const { return m_sidebar->warpSizeEdit(); }
    QComboBox* banksEdit() const { return m_sidebar->banksEdit(); }
    /// The atomic order seed (model::Params::atomic_order) and the line with this order's float
    /// result and the exact sum.
    QSpinBox* atomicOrderEdit() const { return m_sidebar->atomicOrderEdit(); }
    QLabel* atomicSumLabel() const { return m_sidebar->atomicSumLabel(); }
    /// Most characters the input field holds: 4096 values of up to 32 characters each. Longer text
    /// (from setRequest, --input or a preset) is refused with a message at the field, never cut.
    static constexpr int kInputMaxLength = StepState::kInputMaxLength;
    /// The message shown at a field ("input", "block-size", ...), empty when none.
    QString fieldMessage(const QString& field) const { return m_state->message(field); }

    // --- GPU-recorded traces and hardware counters (docs/hardware-counters.md) -----------------

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
    QCheckBox* recordedSwitch() const { return m_sidebar->recordedSwitch(); }
    GpuStatus gpuStatus() const { return m_state->gpuStatus(); }
    /// The Cancel button of a running recording (hidden when none runs).
    QPushButton* cancelRecordingButton() const { return m_sidebar->cancelRecordingButton(); }

    /// Shows a trace file (`reducescope-cli trace --json`, or a recording from `--on-gpu --json`),
    /// marked as recorded when it is one; its strategy, input and params go into the editors.
    /// On a bad file: false, the message (naming the field) at the "trace" field, nothing changes.
    bool openTraceFile(const QString& path) { return m_sidebar->openTraceFile(path); }
    /// Shows a trace already read (the kernel editor's, through the main window), as a file's.
    bool openTrace(std::shared_ptr<const model::Trace> trace, const TraceOrigin& origin)
    {
        return m_sidebar->openTrace(std::move(trace), origin);
    }
    /// Back to the step model of the request in the editors.
    void showModel() { m_state->showModel(); }

    /// Loads Nsight Compute counters from a results file (bench --counters) and shows model vs
    /// hardware in the counters panel for the strategy on screen. Bad file: false, the message at
    /// the "counters" field, the previous counters stay.
    bool loadHardwareCounters(const QString& path) { return m_sidebar->loadHardwareCounters(path); }
    /// The same for a results file already read (the benchmark pane's, bench::read_results): its
    /// counters without reading the file again. `fileName` names it in the panel and the message.
    bool setHardwareCounters(const bench::ResultsFile& file, const QString& fileName)
    {
        return m_sidebar->setHardwareCounters(file, fileName);
    }
    void clearHardwareCounters() { m_sidebar->clearHardwareCounters(); }
    bool hasHardwareCounters() const { return m_sidebar->hasHardwareCounters(); }

    /// Every editor's value as a request (what the controls show). After any refused field the
    /// controls are put back to the state, so this equals request().
    TraceRequest controlsRequest() const { return m_sidebar->controlsRequest(); }

    // --- classroom mode (docs/classroom.md) ----------------------------------------------------

    /// Presentation sizes in the step views and the warp map (text >= 22 px at 1920×1080, for
    /// `screen`; invalid = the screen the pane is on); the sidebar folds away when it goes on and
    /// comes back as it was when it goes off. On, the lesson note and the kernel source fold to one
    /// line each and the views fit the step (StepColumns::setFitStep), so the title, the values and
    /// the lane/warp row are on screen at 1920×1080 and 1280×720; off, they unfold and zoom is 1×.
    void setPresentation(bool on, QSize screen = QSize());
    bool presentation() const { return m_presentation; }
    /// Colour theme of the step views and the warp map.
    void setTheme(views::Theme theme);
    /// Zoom of both step views (they zoom together).
    void zoomIn();
    void zoomOut();
    void resetZoom();
    /// Fit-step mode (StepColumns::setFitStep): the step fits the window, below 1× where needed.
    void fitStep();
    bool fitStepOn() const;
    /// The lesson note (ClassroomPanel::setLessonFolded) and the kernel source
    /// (StepColumns::setSourceFolded) folded to one line.
    void setLessonFolded(bool on);
    bool lessonFolded() const { return m_classroom->lessonFolded(); }
    void setSourceFolded(bool on);
    bool sourceFolded() const;
    /// View menu actions: Fit step (Ctrl+9), the lesson note in full (N), the kernel source in full
    /// (S), and the recording hooks and step tags in the source (Ctrl+Shift+I). Checkable ones
    /// follow the state.
    QAction* fitStepAction() const { return m_fitStepAction; }
    QAction* lessonNoteAction() const { return m_lessonNoteAction; }
    QAction* sourceInFullAction() const { return m_sourceInFullAction; }
    /// K: the bank strip (else the atomics row) into view, and back to the top (StepColumns::toggleDetailInView).
    QAction* detailAction() const { return m_detailAction; }
    QAction* instrumentationAction() const { return m_instrumentationAction; }
    /// The sidebar (strategy, input, parameters, counters) and the kernel source under the views.
    /// Shown in presentation mode, the sidebar gets the width its controls need at the larger text.
    void setSidebarVisible(bool on);
    bool sidebarVisible() const;
    void setSourceVisible(bool on);
    bool sourceVisible() const;
    /// The centre shows the step views (false) or the warp map (true).
    void setWarpMapShown(bool on);
    bool warpMapShown() const;
    /// "Warp row only" in both step views (views::StepView::setWarpRowOnly).
    void setWarpRowOnly(bool on);
    bool warpRowOnly() const;
    views::WarpMapView* warpMapView() const { return m_warpMap; }
    /// The scroll areas of the two columns (they scroll together in compare mode).
    QScrollArea* columnScroll(int column) const;

    /// Sets the whole state of a lesson and shows its title and note (current language) above the
    /// views, scrolled to the top (reopened too). False (message at the field) when its file does
    /// not build.
    bool applyLesson(const app::LessonEntry& lesson);
    /// The title and note shown (empty: none; closed, or the state left the lesson's strategy).
    QString lessonText() const { return m_classroom->lessonText(); }
    QLabel* lessonLabel() const { return m_classroom->lessonLabel(); }
    /// Back to the defaults: request, compare off, step 1, predict off, zoom 1, panels shown.
    void resetToDefaults();

    /// Predict mode (StepState's) with its question panel; the step views cover the outcome until
    /// Reveal and the class clicks warps, lanes or cells in column 0 or types a number.
    QAction* predictAction() const { return m_classroom->predictAction(); }
    QAction* revealAction() const { return m_classroom->revealAction(); }
    QAction* nextQuestionAction() const { return m_classroom->nextQuestionAction(); }
    QLabel* questionLabel() const { return m_classroom->questionLabel(); }
    QLabel* verdictLabel() const { return m_classroom->verdictLabel(); }
    QLabel* scoreLabel() const { return m_classroom->scoreLabel(); }
    QLineEdit* answerEdit() const { return m_classroom->answerEdit(); }

    /// Actions for menus: first, previous, play/pause, next, last.
    QList<QAction*> stepActions() const;
    QAction* compareAction() const { return m_sidebar->compareAction(); }
    /// File menu actions: open a trace JSON, load hardware counters.
    QAction* openTraceAction() const { return m_sidebar->openTraceAction(); }
    QAction* loadCountersAction() const { return m_sidebar->loadCountersAction(); }
    bool isPlaying() const;
    /// "New interleaving": shown for `race` traces of the model; a click replays the race under
    /// another atomic-order seed (model::race_schedule).
    QToolButton* newInterleavingButton() const { return m_newInterleaving; }
    /// Replays `race` under a new pseudo-random atomic-order seed (1..model::kMaxAtomicOrder, never
    /// the one shown). False, nothing changed, when the trace shown is not the model's `race`.
    bool newInterleaving();

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
    /// Words of every part; `pickers`: the strategy pickers' summaries and families too.
    void retranslate(bool pickers = false);
    void buildLayout();
    void connectState();
    void showTrace();
    void refreshStep();
    void showPredict();
    /// True when the model's `race` is on screen (the main or the compared trace).
    bool showsModelRace() const;

    StepState* m_state = nullptr;
    StepSidebar* m_sidebar = nullptr;
    StepColumns* m_columns = nullptr;
    ClassroomPanel* m_classroom = nullptr;
    views::WarpMapView* m_warpMap = nullptr;
    views::TransportBar* m_transport = nullptr;
    QToolButton* m_newInterleaving = nullptr;
    QTabWidget* m_centreTabs = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    bool m_presentation = false;
    QAction* m_fitStepAction = nullptr;
    QAction* m_lessonNoteAction = nullptr;
    QAction* m_sourceInFullAction = nullptr;
    QAction* m_detailAction = nullptr;
    QAction* m_instrumentationAction = nullptr;
    void buildActions();
    /// Presentation mode: the sidebar as wide as its contents (setSidebarVisible).
    void widenSidebar();
    bool m_sidebarBeforePresentation = true;
};

} // namespace reducescope::app
