// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step_pane.h"

#include "app/data_paths.h"
#include "app/language.h"
#include "app/message_text.h"
#include "app/presets.h"
#include "views/counters_view.h"
#include "views/model_text.h"
#include "views/lessons.h"
#include "views/predict_text.h"
#include "views/source_view.h"
#include "views/step_view.h"
#include "views/strategy_picker.h"
#include "views/transport_bar.h"
#include "views/view_colors.h"
#include "views/warp_map_view.h"

#include "model/catalogue.h"
#include "model/simulate.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDataStream>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QScreen>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
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

/// One side of the centre: the step view over its kernel source.
struct StepPane::Column {
    QSplitter* splitter = nullptr;
    QScrollArea* scroll = nullptr;
    views::StepView* view = nullptr;
    views::SourceView* source = nullptr;
};

StepPane::StepPane(QWidget* parent)
    : QWidget(parent)
    , m_state(new StepState(this))
    , m_editTimer(new QTimer(this))
{
    buildEditors();
    buildTraceSource();
    buildAtomicOrder();
    buildColumns();
    m_transport = new views::TransportBar;
    buildClassroom();
    buildLayout();
    connectEditors();
    connectState();
    retranslate();
    loadRequestIntoEditors(m_state->request());
    showTrace();
    showRecorder();
    // Asking the CUDA driver can take a moment: a child `reducescope-cli devices`, so the first
    // frame does not wait for it.
    m_state->probeGpu();
}

StepPane::~StepPane() = default;

void StepPane::buildEditors()
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
    m_input->setMaxLength(kInputMaxLength);  // the default 32767 would cut 4096 long values
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

void StepPane::buildTraceSource()
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
    connect(m_openTraceButton, &QPushButton::clicked, this, &StepPane::chooseTraceFile);
    connect(m_openTraceAction, &QAction::triggered, this, &StepPane::chooseTraceFile);
    connect(m_countersButton, &QPushButton::clicked, this, &StepPane::chooseCountersFile);
    connect(m_loadCountersAction, &QAction::triggered, this, &StepPane::chooseCountersFile);
    connect(m_clearCountersButton, &QPushButton::clicked, this, &StepPane::clearHardwareCounters);
    connect(m_modelButton, &QPushButton::clicked, this, &StepPane::showModel);
    connect(m_cancelRecording, &QPushButton::clicked, m_state, &StepState::cancelRecording);
    connect(m_recordedCheck, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_syncing)
            m_state->setShowRecorded(on);
    });
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
        // The view's height follows its width: a scroll bar that came and went would change the
        // width, hence the height, hence the need for the bar, without end (seen in presentation
        // mode at 1920×1080). Always there, it cannot oscillate.
        c->scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
        c->source = new views::SourceView;
        c->splitter = new QSplitter(Qt::Vertical);
        c->splitter->addWidget(c->scroll);
        c->splitter->addWidget(c->source);
        c->splitter->setStretchFactor(0, 3);
        c->splitter->setStretchFactor(1, 1);
        c->splitter->setSizes({640, 220});
    }
    // The two compare columns scroll together (the same part of both pictures side by side).
    for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal}) {
        QScrollBar* bars[2] = {o == Qt::Vertical ? m_columns[0]->scroll->verticalScrollBar() : m_columns[0]->scroll->horizontalScrollBar(),
                               o == Qt::Vertical ? m_columns[1]->scroll->verticalScrollBar() : m_columns[1]->scroll->horizontalScrollBar()};
        for (int i = 0; i < 2; ++i) {
            QScrollBar* other = bars[1 - i];
            connect(bars[i], &QScrollBar::valueChanged, this, [this, other](int value) {
                if (m_scrollSyncing)
                    return;
                const bool was = std::exchange(m_scrollSyncing, true);
                other->setValue(value);
                m_scrollSyncing = was;
            });
        }
    }
    // Both views zoom together, and clicks in the main column answer predict-mode questions.
    for (int i = 0; i < 2; ++i) {
        views::StepView* view = m_columns[i]->view;
        views::StepView* other = m_columns[1 - i]->view;
        connect(view, &views::StepView::zoomChanged, this, [other](double z) {
            if (!qFuzzyCompare(other->zoom(), z))
                other->setZoom(z);
        });
    }
    views::StepView* main = m_columns[0]->view;
    connect(main, &views::StepView::warpClicked, this, [this](int id) { onViewClicked(0, id); });
    connect(main, &views::StepView::laneClicked, this, [this](int id) { onViewClicked(1, id); });
    connect(main, &views::StepView::cellClicked, this, [this](int id) { onViewClicked(2, id); });
    m_warpMap = new views::WarpMapView;
    connect(m_warpMap, &views::WarpMapView::stepClicked, m_state, &StepState::setStep);
}

