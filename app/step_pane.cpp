// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step_pane.h"

#include "app/message_text.h"
#include "app/presets.h"
#include "model/catalogue.h"
#include "model/simulate.h"
#include "views/counters_view.h"
#include "views/source_view.h"
#include "views/step_view.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDataStream>
#include <QFileDialog>
#include <QPushButton>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace reducescope::app {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kSummaryRole = Qt::UserRole + 2;

// Strategy list entries: the id in bold and its one-line explanation under it; family headers
// in bold caps. The closed combo box shows just the id.
class StrategyDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        const QString summary = index.data(kSummaryRole).toString();
        const bool header = index.data(kIdRole).toString().isEmpty();
        opt.text.clear();
        opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, p, opt.widget);
        const QRect r = option.rect.adjusted(header ? 6 : 18, 2, -6, -2);
        const bool selected = option.state & QStyle::State_Selected;
        const QPalette& pal = option.palette;
        p->save();
        QFont bold = option.font;
        bold.setBold(true);
        p->setFont(bold);
        p->setPen(selected ? pal.color(QPalette::HighlightedText) : pal.color(header ? QPalette::PlaceholderText : QPalette::Text));
        const QFontMetrics fm(bold);
        p->drawText(QRect(r.left(), r.top(), r.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                    index.data(Qt::DisplayRole).toString());
        if (!summary.isEmpty()) {
            p->setFont(option.font);
            p->setPen(selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::PlaceholderText));
            const QFontMetrics sm(option.font);
            p->drawText(QRect(r.left(), r.top() + fm.height(), r.width(), sm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                        sm.elidedText(summary, Qt::ElideRight, r.width()));
        }
        p->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const QFontMetrics fm(option.font);
        const bool twoLines = !index.data(kSummaryRole).toString().isEmpty();
        return QSize(720, fm.height() * (twoLines ? 2 : 1) + 8);
    }
};

// Fills a combo box with the strategies that have a step model, grouped by family.
void fillStrategies(QComboBox* box)
{
    auto* model = new QStandardItemModel(box);
    std::optional<model::Family> family;
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (!s.has_model)
            continue;
        if (family != s.family) {
            family = s.family;
            const std::string_view name = model::family_name(s.family);
            auto* header = new QStandardItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
            header->setFlags(Qt::NoItemFlags);
            model->appendRow(header);
        }
        const QString id = QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
        auto* item = new QStandardItem(id);
        item->setData(id, kIdRole);
        const QString summary = QString::fromUtf8(s.summary.data(), qsizetype(s.summary.size()));
        item->setData(summary, kSummaryRole);
        item->setData(summary + QStringLiteral("\n") + QString::fromUtf8(s.seed.data(), qsizetype(s.seed.size())),
                      Qt::ToolTipRole);
        model->appendRow(item);
    }
    box->setModel(model);
    box->setItemDelegate(new StrategyDelegate(box));
    box->view()->setMinimumWidth(720);
}

int indexOfId(const QComboBox* box, const QString& id)
{
    return box->findData(id, kIdRole);
}

QString normalisedField(QString field)
{
    field = field.toLower().replace(QLatin1Char('_'), QLatin1Char('-'));
    static const QStringList known{QStringLiteral("input"), QStringLiteral("block-size"), QStringLiteral("warp-size"),
                                   QStringLiteral("coarse-factor"), QStringLiteral("banks"), QStringLiteral("compare"),
                                   QStringLiteral("trace"), QStringLiteral("counters")};
    return known.contains(field) ? field : QStringLiteral("strategy");
}

} // namespace

/// One side of the centre: the step view over its kernel source.
struct StepPane::Column {
    QSplitter* splitter = nullptr;
    QScrollArea* scroll = nullptr;
    views::StepView* view = nullptr;
    views::SourceView* source = nullptr;
};

StepPane::StepPane(QWidget* parent)
    : QWidget(parent)
    , m_playTimer(new QTimer(this))
    , m_editTimer(new QTimer(this))
{
    buildPicker();
    buildInputs();
    buildRecording();
    buildColumns();
    buildControls();
    buildLayout();
    connectEditors();
    loadRequestIntoEditors(m_request);
    applyRequest(m_request);
    // Asking the CUDA runtime can take a moment (driver start-up): on a thread of its own, so the
    // first frame does not wait for it.
    m_probeThread = QThread::create([this] { m_probeResult = probeGpu(); });
    connect(m_probeThread, &QThread::finished, this, [this] {
        if (!m_gpuForced)
            applyGpuStatus(m_probeResult);
    });
    connect(m_probeThread, &QThread::finished, m_probeThread, &QObject::deleteLater);
    m_probeThread->start();
}

