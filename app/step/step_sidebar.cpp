// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/step_sidebar.h"

#include "app/common/data_paths.h"
#include "app/common/language.h"
#include "app/common/message_text.h"
#include "app/step/presets.h"
#include "views/step/counters_view.h"
#include "views/common/model_text.h"
#include "views/step/strategy_picker.h"

#include "model/catalogue.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace reducescope::app {
namespace {

// The strategies with a step model, from the catalogue, for the pickers (summaries and families in
// the window's language).
QVector<views::StrategyEntry> modelStrategyEntries()
{
    auto text = [](std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); };
    QVector<views::StrategyEntry> out;
    for (const model::StrategyInfo& s : model::catalogue())
        if (s.has_model)
            out.push_back({text(s.id), views::familyName(s.family), views::strategySummary(s), views::strategySeed(s)});
    return out;
}

} // namespace

StepSidebar::StepSidebar(StepState* state, QWidget* parent)
    : QScrollArea(parent)
    , m_state(state)
    , m_editTimer(new QTimer(this))
{
    buildEditors();
    buildTraceSource();
    buildAtomicOrder();
    buildForm();
    connectEditors();
}

StepSidebar::~StepSidebar() = default;

void StepSidebar::buildEditors()
{
    const QVector<views::StrategyEntry> strategies = modelStrategyEntries();
    m_strategy = new views::StrategyPicker;
    m_strategy->setStrategies(strategies);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_compareCheck = new QCheckBox;
    m_compareStrategy = new views::StrategyPicker;
    m_compareStrategy->setStrategies(strategies);
    m_compareStrategy->setCurrentId(QStringLiteral("simple"));
    m_compareStrategy->setEnabled(false);
    m_compareAction = new QAction(this);
    m_compareAction->setCheckable(true);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));

    m_input = new QLineEdit;
    m_input->setMaxLength(StepState::kInputMaxLength);  // the default 32767 would cut 4096 long values
    m_input->setPlaceholderText(QStringLiteral("6,2,7,4,5,8,3,1"));
    m_presets = new QComboBox;
    m_presets->addItem(QString());
    for (const Preset& p : loadPresets())
        m_presets->addItem(p.name, p.text);
    m_blockSize = new QSpinBox;
    m_blockSize->setRange(0, 1024);
    m_blockSize->setKeyboardTracking(false);  // one request per typed number, not one per digit
    m_warpSize = new QComboBox;
    for (int w : {32, 16, 8, 4})
        m_warpSize->addItem(QString(), w);
    m_coarseFactor = new QSpinBox;
    m_coarseFactor->setRange(1, 64);
    m_coarseFactor->setKeyboardTracking(false);
    m_banks = new QComboBox;
    for (int b : {32, 16, 8, 4})
        m_banks->addItem(QString::number(b), b);
    m_counters = new views::CountersView;
}

void StepSidebar::buildTraceSource()
{
    m_recordedCheck = new QCheckBox;
    m_recordedCheck->setEnabled(false);
    // While reducescope-cli records: a busy bar and Cancel (the model stays on screen meanwhile).
    m_recordingRow = new QWidget;
    auto* rh = new QHBoxLayout(m_recordingRow);
    rh->setContentsMargins(0, 0, 0, 0);
    auto* busy = new QProgressBar;
    busy->setRange(0, 0);  // no figures to show: reducescope-cli says nothing until it is done
    busy->setTextVisible(false);
    m_cancelRecording = new QPushButton;
    m_recordingLabel = new QLabel;
    rh->addWidget(m_recordingLabel);
    rh->addWidget(busy, 1);
    rh->addWidget(m_cancelRecording);
    m_recordingRow->hide();
    m_openTraceButton = new QPushButton;
    m_modelButton = new QPushButton;
    m_modelButton->hide();
    m_originLabel = new QLabel;
    m_originLabel->setWordWrap(true);
    m_countersButton = new QPushButton;
    m_clearCountersButton = new QPushButton;
    m_clearCountersButton->setEnabled(false);
    m_openTraceAction = new QAction(this);
    m_openTraceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_loadCountersAction = new QAction(this);
    connect(m_openTraceButton, &QPushButton::clicked, this, &StepSidebar::chooseTraceFile);
    connect(m_openTraceAction, &QAction::triggered, this, &StepSidebar::chooseTraceFile);
    connect(m_countersButton, &QPushButton::clicked, this, &StepSidebar::chooseCountersFile);
    connect(m_loadCountersAction, &QAction::triggered, this, &StepSidebar::chooseCountersFile);
    connect(m_clearCountersButton, &QPushButton::clicked, this, &StepSidebar::clearHardwareCounters);
    connect(m_modelButton, &QPushButton::clicked, m_state, &StepState::showModel);
    connect(m_cancelRecording, &QPushButton::clicked, m_state, &StepState::cancelRecording);
    connect(m_recordedCheck, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_syncing)
            m_state->setShowRecorded(on);
    });
}

