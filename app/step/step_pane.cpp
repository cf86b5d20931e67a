// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/step_pane.h"

#include "app/step/step_columns.h"
#include "views/step/counters_view.h"
#include "app/common/lessons.h"
#include "views/step/step_view.h"
#include "views/step/transport_bar.h"
#include "views/step/warp_map_view.h"

#include "model/simulate.h"

#include <QAction>
#include <QDataStream>
#include <QScrollArea>
#include <QEvent>
#include <QHBoxLayout>
#include <QIODevice>
#include <QRandomGenerator>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace reducescope::app {

StepPane::StepPane(QWidget* parent)
    : QWidget(parent)
    , m_state(new StepState(this))
{
    m_sidebar = new StepSidebar(m_state);
    m_columns = new StepColumns;
    m_warpMap = new views::WarpMapView;
    m_transport = new views::TransportBar;
    m_classroom = new ClassroomPanel(m_state);
    buildLayout();
    buildActions();
    connectState();
    retranslate();
    m_sidebar->loadRequest(m_state->request());
    showTrace();
    m_sidebar->showRecorder();
    // Asking the CUDA driver can take a moment: a child `reducescope-cli devices`, so the first
    // frame does not wait for it.
    m_state->probeGpu();
}

StepPane::~StepPane() = default;

void StepPane::buildLayout()
{
    m_centreTabs = new QTabWidget;
    m_centreTabs->setDocumentMode(true);
    m_centreTabs->addTab(m_columns, QString());  // words: retranslate()
    m_centreTabs->addTab(m_warpMap, QString());
    auto* centre = new QWidget;
    auto* cv = new QVBoxLayout(centre);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->setSpacing(0);
    cv->addWidget(m_classroom);
    cv->addWidget(m_centreTabs, 1);
    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->addWidget(m_sidebar);
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
    m_newInterleaving = new QToolButton;
    m_newInterleaving->setObjectName(QStringLiteral("newInterleaving"));
    m_newInterleaving->setVisible(false);
    connect(m_newInterleaving, &QToolButton::clicked, this, &StepPane::newInterleaving);
    bar->addWidget(m_newInterleaving);
    bar->addWidget(m_classroom->predictButton());
    v->addLayout(bar);
    v->addWidget(m_mainSplitter, 1);
    m_columns->setCompareShown(!m_state->compareStrategy().isEmpty());
}

void StepPane::buildActions()
{
    // Words: retranslate().
    m_fitStepAction = new QAction(this);
    m_fitStepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_9));
    connect(m_fitStepAction, &QAction::triggered, this, &StepPane::fitStep);
    m_lessonNoteAction = new QAction(this);
    m_lessonNoteAction->setCheckable(true);
    m_lessonNoteAction->setChecked(true);
    m_lessonNoteAction->setShortcut(QKeySequence(Qt::Key_N));
    connect(m_lessonNoteAction, &QAction::toggled, this, [this](bool full) { setLessonFolded(!full); });
    connect(m_classroom, &ClassroomPanel::lessonFoldedChanged, m_lessonNoteAction, [this](bool folded) {
        m_lessonNoteAction->setChecked(!folded);
    });
    m_sourceInFullAction = new QAction(this);
    m_sourceInFullAction->setCheckable(true);
    m_sourceInFullAction->setChecked(true);
    m_sourceInFullAction->setShortcut(QKeySequence(Qt::Key_S));
    connect(m_sourceInFullAction, &QAction::toggled, this, [this](bool full) { setSourceFolded(!full); });
    connect(m_columns, &StepColumns::sourceFoldedChanged, m_sourceInFullAction, [this](bool folded) {
        m_sourceInFullAction->setChecked(!folded);
    });
    m_detailAction = new QAction(this);
    m_detailAction->setShortcut(QKeySequence(Qt::Key_K));
    connect(m_detailAction, &QAction::triggered, m_columns, &StepColumns::toggleDetailInView);
    m_instrumentationAction = new QAction(this);
    m_instrumentationAction->setCheckable(true);
    m_instrumentationAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    connect(m_instrumentationAction, &QAction::toggled, m_columns, &StepColumns::setInstrumentationShown);
}

