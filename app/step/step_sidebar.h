// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's sidebar: the editors of the request (strategy, compare, input, presets, block,
// warp, coarse factor, banks, atomic order), the trace source (the "Recorded on the GPU" switch,
// its progress and Cancel, Open trace, Back to the model), the hardware counters and the counters
// panel, each field with its message line. It shows a StepState and writes each edit into it
// (StepState::applyEdit); the state decides what is valid.
#pragma once

#include "app/step/hardware_counters.h"
#include "app/step/step_state.h"

#include <QMap>
#include <QScrollArea>

#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace reducescope::views {
class CountersView;
class StrategyPicker;
} // namespace reducescope::views

namespace reducescope::app {

class StepSidebar : public QScrollArea {
    Q_OBJECT
public:
    /// The sidebar of `state` (not owned; it must outlive the sidebar).
    explicit StepSidebar(StepState* state, QWidget* parent = nullptr);
    ~StepSidebar() override;

    // Editors and controls, for the pane, exports and tests (StepPane's accessors of the same names).
    views::StrategyPicker* strategyPicker() const { return m_strategy; }
    QLineEdit* inputEdit() const { return m_input; }
    QSpinBox* blockSizeEdit() const { return m_blockSize; }
    QComboBox* warpSizeEdit() const { return m_warpSize; }
    QComboBox* banksEdit() const { return m_banks; }
    QSpinBox* atomicOrderEdit() const { return m_atomicOrder; }
    QSpinBox* coarseFactorEdit() const { return m_coarseFactor; }  ///< disabled while an own kernel's trace is shown
    QLabel* atomicSumLabel() const { return m_atomicSum; }
    /// "Showing: ..." (which trace the views show and where it came from).
    QLabel* originLabel() const { return m_originLabel; }
    QCheckBox* recordedSwitch() const { return m_recordedCheck; }
    QPushButton* cancelRecordingButton() const { return m_cancelRecording; }
    QPushButton* modelButton() const { return m_modelButton; }  ///< "Back to the model" (tests)
    views::CountersView* countersView() const { return m_counters; }
    /// Compare mode on / off (Ctrl+M), open a trace JSON (Ctrl+T), load hardware counters.
    QAction* compareAction() const { return m_compareAction; }
    QAction* openTraceAction() const { return m_openTraceAction; }
    QAction* loadCountersAction() const { return m_loadCountersAction; }

    /// Every editor's value as a request (what the controls show); fields without an editor follow
    /// the state.
    TraceRequest controlsRequest() const;
    /// Puts `request` into the editors (their signals are not edits).
    void loadRequest(const TraceRequest& request);
    /// The editors back to the state's request, except an input being typed in with a message
    /// under it (its text stays to be corrected until the field is left).
    void syncEditors();
    /// Drops an input edit still waiting for its timer.
    void stopPendingEdit();
    /// Applies the editors' input (a refusal is then said again, e.g. in a new language).
    void applyInput();

    /// Follows a new trace: the compare widgets (the state may have refused or dropped the compared
    /// strategy), the editors, the trace's origin, the hardware comparison, the atomic order.
    void showTrace();
    /// The messages of the state at their fields.
    void showMessages();
    /// The switch, its tooltip and the recording row, from the recorder's state.
    void showRecorder();
    /// Where the trace on screen comes from, under the trace buttons and over the counters panel.
    void showOrigin();

    /// Shows a trace file (StepState::openTraceFile) and puts its request into the editors.
    bool openTraceFile(const QString& path);
    /// Shows a trace already read (StepState::openTrace) and puts its request into the editors.
    bool openTrace(std::shared_ptr<const model::Trace> trace, const TraceOrigin& origin);
    /// Nsight Compute counters of a results file, model vs hardware in the counters panel. Bad
    /// file: false, the message at "counters", the previous counters stay. Loaded: scrolls them
    /// into view and emits countersLoaded.
    bool loadHardwareCounters(const QString& path);
    /// The same for a results file already read (the benchmark pane's): `fileName` names it in the
    /// panel and in the message.
    bool setHardwareCounters(const bench::ResultsFile& file, const QString& fileName);
    void clearHardwareCounters();
    bool hasHardwareCounters() const { return m_hardware.has_value(); }
    /// The counters panel's model vs hardware for the strategy on screen.
    void updateHardware();

    /// The words of every control in the current language; with `pickers`, the strategy pickers'
    /// summaries and families too (keeping the choices).
    void retranslate(bool pickers = false);

signals:
    /// Hardware counters were loaded (the pane makes room for their columns).
    void countersLoaded();

private:
    void buildEditors();
    void buildTraceSource();
    /// "your kernel NAME (FILE)" while the step pane shows an own kernel's trace (the engine's:
    /// Trace::own_source set, not the step model), else empty: the strategy picker's placeholder.
    QString ownKernelName() const;
    void buildAtomicOrder();    // step_sidebar_atomic.cpp (replay another atomic order)
    void refreshAtomicOrder();
    void buildForm();
    void connectEditors();
    QWidget* fieldWithMessage(QWidget* editor, const QString& field);
    void applyEditor(const QString& field);
    void refreshSummary();
    void showInputCut();
    void chooseTraceFile();
    void chooseCountersFile();
    /// Shows `c` in the counters panel, or, when empty, `error` at "counters" (the counters shown
    /// stay). True when shown.
    bool showHardwareCounters(std::optional<HardwareCounters> c, const QString& error);

    StepState* m_state;
    views::StrategyPicker* m_strategy = nullptr;
    QString m_modelStrategy = QStringLiteral("convergent");  ///< the last catalogue strategy the picker showed
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
    QMap<QString, QLabel*> m_formLabels;   ///< the row labels, by field
    views::CountersView* m_counters = nullptr;
    QCheckBox* m_recordedCheck = nullptr;
    QWidget* m_recordingRow = nullptr;
    QLabel* m_recordingLabel = nullptr;
    QPushButton* m_cancelRecording = nullptr;
    QPushButton* m_openTraceButton = nullptr;
    QPushButton* m_modelButton = nullptr;
    QLabel* m_originLabel = nullptr;
    QPushButton* m_countersButton = nullptr;
    QPushButton* m_clearCountersButton = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_openTraceAction = nullptr;
    QAction* m_loadCountersAction = nullptr;
    QTimer* m_editTimer = nullptr;
    bool m_syncing = false;        ///< widgets are being set from the state: their signals are not edits
    std::optional<HardwareCounters> m_hardware;
};

} // namespace reducescope::app
