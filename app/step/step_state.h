// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's state without its widgets (Qt Core only): the request, the compared strategy,
// where the trace on screen comes from (model, recorded here, file), the GPU recorder, the step,
// and the one-line messages at the fields. The pane wires widgets to it; tests drive it alone.
#pragma once

#include "app/step/gpu_recording.h"
#include "app/step/trace_request.h"
#include "model/lesson.h"
#include "model/predict.h"

#include <QMap>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace reducescope::app {

class DeviceProbe;
struct DeviceProbeResult;

/// Where the main trace on screen comes from.
enum class TraceSource {
    Model,          ///< the step model of the request
    RecordedHere,   ///< recorded just now on this machine's GPU
    File,           ///< read from a trace file (a model trace or a recording made elsewhere)
};

/// What the GPU recorder is doing.
enum class RecorderState {
    Probing,        ///< asking `reducescope-cli devices` whether there is a GPU
    NoDevice,       ///< there is none here (gpuStatus().reason says why): nothing can be recorded
    Ready,          ///< a GPU is there and nothing is being recorded
    Recording,      ///< a child `reducescope-cli trace --on-gpu --json` runs
};

class StepState : public QObject {
    Q_OBJECT
public:
    explicit StepState(QObject* parent = nullptr);
    ~StepState() override;

    /// Most characters of an input text: 4096 values of up to 32 characters each.
    static constexpr int kInputMaxLength = 4096 * 32;

    // --- request, compare, traces --------------------------------------------------------------

    /// Builds the model trace of `request` and shows it (recording it too when the "recorded"
    /// switch is on). Invalid: false, the message at its field ("input", "block-size", ...), and
    /// the last valid request and traces stay.
    bool setRequest(const TraceRequest& request);
    /// The last valid request (that of the trace on screen).
    const TraceRequest& request() const { return m_request; }
    /// Compare mode with strategy `id` (built on the request's input and parameters), or off with
    /// an empty id. Invalid: false, the message at "compare", nothing changes.
    bool setCompareStrategy(const QString& id);
    const QString& compareStrategy() const { return m_compareId; }
    std::shared_ptr<const model::Trace> trace() const { return m_trace; }
    std::shared_ptr<const model::Trace> compareTrace() const { return m_compareTrace; }

    /// Applies one editor's value onto the last valid request: `field` ("strategy", "input",
    /// "block-size", "warp-size", "coarse-factor", "banks", "atomic-order") is taken from
    /// `controls` (what the editors show), every other field stays as in request(); `withInput`
    /// takes the input too (typed text still waiting to be applied). So a refused value in one field
    /// never blocks, nor is carried into, a change of another. Returns setRequest()'s answer.
    bool applyEdit(const QString& field, const TraceRequest& controls, bool withInput = false);
    /// True when the main trace's strategy merges with float atomics on one address (catalogue
    /// and bench::sum_order), so model::Params::atomic_order changes its float result, or is
    /// `race` (the catalogue's expected_wrong kernel), whose interleaving the seed picks.
    bool atomicOrderApplies() const;

    // --- step ----------------------------------------------------------------------------------

    /// Steps of the longer trace (both traces share the step index in compare mode).
    int stepCount() const;
    int step() const { return m_step; }
    /// Moves to step k, clamped to 0..stepCount()-1; emits stepChanged when it moved.
    void setStep(int k);
    /// The step shown by column 0 (main) or 1 (compare): step() clamped to that trace's steps.
    int stepOf(int column) const;

    // --- trace source --------------------------------------------------------------------------