QWidget* StepSidebar::fieldWithMessage(QWidget* editor, const QString& field)
{
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    v->addWidget(editor);
    auto* message = new QLabel;
    message->setWordWrap(true);
    message->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    message->hide();
    v->addWidget(message);
    m_messages.insert(field, message);
    return box;
}

void StepSidebar::buildForm()
{
    auto row = [](std::initializer_list<QWidget*> widgets, int stretchAfter) {
        auto* w = new QWidget;
        auto* h = new QHBoxLayout(w);
        h->setContentsMargins(0, 0, 0, 0);
        int i = 0;
        for (QWidget* x : widgets) {
            if (i++ == stretchAfter)
                h->addStretch(1);
            h->addWidget(x);
        }
        if (stretchAfter >= int(widgets.size()))
            h->addStretch(1);
        return w;
    };
    auto* sidebar = new QWidget;
    auto* form = new QFormLayout(sidebar);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto label = [this](const QString& key) {
        auto* l = new QLabel;
        m_formLabels.insert(key, l);
        return l;
    };
    form->addRow(label(QStringLiteral("strategy")), fieldWithMessage(m_strategy, QStringLiteral("strategy")));
    form->addRow(m_summary);
    QWidget* compareRow = row({m_compareCheck, m_compareStrategy}, -1);
    static_cast<QHBoxLayout*>(compareRow->layout())->setStretch(1, 1);
    form->addRow(fieldWithMessage(compareRow, QStringLiteral("compare")));
    auto* traceBox = new QWidget;
    auto* tv = new QVBoxLayout(traceBox);
    tv->setContentsMargins(0, 0, 0, 0);
    tv->setSpacing(2);
    tv->addWidget(row({m_recordedCheck, m_openTraceButton, m_modelButton}, 1));
    tv->addWidget(m_recordingRow);
    tv->addWidget(m_originLabel);
    form->addRow(fieldWithMessage(traceBox, QStringLiteral("trace")));
    form->addRow(label(QStringLiteral("input")), fieldWithMessage(m_input, QStringLiteral("input")));
    form->addRow(label(QStringLiteral("preset")), m_presets);
    form->addRow(label(QStringLiteral("block-size")), fieldWithMessage(m_blockSize, QStringLiteral("block-size")));
    form->addRow(label(QStringLiteral("warp-size")), fieldWithMessage(m_warpSize, QStringLiteral("warp-size")));
    form->addRow(label(QStringLiteral("coarse-factor")), fieldWithMessage(m_coarseFactor, QStringLiteral("coarse-factor")));
    form->addRow(label(QStringLiteral("banks")), fieldWithMessage(m_banks, QStringLiteral("banks")));
    form->addRow(label(QStringLiteral("atomic-order")), fieldWithMessage(m_atomicOrder, QStringLiteral("atomic-order")));
    form->addRow(m_atomicSum);
    form->addRow(fieldWithMessage(row({m_countersButton, m_clearCountersButton}, 2), QStringLiteral("counters")));
    form->addRow(m_counters);
    setWidget(sidebar);
    setWidgetResizable(true);
    setMinimumWidth(220);
}

