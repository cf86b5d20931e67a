// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/step_columns.h"

#include "app/step/step_state.h"
#include "views/step/counters_view.h"
#include "views/step/source_view.h"
#include "views/step/step_view.h"

#include "model/simulate.h"

#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

namespace reducescope::app {

/// One side: the step view over its kernel source.
struct StepColumns::Column {
    QSplitter* splitter = nullptr;
    QScrollArea* scroll = nullptr;
    views::StepView* view = nullptr;
    views::SourceView* source = nullptr;
};

StepColumns::StepColumns(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent)
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
        c->scroll->viewport()->installEventFilter(this);
        c->source = new views::SourceView;
        c->splitter = new QSplitter(Qt::Vertical);
        c->splitter->addWidget(c->scroll);
        c->splitter->addWidget(c->source);
        c->splitter->setStretchFactor(0, 3);
        c->splitter->setStretchFactor(1, 1);
        c->splitter->setSizes({640, 220});
        addWidget(c->splitter);
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
        connect(view, &views::StepView::zoomChanged, this, [this, other](double z) {
            if (!m_fitting)
                m_fitStep = false;  // the user zoomed: their zoom stays
            if (!qFuzzyCompare(other->zoom(), z))
                other->setZoom(z);
        });
        // A click on one folded source unfolds both.
        connect(m_columns[i]->source, &views::SourceView::foldedChanged, this, [this](bool folded) {
            if (!folded && !m_foldSyncing)
                setSourceFolded(false);
        });
    }
    views::StepView* main = m_columns[0]->view;
    connect(main, &views::StepView::warpClicked, this, &StepColumns::warpClicked);
    connect(main, &views::StepView::laneClicked, this, &StepColumns::laneClicked);
    connect(main, &views::StepView::cellClicked, this, &StepColumns::cellClicked);
}

StepColumns::~StepColumns() = default;

views::StepView* StepColumns::view(int column) const { return m_columns[column == 0 ? 0 : 1]->view; }
views::SourceView* StepColumns::source(int column) const { return m_columns[column == 0 ? 0 : 1]->source; }
QScrollArea* StepColumns::scroll(int column) const { return m_columns[column == 0 ? 0 : 1]->scroll; }

void StepColumns::setTraces(std::shared_ptr<const model::Trace> trace, std::shared_ptr<const model::Trace> compare)
{
    m_columns[0]->view->setTrace(std::move(trace));
    m_columns[1]->view->setTrace(std::move(compare));
}

std::array<views::TraceAtStep, 2> StepColumns::showStep(const StepState& state)
{
    std::array<views::TraceAtStep, 2> shown;
    shown[0].trace = state.trace();
    shown[1].trace = state.compareTrace();
    for (int i = 0; i < 2; ++i) {
        Column& c = *m_columns[i];
        const auto& t = shown[i].trace;
        if (!t || t->steps.empty()) {
            c.source->highlightLines({});
            continue;
        }
        const int k = state.stepOf(i);
        shown[i].step = k;
        shown[i].throughStep = model::running_totals(*t, k);
        c.view->setStep(k);
        // The student's kernel (the kernel editor's trace) is not embedded: its own text is shown.
        // A trace file of an own kernel carries its text (Trace::own_source) when no origin does.
        const TraceOrigin& o = state.origin();
        const QString own = i != 0 || state.source() == TraceSource::Model ? QString()
                          : !o.ownSource.isEmpty()                          ? o.ownSource
                                                                            : QString::fromStdString(t->own_source);
        if (!own.isEmpty())
            c.source->showText(!o.file.isEmpty() ? o.file : !o.ownKernel.isEmpty() ? o.ownKernel : QString::fromStdString(t->source_file),
                               own);
        else
            c.source->showFile(QString::fromStdString(t->source_file));
        const auto& lines = t->steps[std::size_t(k)].source_lines;
        c.source->highlightLines(QVector<int>(lines.begin(), lines.end()));
    }
    if (m_fitStep)
        refit();  // both columns on their new step
    return shown;
}

void StepColumns::setCompareShown(bool on)
{
    m_compareShown = on;
    m_columns[1]->splitter->setVisible(on);
    if (on) {
        const int w = std::max(800, width());
        setSizes({w / 2, w / 2});
    }
}

void StepColumns::setBanner(const QString& banner) { m_columns[0]->view->setBanner(banner); }

void StepColumns::setPredictMarks(const views::PredictMarks& marks)
{
    m_columns[0]->view->setPredictMarks(marks);
    views::PredictMarks other;
    other.covered = marks.covered;
    m_columns[1]->view->setPredictMarks(other);
}

void StepColumns::setPresentation(bool on, QSize screen)
{
    for (auto& c : m_columns) {
        c->view->setPresentation(on, screen);
        c->source->fitToFont();  // MainWindow set the application font first
    }
}

void StepColumns::setTheme(views::Theme theme)
{
    for (auto& c : m_columns)
        c->view->setTheme(theme);
}

void StepColumns::zoomIn()
{
    m_fitStep = false;
    m_columns[0]->view->zoomIn();
}