StepPane::~StepPane()
{
    if (m_probeThread)
        m_probeThread->wait();
}

void StepPane::buildPicker()
{
    m_strategy = new QComboBox;
    fillStrategies(m_strategy);
    m_strategy->setToolTip(tr("Strategy: grouped the way the seeds teach them"));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_compareCheck = new QCheckBox(tr("Compare with"));
    m_compareStrategy = new QComboBox;
    fillStrategies(m_compareStrategy);
    m_compareStrategy->setCurrentIndex(indexOfId(m_compareStrategy, QStringLiteral("simple")));
    m_compareStrategy->setEnabled(false);
}

void StepPane::buildInputs()
{
    m_input = new QLineEdit;
    m_input->setMaxLength(kInputMaxLength);  // the default 32767 would cut 4096 long values
    m_input->setPlaceholderText(QStringLiteral("6,2,7,4,5,8,3,1"));
    m_input->setToolTip(tr("1..4096 values, separated by commas or spaces (nan, inf, -inf accepted)"));
    m_presets = new QComboBox;
    m_presets->addItem(tr("Presets…"));
    for (const Preset& p : loadPresets())
        m_presets->addItem(p.name, p.text);
    m_blockSize = new QSpinBox;
    m_blockSize->setRange(0, 1024);
    m_blockSize->setSpecialValueText(tr("strategy default"));
    m_blockSize->setToolTip(tr("Block size: a power of two in 1..1024 (0 = the strategy's default)"));
    m_warpSize = new QComboBox;
    for (int w : {32, 16, 8, 4})
        m_warpSize->addItem(w == 32 ? tr("32") : tr("%1 (teaching aid: real GPUs use 32)").arg(w), w);
    m_coarseFactor = new QSpinBox;
    m_coarseFactor->setRange(1, 64);
    m_coarseFactor->setToolTip(tr("COARSE_FACTOR: 1..64 elements pairs summed per thread in registers"));
    m_banks = new QComboBox;
    for (int b : {32, 16, 8, 4})
        m_banks->addItem(QString::number(b), b);
    m_counters = new views::CountersView;
}

void StepPane::buildRecording()
{
    m_recorder = recordOnGpu;
    m_recordedCheck = new QCheckBox(tr("Recorded on the GPU"));
    m_recordedCheck->setEnabled(false);
    m_recordedCheck->setToolTip(tr("Checking for a CUDA device…"));
    m_openTraceButton = new QPushButton(tr("Open trace…"));
    m_openTraceButton->setToolTip(tr("Show a trace saved by reducescope-cli trace --json, or a GPU recording saved by "
                                     "reducescope-cli trace --on-gpu --json (made on another machine)"));
    m_modelButton = new QPushButton(tr("Back to the model"));
    m_modelButton->hide();
    m_originLabel = new QLabel;
    m_originLabel->setWordWrap(true);
    m_countersButton = new QPushButton(tr("Load hardware counters…"));
    m_countersButton->setToolTip(tr("A results file of reducescope-cli bench --counters: Nsight Compute's figures beside "
                                    "the model's (docs/hardware-counters.md)"));
    m_clearCountersButton = new QPushButton(tr("Hide"));
    m_clearCountersButton->setEnabled(false);
    m_openTraceAction = new QAction(tr("Open &trace (JSON)…"), this);
    m_openTraceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_loadCountersAction = new QAction(tr("Load &hardware counters…"), this);
    connect(m_openTraceButton, &QPushButton::clicked, this, &StepPane::chooseTraceFile);
    connect(m_openTraceAction, &QAction::triggered, this, &StepPane::chooseTraceFile);
    connect(m_countersButton, &QPushButton::clicked, this, &StepPane::chooseCountersFile);
    connect(m_loadCountersAction, &QAction::triggered, this, &StepPane::chooseCountersFile);
    connect(m_clearCountersButton, &QPushButton::clicked, this, &StepPane::clearHardwareCounters);
    connect(m_modelButton, &QPushButton::clicked, this, &StepPane::showModel);
    connect(m_recordedCheck, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_loadingEditors)
            setShowRecorded(on);
    });
}