void StepSidebar::retranslate(bool pickers)
{
    const auto labels = std::initializer_list<std::pair<const char*, QString>>{
        {"strategy", tr("Strategy")}, {"input", tr("Input")},           {"preset", tr("Preset")},
        {"block-size", tr("Block size")}, {"warp-size", tr("Warp size")}, {"coarse-factor", tr("Coarse factor")},
        {"banks", tr("Banks")}, {"atomic-order", tr("Atomic order seed")}};
    for (const auto& [key, text] : labels)
        if (QLabel* l = m_formLabels.value(QLatin1String(key)))
            l->setText(text);
    m_strategy->setToolTip(tr("Strategy: grouped the way the seeds teach them"));
    m_compareCheck->setText(tr("Compare with"));
    m_compareAction->setText(tr("Compare mode"));
    m_input->setToolTip(tr("1..4096 values, separated by commas or spaces (nan, inf, -inf accepted)"));
    m_presets->setItemText(0, tr("Presets…"));
    const QVector<Preset> presets = loadPresets();
    for (int i = 0; i < presets.size() && i + 1 < m_presets->count(); ++i)
        m_presets->setItemText(i + 1, presets[i].displayName(currentLanguage()));
    m_blockSize->setSpecialValueText(tr("strategy default"));
    m_blockSize->setToolTip(tr("Block size: a power of two in 1..1024 (0 = the strategy's default)"));
    for (int i = 0; i < m_warpSize->count(); ++i) {
        const int w = m_warpSize->itemData(i).toInt();
        m_warpSize->setItemText(i, w == 32 ? QStringLiteral("32") : tr("%1 (teaching aid: real GPUs use 32)").arg(w));
    }
    m_warpSize->setToolTip(tr("Warp size: 32 on every NVIDIA GPU; 4, 8 or 16 make small examples show warps"));
    m_coarseFactor->setToolTip(tr("COARSE_FACTOR: 1..64 elements pairs summed per thread in registers"));
    m_banks->setToolTip(tr("Shared-memory banks: 32 on every current GPU; 4, 8 or 16 as a teaching aid"));
    refreshAtomicOrder();
    m_recordedCheck->setText(tr("Recorded on the GPU"));
    m_cancelRecording->setText(tr("Cancel"));
    m_cancelRecording->setToolTip(tr("Stop the recording; the step model stays"));
    m_recordingLabel->setText(tr("Recording on the GPU…"));
    m_openTraceButton->setText(tr("Open trace…"));
    m_openTraceButton->setToolTip(tr("Show a trace saved by reducescope-cli trace --json, or a GPU recording saved by "
                                     "reducescope-cli trace --on-gpu --json (made on another machine)"));
    m_modelButton->setText(tr("Back to the model"));
    m_countersButton->setText(tr("Load hardware counters…"));
    m_countersButton->setToolTip(tr("A results file of reducescope-cli bench --counters: Nsight Compute's figures beside "
                                    "the model's (docs/hardware-counters.md)"));
    m_clearCountersButton->setText(tr("Hide"));
    m_openTraceAction->setText(tr("Open &trace (JSON)…"));
    m_loadCountersAction->setText(tr("Load &hardware counters…"));
    if (!pickers)
        return;
    const bool was = std::exchange(m_syncing, true);
    const QVector<views::StrategyEntry> strategies = modelStrategyEntries();
    const bool ownShown = m_strategy->currentId().isEmpty();  // an own kernel's trace: no entry chosen
    for (views::StrategyPicker* picker : {m_strategy, m_compareStrategy}) {
        const QString id = picker->currentId();
        picker->setStrategies(strategies);
        picker->setCurrentId(id);
    }
    if (const QString kernel = ownKernelName(); !kernel.isEmpty() && ownShown) {
        m_strategy->setCurrentIndex(-1);
        m_strategy->setPlaceholderText(kernel);
    }
    m_syncing = was;
    refreshSummary();
}