void StepPane::buildClassroom()
{
    m_lessonLabel = new QLabel;
    m_lessonLabel->setWordWrap(true);
    m_lessonLabel->setTextFormat(Qt::RichText);
    auto* closeLesson = m_closeLessonButton = new QToolButton;
    m_lessonBox = new QWidget;
    auto* lh = new QHBoxLayout(m_lessonBox);
    lh->setContentsMargins(8, 4, 8, 4);
    lh->addWidget(m_lessonLabel, 1);
    lh->addWidget(closeLesson, 0, Qt::AlignTop);
    m_lessonBox->hide();
    connect(closeLesson, &QToolButton::clicked, this, [this] {
        m_lesson.reset();
        m_lessonLabel->clear();
        m_lessonBox->hide();
    });

    // Words: retranslate().
    m_predictAction = new QAction(this);
    m_predictAction->setCheckable(true);
    m_predictAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_revealAction = new QAction(this);
    m_revealAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_nextQuestionAction = new QAction(this);
    m_nextQuestionAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_predictAction, &QAction::toggled, m_state, &StepState::setPredictMode);
    connect(m_revealAction, &QAction::triggered, this, [this] {
        if (m_answerEdit->isVisible() && !m_state->setAnswerText(m_answerEdit->text()))
            return;
        m_state->reveal();
    });
    connect(m_nextQuestionAction, &QAction::triggered, m_state, &StepState::nextQuestion);
    m_predictButton = new QToolButton;
    m_predictButton->setDefaultAction(m_predictAction);
    m_predictButton->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_questionLabel = new QLabel;
    m_questionLabel->setWordWrap(true);
    QFont qf = m_questionLabel->font();
    qf.setBold(true);
    m_questionLabel->setFont(qf);
    m_answerEdit = new QLineEdit;
    m_answerEdit->setMaximumWidth(260);
    m_answerMessage = new QLabel;
    m_answerMessage->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    m_answerMessage->hide();
    m_messages.insert(QStringLiteral("answer"), m_answerMessage);
    auto* reveal = new QToolButton;
    reveal->setDefaultAction(m_revealAction);
    auto* another = new QToolButton;
    another->setDefaultAction(m_nextQuestionAction);
    m_verdictLabel = new QLabel;
    m_verdictLabel->setWordWrap(true);
    m_scoreLabel = new QLabel;
    m_predictBox = new QWidget;
    auto* pv = new QVBoxLayout(m_predictBox);
    pv->setContentsMargins(8, 4, 8, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(m_questionLabel, 1);
    top->addWidget(m_answerEdit);
    top->addWidget(reveal);
    top->addWidget(another);
    top->addWidget(m_scoreLabel);
    pv->addLayout(top);
    pv->addWidget(m_answerMessage);
    pv->addWidget(m_verdictLabel);
    m_predictBox->hide();
    connect(m_answerEdit, &QLineEdit::returnPressed, m_revealAction, &QAction::trigger);
    connect(m_state, &StepState::predictChanged, this, &StepPane::showPredict);
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
    m_sideScroll = new QScrollArea;
    m_sideScroll->setWidget(sidebar);
    m_sideScroll->setWidgetResizable(true);
    m_sideScroll->setMinimumWidth(220);

    m_columnSplitter = new QSplitter(Qt::Horizontal);
    m_columnSplitter->addWidget(m_columns[0]->splitter);
    m_columnSplitter->addWidget(m_columns[1]->splitter);
    m_centreTabs = new QTabWidget;
    m_centreTabs->setDocumentMode(true);
    m_centreTabs->addTab(m_columnSplitter, QString());  // words: retranslate()
    m_centreTabs->addTab(m_warpMap, QString());
    auto* centre = new QWidget;
    auto* cv = new QVBoxLayout(centre);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->setSpacing(0);
    cv->addWidget(m_lessonBox);
    cv->addWidget(m_predictBox);
    cv->addWidget(m_centreTabs, 1);
    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->addWidget(m_sideScroll);
    m_mainSplitter->addWidget(centre);
    m_mainSplitter->setCollapsible(1, false);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({430, 1170});

    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 4, 0);
    bar->addWidget(m_transport, 1);
    bar->addWidget(m_predictButton);
    v->addLayout(bar);
    v->addWidget(m_mainSplitter, 1);
    updateCompareVisibility();
}