void StepPane::applyGpuStatus(const GpuStatus& status)
{
    m_gpu = status;
    m_recordedCheck->setEnabled(status.available);
    m_recordedCheck->setToolTip(status.available
        ? tr("Show what the kernel's recording probe records on %1 for this strategy, input and parameters").arg(status.device)
        : status.reason);
    if (!status.available && m_recordedCheck->isChecked()) {
        const QSignalBlocker block(m_recordedCheck);
        m_recordedCheck->setChecked(false);
    }
}

void StepPane::setGpuRecorder(const GpuStatus& status, GpuRecorder recorder)
{
    m_gpuForced = true;
    m_recorder = std::move(recorder);
    applyGpuStatus(status);
}

QString StepPane::traceBanner() const
{
    return showsRecordedTrace() ? originBanner(m_origin) : QString();
}

bool StepPane::setShowRecorded(bool on)
{
    if (on && !m_gpu.available) {
        clearFieldErrors();
        showFieldError(QStringLiteral("trace"), m_gpu.reason.isEmpty() ? tr("no CUDA device") : m_gpu.reason);
        const QSignalBlocker block(m_recordedCheck);
        m_recordedCheck->setChecked(false);
        return false;
    }
    {
        const QSignalBlocker block(m_recordedCheck);
        m_recordedCheck->setChecked(on);
    }
    applyRequest(m_request);
    return !on || m_source == Source::RecordedHere;
}

bool StepPane::openTraceFile(const QString& path)
{
    const OriginTrace r = readTraceFile(path);
    if (!r.trace) {
        clearFieldErrors();
        showFieldError(QStringLiteral("trace"), r.error);
        return false;
    }
    clearFieldErrors();
    const TraceRequest request = requestOf(*r.trace);
    loadRequestIntoEditors(request);
    {
        const QSignalBlocker block(m_recordedCheck);
        m_recordedCheck->setChecked(false);
    }
    m_editTimer->stop();
    m_request = request;
    m_trace = r.trace;
    m_source = Source::File;
    m_origin = r.origin;
    showNewTrace(request, /*keepCompareOnError=*/false);
    return true;
}

void StepPane::showModel()
{
    {
        const QSignalBlocker block(m_recordedCheck);
        m_recordedCheck->setChecked(false);
    }
    applyRequest(m_request);
}

void StepPane::showOrigin()
{
    const QString banner = traceBanner();
    m_columns[0]->view->setBanner(banner);
    m_counters->setRecordedBanner(banner);
    m_modelButton->setVisible(m_source == Source::File);
    QString text;
    if (m_source == Source::Model)
        text = tr("Showing: the step model");
    else if (!m_origin.recordedOnGpu)
        text = tr("Showing: a step-model trace from %1").arg(echoPath(m_origin.file, 60));
    else {
        text = tr("Showing: <b>recorded on the GPU</b> (%1)").arg(echoValue(m_origin.device, 80).toHtmlEscaped());
        if (!m_origin.splitWarps.isEmpty())
            text += tr("<br>%n warp(s) ran a step in several groups (split __activemask())", "", int(m_origin.splitWarps.size()));
    }
    if (m_source != Source::Model && !m_origin.description.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(m_origin.description.left(400).toHtmlEscaped());
    m_originLabel->setText(text);
    if (m_source == Source::Model)
        m_originLabel->setToolTip(QString());
    else
        m_originLabel->setToolTip(m_origin.notRecorded.isEmpty() ? QString()
                                  : tr("Not recorded by a probe:\n• %1").arg(m_origin.notRecorded.join(QStringLiteral("\n• "))));
}

bool StepPane::loadHardwareCounters(const QString& path)
{
    QString error;
    std::optional<HardwareCounters> c = readHardwareCounters(path, &error);
    if (!c) {
        showFieldError(QStringLiteral("counters"), error);
        return false;
    }
    if (QLabel* l = m_messages.value(QStringLiteral("counters"))) {
        l->clear();
        l->hide();
    }
    m_hardware = std::move(c);
    m_clearCountersButton->setEnabled(true);
    updateHardware();
    // Room for the model / hardware columns and their explanations, then bring them into view
    // once the sidebar has laid them out.
    if (const QList<int> sizes = m_mainSplitter->sizes(); sizes.size() == 2 && sizes[0] < 560)
        m_mainSplitter->setSizes({560, std::max(1040, sizes[0] + sizes[1] - 560)});
    QTimer::singleShot(0, this, [this] { m_sideScroll->verticalScrollBar()->setValue(m_sideScroll->verticalScrollBar()->maximum()); });
    return true;
}

void StepPane::clearHardwareCounters()
{
    m_hardware.reset();
    m_clearCountersButton->setEnabled(false);
    updateHardware();
}

void StepPane::updateHardware()
{
    if (!m_hardware || !m_trace) {
        m_counters->setHardwareComparison(std::nullopt);
        return;
    }
    m_counters->setHardwareComparison(compareWithModel(*m_hardware, QString::fromStdString(m_trace->strategy), m_trace.get()));
}

void StepPane::chooseTraceFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a trace"), QString(), tr("Trace JSON (*.json)"));
    if (!path.isEmpty())
        openTraceFile(path);
}