void StepSidebar::connectEditors()
{
    m_editTimer->setSingleShot(true);
    m_editTimer->setInterval(300);
    connect(m_editTimer, &QTimer::timeout, this, [this] { applyEditor(QStringLiteral("input")); });
    // Each editor applies its own field onto the state's last valid request: a refused value in
    // one field never blocks (or is carried into) a change of another.
    auto field = [this](const QString& name) {
        return [this, name] {
            if (!m_syncing)
                applyEditor(name);
        };
    };
    // Typed or pasted text that reached maxLength may have been cut by QLineEdit: say so at the
    // field and keep the last valid trace instead of re-parsing fewer values.
    connect(m_input, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (text.size() >= m_input->maxLength())
            showInputCut();
        else if (!m_syncing)
            m_editTimer->start();
    });
    connect(m_input, &QLineEdit::returnPressed, this, [this] {
        if (m_input->text().size() < m_input->maxLength())
            applyEditor(QStringLiteral("input"));
    });
    // Leaving the field with refused text in it: back to what the picture shows (the message
    // stays and names what was refused).
    connect(m_input, &QLineEdit::editingFinished, this, [this] {
        if (!m_syncing && !m_input->hasFocus() && !m_editTimer->isActive() && m_input->text() != m_state->request().input)
            syncEditors();
    });
    connect(m_strategy, &QComboBox::currentIndexChanged, this, field(QStringLiteral("strategy")));
    connect(m_blockSize, &QSpinBox::valueChanged, this, field(QStringLiteral("block-size")));
    connect(m_coarseFactor, &QSpinBox::valueChanged, this, field(QStringLiteral("coarse-factor")));
    connect(m_warpSize, &QComboBox::currentIndexChanged, this, field(QStringLiteral("warp-size")));
    connect(m_banks, &QComboBox::currentIndexChanged, this, field(QStringLiteral("banks")));
    connect(m_atomicOrder, &QSpinBox::valueChanged, this, field(QStringLiteral("atomic-order")));
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        if (index <= 0)
            return;
        const QString text = m_presets->itemData(index).toString();
        m_presets->setCurrentIndex(0);
        if (text.size() > m_input->maxLength()) {
            TraceRequest r = m_state->request();
            r.input = text;
            m_state->setRequest(r);  // refused: the message at "input", the last valid trace stays
            syncEditors();
            return;
        }
        m_input->setText(text);
        applyEditor(QStringLiteral("input"));
    });
    connect(m_compareAction, &QAction::toggled, m_compareCheck, &QCheckBox::setChecked);
    connect(m_compareCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_compareStrategy->setEnabled(on);
        m_compareAction->setChecked(on);
        if (!m_syncing)
            m_state->setCompareStrategy(on ? m_compareStrategy->currentId() : QString());
    });
    connect(m_compareStrategy, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing && m_compareCheck->isChecked())
            m_state->setCompareStrategy(m_compareStrategy->currentId());
    });
}

void StepSidebar::showInputCut()
{
    m_editTimer->stop();
    m_state->clearMessages();
    m_state->showMessage(QStringLiteral("input"),
                         tr("input may hold at most %1 characters (the text reached the limit and may have been cut; "
                            "last valid input kept)").arg(m_input->maxLength()));
}

void StepSidebar::loadRequest(const TraceRequest& r)
{
    const bool was = std::exchange(m_syncing, true);
    if (m_strategy->setCurrentId(r.strategy)) {
        m_modelStrategy = r.strategy;
        m_strategy->setPlaceholderText(QString());
    } else if (const QString kernel = ownKernelName(); !kernel.isEmpty()) {
        // The student's kernel (an engine trace): no catalogue strategy is shown as if it ran.
        m_strategy->setCurrentIndex(-1);
        m_strategy->setPlaceholderText(kernel);
    }
    if (m_input->text() != r.input)
        m_input->setText(r.input);  // the same text is not set again: the cursor stays where it is
    m_blockSize->setValue(r.params.block_size);
    if (const int wi = m_warpSize->findData(r.params.warp_size); wi >= 0)
        m_warpSize->setCurrentIndex(wi);
    m_coarseFactor->setValue(r.params.coarse_factor);
    if (const int bi = m_banks->findData(r.params.banks); bi >= 0)
        m_banks->setCurrentIndex(bi);
    m_atomicOrder->setValue(r.params.atomic_order);
    m_syncing = was;
    refreshSummary();
}

TraceRequest StepSidebar::controlsRequest() const
{
    TraceRequest r;
    r.strategy = m_strategy->currentId();
    if (r.strategy.isEmpty())  // an own kernel shown: an edit runs the last catalogue strategy's model
        r.strategy = m_modelStrategy;
    r.input = m_input->text();
    r.params = m_state->request().params;  // fields without an editor follow the state
    r.params.atomic_order = m_atomicOrder->value();
    r.params.block_size = m_blockSize->value();
    r.params.warp_size = m_warpSize->currentData().toInt();
    r.params.coarse_factor = m_coarseFactor->value();
    r.params.banks = m_banks->currentData().toInt();
    return r;
}

void StepSidebar::stopPendingEdit() { m_editTimer->stop(); }

void StepSidebar::applyInput() { applyEditor(QStringLiteral("input")); }