void StepColumns::zoomOut()
{
    m_fitStep = false;
    m_columns[0]->view->zoomOut();
}

void StepColumns::resetZoom()
{
    m_fitStep = false;
    for (auto& c : m_columns)
        c->view->resetZoom();
}

void StepColumns::setFitStep(bool on)
{
    m_fitStep = on;
    if (on)
        refit();
    else
        resetZoom();
}

void StepColumns::refit()
{
    // The zoom that fits every column shown (compare mode: the taller picture decides).
    double whole = 1.0, lanes = 1.0;
    bool any = false;
    for (int i = 0; i < 2; ++i) {
        const Column& c = *m_columns[i];
        const QWidget* viewport = c.scroll->viewport();
        if (!c.view->trace() || (i == 1 && !m_compareShown) || viewport->width() < 50 || viewport->height() < 50)
            continue;
        any = true;
        whole = std::min(whole, c.view->fitZoom(viewport->size()));
        lanes = std::min(lanes, c.view->fitZoom(viewport->size(), /*throughLanes=*/true));
    }
    if (!any)
        return;
    const double z = whole >= kWholeFitZoom ? whole : lanes;
    const bool was = std::exchange(m_fitting, true);
    for (auto& c : m_columns) {
        c->view->setPan(QPointF());
        c->view->setZoom(z);
    }
    m_fitting = was;
}

bool StepColumns::eventFilter(QObject* watched, QEvent* event)
{
    // The scroll area got another size (window, splitter, folded source): fit again, once the
    // layout has settled.
    if (m_fitStep && event->type() == QEvent::Resize && watched == m_columns[0]->scroll->viewport())
        QTimer::singleShot(0, this, [this] {
            if (m_fitStep)
                refit();
        });
    return QSplitter::eventFilter(watched, event);
}

void StepColumns::scrollToTop()
{
    for (auto& c : m_columns) {
        c->scroll->verticalScrollBar()->setValue(0);
        c->scroll->horizontalScrollBar()->setValue(0);
        c->view->setPan(QPointF());
    }
}

QRectF StepColumns::detailOnViewport(int column) const
{
    const Column& c = *m_columns[column == 0 ? 0 : 1];
    const views::StepLayout& l = c.view->currentLayout();
    QRectF detail = l.bankStripRect();
    if (detail.isEmpty())
        detail = l.atomicsRect();
    if (detail.isEmpty() || !c.view->trace())
        return {};
    const double z = c.view->zoom();
    const QRectF inView(detail.topLeft() * z - c.view->pan(), detail.size() * z);
    return inView.translated(c.view->mapTo(c.scroll->viewport(), QPoint(0, 0)));
}

bool StepColumns::toggleDetailInView()
{
    for (int i = 0; i < 2; ++i) {
        if (i == 1 && !m_compareShown)
            break;
        const QRectF detail = detailOnViewport(i);
        if (detail.isEmpty())
            continue;
        QScrollBar* bar = m_columns[i]->scroll->verticalScrollBar();
        const int h = m_columns[i]->scroll->viewport()->height();
        const bool inView = detail.top() >= -0.5 && (detail.bottom() <= h + 0.5 || detail.top() <= 8.5);
        if (inView && bar->value() > 0) {
            scrollToTop();
            return true;
        }
        // Its top a little under the viewport's top (the strip may be taller than the viewport:
        // its head and first rows then).
        bar->setValue(bar->value() + int(std::floor(detail.top())) - 8);
        return true;
    }
    return false;
}

void StepColumns::setSourceFolded(bool on)
{
    const bool was = std::exchange(m_foldSyncing, true);
    for (auto& c : m_columns) {
        c->source->setFolded(on);
        if (!on) {
            // Back to the split of a first start, within the column's height.
            const int h = std::max(400, c->splitter->height());
            c->splitter->setSizes({h * 3 / 4, h / 4});
        }
    }
    m_foldSyncing = was;
    emit sourceFoldedChanged(on);
}

bool StepColumns::sourceFolded() const { return m_columns[0]->source->folded(); }

void StepColumns::setInstrumentationShown(bool on)
{
    for (auto& c : m_columns)
        c->source->setInstrumentationShown(on);
}

bool StepColumns::instrumentationShown() const { return m_columns[0]->source->instrumentationShown(); }

void StepColumns::setSourceVisible(bool on)
{
    for (auto& c : m_columns)
        c->source->setVisible(on);
}

bool StepColumns::sourceVisible() const { return !m_columns[0]->source->isHidden(); }

void StepColumns::resetColumnSizes()
{
    for (auto& c : m_columns)
        c->splitter->setSizes({640, 220});
}

QList<QByteArray> StepColumns::saveColumns() const
{
    return {saveState(), m_columns[0]->splitter->saveState(), m_columns[1]->splitter->saveState()};
}

void StepColumns::restoreColumns(const QByteArray& columns, const QByteArray& column0, const QByteArray& column1)
{
    restoreState(columns);
    m_columns[0]->splitter->restoreState(column0);
    m_columns[1]->splitter->restoreState(column1);
}

} // namespace reducescope::app