    TraceSource source() const { return m_source; }
    /// Origin of a recorded or file trace (meaningful when source() is not Model).
    const TraceOrigin& origin() const { return m_origin; }
    /// True when the main trace on screen was recorded on a GPU (here or in a loaded file).
    bool showsRecordedTrace() const { return m_source != TraceSource::Model && m_origin.recordedOnGpu; }
    /// The banner marking the trace on screen ("Recorded on the GPU: ...", "Your kernel ... on the
    /// CPU engine"), empty for the model and a model trace read from a file.
    QString traceBanner() const;
    /// Shows a trace file; its strategy, input and params become the request, the "recorded"
    /// switch goes off. Bad file: false, the message (naming the field) at "trace", nothing changes.
    bool openTraceFile(const QString& path);
    /// Shows `trace` (already read, e.g. the kernel editor's engine trace) as openTraceFile() shows
    /// a file's: its strategy, input and params become the request, the switch goes off. False
    /// (nothing changes) for a null trace.
    bool openTrace(std::shared_ptr<const model::Trace> trace, const TraceOrigin& origin);
    /// Back to the step model of the request (the switch goes off).
    void showModel();

    // --- GPU recorder --------------------------------------------------------------------------

    /// Asks `cli devices --json` (empty: app::locateCli()) for a GPU, as a child process
    /// with a timeout; the answer sets gpuStatus() unless setGpuStatus() was called meanwhile.
    void probeGpu(const QString& cli = {}, int timeoutMs = 20000);
    /// Replaces what the probe found (tests, and a recording that found no device).
    void setGpuStatus(const GpuStatus& status);
    const GpuStatus& gpuStatus() const { return m_gpu; }
    RecorderState recorderState() const;
    /// The CLI that records (tests put a stand-in here); empty: app::locateCli().
    void setCliPath(const QString& path);

    /// The "Recorded on the GPU" switch. On: records the request (the model trace stays on screen
    /// until the recording arrives; a refusal, crash or missing device puts its message at
    /// "trace" and keeps the model trace). False when it cannot even start (no GPU, a warp size
    /// or bank count a GPU does not have). Off: back to the model.
    bool setShowRecorded(bool on);
    bool showRecorded() const { return m_showRecorded; }
    /// Kills a running recording: the model stays, the switch goes off, "trace" says so.
    void cancelRecording();

    // --- lessons and defaults ------------------------------------------------------------------

    /// Sets the whole state of `lesson`: compare off, then its strategy, input, block, warp,
    /// banks and coarse factor, its compare strategy, and its first step. Invalid (a lesson file
    /// that does not build): false, the message at its field, nothing changes.
    bool applyLesson(const model::Lesson& lesson);
    /// The default request, compare off, step 1, predict mode off (View ▸ Reset to defaults).
    void resetToDefaults();

    // --- predict mode (docs/classroom.md) ------------------------------------------------------

    /// Predict mode: at every step the class answers a question about the main trace's step
    /// (model::questions_for) before it is revealed. Off: no question.
    void setPredictMode(bool on);
    bool predictMode() const { return m_predict; }
    /// The open question (predict mode on and the step has one), else null.
    const model::Question* question() const { return m_question ? &*m_question : nullptr; }
    /// True once the open question has been revealed (graded).
    bool revealed() const { return m_grade.has_value(); }
    /// The step's outcome is hidden: a question is open and not yet revealed.
    bool covered() const { return m_question && !m_grade; }
    /// Set questions: adds `id` to the answer, or takes it out when it is there. Ignored (false)
    /// when there is no open Set question, it is revealed, or `id` is not one of its choices.
    bool toggleAnswer(int id);
    /// What a click in the main step view hit.
    enum class ClickedItem { Warp, Lane, Cell };
    /// A click on warp, lane or shared-memory cell `id` in the main step view: toggleAnswer(id)
    /// when the open Set question asks about that kind of item (divergent warps, active lanes,
    /// cells), else nothing.
    void answerClick(ClickedItem item, int id);
    /// The ids answered so far (ascending).
    const std::vector<int>& answerSet() const { return m_answerSet; }
    /// Number questions: the typed text (a number, nan, inf, -inf). Not a number: false, the
    /// message at "answer", the previous answer stays. Empty text: no answer.
    bool setAnswerText(const QString& text);
    std::optional<double> answerNumber() const { return m_answerNumber; }
    /// Grades the answer against the trace, counts it in the score and reveals the step. Null
    /// when there is no open question or it was already revealed.
    const model::Grade* reveal();
    /// The grade of the open question once revealed, else null.
    const model::Grade* grade() const { return m_grade ? &*m_grade : nullptr; }
    /// Asks another question about the same step (the next kind that applies).
    void nextQuestion();
    /// Right answers / questions revealed since predict mode was turned on (or resetScore()).
    const model::Score& score() const { return m_score; }
    void resetScore();