void StepSidebar::applyEditor(const QString& field)
{
    const bool inputPending = m_editTimer->isActive();
    m_editTimer->stop();
    const TraceRequest shown = controlsRequest();
    refreshSummary();
    const bool ok = m_state->applyEdit(field, shown, inputPending);
    // Refused: the controls go back to what the picture shows, except the input being typed in
    // (its text stays to be corrected, with the message under it, until the field is left).
    if (!ok || m_state->request().input != shown.input)
        syncEditors();
}

void StepSidebar::syncEditors()
{
    const bool keepTyping = m_input->hasFocus() && !m_state->message(QStringLiteral("input")).isEmpty();
    const QString typed = m_input->text();
    TraceRequest r = m_state->request();
    if (keepTyping)
        r.input = typed;
    loadRequest(r);
}

bool StepSidebar::openTraceFile(const QString& path)
{
    if (!m_state->openTraceFile(path))
        return false;
    m_editTimer->stop();
    loadRequest(m_state->request());
    return true;
}

bool StepSidebar::openTrace(std::shared_ptr<const model::Trace> trace, const TraceOrigin& origin)
{
    if (!m_state->openTrace(std::move(trace), origin))
        return false;
    m_editTimer->stop();
    loadRequest(m_state->request());
    return true;
}

void StepSidebar::showTrace()
{
    const QString compare = m_state->compareStrategy();
    {
        const bool was = std::exchange(m_syncing, true);
        m_compareCheck->setChecked(!compare.isEmpty());
        m_compareStrategy->setEnabled(!compare.isEmpty());
        m_compareAction->setChecked(!compare.isEmpty());
        if (!compare.isEmpty())
            m_compareStrategy->setCurrentId(compare);
        m_syncing = was;
    }
    syncEditors();
    showOrigin();
    updateHardware();
    refreshAtomicOrder();
}

void StepSidebar::showMessages()
{
    for (auto it = m_messages.cbegin(); it != m_messages.cend(); ++it) {
        const QString text = m_state->message(it.key());
        it.value()->setText(text);
        it.value()->setVisible(!text.isEmpty());
    }
}

void StepSidebar::showRecorder()
{
    const GpuStatus& gpu = m_state->gpuStatus();
    const RecorderState state = m_state->recorderState();
    {
        const bool was = std::exchange(m_syncing, true);
        m_recordedCheck->setChecked(m_state->showRecorded());
        m_syncing = was;
    }
    m_recordedCheck->setEnabled(gpu.available && state != RecorderState::Probing);
    m_recordedCheck->setToolTip(state == RecorderState::Probing ? tr("Checking for a CUDA device…")
        : gpu.available ? tr("Show what the kernel's recording probe records on %1 for this strategy, input and parameters").arg(gpu.device)
                        : gpu.reason);
    m_recordingRow->setVisible(state == RecorderState::Recording);
}

void StepSidebar::showOrigin()
{
    const TraceSource source = m_state->source();
    const TraceOrigin& origin = m_state->origin();
    m_counters->setRecordedBanner(m_state->traceBanner(), m_state->showsRecordedTrace());
    m_modelButton->setVisible(source == TraceSource::File);
    QString text;
    if (source == TraceSource::Model)
        text = tr("Showing: the step model");
    else if (const auto t = m_state->trace();
             !origin.recordedOnGpu && (!origin.ownKernel.isEmpty() || (t && !t->own_source.empty()))) {
        const QString kernel = !origin.ownKernel.isEmpty() ? origin.ownKernel : QString::fromStdString(t->strategy);
        text = origin.file.isEmpty()
                   ? tr("Showing: the CPU engine's trace of your kernel <b>%1</b>").arg(echoValue(kernel, 80).toHtmlEscaped())
                   : tr("Showing: the CPU engine's trace of your kernel <b>%1</b> from %2")
                         .arg(echoValue(kernel, 80).toHtmlEscaped(), echoPath(origin.file, 60));
    }
    else if (!origin.recordedOnGpu)
        text = tr("Showing: a step-model trace from %1").arg(echoPath(origin.file, 60));
    else {
        text = tr("Showing: <b>recorded on the GPU</b> (%1)").arg(echoValue(origin.device, 80).toHtmlEscaped());
        if (!origin.splitWarps.isEmpty())
            text += tr("<br>%n warp(s) ran a step in several groups (split __activemask())", "", int(origin.splitWarps.size()));
    }
    if (source != TraceSource::Model && !origin.description.isEmpty())
        text += QStringLiteral("<br>") + views::noteHtml(origin.description.left(400).toHtmlEscaped());
    m_originLabel->setText(text);
    // An own kernel's trace has no coarse factor of the model's (its source says how it coarsens).
    const auto shown = m_state->trace();
    m_coarseFactor->setEnabled(!(source != TraceSource::Model && shown && !shown->own_source.empty()));
    m_originLabel->setToolTip(source == TraceSource::Model || origin.notRecorded.isEmpty() ? QString()
                              : tr("Not recorded by a probe:\n• %1").arg(origin.notRecorded.join(QStringLiteral("\n• "))));
}