void StepPane::chooseCountersFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load hardware counters"), QString(),
                                                      tr("Results with counters (*.json)"));
    if (!path.isEmpty())
        loadHardwareCounters(path);
}

void StepPane::buildColumns()
{
    for (auto& c : m_columns) {
        c = std::make_unique<Column>();
        c->view = new views::StepView;
        c->scroll = new QScrollArea;
        c->scroll->setWidget(c->view);
        c->scroll->setWidgetResizable(true);
        c->scroll->setFrameShape(QFrame::NoFrame);
        c->source = new views::SourceView;
        c->splitter = new QSplitter(Qt::Vertical);
        c->splitter->addWidget(c->scroll);
        c->splitter->addWidget(c->source);
        c->splitter->setStretchFactor(0, 3);
        c->splitter->setStretchFactor(1, 1);
        c->splitter->setSizes({640, 220});
    }
}

void StepPane::buildControls()
{
    auto make = [this](QStyle::StandardPixmap icon, const QString& text, QKeySequence key, auto slot) {
        auto* a = new QAction(style()->standardIcon(icon), text, this);
        a->setShortcut(key);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_firstAction = make(QStyle::SP_MediaSkipBackward, tr("First step"), QKeySequence(Qt::Key_Home), &StepPane::first);
    m_prevAction = make(QStyle::SP_MediaSeekBackward, tr("Previous step"), QKeySequence(Qt::Key_Left), &StepPane::previous);
    m_playAction = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"), this);
    m_playAction->setCheckable(true);
    m_playAction->setShortcut(QKeySequence(Qt::Key_Space));
    m_playAction->setToolTip(tr("Play / pause (Space)"));
    connect(m_playAction, &QAction::toggled, this, &StepPane::setPlaying);
    m_nextAction = make(QStyle::SP_MediaSeekForward, tr("Next step"), QKeySequence(Qt::Key_Right), &StepPane::next);
    m_lastAction = make(QStyle::SP_MediaSkipForward, tr("Last step"), QKeySequence(Qt::Key_End), &StepPane::last);
    m_compareAction = new QAction(tr("Compare mode"), this);
    m_compareAction->setCheckable(true);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(m_compareAction, &QAction::toggled, m_compareCheck, &QCheckBox::setChecked);

    m_speed = new QComboBox;
    for (double s : {0.5, 1.0, 2.0, 4.0})
        m_speed->addItem(tr("%1 steps/s").arg(s), s);
    m_speed->setCurrentIndex(1);
    m_speed->setToolTip(tr("Playback speed"));
    m_scrubber = new QSlider(Qt::Horizontal);
    m_scrubber->setRange(0, 0);
    m_scrubber->setPageStep(1);
    m_scrubber->setToolTip(tr("Scrub through the steps"));
    m_stepLabel = new QLabel;
    QFont big = m_stepLabel->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_stepLabel->setFont(big);
    m_stepLabel->setMinimumWidth(140);

    auto* bar = new QToolBar;
    bar->setIconSize(QSize(24, 24));
    bar->addActions({m_firstAction, m_prevAction, m_playAction, m_nextAction, m_lastAction});
    bar->addWidget(m_speed);
    m_controls = new QWidget;
    auto* row = new QHBoxLayout(m_controls);
    row->setContentsMargins(4, 2, 4, 2);
    row->addWidget(bar);
    row->addWidget(m_stepLabel);
    row->addWidget(m_scrubber, 1);

    connect(m_scrubber, &QSlider::valueChanged, this, &StepPane::setStep);
    connect(m_playTimer, &QTimer::timeout, this, [this] {
        if (m_step + 1 >= stepCount())
            setPlaying(false);
        else
            next();
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_playTimer->setInterval(playIntervalMs()); });
}

QWidget* StepPane::fieldWithMessage(QWidget* editor, const QString& field)
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

void StepPane::buildLayout()
{
    m_sidebar = new QWidget;
    auto* form = new QFormLayout(m_sidebar);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Strategy"), fieldWithMessage(m_strategy, QStringLiteral("strategy")));
    form->addRow(m_summary);
    auto* compareRow = new QWidget;
    auto* ch = new QHBoxLayout(compareRow);
    ch->setContentsMargins(0, 0, 0, 0);
    ch->addWidget(m_compareCheck);
    ch->addWidget(m_compareStrategy, 1);
    form->addRow(fieldWithMessage(compareRow, QStringLiteral("compare")));
    auto* traceRow = new QWidget;
    auto* th = new QHBoxLayout(traceRow);
    th->setContentsMargins(0, 0, 0, 0);
    th->addWidget(m_recordedCheck);
    th->addStretch(1);
    th->addWidget(m_openTraceButton);
    th->addWidget(m_modelButton);
    auto* traceBox = new QWidget;
    auto* tv = new QVBoxLayout(traceBox);
    tv->setContentsMargins(0, 0, 0, 0);
    tv->setSpacing(2);
    tv->addWidget(traceRow);
    tv->addWidget(m_originLabel);
    form->addRow(fieldWithMessage(traceBox, QStringLiteral("trace")));
    form->addRow(tr("Input"), fieldWithMessage(m_input, QStringLiteral("input")));
    form->addRow(tr("Preset"), m_presets);
    form->addRow(tr("Block size"), fieldWithMessage(m_blockSize, QStringLiteral("block-size")));
    form->addRow(tr("Warp size"), fieldWithMessage(m_warpSize, QStringLiteral("warp-size")));
    form->addRow(tr("Coarse factor"), fieldWithMessage(m_coarseFactor, QStringLiteral("coarse-factor")));
    form->addRow(tr("Banks"), fieldWithMessage(m_banks, QStringLiteral("banks")));
    auto* countersRow = new QWidget;
    auto* chl = new QHBoxLayout(countersRow);
    chl->setContentsMargins(0, 0, 0, 0);
    chl->addWidget(m_countersButton);
    chl->addWidget(m_clearCountersButton);
    chl->addStretch(1);
    form->addRow(fieldWithMessage(countersRow, QStringLiteral("counters")));
    form->addRow(m_counters);
    auto* sideScroll = new QScrollArea;
    m_sideScroll = sideScroll;
    sideScroll->setWidget(m_sidebar);
    sideScroll->setWidgetResizable(true);
    sideScroll->setMinimumWidth(300);

    m_columnSplitter = new QSplitter(Qt::Horizontal);
    m_columnSplitter->addWidget(m_columns[0]->splitter);
    m_columnSplitter->addWidget(m_columns[1]->splitter);
    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->addWidget(sideScroll);
    m_mainSplitter->addWidget(m_columnSplitter);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({430, 1170});

    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_controls);
    v->addWidget(m_mainSplitter, 1);
    updateCompareVisibility();
}