void StepPane::connectState()
{
    connect(m_state, &StepState::traceChanged, this, &StepPane::showTrace);
    connect(m_state, &StepState::stepChanged, this, [this](int k) {
        refreshStep();
        emit stepChanged(k);
    });
    connect(m_state, &StepState::messagesChanged, m_sidebar, &StepSidebar::showMessages);
    connect(m_state, &StepState::recorderChanged, m_sidebar, &StepSidebar::showRecorder);
    connect(m_state, &StepState::predictChanged, this, &StepPane::showPredict);
    connect(m_transport, &views::TransportBar::stepRequested, m_state, &StepState::setStep);
    connect(m_warpMap, &views::WarpMapView::stepClicked, m_state, &StepState::setStep);
    // Clicks in the main column answer predict-mode questions.
    using Item = StepState::ClickedItem;
    connect(m_columns, &StepColumns::warpClicked, this, [this](int id) { m_state->answerClick(Item::Warp, id); });
    connect(m_columns, &StepColumns::laneClicked, this, [this](int id) { m_state->answerClick(Item::Lane, id); });
    connect(m_columns, &StepColumns::cellClicked, this, [this](int id) { m_state->answerClick(Item::Cell, id); });
    // ... and so do clicks on the main trace's warps in the warp map, in the step on screen.
    connect(m_warpMap, &views::WarpMapView::warpCellClicked, this, [this](int map, int step, int warpRecord) {
        if (map == 0 && step == m_state->stepOf(0))
            m_state->answerClick(Item::Warp, warpRecord);
    });
    // Room for the model / hardware columns of loaded counters and their explanations.
    connect(m_sidebar, &StepSidebar::countersLoaded, this, [this] {
        if (const QList<int> sizes = m_mainSplitter->sizes(); sizes.size() == 2 && sizes[0] < 560)
            m_mainSplitter->setSizes({560, std::max(1040, sizes[0] + sizes[1] - 560)});
    });
}

void StepPane::retranslate(bool pickers)
{
    m_sidebar->retranslate(pickers);
    m_classroom->retranslate();
    m_centreTabs->setTabText(0, tr("Steps"));
    m_centreTabs->setTabText(1, tr("Warp map"));
    m_fitStepAction->setText(tr("&Fit step to the window"));
    m_fitStepAction->setToolTip(tr("Zoom (below 1× where needed) so the step fits the window: the whole picture, or at "
                                   "least the title, the values and the lane/warp row"));
    m_lessonNoteAction->setText(tr("Lesson &note in full"));
    m_lessonNoteAction->setToolTip(tr("Show the lesson's whole note, or fold it to one line"));
    m_sourceInFullAction->setText(tr("Kernel source in f&ull"));
    m_sourceInFullAction->setToolTip(tr("Show the kernel source under the step, or fold it to the step's line"));
    m_detailAction->setText(tr("Bank s&trip or atomics into view"));
    m_detailAction->setToolTip(tr("Scroll the step to its bank strip (or, without one, its atomics), which a large "
                                  "step in presentation mode keeps under the fold; again: back to the top"));
    m_instrumentationAction->setText(tr("&Instrumented lines in the source"));
    m_instrumentationAction->setToolTip(tr("Show the recording calls (probe.record) and step tags (// @…) that the kernel "
                                           "file carries for ReduceScope; off, the kernel reads as in PMPP"));
    m_newInterleaving->setText(tr("New interleaving"));
    m_newInterleaving->setToolTip(tr("Run the race again under another pseudo-random schedule of its warps (a new "
                                     "atomic-order seed): other stores overwrite each other, so another number of "
                                     "updates is lost."));
}

bool StepPane::showsModelRace() const
{
    // The model's `race`, shown or compared (the atomics lesson compares it with atomic_naive); a
    // trace file or a GPU recording has its own interleaving.
    if (m_state->source() != TraceSource::Model)
        return false;
    const auto isRace = [](const std::shared_ptr<const model::Trace>& t) { return t && t->strategy == "race"; };
    return isRace(m_state->trace()) || isRace(m_state->compareTrace());
}

