// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step_view.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace reducescope::views {
namespace {

QString formatValue(float v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return QString::number(double(v), 'g', 5);
}

void drawArrowHead(QPainter& p, QPointF tip, QPointF from, qreal size)
{
    const QLineF dir(tip, from);
    const qreal a = std::atan2(-dir.dy(), dir.dx());
    const QPointF p1 = tip + QPointF(std::cos(a + M_PI / 7) * size, -std::sin(a + M_PI / 7) * size);
    const QPointF p2 = tip + QPointF(std::cos(a - M_PI / 7) * size, -std::sin(a - M_PI / 7) * size);
    QPolygonF head;
    head << tip << p1 << p2;
    p.drawPolygon(head);
}

void paintHeader(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (!l.banner.isEmpty()) {
        p.setPen(Qt::NoPen);
        p.setBrush(c.recorded);
        p.drawRoundedRect(l.bannerRect, 6, 6);
        p.setPen(Qt::white);
        p.setFont(l.titleFont);
        p.drawText(l.bannerRect.adjusted(12, 8, -12, -8), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.banner);
    }
    p.setPen(c.text);
    p.setFont(l.titleFont);
    p.drawText(l.titleRect, Qt::AlignLeft | Qt::AlignVCenter, l.title);
    p.setFont(l.labelFont);
    p.drawText(l.subtitleRect, Qt::TextWordWrap, l.subtitle);
    if (!l.explanation.isEmpty()) {
        p.setPen(c.mutedText);
        p.setFont(l.sectionFont);
        p.drawText(l.explanationRect, Qt::TextWordWrap, l.explanation);
    }
    if (!l.teachingNote.isEmpty()) {
        p.setPen(QPen(c.divergent, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(l.teachingRect, 4, 4);
        p.setPen(c.divergent);
        p.setFont(l.sectionFont);
        p.drawText(l.teachingRect, Qt::AlignCenter, l.teachingNote);
    }
}

void paintCellRow(QPainter& p, const QVector<StepLayout::Cell>& cells, bool showValues, const QFont& font,
                  const ViewColors& c)
{
    // Axis-aligned rectangles: no antialiasing needed, and 1024 cells paint much faster.
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const StepLayout::Cell& cell : cells) {
        const QRectF r = cell.rect.adjusted(1, 1, -1, -1);
        p.setPen(QPen(c.gridLine, 1));
        p.setBrush(cell.padding ? c.padding : c.background);
        p.drawRect(r);
        if (cell.padding) {
            p.setBrush(QBrush(c.paddingHatch, Qt::BDiagPattern));
            p.drawRect(r);
        }
        if (cell.written) {
            p.setPen(QPen(c.written, std::max<qreal>(2, r.width() * 0.06)));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (showValues) {
            p.setFont(font);
            p.setPen(cell.written ? c.written : c.text);
            p.drawText(r, Qt::AlignCenter, formatValue(cell.value));
        }
    }
    p.setRenderHint(QPainter::Antialiasing, true);
}

void paintInput(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.inputCells.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.inputCaptionRect, Qt::AlignLeft | Qt::AlignVCenter, l.inputCaption);
    QFont f = l.valueFont;
    if (!l.inputCells.isEmpty())
        f.setPixelSize(std::clamp(int(l.inputCells.front().rect.width() * 0.36), 10, 26));
    paintCellRow(p, l.inputCells, l.showInputValues, f, c);
    QColor arrow = c.arrow;
    arrow.setAlphaF(l.inputArrows.size() > 64 ? 0.35 : 0.75);
    for (const StepLayout::Arrow& a : l.inputArrows) {
        const QPointF from(l.inputCells[a.from].rect.center().x(), l.inputCells[a.from].rect.bottom());
        const QPointF to(l.cells[a.to].rect.center().x(), l.cells[a.to].rect.top() - 1);
        p.setPen(QPen(arrow, l.inputArrows.size() > 64 ? 1.0 : 1.8));
        p.drawLine(from, to);
        p.setPen(Qt::NoPen);
        p.setBrush(arrow);
        drawArrowHead(p, to, from, 7);
    }
}

void paintOutput(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.outputText.isEmpty())
        return;
    // Arrows from the cells merged into *output (atomics), at most 64 of them.
    const qsizetype every = std::max<qsizetype>(1, (l.outputArrows.size() + 63) / 64);
    for (qsizetype i = 0; i < l.outputArrows.size(); i += every) {
        const QRectF& cell = l.cells[l.outputArrows[i]].rect;
        const QPointF from(cell.center().x(), cell.bottom() + 1);
        const QPointF to(std::clamp(from.x(), l.outputRect.left() + 8, l.outputRect.right() - 8), l.outputRect.top() - 1);
        p.setPen(QPen(c.atomic, 1.6));
        p.drawLine(from, to);
        p.setPen(Qt::NoPen);
        p.setBrush(c.atomic);
        drawArrowHead(p, to, from, 8);
    }
    QFont bold = l.labelFont;
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(QPen(c.atomic, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(l.outputRect, 6, 6);
    p.setPen(c.atomic);
    p.drawText(l.outputRect, Qt::AlignCenter, l.outputText);
}

void paintCells(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.cells.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.valuesCaptionRect, Qt::AlignLeft | Qt::AlignVCenter, l.valuesCaption);

    // Arrows first, under the cells: from each read cell to the cell it adds into. Opaque pens
    // (the colour pre-mixed with the background): translucent wide antialiased strokes cost
    // several times more in the raster engine. Many arrows get a thin cosmetic pen.
    p.setRenderHint(QPainter::Antialiasing, true);
    // Thin (1 px cosmetic, the raster engine's fast path) for many arrows or small cells.
    const bool many = l.arrows.size() > 64 || l.cells.front().rect.width() < 24;
    const qreal mix = many ? 0.55 : 0.9;
    const QColor arrow = QColor::fromRgbF(c.arrow.redF() * mix + c.background.redF() * (1 - mix),
                                          c.arrow.greenF() * mix + c.background.greenF() * (1 - mix),
                                          c.arrow.blueF() * mix + c.background.blueF() * (1 - mix));
    const qreal head = many ? 5 : std::clamp<qreal>(l.arcHeight * 0.22, 5, 11);
    QPen pen(arrow, many ? 1.0 : 2.2);
    pen.setCosmetic(many);
    QPainterPath heads;
    for (qsizetype i = 0; i < l.arrows.size(); i += l.arrowEvery) {
        const StepLayout::Arrow& a = l.arrows[i];
        const QRectF& from = l.cells[a.from].rect;
        const QRectF& to = l.cells[a.to].rect;
        const QPointF start(from.center().x(), from.top() - 1);
        const QPointF end(to.center().x(), to.top() - 1);
        QPointF control = start;
        QPainterPath body(start);
        if (qFuzzyCompare(from.top(), to.top())) {
            const qreal h = std::min(l.arcHeight - 4, 8 + std::abs(end.x() - start.x()) * 0.4);
            control = QPointF((start.x() + end.x()) / 2, start.y() - 2 * h);
            body.quadTo(control, end);
        } else {
            // Between rows of a wrapped array: a straight line keeps the picture readable.
            body.lineTo(end);
        }
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(body);
        const QLineF dir(end, control);
        const qreal ang = std::atan2(-dir.dy(), dir.dx());
        heads.moveTo(end);
        heads.lineTo(end + QPointF(std::cos(ang + M_PI / 7) * head, -std::sin(ang + M_PI / 7) * head));
        heads.lineTo(end + QPointF(std::cos(ang - M_PI / 7) * head, -std::sin(ang - M_PI / 7) * head));
        heads.closeSubpath();
    }
    p.setPen(Qt::NoPen);
    p.setBrush(arrow);
    p.drawPath(heads);

    paintCellRow(p, l.cells, l.showValues, l.valueFont, c);
    // Old values of written cells, small, under the cell ("was 6").
    if (l.showValues && !l.cells.isEmpty() && l.cells.front().rect.width() >= 40) {
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        for (const StepLayout::Cell& cell : l.cells)
            if (cell.written && cell.hasBefore && !(cell.before == cell.value))
                p.drawText(QRectF(cell.rect.left(), cell.rect.bottom(), cell.rect.width(), l.arcHeight * 0.4),
                           Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("was %1").arg(formatValue(cell.before)));
    }
}

void paintLanes(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.lanes.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.lanesCaptionRect, Qt::AlignLeft | Qt::AlignVCenter, l.lanesCaption);

    // Faded lanes inside idle warps, so an idle warp reads differently from a divergent one.
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(l.smallFont);
    for (int i = 0; i < l.lanes.size(); ++i) {
        const StepLayout::Lane& lane = l.lanes[i];
        const bool fade = lane.warpIndex < l.warps.size() && l.warps[lane.warpIndex].idle;
        p.setOpacity(fade ? 0.45 : 1.0);
        const QRectF r = lane.rect.adjusted(0.5, 0.5, -0.5, -0.5);
        QColor fill = lane.state == model::LaneState::Active ? c.active
                    : lane.state == model::LaneState::Idle ? c.idle : c.exited;
        p.setPen(QPen(c.background, 1));
        p.setBrush(fill);
        p.drawRect(r);
        if (lane.padding) {
            p.setBrush(QBrush(c.paddingHatch, Qt::BDiagPattern));
            p.drawRect(r);
        }
        if (lane.state == model::LaneState::Exited) {
            p.setPen(QPen(c.idle, 1.2));
            p.drawLine(r.topLeft(), r.bottomRight());
            p.drawLine(r.topRight(), r.bottomLeft());
        } else if (l.showThreadNumbers) {
            p.setPen(lane.state == model::LaneState::Active ? c.activeText : c.text);
            p.drawText(r, Qt::AlignCenter, QString::number(lane.thread));
        }
    }
    p.setOpacity(1.0);
    p.setRenderHint(QPainter::Antialiasing, true);

    for (const StepLayout::Warp& w : l.warps) {
        p.setBrush(Qt::NoBrush);
        if (w.divergent)
            p.setPen(QPen(c.divergent, 3.5));
        else if (w.idle)
            p.setPen(QPen(c.idleWarp, 2, Qt::DashLine));
        else
            p.setPen(QPen(c.gridLine, 1));
        p.drawRect(w.rect);
        p.setPen(c.mutedText);
        p.drawText(QRectF(w.rect.left(), w.rect.top() - w.captionRect.height(), w.captionRect.width(),
                          w.captionRect.height()),
                   Qt::AlignLeft | Qt::AlignBottom, w.title);
        QFont f = l.smallFont;
        f.setBold(w.divergent);
        p.setFont(f);
        p.setPen(w.divergent ? c.divergent : w.idle ? c.idleWarp : c.text);
        p.drawText(w.captionRect, Qt::AlignLeft | Qt::AlignVCenter, w.caption);
        p.setFont(l.smallFont);
    }

    if (!l.barrierRect.isEmpty()) {
        const QRectF r = l.barrierRect;
        p.setPen(QPen(c.barrier, 4, Qt::DashLine));
        p.drawLine(QPointF(r.left(), r.top() + 2), QPointF(r.right(), r.top() + 2));
        p.setFont(l.sectionFont);
        p.setPen(c.barrier);
        p.drawText(r.adjusted(0, 6, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, l.barrierLabel);
    }
}

void paintBanks(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.banks.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(l.bankWays > 1 ? c.conflict : c.text);
    p.drawText(l.bankCaptionRect, Qt::TextWordWrap, l.bankCaption);
    p.setFont(l.smallFont);
    const QFontMetricsF fm(l.smallFont);
    for (const StepLayout::Bank& b : l.banks) {
        const bool conflict = b.ways > 1;
        p.setPen(QPen(conflict ? c.conflict : c.gridLine, conflict ? 2 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(b.rect.adjusted(0.5, 0.5, -0.5, -0.5));
        p.setPen(c.mutedText);
        const QRectF head(b.rect.left(), b.rect.top(), b.rect.width(), fm.height());
        if (b.rect.width() >= fm.horizontalAdvance(QStringLiteral("b00")))
            p.drawText(head, Qt::AlignCenter, QStringLiteral("b%1").arg(b.bank));
        for (int i = 0; i < b.wordRects.size(); ++i) {
            const bool bcast = b.lanesPerWord[i] > 1;
            p.setPen(Qt::NoPen);
            p.setBrush(conflict ? c.conflict : bcast ? c.broadcast : c.active);
            p.drawRect(b.wordRects[i]);
            p.setPen(c.activeText);
            // The longest label that fits: "lane 3 → w24", "w24" or (broadcast) "×4".
            QString t = b.wordLabels.value(i);
            if (fm.horizontalAdvance(t) > b.wordRects[i].width() - 4)
                t = bcast ? QStringLiteral("×%1").arg(b.lanesPerWord[i]) : QStringLiteral("w%1").arg(b.words[i]);
            if (b.wordRects[i].width() >= fm.horizontalAdvance(t))
                p.drawText(b.wordRects[i], Qt::AlignCenter, t);
        }
        const QRectF foot(b.rect.left(), b.rect.bottom() - fm.height(), b.rect.width(), fm.height());
        if (conflict) {
            p.setPen(c.conflict);
            QFont f = l.smallFont;
            f.setBold(true);
            p.setFont(f);
            const QString t = b.rect.width() >= fm.horizontalAdvance(QStringLiteral("8-way")) + 2
                ? QStringLiteral("%1-way").arg(b.ways) : QString::number(b.ways);
            p.drawText(foot, Qt::AlignCenter, t);
            p.setFont(l.smallFont);
        } else if (b.broadcast) {
            p.setPen(c.broadcast);
            p.drawText(foot, Qt::AlignCenter, b.rect.width() >= fm.horizontalAdvance(QStringLiteral("bcast")) ? QStringLiteral("bcast") : QStringLiteral("B"));
        }
    }
}

void paintAtomics(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.atomics.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.atomic);
    p.drawText(l.atomicsCaptionRect, Qt::TextWordWrap, l.atomicsCaption);
    p.setFont(l.smallFont);
    for (const StepLayout::Atomic& a : l.atomics) {
        p.setPen(QPen(a.lost ? c.lost : c.atomic, a.lost ? 2 : 1.2));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(a.rect, 5, 5);
        p.setPen(a.lost ? c.lost : c.text);
        p.drawText(a.rect, Qt::AlignCenter, a.text);
    }
    if (l.atomicsHidden > 0) {
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        const QRectF last = l.atomics.back().rect;
        p.drawText(QRectF(last.right() + 8, last.top(), 200, last.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("… %1 more").arg(l.atomicsHidden));
    }
}

void paintLegend(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.legendRect.isEmpty())
        return;
    p.setFont(l.smallFont);
    const QFontMetricsF fm(l.smallFont);
    const qreal h = fm.height();
    qreal x = l.legendRect.left();
    qreal y = l.legendRect.top();
    auto item = [&](const QString& text, auto&& swatch) {
        const qreal w = h * 1.4 + 6 + fm.horizontalAdvance(text) + 18;
        if (x + w > l.legendRect.right() && x > l.legendRect.left()) {
            x = l.legendRect.left();
            y += h + 8;
        }
        const QRectF sw(x, y + 2, h * 1.4, h - 2);
        swatch(sw);
        p.setPen(c.text);
        p.drawText(QRectF(x + h * 1.4 + 6, y, w, h + 2), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w;
    };
    auto fill = [&](QColor col) {
        return [&, col](const QRectF& r) { p.setPen(Qt::NoPen); p.setBrush(col); p.drawRect(r); };
    };
    item(QStringLiteral("active lane"), fill(c.active));
    item(QStringLiteral("idle lane"), fill(c.idle));
    item(QStringLiteral("exited lane"), [&](const QRectF& r) {
        p.setPen(Qt::NoPen); p.setBrush(c.exited); p.drawRect(r);
        p.setPen(QPen(c.idle, 1.2)); p.drawLine(r.topLeft(), r.bottomRight()); p.drawLine(r.topRight(), r.bottomLeft());
    });
    item(QStringLiteral("padding (identity)"), [&](const QRectF& r) {
        p.setPen(Qt::NoPen); p.setBrush(c.padding); p.drawRect(r);
        p.setBrush(QBrush(c.paddingHatch, Qt::BDiagPattern)); p.drawRect(r);
    });
    item(QStringLiteral("divergent warp"), [&](const QRectF& r) { p.setBrush(Qt::NoBrush); p.setPen(QPen(c.divergent, 3)); p.drawRect(r); });
    item(QStringLiteral("idle warp"), [&](const QRectF& r) { p.setBrush(Qt::NoBrush); p.setPen(QPen(c.idleWarp, 2, Qt::DashLine)); p.drawRect(r); });
    item(QStringLiteral("written this step"), [&](const QRectF& r) { p.setBrush(Qt::NoBrush); p.setPen(QPen(c.written, 2.5)); p.drawRect(r); });
    item(QStringLiteral("read → added into"), [&](const QRectF& r) {
        p.setPen(QPen(c.arrow, 2)); p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right() - 3, r.center().y()));
        p.setBrush(c.arrow); p.setPen(Qt::NoPen); drawArrowHead(p, QPointF(r.right(), r.center().y()), QPointF(r.left(), r.center().y()), 6);
    });
    item(QStringLiteral("bank conflict"), fill(c.conflict));
    item(QStringLiteral("broadcast"), fill(c.broadcast));
}

} // namespace

StepView::StepView(QWidget* parent)
    : QWidget(parent)
    , m_colors(ViewColors::fromPalette(palette()))
{
    setAccessibleName(tr("Step view"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    QSizePolicy policy = sizePolicy();
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void StepView::setTrace(std::shared_ptr<const model::Trace> trace)
{
    m_trace = std::move(trace);
    const int last = m_trace ? int(m_trace->steps.size()) - 1 : 0;
    m_step = std::clamp(m_step, 0, std::max(0, last));
    invalidate();
}

void StepView::setBanner(const QString& banner)
{
    if (banner == m_banner)
        return;
    m_banner = banner;
    invalidate();
}

void StepView::setStep(int k)
{
    const int last = m_trace ? int(m_trace->steps.size()) - 1 : 0;
    k = std::clamp(k, 0, std::max(0, last));
    if (k == m_step)
        return;
    m_step = k;
    invalidate();
}

void StepView::invalidate()
{
    // Screen readers get the step's title and label (what a sighted student reads first).
    if (m_trace && m_step < int(m_trace->steps.size()))
        setAccessibleDescription(QStringLiteral("%1%2 step %3 of %4: %5")
                                     .arg(m_banner.isEmpty() ? QString() : m_banner + QStringLiteral(". "),
                                          QString::fromStdString(m_trace->strategy)).arg(m_step + 1)
                                     .arg(m_trace->steps.size())
                                     .arg(QString::fromStdString(m_trace->steps[std::size_t(m_step)].label)));
    m_layoutValid = false;
    updateGeometry();
    update();
}

const StepLayout& StepView::currentLayout() const
{
    if (!m_layoutValid) {
        m_layout = layoutForWidth(width());
        m_layoutValid = true;
    }
    return m_layout;
}

StepLayout StepView::layoutForWidth(int w) const
{
    if (!m_trace)
        return StepLayout{};
    return layoutStep(*m_trace, m_step, w, font(), m_banner);
}

int StepView::heightForWidth(int w) const
{
    if (!m_trace)
        return 200;
    if (w == width())
        return currentLayout().size.height();
    return layoutForWidth(w).size.height();
}

QSize StepView::sizeHint() const
{
    return QSize(900, heightForWidth(std::max(width(), 900)));
}

QSize StepView::minimumSizeHint() const
{
    return QSize(320, 200);
}

void StepView::paintLayout(QPainter& p, const StepLayout& l) const
{
    p.fillRect(QRectF(QPointF(0, 0), QSizeF(l.size.width(), std::max(l.size.height(), 200))), m_colors.background);
    if (!m_trace || m_trace->steps.empty()) {
        p.setPen(m_colors.mutedText);
        p.drawText(QRectF(0, 0, l.size.width(), 200), Qt::AlignCenter, tr("No trace: choose a strategy and an input."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    paintHeader(p, l, m_colors);
    paintInput(p, l, m_colors);
    paintCells(p, l, m_colors);
    paintOutput(p, l, m_colors);
    paintLanes(p, l, m_colors);
    paintBanks(p, l, m_colors);
    paintAtomics(p, l, m_colors);
    paintLegend(p, l, m_colors);
}

void StepView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), m_colors.background);
    StepLayout l = currentLayout();
    l.size.setHeight(std::max(l.size.height(), height()));
    paintLayout(p, l);
    emit painted();
}

void StepView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_colors = ViewColors::fromPalette(palette());
        invalidate();
    }
    QWidget::changeEvent(event);
}

void StepView::resizeEvent(QResizeEvent* event)
{
    m_layoutValid = false;
    QWidget::resizeEvent(event);
}

} // namespace reducescope::views
