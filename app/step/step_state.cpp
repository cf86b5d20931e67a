// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/step_state.h"

#include "app/common/cli_client.h"
#include "app/common/data_paths.h"
#include "app/common/message_text.h"
#include "app/common/lessons.h"

#include "bench/determinism.h"
#include "model/catalogue.h"
#include "model/simulate.h"

#include <algorithm>

namespace reducescope::app {
namespace {

// A model error names its field in the model's words ("block_size", "input"); anything else
// belongs to the strategy.
QString normalisedField(QString field)
{
    field = field.toLower().replace(QLatin1Char('_'), QLatin1Char('-'));
    return StepState::fields().contains(field) ? field : QStringLiteral("strategy");
}

} // namespace

StepState::StepState(QObject* parent)
    : QObject(parent)
    , m_recorder(new GpuRecorder(this))
    , m_probe(new DeviceProbe(this))
{
    connect(m_recorder, &GpuRecorder::finished, this, &StepState::onRecorded);
    connect(m_probe, &DeviceProbe::finished, this, &StepState::onProbed);
    // Connected before any widget: a new trace or step has its question before it is drawn.
    connect(this, &StepState::traceChanged, this, &StepState::askQuestion);
    connect(this, &StepState::stepChanged, this, &StepState::askQuestion);
    applyRequest(m_request);
}

StepState::~StepState() = default;

const QStringList& StepState::fields()
{
    static const QStringList known{QStringLiteral("strategy"), QStringLiteral("input"), QStringLiteral("block-size"),
                                   QStringLiteral("warp-size"), QStringLiteral("coarse-factor"), QStringLiteral("banks"),
                                   QStringLiteral("atomic-order"), QStringLiteral("compare"), QStringLiteral("trace"), QStringLiteral("counters"),
                                   QStringLiteral("answer")};
    return known;
}

// --- request, compare, traces ------------------------------------------------------------------

bool StepState::setRequest(const TraceRequest& request)
{
    // An editor would cut longer text silently (and a rebuild would then read fewer values).
    if (request.input.size() > kInputMaxLength) {
        clearMessages();
        showMessage(QStringLiteral("input"), tr("input may hold at most %1 characters (got %2; last valid input kept)")
                                                 .arg(kInputMaxLength).arg(request.input.size()));
        return false;
    }
    return applyRequest(request);
}

bool StepState::applyRequest(const TraceRequest& request)
{
    clearMessages();
    const TraceOutcome main = buildTrace(request);
    if (main.error) {
        showMessage(normalisedField(main.error->field), main.error->message);
        return false;
    }
    m_recorder->abort();  // a recording of the previous request is not wanted any more
    m_request = request;
    m_modelRequest.reset();
    m_trace = main.trace;
    m_source = TraceSource::Model;
    m_origin = TraceOrigin{};
    showNewTrace(/*keepCompareOnError=*/true);
    if (!main.inputNotes.isEmpty())  // the trace is shown; the input line says what it was read as
        showMessage(QStringLiteral("input"), main.inputNotes.join(QLatin1Char(' ')));
    if (m_showRecorded)
        startRecording();
    return true;
}

void StepState::showNewTrace(bool keepCompareOnError)
{
    if (!m_compareId.isEmpty()) {
        TraceRequest other = m_request;
        other.strategy = m_compareId;
        const TraceOutcome second = buildTrace(other);
        if (!second.error || !keepCompareOnError)
            m_compareTrace = second.trace;
        if (second.error)
            showMessage(QStringLiteral("compare"), echoValue(m_compareId) + QStringLiteral(": ") + second.error->message);
    }
    m_step = std::clamp(m_step, 0, std::max(0, stepCount() - 1));
    emit traceChanged();
}

bool StepState::setCompareStrategy(const QString& id)
{
    clearMessages();
    if (id.isEmpty()) {
        m_compareId.clear();
        m_compareTrace.reset();
    } else {
        if (!modelStrategyIds().contains(id)) {
            showMessage(QStringLiteral("compare"), tr("compare must be one of %1 (got \"%2\")")
                                                       .arg(modelStrategyIds().join(QStringLiteral(", ")), echoValue(id)));
            return false;
        }
        TraceRequest other = m_request;
        other.strategy = id;
        const TraceOutcome second = buildTrace(other);
        if (second.error) {
            showMessage(QStringLiteral("compare"), echoValue(id) + QStringLiteral(": ") + second.error->message);
            return false;
        }
        m_compareId = id;
        m_compareTrace = second.trace;
    }
    m_step = std::clamp(m_step, 0, std::max(0, stepCount() - 1));
    emit traceChanged();
    return true;
}

// --- step --------------------------------------------------------------------------------------

bool StepState::applyEdit(const QString& field, const TraceRequest& controls, bool withInput)
{
    TraceRequest r = m_request;
    if (field == QLatin1String("input") || withInput)
        r.input = controls.input;
    if (field == QLatin1String("strategy"))
        r.strategy = controls.strategy;
    else if (field == QLatin1String("block-size"))
        r.params.block_size = controls.params.block_size;
    else if (field == QLatin1String("warp-size"))
        r.params.warp_size = controls.params.warp_size;
    else if (field == QLatin1String("coarse-factor"))
        r.params.coarse_factor = controls.params.coarse_factor;
    else if (field == QLatin1String("banks"))
        r.params.banks = controls.params.banks;
    else if (field == QLatin1String("atomic-order"))
        r.params.atomic_order = controls.params.atomic_order;
    return setRequest(r);
}

bool StepState::atomicOrderApplies() const
{
    if (!m_trace)
        return false;
    const model::StrategyInfo* info = model::find_strategy(m_trace->strategy);
    // From the catalogue: atomics across blocks / warps / threads, and `race`, whose plain += the
    // seed interleaves (model::race_schedule).
    if (!info)
        return false;
    return info->expected_wrong ||
           bench::sum_order(*info, static_cast<unsigned>(std::max(m_trace->grid_size, 1))) == bench::SumOrder::Atomic;
}

int StepState::stepCount() const
{
    int n = m_trace ? int(m_trace->steps.size()) : 0;
    if (m_compareTrace)
        n = std::max(n, int(m_compareTrace->steps.size()));
    return n;
}

void StepState::setStep(int k)
{
    k = std::clamp(k, 0, std::max(0, stepCount() - 1));
    if (k == m_step)
        return;
    m_step = k;
    emit stepChanged(m_step);
}

int StepState::stepOf(int column) const
{
    const auto& t = column == 0 ? m_trace : m_compareTrace;
    return t && !t->steps.empty() ? std::min(m_step, int(t->steps.size()) - 1) : 0;
}

// --- trace source ------------------------------------------------------------------------------

QString StepState::traceBanner() const
{
    // A GPU recording, or the student's kernel from the kernel editor: said above the views.
    if (showsRecordedTrace())
        return originBanner(m_origin);
    if (m_source == TraceSource::Model)
        return QString();
    if (!m_origin.ownKernel.isEmpty())
        return originBanner(m_origin);
    if (m_trace && !m_trace->own_source.empty()) {  // a trace file of an own kernel: named as the trace names it
        TraceOrigin o = m_origin;
        o.ownKernel = QString::fromStdString(m_trace->strategy);
        return originBanner(o);
    }
    return QString();
}

bool StepState::openTraceFile(const QString& path)
{
    const OriginTrace r = readTraceFile(path);
    clearMessages();
    if (!r.trace) {
        showMessage(QStringLiteral("trace"), r.error);
        return false;
    }
    return openTrace(r.trace, r.origin);
}

bool StepState::openTrace(std::shared_ptr<const model::Trace> trace, const TraceOrigin& origin)
{
    if (!trace)
        return false;
    clearMessages();
    m_recorder->abort();
    setSwitch(false);
    // What "Back to the model" shows: the trace's own request for a catalogue strategy; for an own
    // kernel (no catalogue strategy of that name) the strategy shown before, on the kernel's input
    // (or, where the model refuses that input, as it was).
    const TraceRequest shown = requestOf(*trace);
    m_modelRequest.reset();
    if (!model::find_strategy(shown.strategy.toStdString())) {
        TraceRequest keep = m_request;
        keep.input = shown.input;
        m_modelRequest = buildTrace(keep).error ? m_request : keep;
    }
    m_request = shown;
    m_trace = std::move(trace);
    m_source = TraceSource::File;
    m_origin = origin;
    showNewTrace(/*keepCompareOnError=*/false);
    return true;
}

void StepState::showModel()
{
    setSwitch(false);
    const TraceRequest back = m_modelRequest.value_or(m_request);
    m_modelRequest.reset();
    applyRequest(back);
}

// --- GPU recorder ------------------------------------------------------------------------------

void StepState::setCliPath(const QString& path)
{
    m_recorder->setCliPath(path);
}

RecorderState StepState::recorderState() const
{
    if (m_recorder->isRunning())
        return RecorderState::Recording;
    if (m_probing && !m_gpuForced)
        return RecorderState::Probing;
    return m_gpu.available ? RecorderState::Ready : RecorderState::NoDevice;
}

void StepState::probeGpu(const QString& cli, int timeoutMs)
{
    const QString program = cli.isEmpty() ? app::locateCli() : cli;
    if (program.isEmpty()) {
        m_gpu = GpuStatus{false, QString(),
                          tr("no CUDA device: reducescope-cli was not found next to the app or in the build tree (set "
                             "REDUCESCOPE_CLI); open a trace recorded elsewhere instead")};
        emit recorderChanged();
        return;
    }
    m_probing = true;
    m_probe->start(program, timeoutMs);
    emit recorderChanged();
}

void StepState::onProbed(const DeviceProbeResult& r)
{
    m_probing = false;
    if (!m_gpuForced) {
        GpuStatus s;
        if (r.device) {
            s.available = true;
            s.device = QStringLiteral("%1 (sm_%2)").arg(QString::fromStdString(r.device->name), QString::fromStdString(r.device->compute_capability).remove(QLatin1Char('.')));
        } else {
            m_probedNoDevice = r.noDevice;
            m_probeMessage = r.message;
            s.reason = probeReason();
        }
        m_gpu = s;
        if (!s.available)
            setSwitch(false);
    }
    emit recorderChanged();
}

QString StepState::probeReason() const
{
    return (m_probedNoDevice ? tr("no CUDA device: %1") : tr("no usable CUDA device: %1"))
        .arg(toolSaid(oneLineMessage(m_probeMessage, 200)));
}

void StepState::retranslate()
{
    if (!m_gpuForced && !m_probing && !m_gpu.available && !m_probeMessage.isEmpty())
        m_gpu.reason = probeReason();
}

void StepState::setGpuStatus(const GpuStatus& status)
{
    m_gpuForced = true;
    m_gpu = status;
    if (!status.available)
        setSwitch(false);
    emit recorderChanged();
}

void StepState::setSwitch(bool on)
{
    if (m_showRecorded == on)
        return;
    m_showRecorded = on;
    emit recorderChanged();
}

bool StepState::setShowRecorded(bool on)
{
    if (on && !m_gpu.available) {
        clearMessages();
        showMessage(QStringLiteral("trace"), m_gpu.reason.isEmpty() ? tr("no CUDA device") : m_gpu.reason);
        setSwitch(false);
        return false;
    }
    setSwitch(on);
    applyRequest(m_request);  // on: the model now, the recording when it arrives; off: the model
    return !on || m_recorder->isRunning() || m_source == TraceSource::RecordedHere;
}

void StepState::startRecording()
{
    if (const std::optional<RecordingOutcome> now = m_recorder->start(m_request)) {
        onRecorded(*now);
        return;
    }
    emit recorderChanged();
}

void StepState::cancelRecording()
{
    m_recorder->cancel();
}

void StepState::onRecorded(const RecordingOutcome& o)
{
    using Kind = RecordingOutcome::Kind;
    if (o.kind == Kind::Recorded) {
        m_trace = o.trace.trace;
        m_source = TraceSource::RecordedHere;
        m_origin = o.trace.origin;
        m_step = std::clamp(m_step, 0, std::max(0, stepCount() - 1));
        emit traceChanged();
    } else {
        showMessage(QStringLiteral("trace"), o.message);
        if (o.kind == Kind::NoDevice)
            m_gpu = GpuStatus{false, QString(), o.message};
        if (o.kind == Kind::NoDevice || o.kind == Kind::Cancelled)
            setSwitch(false);
    }
    emit recorderChanged();
    emit recordingFinished(o.kind == Kind::Recorded);
}

// --- lessons and defaults --------------------------------------------------------------------

bool StepState::applyLesson(const model::Lesson& lesson)
{
    TraceRequest r;
    r.strategy = QString::fromStdString(lesson.strategy);
    r.input = app::lessonInputText(lesson);
    r.params = lesson.params;
    // Checked before anything changes: a lesson that does not build leaves the state as it was.
    const TraceOutcome main = buildTrace(r);
    if (main.error) {
        clearMessages();
        showMessage(normalisedField(main.error->field), main.error->message);
        return false;
    }
    const QString compare = lesson.compare ? QString::fromStdString(*lesson.compare) : QString();
    if (!compare.isEmpty()) {
        TraceRequest other = r;
        other.strategy = compare;
        if (const TraceOutcome second = buildTrace(other); second.error) {
            clearMessages();
            showMessage(QStringLiteral("compare"), echoValue(compare) + QStringLiteral(": ") + second.error->message);
            return false;
        }
    }
    setSwitch(false);
    m_compareId.clear();
    m_compareTrace.reset();
    applyRequest(r);
    if (!compare.isEmpty())
        setCompareStrategy(compare);
    setStep(lesson.step - 1);
    return true;
}

void StepState::resetToDefaults()
{
    setPredictMode(false);
    setSwitch(false);
    m_compareId.clear();
    m_compareTrace.reset();
    m_step = 0;
    applyRequest(TraceRequest{});
    emit stepChanged(m_step);
}

// --- predict mode ------------------------------------------------------------------------------

void StepState::setPredictMode(bool on)
{
    if (on == m_predict)
        return;
    m_predict = on;
    m_score = model::Score{};
    m_question.reset();
    m_questionTrace = nullptr;
    m_questionStep = -1;
    if (on)
        askQuestion();
    else {
        m_answerSet.clear();
        m_answerNumber.reset();
        m_grade.reset();
        clearMessage(QStringLiteral("answer"));
    }
    emit predictChanged();
}

void StepState::askQuestion()
{
    if (!m_predict)
        return;
    const int step = stepOf(0);
    // The same step of the same trace keeps its question (and its answer, revealed or not).
    if (m_question && m_questionTrace == m_trace.get() && m_questionStep == step)
        return;
    m_question.reset();
    m_answerSet.clear();
    m_answerNumber.reset();
    m_grade.reset();
    clearMessage(QStringLiteral("answer"));
    m_questionTrace = m_trace.get();
    m_questionStep = step;
    if (m_trace && step < int(m_trace->steps.size())) {
        const std::vector<model::Question> qs = model::questions_for(*m_trace, step, m_asked);
        if (!qs.empty())
            m_question = qs[m_asked % qs.size()];
        ++m_asked;
    }
    emit predictChanged();
}

void StepState::nextQuestion()
{
    if (!m_predict)
        return;
    m_questionTrace = nullptr;  // forces a new one for the same step
    askQuestion();
}

bool StepState::toggleAnswer(int id)
{
    if (!m_question || m_grade || m_question->form != model::AnswerForm::Set)
        return false;
    const auto& choices = m_question->choices;
    if (std::find(choices.begin(), choices.end(), id) == choices.end())
        return false;
    const auto it = std::lower_bound(m_answerSet.begin(), m_answerSet.end(), id);
    const bool add = it == m_answerSet.end() || *it != id;
    if (add)
        m_answerSet.insert(it, id);
    else
        m_answerSet.erase(it);
    emit predictChanged();
    return add;
}

void StepState::answerClick(ClickedItem item, int id)
{
    if (!m_question || m_grade || m_question->form != model::AnswerForm::Set)
        return;
    using Kind = model::QuestionKind;
    const ClickedItem wanted = m_question->kind == Kind::DivergentWarps ? ClickedItem::Warp
                             : m_question->kind == Kind::ActiveLanes    ? ClickedItem::Lane
                                                                        : ClickedItem::Cell;
    if (item == wanted)
        toggleAnswer(id);
}

bool StepState::setAnswerText(const QString& text)
{
    if (!m_question || m_grade || m_question->form != model::AnswerForm::Number)
        return false;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        m_answerNumber.reset();
        clearMessage(QStringLiteral("answer"));
        emit predictChanged();
        return true;
    }
    bool ok = false;
    double v = trimmed.toDouble(&ok);
    if (!ok) {
        const std::optional<float> f = model::parse_value(trimmed.toStdString());
        ok = f.has_value();
        v = ok ? double(*f) : 0;
    }
    if (!ok) {
        showMessage(QStringLiteral("answer"), tr("answer must be one number, nan, inf or -inf (got \"%1\")").arg(echoValue(trimmed)));
        return false;
    }
    clearMessage(QStringLiteral("answer"));
    m_answerNumber = v;
    emit predictChanged();
    return true;
}

const model::Grade* StepState::reveal()
{
    if (!m_question || m_grade)
        return nullptr;
    model::Answer a;
    a.set = m_answerSet;
    a.number = m_answerNumber;
    m_grade = model::grade(*m_question, a);
    m_score.add(*m_grade);
    emit predictChanged();
    return &*m_grade;
}

void StepState::resetScore()
{
    m_score = model::Score{};
    emit predictChanged();
}

// --- messages ----------------------------------------------------------------------------------

void StepState::showMessage(const QString& field, const QString& message)
{
    m_messages.insert(normalisedField(field), message);
    emit messagesChanged();
}

void StepState::clearMessage(const QString& field)
{
    if (m_messages.remove(field) > 0)
        emit messagesChanged();
}

void StepState::clearMessages()
{
    if (m_messages.isEmpty())
        return;
    m_messages.clear();
    emit messagesChanged();
}

} // namespace reducescope::app