bool StepSidebar::loadHardwareCounters(const QString& path)
{
    QString error;
    std::optional<HardwareCounters> c = readHardwareCounters(path, &error);
    return showHardwareCounters(std::move(c), error);
}

bool StepSidebar::setHardwareCounters(const bench::ResultsFile& file, const QString& fileName)
{
    QString error;
    std::optional<HardwareCounters> c = hardwareCountersOf(file, fileName, &error);
    return showHardwareCounters(std::move(c), error);
}

bool StepSidebar::showHardwareCounters(std::optional<HardwareCounters> c, const QString& error)
{
    if (!c) {
        m_state->showMessage(QStringLiteral("counters"), error);
        return false;
    }
    m_state->clearMessage(QStringLiteral("counters"));
    m_hardware = std::move(c);
    m_clearCountersButton->setEnabled(true);
    updateHardware();
    emit countersLoaded();
    // Bring the model / hardware columns and their explanations into view once laid out.
    QTimer::singleShot(0, this, [this] { verticalScrollBar()->setValue(verticalScrollBar()->maximum()); });
    return true;
}

void StepSidebar::clearHardwareCounters()
{
    m_hardware.reset();
    m_clearCountersButton->setEnabled(false);
    updateHardware();
}

void StepSidebar::updateHardware()
{
    const auto trace = m_state->trace();
    if (!m_hardware || !trace) {
        m_counters->setHardwareComparison(std::nullopt);
        return;
    }
    m_counters->setHardwareComparison(compareWithModel(*m_hardware, QString::fromStdString(trace->strategy), trace.get()));
}

void StepSidebar::chooseTraceFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a trace"), shippedTracesFolder(), tr("Trace JSON (*.json)"));
    if (!path.isEmpty())
        openTraceFile(path);
}

void StepSidebar::chooseCountersFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load hardware counters"), shippedResultsFolder(),
                                                      tr("Results with counters (*.json)"));
    if (!path.isEmpty())
        loadHardwareCounters(path);
}

QString StepSidebar::ownKernelName() const
{
    const std::shared_ptr<const model::Trace> t = m_state->trace();
    if (m_state->source() == TraceSource::Model || !t || t->own_source.empty())
        return {};
    const QString kernel = !m_state->origin().ownKernel.isEmpty() ? m_state->origin().ownKernel : QString::fromStdString(t->strategy);
    // The kernel's file: the editor's (its origin), else the one the trace names (a trace file).
    const QString file = !m_state->origin().ownKernel.isEmpty() && !m_state->origin().file.isEmpty()
        ? QFileInfo(m_state->origin().file).fileName()
        : QString::fromStdString(t->source_file);
    return file.isEmpty() ? tr("your kernel %1").arg(echoValue(kernel, 60))
                          : tr("your kernel %1 (%2)").arg(echoValue(kernel, 60), echoPath(file, 60));
}

void StepSidebar::refreshSummary()
{
    if (const QString kernel = ownKernelName(); !kernel.isEmpty() && m_strategy->currentId().isEmpty()) {
        m_summary->setText(tr("%1, run on the CPU engine: not a catalogue strategy. Choose a strategy to step its model.")
                               .arg(kernel.toHtmlEscaped()));
        return;
    }
    const views::StrategyEntry* s = m_strategy->entry(m_strategy->currentId());
    m_summary->setText(s ? QStringLiteral("%1<br>%2").arg(s->summary.toHtmlEscaped(), views::noteHtml(s->seed.toHtmlEscaped()))
                         : QString());
}

} // namespace reducescope::app