bool StepPane::newInterleaving()
{
    if (!showsModelRace())
        return false;
    TraceRequest r = m_state->request();
    const int current = r.params.atomic_order;
    int seed = current;
    while (seed == current)
        seed = QRandomGenerator::global()->bounded(1, model::kMaxAtomicOrder + 1);
    r.params.atomic_order = seed;
    return setRequest(r);
}

void StepPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        // The parts are worded from here (they have no changeEvent of their own), then what the
        // state words itself and what shows it.
        retranslate(/*pickers=*/true);
        m_state->retranslate();
        if (m_columns->fitStep())
            m_columns->setFitStep(true);  // the words take another height: fit again
        m_sidebar->showRecorder();
        m_sidebar->showOrigin();
        m_sidebar->updateHardware();
        refreshStep();
        // A refusal shown at an editor is said again in the new language.
        for (const QString& field : {QStringLiteral("input"), QStringLiteral("strategy"), QStringLiteral("block-size"),
                                     QStringLiteral("warp-size"), QStringLiteral("coarse-factor"), QStringLiteral("banks")})
            if (!m_state->message(field).isEmpty()) {
                m_sidebar->applyInput();
                break;
            }
    }
    QWidget::changeEvent(event);
}

bool StepPane::setRequest(const TraceRequest& request)
{
    m_sidebar->stopPendingEdit();
    const bool ok = m_state->setRequest(request);
    m_sidebar->loadRequest(m_state->request());  // refused: the controls show what the picture shows
    return ok;
}

void StepPane::showTrace()
{
    const QString compare = m_state->compareStrategy();
    m_columns->setTraces(m_state->trace(), m_state->compareTrace());
    m_sidebar->showTrace();
    if (m_columns->compareShown() != !compare.isEmpty())
        m_columns->setCompareShown(!compare.isEmpty());
    m_warpMap->setTraces(m_state->trace(), m_state->compareTrace());
    m_columns->setBanner(m_state->traceBanner());
    m_newInterleaving->setVisible(showsModelRace());
    refreshStep();
    emit traceChanged();
}

void StepPane::refreshStep()
{
    const std::array<views::TraceAtStep, 2> shown = m_columns->showStep(*m_state);
    m_sidebar->countersView()->setTraces(shown[0], shown[1]);
    m_warpMap->setStep(m_state->step());
    showPredict();
    const auto trace = m_state->trace();
    m_transport->setPhase(trace ? model::step_phase(*trace, m_state->step()) : model::StepPhase{});
    m_transport->setPosition(m_state->step(), m_state->stepCount(),
                             m_state->showsRecordedTrace() ? tr(" · recorded on the GPU") : QString());
}

void StepPane::showPredict()
{
    const views::PredictMarks marks = m_classroom->showPredict();
    m_sidebar->countersView()->setVisible(!m_state->covered());  // its counts would give the answer away
    m_columns->setPredictMarks(marks);
}

// --- classroom mode ----------------------------------------------------------------------------

void StepPane::setPresentation(bool on, QSize screenSize)
{
    if (!screenSize.isValid() && screen())
        screenSize = screen()->size();
    m_columns->setPresentation(on, screenSize);
    m_warpMap->setPresentation(on, screenSize);
    if (on != m_presentation) {
        if (on) {
            m_sidebarBeforePresentation = sidebarVisible();
            setSidebarVisible(false);
        } else {
            setSidebarVisible(m_sidebarBeforePresentation);
        }
        // The picture gets the room: note and source on one line each (N and S unfold them).
        setLessonFolded(on);
        setSourceFolded(on);
    }
    m_presentation = on;
    m_classroom->setPresentation(on, screenSize);
    if (on)
        m_columns->setFitStep(true);
    else if (m_columns->fitStep())
        m_columns->setFitStep(false);
}

void StepPane::fitStep() { m_columns->setFitStep(true); }
bool StepPane::fitStepOn() const { return m_columns->fitStep(); }
void StepPane::setLessonFolded(bool on) { m_classroom->setLessonFolded(on); }
void StepPane::setSourceFolded(bool on) { m_columns->setSourceFolded(on); }
bool StepPane::sourceFolded() const { return m_columns->sourceFolded(); }