void StepPane::retranslate()
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
    // Classroom mode: lesson note, predict panel, the centre's tabs.
    m_closeLessonButton->setText(tr("Close"));
    m_closeLessonButton->setToolTip(tr("Hide the lesson's note"));
    if (m_lesson)
        m_lessonLabel->setText(QStringLiteral("<b>%1</b><br>%2").arg(views::lessonTitle(*m_lesson).toHtmlEscaped(),
                                                                     views::lessonNote(*m_lesson).toHtmlEscaped()));
    m_predictAction->setText(tr("&Predict mode"));
    m_predictAction->setToolTip(tr("Predict mode: answer a question about each step before it is revealed"));
    m_revealAction->setText(tr("&Reveal the step"));
    m_nextQuestionAction->setText(tr("&Another question"));
    m_answerEdit->setPlaceholderText(tr("your answer"));
    // The Reveal and Another question buttons show their actions' words (QToolButton::setDefaultAction).
    m_centreTabs->setTabText(0, tr("Steps"));
    m_centreTabs->setTabText(1, tr("Warp map"));
}

void StepPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The pickers' summaries and families, keeping the choices.
        const bool was = std::exchange(m_syncing, true);
        const QVector<views::StrategyEntry> strategies = modelStrategyEntries();
        for (views::StrategyPicker* picker : {m_strategy, m_compareStrategy}) {
            const QString id = picker->currentId();
            picker->setStrategies(strategies);
            picker->setCurrentId(id);
        }
        m_syncing = was;
        m_state->retranslate();
        refreshSummary();
        showRecorder();
        showOrigin();
        updateHardware();
        refreshStep();
        // A refusal shown at an editor is said again in the new language.
        for (const QString& field : {QStringLiteral("input"), QStringLiteral("strategy"), QStringLiteral("block-size"),
                                     QStringLiteral("warp-size"), QStringLiteral("coarse-factor"), QStringLiteral("banks")})
            if (!m_state->message(field).isEmpty()) {
                rebuildFromEditors();
                break;
            }
    }
    QWidget::changeEvent(event);
}

void StepPane::connectEditors()
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

void StepPane::connectState()
{
    connect(m_state, &StepState::traceChanged, this, &StepPane::showTrace);
    connect(m_state, &StepState::stepChanged, this, [this](int k) {
        refreshStep();
        emit stepChanged(k);
    });
    connect(m_state, &StepState::messagesChanged, this, &StepPane::showMessages);
    connect(m_state, &StepState::recorderChanged, this, &StepPane::showRecorder);
    connect(m_transport, &views::TransportBar::stepRequested, m_state, &StepState::setStep);
}