void StepPane::connectEditors()
{
    m_editTimer->setSingleShot(true);
    m_editTimer->setInterval(300);
    connect(m_editTimer, &QTimer::timeout, this, &StepPane::rebuildFromEditors);
    auto soon = [this] { if (!m_loadingEditors) m_editTimer->start(); };
    // Typed or pasted text that reached maxLength may have been cut by QLineEdit: say so at the
    // field and keep the last valid trace instead of re-parsing fewer values.
    connect(m_input, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (text.size() >= m_input->maxLength()) {
            m_editTimer->stop();
            clearFieldErrors();
            showFieldError(QStringLiteral("input"), inputTooLongMessage(-1));
        }
    });
    auto now = [this] { if (!m_loadingEditors) rebuildFromEditors(); };
    connect(m_input, &QLineEdit::textEdited, this, [this, soon](const QString& text) {
        if (text.size() < m_input->maxLength())
            soon();
    });
    connect(m_input, &QLineEdit::returnPressed, this, [this, now] {
        if (m_input->text().size() < m_input->maxLength())
            now();
    });
    connect(m_strategy, &QComboBox::currentIndexChanged, this, now);
    connect(m_blockSize, &QSpinBox::valueChanged, this, soon);
    connect(m_coarseFactor, &QSpinBox::valueChanged, this, soon);
    connect(m_warpSize, &QComboBox::currentIndexChanged, this, now);
    connect(m_banks, &QComboBox::currentIndexChanged, this, now);
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        if (index <= 0)
            return;
        const QString text = m_presets->itemData(index).toString();
        m_presets->setCurrentIndex(0);
        if (text.size() > m_input->maxLength()) {
            clearFieldErrors();
            showFieldError(QStringLiteral("input"), inputTooLongMessage(int(text.size())));
            return;
        }
        m_input->setText(text);
        rebuildFromEditors();
    });
    connect(m_compareCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_compareStrategy->setEnabled(on);
        m_compareAction->setChecked(on);
        if (!m_loadingEditors)
            setCompareStrategy(on ? m_compareStrategy->currentData(kIdRole).toString() : QString());
    });
    connect(m_compareStrategy, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_loadingEditors && m_compareCheck->isChecked())
            setCompareStrategy(m_compareStrategy->currentData(kIdRole).toString());
    });
}