    // --- messages at fields --------------------------------------------------------------------

    /// The message at `field` ("strategy", "input", "block-size", "warp-size", "coarse-factor",
    /// "banks", "atomic-order", "compare", "trace", "counters", "answer"), empty when none.
    QString message(const QString& field) const { return m_messages.value(field); }
    /// Puts a message at a field (an unknown field name goes to "strategy").
    void showMessage(const QString& field, const QString& message);
    void clearMessage(const QString& field);
    void clearMessages();
    /// The fields that hold messages: every editor applyEdit() takes, plus "compare", "trace",
    /// "counters" and "answer". A message for a field not listed (a model refusal naming a field
    /// in its own words) goes to "strategy", so each field the sidebar shows a message line for
    /// must be listed here or its refusals land at the strategy.
    static const QStringList& fields();

    /// Says again in the window's new language what the state words itself (why there is no GPU).
    void retranslate();

signals:
    /// The main or compare trace, or where the main one comes from, changed.
    void traceChanged();
    /// The step index moved (not emitted when a new trace only clamps it).
    void stepChanged(int k);
    /// A field's message appeared or went away.
    void messagesChanged();
    /// The recorder state, the GPU status or the switch changed.
    void recorderChanged();
    /// A recording ended; `shown`: it is on screen now.
    void recordingFinished(bool shown);
    /// Predict mode, its question, the answer, the reveal or the score changed.
    void predictChanged();

private:
    bool applyRequest(const TraceRequest& request);
    void showNewTrace(bool keepCompareOnError);
    void startRecording();
    void onRecorded(const RecordingOutcome& outcome);
    void onProbed(const DeviceProbeResult& result);
    void setSwitch(bool on);
    QString probeReason() const;
    void askQuestion();

    TraceRequest m_request;
    /// What showModel() ("Back to the model") runs after an own kernel's trace, whose request names
    /// no catalogue strategy: the strategy shown before, on the kernel's input; unset otherwise.
    std::optional<TraceRequest> m_modelRequest;
    QString m_compareId;
    std::shared_ptr<const model::Trace> m_trace;
    std::shared_ptr<const model::Trace> m_compareTrace;
    int m_step = 0;
    TraceSource m_source = TraceSource::Model;
    TraceOrigin m_origin;
    GpuStatus m_gpu;
    bool m_probing = false;
    bool m_gpuForced = false;   ///< setGpuStatus() was called: a late probe answer is dropped
    bool m_probedNoDevice = false;  ///< the probe's answer, kept to word its reason again
    QString m_probeMessage;
    bool m_showRecorded = false;
    GpuRecorder* m_recorder = nullptr;
    DeviceProbe* m_probe = nullptr;
    QMap<QString, QString> m_messages;
    // Predict mode
    bool m_predict = false;
    std::optional<model::Question> m_question;
    std::vector<int> m_answerSet;
    std::optional<double> m_answerNumber;
    std::optional<model::Grade> m_grade;
    model::Score m_score;
    unsigned m_asked = 0;       ///< questions asked so far: varies the kind and the cell asked about
    int m_questionStep = -1;    ///< step and trace the open question is about
    const model::Trace* m_questionTrace = nullptr;
};

} // namespace reducescope::app