void StepPane::showInputCut()
{
    m_editTimer->stop();
    m_state->clearMessages();
    m_state->showMessage(QStringLiteral("input"),
                         tr("input may hold at most %1 characters (the text reached the limit and may have been cut; "
                            "last valid input kept)").arg(m_input->maxLength()));
}

void StepPane::loadRequestIntoEditors(const TraceRequest& r)
{
    const bool was = std::exchange(m_syncing, true);
    m_strategy->setCurrentId(r.strategy);
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

TraceRequest StepPane::controlsRequest() const
{
    TraceRequest r;
    r.strategy = m_strategy->currentId();
    r.input = m_input->text();
    r.params = m_state->request().params;  // fields without an editor follow the state
    r.params.atomic_order = m_atomicOrder->value();
    r.params.block_size = m_blockSize->value();
    r.params.warp_size = m_warpSize->currentData().toInt();
    r.params.coarse_factor = m_coarseFactor->value();
    r.params.banks = m_banks->currentData().toInt();
    return r;
}

void StepPane::rebuildFromEditors()
{
    applyEditor(QStringLiteral("input"));
}

void StepPane::applyEditor(const QString& field)
{
    const bool inputPending = m_editTimer->isActive();
    m_editTimer->stop();
    const TraceRequest shown = controlsRequest();
    TraceRequest r = m_state->request();
    if (field == QLatin1String("input") || inputPending)
        r.input = shown.input;
    if (field == QLatin1String("strategy"))
        r.strategy = shown.strategy;
    else if (field == QLatin1String("block-size"))
        r.params.block_size = shown.params.block_size;
    else if (field == QLatin1String("warp-size"))
        r.params.warp_size = shown.params.warp_size;
    else if (field == QLatin1String("coarse-factor"))
        r.params.coarse_factor = shown.params.coarse_factor;
    else if (field == QLatin1String("banks"))
        r.params.banks = shown.params.banks;
    else if (field == QLatin1String("atomic-order"))
        r.params.atomic_order = shown.params.atomic_order;
    refreshSummary();
    const bool ok = m_state->setRequest(r);
    // Refused: the controls go back to what the picture shows, except the input being typed in
    // (its text stays to be corrected, with the message under it, until the field is left).
    if (!ok || r.input != shown.input)
        syncEditors();
}

void StepPane::syncEditors()
{
    const bool keepTyping = m_input->hasFocus() && !m_state->message(QStringLiteral("input")).isEmpty();
    const QString typed = m_input->text();
    TraceRequest r = m_state->request();
    if (keepTyping)
        r.input = typed;
    loadRequestIntoEditors(r);
}

bool StepPane::setRequest(const TraceRequest& request)
{
    m_editTimer->stop();
    const bool ok = m_state->setRequest(request);
    loadRequestIntoEditors(m_state->request());  // refused: the controls show what the picture shows
    return ok;
}

bool StepPane::openTraceFile(const QString& path)
{
    if (!m_state->openTraceFile(path))
        return false;
    m_editTimer->stop();
    loadRequestIntoEditors(m_state->request());
    return true;
}

void StepPane::showTrace()
{
    m_columns[0]->view->setTrace(m_state->trace());
    m_columns[1]->view->setTrace(m_state->compareTrace());
    // The compare widgets follow the state (it may have refused or dropped the compared strategy).
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
    if (m_compareShown != !compare.isEmpty())
        updateCompareVisibility();
    syncEditors();
    m_warpMap->setTraces(m_state->trace(), m_state->compareTrace());
    showOrigin();
    updateHardware();
    refreshAtomicOrder();
    refreshStep();
    emit traceChanged();
}

void StepPane::showMessages()
{
    for (auto it = m_messages.cbegin(); it != m_messages.cend(); ++it) {
        const QString text = m_state->message(it.key());
        it.value()->setText(text);
        it.value()->setVisible(!text.isEmpty());
    }
}

void StepPane::showRecorder()
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

void StepPane::showOrigin()
{
    const QString banner = m_state->traceBanner();
    const TraceSource source = m_state->source();
    const TraceOrigin& origin = m_state->origin();
    m_columns[0]->view->setBanner(banner);
    m_counters->setRecordedBanner(banner);
    m_modelButton->setVisible(source == TraceSource::File);
    QString text;
    if (source == TraceSource::Model)
        text = tr("Showing: the step model");
    else if (!origin.recordedOnGpu)
        text = tr("Showing: a step-model trace from %1").arg(echoPath(origin.file, 60));
    else {
        text = tr("Showing: <b>recorded on the GPU</b> (%1)").arg(echoValue(origin.device, 80).toHtmlEscaped());
        if (!origin.splitWarps.isEmpty())
            text += tr("<br>%n warp(s) ran a step in several groups (split __activemask())", "", int(origin.splitWarps.size()));
    }
    if (source != TraceSource::Model && !origin.description.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(origin.description.left(400).toHtmlEscaped());
    m_originLabel->setText(text);
    m_originLabel->setToolTip(source == TraceSource::Model || origin.notRecorded.isEmpty() ? QString()
                              : tr("Not recorded by a probe:\n• %1").arg(origin.notRecorded.join(QStringLiteral("\n• "))));
}

bool StepPane::loadHardwareCounters(const QString& path)
{
    QString error;
    std::optional<HardwareCounters> c = readHardwareCounters(path, &error);
    if (!c) {
        m_state->showMessage(QStringLiteral("counters"), error);
        return false;
    }
    m_state->clearMessage(QStringLiteral("counters"));
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
    const auto trace = m_state->trace();
    if (!m_hardware || !trace) {
        m_counters->setHardwareComparison(std::nullopt);
        return;
    }
    m_counters->setHardwareComparison(compareWithModel(*m_hardware, QString::fromStdString(trace->strategy), trace.get()));
}

void StepPane::chooseTraceFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a trace"), shippedTracesFolder(), tr("Trace JSON (*.json)"));
    if (!path.isEmpty())
        openTraceFile(path);
}

void StepPane::chooseCountersFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load hardware counters"), shippedResultsFolder(),
                                                      tr("Results with counters (*.json)"));
    if (!path.isEmpty())
        loadHardwareCounters(path);
}