void StepPane::loadRequestIntoEditors(const TraceRequest& r)
{
    m_loadingEditors = true;
    const int si = indexOfId(m_strategy, r.strategy);
    if (si >= 0)
        m_strategy->setCurrentIndex(si);
    m_input->setText(r.input);
    m_blockSize->setValue(r.params.block_size);
    const int wi = m_warpSize->findData(r.params.warp_size);
    if (wi >= 0)
        m_warpSize->setCurrentIndex(wi);
    m_coarseFactor->setValue(r.params.coarse_factor);
    const int bi = m_banks->findData(r.params.banks);
    if (bi >= 0)
        m_banks->setCurrentIndex(bi);
    m_loadingEditors = false;
    refreshSummary();
}

void StepPane::rebuildFromEditors()
{
    m_editTimer->stop();
    TraceRequest r;
    r.strategy = m_strategy->currentData(kIdRole).toString();
    r.input = m_input->text();
    r.params.block_size = m_blockSize->value();
    r.params.warp_size = m_warpSize->currentData().toInt();
    r.params.coarse_factor = m_coarseFactor->value();
    r.params.banks = m_banks->currentData().toInt();
    refreshSummary();
    applyRequest(r);
}

QString StepPane::inputTooLongMessage(int length) const
{
    if (length < 0)
        return tr("input may hold at most %1 characters (the text reached the limit and may have been cut; "
                  "last valid input kept)").arg(m_input->maxLength());
    return tr("input may hold at most %1 characters (got %2; last valid input kept)").arg(m_input->maxLength()).arg(length);
}

bool StepPane::setRequest(const TraceRequest& request)
{
    // The editor would cut longer text silently (and a rebuild would then read fewer values).
    if (request.input.size() > m_input->maxLength()) {
        clearFieldErrors();
        showFieldError(QStringLiteral("input"), inputTooLongMessage(int(request.input.size())));
        return false;
    }
    loadRequestIntoEditors(request);
    return applyRequest(request);
}

TraceRequest StepPane::request() const
{
    return m_request;
}

bool StepPane::applyRequest(const TraceRequest& request)
{
    clearFieldErrors();
    const TraceOutcome main = buildTrace(request);
    if (main.error) {
        showFieldError(normalisedField(main.error->field), main.error->message);
        return false;
    }
    m_request = request;
    m_trace = main.trace;
    m_source = Source::Model;
    m_origin = TraceOrigin{};
    if (m_recordedCheck->isChecked() && m_recorder) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const OriginTrace recorded = m_recorder(request);
        QApplication::restoreOverrideCursor();
        if (recorded.trace) {
            m_trace = recorded.trace;
            m_source = Source::RecordedHere;
            m_origin = recorded.origin;
        } else {
            showFieldError(QStringLiteral("trace"), recorded.error);
            if (recorded.noDevice)
                applyGpuStatus(GpuStatus{false, QString(), recorded.error});
        }
    }
    showNewTrace(request, /*keepCompareOnError=*/true);
    return true;
}