void StepPane::setTheme(views::Theme theme)
{
    m_columns->setTheme(theme);
    m_warpMap->setTheme(theme);
}

void StepPane::zoomIn() { m_columns->zoomIn(); }
void StepPane::zoomOut() { m_columns->zoomOut(); }
void StepPane::resetZoom() { m_columns->resetZoom(); }

void StepPane::setSidebarVisible(bool on)
{
    m_sidebar->setVisible(on);
    if (on && m_presentation) {
        widenSidebar();
        // The splitter lays a child that comes back out again once its show event is handled:
        // after that too.
        QTimer::singleShot(0, this, [this] {
            if (m_presentation && sidebarVisible())
                widenSidebar();
        });
    }
}

void StepPane::widenSidebar()
{
    {
        // The controls at presentation mode's text size, not clipped ("Open tra…"): as wide as the
        // sidebar's contents need (their minimum: every control whole), within 60 % of the pane.
        const QWidget* contents = m_sidebar->widget();
        const int wanted = (contents ? contents->minimumSizeHint().width() : m_sidebar->minimumSizeHint().width())
                         + m_sidebar->verticalScrollBar()->sizeHint().width() + 2 * m_sidebar->frameWidth();
        const int total = std::max(800, m_mainSplitter->width());
        const int w = std::min(wanted, total * 3 / 5);
        m_mainSplitter->setSizes({w, total - w});
    }
}
bool StepPane::sidebarVisible() const { return !m_sidebar->isHidden(); }

void StepPane::setSourceVisible(bool on) { m_columns->setSourceVisible(on); }
bool StepPane::sourceVisible() const { return m_columns->sourceVisible(); }

void StepPane::setWarpMapShown(bool on) { m_centreTabs->setCurrentWidget(on ? static_cast<QWidget*>(m_warpMap) : m_columns); }
bool StepPane::warpMapShown() const { return m_centreTabs->currentWidget() == m_warpMap; }

void StepPane::setWarpRowOnly(bool on)
{
    for (int column : {0, 1})
        if (views::StepView* v = m_columns->view(column))
            v->setWarpRowOnly(on);
}

bool StepPane::warpRowOnly() const { return m_columns->view(0) && m_columns->view(0)->warpRowOnly(); }

QScrollArea* StepPane::columnScroll(int column) const { return m_columns->scroll(column); }

bool StepPane::applyLesson(const app::LessonEntry& entry)
{
    m_sidebar->stopPendingEdit();
    if (!m_state->applyLesson(entry.lesson)) {
        m_sidebar->syncEditors();
        return false;
    }
    m_classroom->showLesson(entry.lesson);
    setWarpMapShown(false);
    // Opened again after scrolling or zooming: the lesson starts at its top.
    if (m_columns->fitStep())
        m_columns->setFitStep(true);
    else
        m_columns->resetZoom();
    m_columns->scrollToTop();
    return true;
}

void StepPane::resetToDefaults()
{
    m_sidebar->stopPendingEdit();
    m_classroom->predictAction()->setChecked(false);
    m_state->resetToDefaults();
    m_sidebar->syncEditors();
    resetZoom();
    setSidebarVisible(true);
    setSourceVisible(true);
    setSourceFolded(false);
    setLessonFolded(false);
    m_instrumentationAction->setChecked(false);
    setWarpMapShown(false);
    m_classroom->closeLesson();
    m_mainSplitter->setSizes({430, 1170});
    m_columns->resetColumnSizes();
}

views::StepView* StepPane::stepView(int column) const { return m_columns->view(column); }
views::SourceView* StepPane::sourceView(int column) const { return m_columns->source(column); }

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
    const QList<QByteArray> columns = m_columns->saveColumns();
    s << qint32(1) << m_mainSplitter->saveState() << columns[0] << columns[1] << columns[2] << qint32(m_transport->speedIndex());
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
    m_columns->restoreColumns(cols, c0, c1);
    m_transport->setSpeedIndex(speed);
}

} // namespace reducescope::app