void StepPane::updateCompareVisibility()
{
    m_compareShown = !m_state->compareStrategy().isEmpty();
    m_columns[1]->splitter->setVisible(m_compareShown);
    if (m_compareShown) {
        const int w = std::max(800, m_columnSplitter->width());
        m_columnSplitter->setSizes({w / 2, w / 2});
    }
}

void StepPane::refreshSummary()
{
    const views::StrategyEntry* s = m_strategy->entry(m_strategy->currentId());
    m_summary->setText(s ? QStringLiteral("%1<br><i>%2</i>").arg(s->summary.toHtmlEscaped(), s->seed.toHtmlEscaped())
                         : QString());
}

void StepPane::refreshStep()
{
    views::TraceAtStep shown[2];
    shown[0].trace = m_state->trace();
    shown[1].trace = m_state->compareTrace();
    for (int i = 0; i < 2; ++i) {
        Column& c = *m_columns[i];
        const auto& t = shown[i].trace;
        if (!t || t->steps.empty()) {
            c.source->highlightLines({});
            continue;
        }
        const int k = m_state->stepOf(i);
        shown[i].step = k;
        shown[i].throughStep = model::running_totals(*t, k);
        c.view->setStep(k);
        c.source->showFile(QString::fromStdString(t->source_file));
        const auto& lines = t->steps[std::size_t(k)].source_lines;
        c.source->highlightLines(QVector<int>(lines.begin(), lines.end()));
    }
    m_counters->setTraces(shown[0], shown[1]);
    m_warpMap->setStep(m_state->step());
    showPredict();
    m_transport->setPosition(m_state->step(), m_state->stepCount(),
                             m_state->showsRecordedTrace() ? tr(" · recorded on the GPU") : QString());
}