void StepPane::showNewTrace(const TraceRequest& request, bool keepCompareOnError)
{
    if (!m_compareId.isEmpty()) {
        TraceRequest other = request;
        other.strategy = m_compareId;
        const TraceOutcome second = buildTrace(other);
        if (!second.error || !keepCompareOnError)
            m_compareTrace = second.trace;
        if (second.error)
            showFieldError(QStringLiteral("compare"), echoValue(m_compareId) + QStringLiteral(": ") + second.error->message);
    }
    m_columns[0]->view->setTrace(m_trace);
    m_columns[1]->view->setTrace(m_compareTrace);
    showOrigin();
    updateHardware();
    refreshStep();
    emit traceChanged();
}

bool StepPane::setCompareStrategy(const QString& id)
{
    clearFieldErrors();
    if (id.isEmpty()) {
        m_compareId.clear();
        m_compareTrace.reset();
    } else {
        TraceRequest other = m_request;
        other.strategy = id;
        if (!modelStrategyIds().contains(id)) {
            showFieldError(QStringLiteral("compare"), QStringLiteral("compare must be one of %1 (got \"%2\")")
                                                          .arg(modelStrategyIds().join(QStringLiteral(", ")), echoValue(id)));
            return false;
        }
        const TraceOutcome second = buildTrace(other);
        if (second.error) {
            showFieldError(QStringLiteral("compare"), echoValue(id) + QStringLiteral(": ") + second.error->message);
            return false;
        }
        m_compareId = id;
        m_compareTrace = second.trace;
    }
    m_loadingEditors = true;
    m_compareCheck->setChecked(!m_compareId.isEmpty());
    m_compareStrategy->setEnabled(!m_compareId.isEmpty());
    m_compareAction->setChecked(!m_compareId.isEmpty());
    if (!m_compareId.isEmpty())
        m_compareStrategy->setCurrentIndex(indexOfId(m_compareStrategy, m_compareId));
    m_loadingEditors = false;
    m_columns[1]->view->setTrace(m_compareTrace);
    updateCompareVisibility();
    refreshStep();
    emit traceChanged();
    return true;
}

QString StepPane::compareStrategy() const
{
    return m_compareId;
}

void StepPane::updateCompareVisibility()
{
    const bool on = !m_compareId.isEmpty();
    m_columns[1]->splitter->setVisible(on);
    if (on) {
        const int w = std::max(800, m_columnSplitter->width());
        m_columnSplitter->setSizes({w / 2, w / 2});
    }
}

void StepPane::showFieldError(const QString& field, const QString& message)
{
    QLabel* label = m_messages.value(field, m_messages.value(QStringLiteral("strategy")));
    label->setText(message);
    label->show();
}

void StepPane::clearFieldErrors()
{
    for (QLabel* label : std::as_const(m_messages)) {
        label->clear();
        label->hide();
    }
}

QString StepPane::fieldMessage(const QString& field) const
{
    const QLabel* label = m_messages.value(field);
    return label && !label->isHidden() ? label->text() : QString();
}

void StepPane::refreshSummary()
{
    const std::string id = m_strategy->currentData(kIdRole).toString().toStdString();
    const model::StrategyInfo* s = model::find_strategy(id);
    if (!s) {
        m_summary->clear();
        return;
    }
    m_summary->setText(QStringLiteral("%1<br><i>%2</i>")
                           .arg(QString::fromUtf8(s->summary.data(), qsizetype(s->summary.size())).toHtmlEscaped(),
                                QString::fromUtf8(s->seed.data(), qsizetype(s->seed.size())).toHtmlEscaped()));
}

int StepPane::stepCount() const
{
    int n = m_trace ? int(m_trace->steps.size()) : 0;
    if (m_compareTrace)
        n = std::max(n, int(m_compareTrace->steps.size()));
    return n;
}

void StepPane::setStep(int k)
{
    k = std::clamp(k, 0, std::max(0, stepCount() - 1));
    if (k == m_step)
        return;
    m_step = k;
    refreshStep();
    emit stepChanged(m_step);
}