// --- classroom mode ----------------------------------------------------------------------------

void StepPane::setPresentation(bool on, QSize screenSize)
{
    if (!screenSize.isValid() && screen())
        screenSize = screen()->size();
    for (auto& c : m_columns)
        c->view->setPresentation(on, screenSize);
    m_warpMap->setPresentation(on, screenSize);
    if (on != m_presentation) {
        if (on) {
            m_sidebarBeforePresentation = sidebarVisible();
            setSidebarVisible(false);
        } else {
            setSidebarVisible(m_sidebarBeforePresentation);
        }
    }
    m_presentation = on;
    // The question and verdict are read from the back row too.
    const qreal px = on ? views::presentationOptions(screenSize).minTextPx : 0;
    for (QLabel* l : {m_questionLabel, m_verdictLabel, m_scoreLabel, m_lessonLabel}) {
        QFont f = l->font();
        if (px > 0)
            f.setPixelSize(int(std::ceil(px)));
        else
            f = QFont(font().family(), font().pointSize(), l->font().weight());
        l->setFont(f);
    }
    QFont af = m_answerEdit->font();
    if (px > 0)
        af.setPixelSize(int(std::ceil(px)));
    else
        af = font();
    m_answerEdit->setFont(af);
}

void StepPane::setTheme(views::Theme theme)
{
    for (auto& c : m_columns)
        c->view->setTheme(theme);
    m_warpMap->setTheme(theme);
}

void StepPane::zoomIn() { m_columns[0]->view->zoomIn(); }
void StepPane::zoomOut() { m_columns[0]->view->zoomOut(); }
void StepPane::resetZoom()
{
    for (auto& c : m_columns)
        c->view->resetZoom();
}

void StepPane::setSidebarVisible(bool on) { m_sideScroll->setVisible(on); }
bool StepPane::sidebarVisible() const { return !m_sideScroll->isHidden(); }

void StepPane::setSourceVisible(bool on)
{
    for (auto& c : m_columns)
        c->source->setVisible(on);
}

bool StepPane::sourceVisible() const { return !m_columns[0]->source->isHidden(); }

void StepPane::setWarpMapShown(bool on) { m_centreTabs->setCurrentWidget(on ? static_cast<QWidget*>(m_warpMap) : m_columnSplitter); }
bool StepPane::warpMapShown() const { return m_centreTabs->currentWidget() == m_warpMap; }

QScrollArea* StepPane::columnScroll(int column) const { return m_columns[column == 0 ? 0 : 1]->scroll; }

bool StepPane::applyLesson(const views::LessonEntry& entry)
{
    m_editTimer->stop();
    if (!m_state->applyLesson(entry.lesson)) {
        syncEditors();
        return false;
    }
    m_lesson = entry.lesson;
    m_lessonLabel->setText(QStringLiteral("<b>%1</b><br>%2").arg(views::lessonTitle(entry.lesson).toHtmlEscaped(),
                                                                 views::lessonNote(entry.lesson).toHtmlEscaped()));
    m_lessonBox->show();
    setWarpMapShown(false);
    return true;
}

QString StepPane::lessonText() const
{
    return m_lessonBox->isHidden() ? QString() : m_lessonLabel->text();
}

void StepPane::resetToDefaults()
{
    m_editTimer->stop();
    m_predictAction->setChecked(false);
    m_state->resetToDefaults();
    syncEditors();
    resetZoom();
    setSidebarVisible(true);
    setSourceVisible(true);
    setWarpMapShown(false);
    m_lesson.reset();
    m_lessonLabel->clear();
    m_lessonBox->hide();
    m_mainSplitter->setSizes({430, 1170});
    for (auto& c : m_columns)
        c->splitter->setSizes({640, 220});
}