void StepPane::refreshStep()
{
    m_step = std::clamp(m_step, 0, std::max(0, stepCount() - 1));
    const std::shared_ptr<const model::Trace> traces[2] = {m_trace, m_compareTrace};
    for (int i = 0; i < 2; ++i) {
        Column& c = *m_columns[i];
        const auto& t = traces[i];
        if (!t || t->steps.empty()) {
            c.source->highlightLines({});
            continue;
        }
        const int k = std::min(m_step, int(t->steps.size()) - 1);
        c.view->setStep(k);
        c.source->showFile(QString::fromStdString(t->source_file));
        const auto& lines = t->steps[std::size_t(k)].source_lines;
        c.source->highlightLines(QVector<int>(lines.begin(), lines.end()));
    }
    const int kA = m_trace && !m_trace->steps.empty() ? std::min(m_step, int(m_trace->steps.size()) - 1) : 0;
    const int kB = m_compareTrace && !m_compareTrace->steps.empty() ? std::min(m_step, int(m_compareTrace->steps.size()) - 1) : 0;
    m_counters->setTraces({m_trace, kA, m_trace ? model::running_totals(*m_trace, kA) : model::StepCounters{}},
                          {m_compareTrace, kB, m_compareTrace ? model::running_totals(*m_compareTrace, kB) : model::StepCounters{}});

    const int last = std::max(0, stepCount() - 1);
    {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setRange(0, last);
        m_scrubber->setValue(m_step);
    }
    m_stepLabel->setText(stepCount() ? tr("step %1 / %2").arg(m_step + 1).arg(stepCount()) : tr("no trace"));
    if (showsRecordedTrace())
        m_stepLabel->setText(m_stepLabel->text() + tr(" · recorded on the GPU"));
    m_firstAction->setEnabled(m_step > 0);
    m_prevAction->setEnabled(m_step > 0);
    m_nextAction->setEnabled(m_step < last);
    m_lastAction->setEnabled(m_step < last);
}

views::StepView* StepPane::stepView(int column) const
{
    return m_columns[column == 0 ? 0 : 1]->view;
}

views::SourceView* StepPane::sourceView(int column) const
{
    return m_columns[column == 0 ? 0 : 1]->source;
}

QList<QAction*> StepPane::stepActions() const
{
    return {m_firstAction, m_prevAction, m_playAction, m_nextAction, m_lastAction};
}

void StepPane::first() { setStep(0); }
void StepPane::previous() { setStep(m_step - 1); }
void StepPane::next() { setStep(m_step + 1); }
void StepPane::last() { setStep(stepCount() - 1); }

bool StepPane::isPlaying() const
{
    return m_playTimer->isActive();
}

int StepPane::playIntervalMs() const
{
    const double speed = m_speed->currentData().toDouble();
    return int(1000.0 / (speed > 0 ? speed : 1.0));
}

void StepPane::setPlaying(bool playing)
{
    if (playing && m_step + 1 >= stepCount())
        setStep(0);  // play from the start when parked at the end
    if (playing)
        m_playTimer->start(playIntervalMs());
    else
        m_playTimer->stop();
    const QSignalBlocker block(m_playAction);
    m_playAction->setChecked(playing);
    m_playAction->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_playAction->setText(playing ? tr("Pause") : tr("Play"));
}

QByteArray StepPane::saveState() const
{
    QByteArray out;
    QDataStream s(&out, QIODevice::WriteOnly);
    s << qint32(1) << m_mainSplitter->saveState() << m_columnSplitter->saveState()
      << m_columns[0]->splitter->saveState() << m_columns[1]->splitter->saveState() << qint32(m_speed->currentIndex());
    return out;
}

void StepPane::restoreState(const QByteArray& state)
{
    QDataStream s(state);
    qint32 version = 0, speed = 1;
    QByteArray main, cols, c0, c1;
    s >> version >> main >> cols >> c0 >> c1 >> speed;
    if (version != 1 || s.status() != QDataStream::Ok)
        return;
    m_mainSplitter->restoreState(main);
    m_columnSplitter->restoreState(cols);
    m_columns[0]->splitter->restoreState(c0);
    m_columns[1]->splitter->restoreState(c1);
    if (speed >= 0 && speed < m_speed->count())
        m_speed->setCurrentIndex(speed);
}

} // namespace reducescope::app