void StepPane::onViewClicked(int kind, int id)
{
    const model::Question* q = m_state->question();
    if (!q || m_state->revealed() || q->form != model::AnswerForm::Set)
        return;
    const int wanted = q->kind == model::QuestionKind::DivergentWarps ? 0 : q->kind == model::QuestionKind::ActiveLanes ? 1 : 2;
    if (kind == wanted)
        m_state->toggleAnswer(id);
}

void StepPane::showPredict()
{
    {
        const bool was = std::exchange(m_syncing, true);
        m_predictAction->setChecked(m_state->predictMode());
        m_syncing = was;
    }
    const bool on = m_state->predictMode();
    m_predictBox->setVisible(on);
    m_counters->setVisible(!m_state->covered());  // its counts would give the answer away
    const model::Question* q = m_state->question();
    const auto trace = m_state->trace();
    views::PredictMarks marks;
    if (on && q && trace) {
        using Kind = model::QuestionKind;
        marks.covered = m_state->covered();
        marks.revealed = m_state->revealed();
        if (q->form == model::AnswerForm::Set) {
            marks.target = q->kind == Kind::DivergentWarps ? views::PredictMarks::Target::Warps
                         : q->kind == Kind::ActiveLanes    ? views::PredictMarks::Target::Lanes
                                                           : views::PredictMarks::Target::Cells;
            marks.chosen = QVector<int>(m_state->answerSet().begin(), m_state->answerSet().end());
            marks.expected = QVector<int>(q->expected_set.begin(), q->expected_set.end());
        } else if (q->kind == Kind::CellValue) {
            marks.askedCell = q->cell;
        }
        m_questionLabel->setText(views::questionText(*q, *trace));
    } else if (on) {
        m_questionLabel->setText(tr("Nothing to predict in this step: step on."));
    }
    m_columns[0]->view->setPredictMarks(marks);
    views::PredictMarks other;
    other.covered = marks.covered;
    m_columns[1]->view->setPredictMarks(other);
    const bool number = on && q && q->form == model::AnswerForm::Number;
    m_answerEdit->setVisible(number);
    m_answerEdit->setEnabled(number && !m_state->revealed());
    if (number && !m_state->revealed() && !m_state->answerNumber() && m_state->message(QStringLiteral("answer")).isEmpty())
        m_answerEdit->clear();
    m_revealAction->setEnabled(on && q && !m_state->revealed());
    m_nextQuestionAction->setEnabled(on);
    const model::Grade* g = m_state->grade();
    m_verdictLabel->setText(g && q && trace ? views::gradeText(*q, *g, *trace) : QString());
    m_verdictLabel->setVisible(g != nullptr);
    m_scoreLabel->setText(views::scoreText(m_state->score()));
}

views::StepView* StepPane::stepView(int column) const
{
    return m_columns[column == 0 ? 0 : 1]->view;
}

views::SourceView* StepPane::sourceView(int column) const
{
    return m_columns[column == 0 ? 0 : 1]->source;
}

QList<QAction*> StepPane::stepActions() const { return m_transport->stepActions(); }
void StepPane::first() { m_transport->first(); }
void StepPane::previous() { m_transport->previous(); }
void StepPane::next() { m_transport->next(); }
void StepPane::last() { m_transport->last(); }
bool StepPane::isPlaying() const { return m_transport->isPlaying(); }
void StepPane::setPlaying(bool playing) { m_transport->setPlaying(playing); }

QByteArray StepPane::saveState() const
{
    QByteArray out;
    QDataStream s(&out, QIODevice::WriteOnly);
    s << qint32(1) << m_mainSplitter->saveState() << m_columnSplitter->saveState()
      << m_columns[0]->splitter->saveState() << m_columns[1]->splitter->saveState() << qint32(m_transport->speedIndex());
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
    m_transport->setSpeedIndex(speed);
}

} // namespace reducescope::app
