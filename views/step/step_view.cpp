// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/step_view.h"

#include "views/common/model_text.h"
#include "views/common/text_capture.h"

#include "views/step/state_marks.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QHelpEvent>
#include <QImage>
#include <QPainter>
#include <QToolTip>
#include <QPainterPath>
#include <QScreen>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace reducescope::views {
namespace {


// Painting culls what lies outside `exposed` (layout coordinates; a null rect = everything): a
// 4096-value step is several screens tall, and a paint event only needs the visible one.
bool visible(const QRectF& r, const QRectF& exposed)
{
    return exposed.isNull() || r.intersects(exposed);
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
    const qreal sc = l.scale;
    if (!l.banner.isEmpty()) {
        p.setPen(Qt::NoPen);
        p.setBrush(c.recorded);
        p.drawRoundedRect(l.bannerRect, 6 * sc, 6 * sc);
        p.setPen(Qt::white);
        p.setFont(l.bannerFont);
        p.drawText(l.bannerRect.adjusted(12 * sc, 8 * sc, -12 * sc, -8 * sc), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.banner);
    }
    if (!l.faultHead.isEmpty()) {
        // A fault of the student's kernel at this step: a band of its own, read from the back row.
        p.setPen(QPen(c.text, 2 * sc));
        p.setBrush(c.fault);
        p.drawRoundedRect(l.faultRect, 6 * sc, 6 * sc);
        p.setPen(Qt::white);
        p.setFont(l.faultHeadFont);
        p.drawText(l.faultHeadRect, Qt::TextWordWrap, l.faultHead);
        if (!l.faultBody.isEmpty()) {
            p.setFont(l.faultBodyFont);
            p.drawText(l.faultBodyRect, Qt::TextWordWrap, l.faultBody);
        }
    }
    p.setPen(c.text);
    p.setFont(l.titleFont);
    p.drawText(l.titleRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.title);
    p.setFont(l.labelFont);
    p.drawText(l.subtitleRect, Qt::TextWordWrap, l.subtitle);
    if (!l.explanation.isEmpty()) {
        p.setPen(c.mutedText);
        p.setFont(l.sectionFont);
        p.drawText(l.explanationRect, Qt::TextWordWrap, l.explanation);
    }
    if (!l.teachingNote.isEmpty()) {
        p.setPen(QPen(c.divergent, 1.5 * sc));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(l.teachingRect, 4 * sc, 4 * sc);
        p.setPen(c.text);
        p.setFont(l.sectionFont);
        p.drawText(l.teachingRect, Qt::AlignCenter | Qt::TextWordWrap, l.teachingNote);
    }
}

void paintCellRow(QPainter& p, const QVector<StepLayout::Cell>& cells, bool showValues, const QFont& font,
                  const ViewColors& c, qreal sc, const QRectF& exposed)
{
    // Axis-aligned rectangles: no antialiasing needed, and 1024 cells paint much faster.
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const QPen grid(c.gridLine, 1);
    for (const StepLayout::Cell& cell : cells) {
        if (!visible(cell.rect, exposed))
            continue;
        const QRectF r = cell.rect.adjusted(1, 1, -1, -1);
        if (cell.padding) {
            paintStateFill(p, r, VisualState::PaddingLane, c);
        } else {
            p.setPen(grid);
            p.setBrush(c.background);
            p.drawRect(r);
        }
        if (cell.written)
            paintStateOutline(p, r.adjusted(1, 1, -1, -1), VisualState::WrittenCell, c,
                              std::max<qreal>(2 * sc, r.width() * 0.06));
        if (showValues) {
            if (cell.padding) {
                paintTextOnFill(p, r, cell.text, VisualState::PaddingLane, c, fm);
            } else {
                p.setPen(c.text);
                p.drawText(r, Qt::AlignCenter, cell.text);
            }
        }
    }
    p.setRenderHint(QPainter::Antialiasing, true);
}

// The colour of a value at `t` (0 = lowest, 1 = highest) on the strip: cividis (Nuñez, Anderton
// and Renslow 2018), a sequential map that reads the same to deuteranopes, light and dark themes.
QColor valueColour(double t)
{
    static const int stops[][3] = {{0, 34, 78}, {56, 72, 108}, {107, 109, 112}, {152, 148, 118},
                                   {203, 188, 104}, {253, 231, 55}};
    t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * 5;
    const int i = std::min(4, int(t));
    const double f = t - i;
    auto mix = [&](int k) { return int(std::lround(stops[i][k] * (1 - f) + stops[i + 1][k] * f)); };
    return QColor(mix(0), mix(1), mix(2));
}

// Overview: an array strip, one pixel column per cell (an image scaled to the row: thousands of
// cells cost one drawImage), written cells marked by a band along their top; padding hatched.
void paintStrip(QPainter& p, const StepLayout& l, const QVector<StepLayout::Cell>& cells, const QVector<QRectF>& rows,
                const ViewColors& c, const QRectF& exposed)
{
    if (cells.isEmpty() || rows.isEmpty())
        return;
    const double span = l.stripHi - l.stripLo;
    int first = 0;
    for (const QRectF& row : rows) {
        int count = 0;
        while (first + count < cells.size() && qFuzzyCompare(cells[first + count].rect.top(), row.top()))
            ++count;
        if (count == 0)
            break;
        if (visible(row.adjusted(0, -8 * l.scale, 0, 8 * l.scale), exposed)) {
            QImage image(count, 2, QImage::Format_RGB32);
            const QRgb written = c.written.rgb(), none = c.background.rgb();
            for (int i = 0; i < count; ++i) {
                const StepLayout::Cell& cell = cells[first + i];
                const double rel = double(cell.value) - l.stripLo;
                const QColor colour = cell.padding ? c.padding
                                    : valueColour(span <= 0 ? 0.5 : rel / span);
                image.setPixel(i, 1, colour.rgb());
                image.setPixel(i, 0, cell.written ? written : colour.rgb());
                Q_UNUSED(none);
            }
            p.setRenderHint(QPainter::SmoothPixmapTransform, count > row.width());
            // Row 0 of the image: the top fifth of the strip (written marks), row 1 the rest.
            p.drawImage(QRectF(row.left(), row.top(), row.width(), row.height() * 0.22), image, QRectF(0, 0, count, 1));
            p.drawImage(QRectF(row.left(), row.top() + row.height() * 0.22, row.width(), row.height() * 0.78), image,
                        QRectF(0, 1, count, 1));
            p.setPen(QPen(c.gridLine, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(row);
        }
        first += count;
    }
}

// Overview: each warp's reads and writes (spans over the strips, alternate shades from warp to
// warp so neighbours stay apart), the index labels, the active region.
void paintSpans(QPainter& p, const StepLayout& l, const ViewColors& c, const QRectF& exposed)
{
    p.setRenderHint(QPainter::Antialiasing, false);
    const auto mixed = [&](const QColor& a, qreal f) {
        return QColor::fromRgbF(a.redF() * f + c.background.redF() * (1 - f), a.greenF() * f + c.background.greenF() * (1 - f),
                                a.blueF() * f + c.background.blueF() * (1 - f));
    };
    const QColor w0 = c.written, w1 = mixed(c.written, 0.5), r0 = c.arrow, r1 = mixed(c.arrow, 0.5);
    for (const StepLayout::Span& sp : l.spans) {
        if (!visible(sp.rect, exposed))
            continue;
        const bool odd = sp.warp % 2;
        p.fillRect(sp.rect, sp.write ? (odd ? w1 : w0) : (odd ? r1 : r0));
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    if (!l.ticks.isEmpty()) {
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        for (const StepLayout::Tick& t : l.ticks)
            if (visible(t.rect, exposed))
                p.drawText(t.rect, Qt::AlignLeft | Qt::AlignTop, t.text);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(c.text, 2 * l.scale, Qt::DashLine));
    for (const QRectF& r : l.activeRegionRects)
        if (visible(r, exposed))
            p.drawRect(r.adjusted(-2 * l.scale, -2 * l.scale, 2 * l.scale, 2 * l.scale));
}

void paintInput(QPainter& p, const StepLayout& l, const ViewColors& c, const QRectF& exposed)
{
    if (l.inputCells.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.inputCaptionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.inputCaption);
    if (l.inputStrip) {
        paintStrip(p, l, l.inputCells, l.inputStripRows, c, exposed);
        return;
    }
    paintCellRow(p, l.inputCells, l.showInputValues, l.inputValueFont, c, l.scale, exposed);
    const bool many = l.inputArrows.size() / l.inputArrowEvery > 64;
    const qreal mix = many ? 0.55 : 0.9;
    const QColor arrow = QColor::fromRgbF(c.arrow.redF() * mix + c.background.redF() * (1 - mix),
                                          c.arrow.greenF() * mix + c.background.greenF() * (1 - mix),
                                          c.arrow.blueF() * mix + c.background.blueF() * (1 - mix));
    QPen pen(arrow, many ? 1.0 : 1.8 * l.scale);
    pen.setCosmetic(many);
    // Lines in one call and heads in one path: thousands of separate strokes are slow.
    QVector<QLineF> lines;
    QPainterPath heads;
    const qreal head = 7 * l.scale;
    for (qsizetype i = 0; i < l.inputArrows.size(); i += l.inputArrowEvery) {
        const StepLayout::Arrow& a = l.inputArrows[i];
        const QPointF from(l.inputCells[a.from].rect.center().x(), l.inputCells[a.from].rect.bottom());
        const QPointF to(l.cells[a.to].rect.center().x(), l.cells[a.to].rect.top() - 1);
        if (!visible(QRectF(from, to).normalized().adjusted(-head, -head, head, head), exposed))
            continue;
        lines.push_back(QLineF(from, to));
        const QLineF dir(to, from);
        const qreal ang = std::atan2(-dir.dy(), dir.dx());
        heads.moveTo(to);
        heads.lineTo(to + QPointF(std::cos(ang + M_PI / 7) * head, -std::sin(ang + M_PI / 7) * head));
        heads.lineTo(to + QPointF(std::cos(ang - M_PI / 7) * head, -std::sin(ang - M_PI / 7) * head));
        heads.closeSubpath();
    }
    p.setPen(pen);
    p.drawLines(lines);
    p.setPen(Qt::NoPen);
    p.setBrush(arrow);
    p.drawPath(heads);
}

void paintOutput(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.outputText.isEmpty())
        return;
    const qreal sc = l.scale;
    // Arrows from the cells merged into *output (atomics), at most 64 of them (16 in the overview).
    const qsizetype most = l.overview ? 16 : 64;  // the overview's strips keep their labels readable
    const qsizetype every = std::max<qsizetype>(1, (l.outputArrows.size() + most - 1) / most);
    for (qsizetype i = 0; i < l.outputArrows.size(); i += every) {
        const QRectF& cell = l.cells[l.outputArrows[i]].rect;
        const QPointF from(cell.center().x(), cell.bottom() + 1);
        const QPointF to(std::clamp(from.x(), l.outputRect.left() + 8 * sc, l.outputRect.right() - 8 * sc), l.outputRect.top() - 1);
        p.setPen(QPen(c.atomic, 1.6 * sc));
        p.drawLine(from, to);
        p.setPen(Qt::NoPen);
        p.setBrush(c.atomic);
        drawArrowHead(p, to, from, 8 * sc);
    }
    QFont bold = l.labelFont;
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(QPen(c.atomic, 2 * sc));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(l.outputRect, 6 * sc, 6 * sc);
    p.setPen(c.text);
    p.drawText(l.outputRect, Qt::AlignCenter, l.outputText);
}

void paintCells(QPainter& p, const StepLayout& l, const ViewColors& c, const QRectF& exposed)
{
    if (l.cells.isEmpty())
        return;
    const qreal sc = l.scale;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.valuesCaptionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.valuesCaption);
    if (l.valueStrip) {
        paintStrip(p, l, l.cells, l.stripRows, c, exposed);
        paintSpans(p, l, c, exposed);
        return;
    }
    if (l.inputStrip || !l.activeRegionRects.isEmpty())
        paintSpans(p, l, c, exposed);

    // Arrows first, under the cells: from each read cell to the cell it adds into. Opaque pens
    // (the colour pre-mixed with the background): translucent wide antialiased strokes cost
    // several times more in the raster engine. Many arrows get a thin cosmetic pen.
    p.setRenderHint(QPainter::Antialiasing, true);
    // Thin (1 px cosmetic, the raster engine's fast path) for many arrows or small cells.
    const bool many = l.arrows.size() > 64 || l.cells.front().rect.width() < 24 * sc;
    const qreal mix = many ? 0.55 : 0.9;
    const QColor arrow = QColor::fromRgbF(c.arrow.redF() * mix + c.background.redF() * (1 - mix),
                                          c.arrow.greenF() * mix + c.background.greenF() * (1 - mix),
                                          c.arrow.blueF() * mix + c.background.blueF() * (1 - mix));
    const qreal head = many ? 5 * sc : std::clamp<qreal>(l.arcHeight * 0.22, 5 * sc, 11 * sc);
    QPen pen(arrow, many ? 1.0 : 2.2 * sc);
    pen.setCosmetic(many);
    QPainterPath heads;
    for (qsizetype i = 0; i < l.arrows.size(); i += l.arrowEvery) {
        const StepLayout::Arrow& a = l.arrows[i];
        const QRectF& from = l.cells[a.from].rect;
        const QRectF& to = l.cells[a.to].rect;
        if (!visible(from.united(to).adjusted(0, -l.arcHeight - head, 0, 0), exposed))
            continue;
        const QPointF start(from.center().x(), from.top() - 1);
        const QPointF end(to.center().x(), to.top() - 1);
        QPointF control = start;
        QPainterPath body(start);
        if (qFuzzyCompare(from.top(), to.top())) {
            const qreal h = std::min(l.arcHeight - 4 * sc, 8 * sc + std::abs(end.x() - start.x()) * 0.4);
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

    paintCellRow(p, l.cells, l.showValues, l.valueFont, c, sc, exposed);
    // Old values of written cells, under the cell ("was 6"): the layout's texts.
    if (l.showBefore) {
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        for (const StepLayout::Cell& cell : l.cells)
            if (!cell.beforeText.isEmpty() && visible(cell.beforeRect, exposed))
                p.drawText(cell.beforeRect, Qt::AlignHCenter | Qt::AlignTop, cell.beforeText);
    }
}

// A warp box's outline: the divergent outline `divergentWidth` wide, dashed where the warp is idle,
// otherwise the grid's thin line.
void paintWarpOutline(QPainter& p, const StepLayout::Warp& w, const ViewColors& c, qreal sc, qreal divergentWidth)
{
    if (w.divergent)
        paintStateOutline(p, w.rect, VisualState::DivergentWarp, c, divergentWidth);
    else if (w.idle) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(c.idleWarp, 2 * sc, Qt::DashLine));
        p.drawRect(w.rect);
    } else {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(c.gridLine, 1));
        p.drawRect(w.rect);
    }
}

// Overview: one box per warp: the share of active lanes filled (active colour and mark) from the
// left, the rest as idle lanes; "active/live" in it where it fits; the divergent outline; its
// index above; the expanded warp framed.
void paintWarpBoxes(QPainter& p, const StepLayout& l, const ViewColors& c, const QRectF& exposed)
{
    const qreal sc = l.scale;
    const QFontMetricsF sm(l.smallFont), cm(l.countFont);
    for (int i = 0; i < l.warps.size(); ++i) {
        const StepLayout::Warp& w = l.warps[i];
        if (!visible(w.rect.united(w.captionRect), exposed))
            continue;
        const QRectF r = w.rect.adjusted(1, 1, -1, -1);
        if (w.liveLanes == 0) {
            paintStateFill(p, r, VisualState::ExitedLane, c);
        } else {
            const qreal frac = qreal(w.activeLanes) / w.liveLanes;
            const QRectF on(r.left(), r.top(), r.width() * frac, r.height());
            const QRectF off(on.right(), r.top(), r.width() - on.width(), r.height());
            if (on.width() > 0)
                paintStateFill(p, on, VisualState::ActiveLane, c);
            if (off.width() > 0)
                paintStateFill(p, off, VisualState::IdleLane, c);
        }
        if (!w.count.isEmpty()) {
            // On a plain patch so that the digits read on either fill.
            p.setFont(l.countFont);
            const qreal tw = cm.horizontalAdvance(w.count) + 6 * sc;
            const QRectF patch(r.center().x() - tw / 2, r.center().y() - cm.height() / 2, tw, cm.height());
            p.fillRect(patch, c.background);
            p.setPen(c.text);
            p.drawText(patch, Qt::AlignCenter, w.count);
        }
        paintWarpOutline(p, w, c, sc, std::min<qreal>(3.5 * sc, w.rect.width() / 6));
        if (i == l.expandedWarp) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(c.text, 3 * sc));
            p.drawRect(w.rect.adjusted(-3 * sc, -3 * sc, 3 * sc, 3 * sc));
        }
        if (sm.horizontalAdvance(w.title) <= w.captionRect.width()) {
            p.setFont(l.smallFont);
            p.setPen(w.divergent ? c.divergent : c.mutedText);
            p.drawText(w.captionRect, Qt::AlignHCenter | Qt::AlignBottom, w.title);
        }
    }
}

VisualState laneState(const StepLayout::Lane& lane)
{
    if (lane.state == model::LaneState::Exited)
        return VisualState::ExitedLane;
    if (lane.padding)
        return VisualState::PaddingLane;
    return lane.state == model::LaneState::Active ? VisualState::ActiveLane : VisualState::IdleLane;
}

void paintLanes(QPainter& p, const StepLayout& l, const ViewColors& c, const QRectF& exposed)
{
    if (l.lanes.isEmpty())
        return;
    const qreal sc = l.scale;
    p.setFont(l.sectionFont);
    p.setPen(c.mutedText);
    p.drawText(l.lanesCaptionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.lanesCaption);

    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(l.smallFont);
    const QFontMetricsF fm(l.smallFont);
    if (l.overview)
        paintWarpBoxes(p, l, c, exposed);
    for (const StepLayout::Lane& lane : l.lanes) {
        if (lane.rect.isNull() || !visible(lane.rect, exposed))
            continue;
        const QRectF r = lane.rect.adjusted(0.5, 0.5, -0.5, -0.5);
        const VisualState st = laneState(lane);
        paintStateFill(p, r, st, c);
        // A padding lane still shows whether it runs the operation: a band in the state's colour.
        if (st == VisualState::PaddingLane)
            p.fillRect(QRectF(r.left(), r.bottom() - r.height() * 0.18, r.width(), r.height() * 0.18),
                       lane.state == model::LaneState::Active ? c.active : c.idle);
        if (lane.state != model::LaneState::Exited && l.showThreadNumbers)
            paintTextOnFill(p, r, QString::number(lane.thread), st, c, fm);
        // Cell borders in the background colour keep neighbouring lanes apart.
        p.setPen(QPen(c.background, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }
    p.setRenderHint(QPainter::Antialiasing, true);

    QFont bold = l.smallFont;
    bold.setBold(true);
    if (l.overview && !l.expandedCaption.isEmpty()) {
        p.setFont(l.sectionFont);
        p.setPen(c.text);
        p.drawText(l.expandedCaptionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.expandedCaption);
    }
    for (const StepLayout::Warp& w : l.warps) {
        if (l.overview)
            break;
        if (!visible(w.rect.united(w.captionRect).adjusted(-8 * sc, -w.captionRect.height() - 8 * sc, 8 * sc, 8 * sc), exposed))
            continue;
        paintWarpOutline(p, w, c, sc, 3.5 * sc);
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        // One line each, as wide as the warp's box: elided (…) rather than cut where it is longer.
        p.drawText(QRectF(w.rect.left(), w.rect.top() - w.captionRect.height(), w.captionRect.width(),
                          w.captionRect.height()),
                   Qt::AlignLeft | Qt::AlignBottom,
                   QFontMetricsF(l.smallFont).elidedText(w.title, Qt::ElideRight, w.captionRect.width()));
        p.setFont(w.divergent ? bold : l.smallFont);
        p.setPen(w.divergent ? c.divergent : w.idle ? c.mutedText : c.text);
        p.drawText(w.captionRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(p.font()).elidedText(w.caption, Qt::ElideRight, w.captionRect.width()));
    }

    if (!l.barrierRect.isEmpty()) {
        const QRectF r = l.barrierRect;
        paintBarrierLine(p, QPointF(r.left() + 2 * sc, r.top() + 4 * sc), QPointF(r.right() - 2 * sc, r.top() + 4 * sc), c, 4 * sc);
        p.setFont(l.sectionFont);
        p.setPen(c.text);
        p.drawText(r.adjusted(0, 8 * sc, 0, 0), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.barrierLabel);
    }
}

void paintBanks(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.banks.isEmpty())
        return;
    p.setFont(l.sectionFont);
    p.setPen(c.text);
    p.drawText(l.bankCaptionRect, Qt::TextWordWrap, l.bankCaption);
    p.setFont(l.smallFont);
    p.setPen(c.mutedText);
    p.drawText(l.bankHeadLabelRect, Qt::AlignRight | Qt::AlignVCenter, l.bankHeadLabel);
    p.drawText(l.bankWordLabelRect, Qt::AlignRight | Qt::AlignVCenter, l.bankWordLabel);
    const QFontMetricsF fm(l.smallFont);
    QFont bold = l.smallFont;
    bold.setBold(true);
    const QFontMetricsF bm(bold);
    for (const StepLayout::Bank& b : l.banks) {
        const bool conflict = b.ways > 1;
        p.setPen(QPen(conflict ? c.conflict : c.gridLine, conflict ? 2 * l.scale : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(b.rect.adjusted(0.5, 0.5, -0.5, -0.5));
        p.setPen(c.mutedText);
        const QRectF head(b.rect.left(), b.rect.top(), b.rect.width(), fm.height());
        p.drawText(head, Qt::AlignCenter, b.head);
        for (int i = 0; i < b.wordRects.size(); ++i) {
            const bool bcast = b.lanesPerWord[i] > 1;
            paintStateFill(p, b.wordRects[i],
                           conflict ? VisualState::BankConflict : bcast ? VisualState::Broadcast : VisualState::ActiveLane, c);
        }
        for (int i = 0; i < b.wordRects.size(); ++i) {
            const QString& t = b.wordTexts.value(i);
            if (t.isEmpty())
                continue;
            const QRectF tr = b.wordTextRects.value(i);
            const qreal tw = fm.horizontalAdvance(t) + 2;
            const QRectF patch(tr.center().x() - tw / 2, tr.center().y() - fm.height() / 2, tw, fm.height());
            p.fillRect(patch, c.background);
            p.setPen(c.text);
            p.drawText(patch, Qt::AlignCenter, t);
        }
        const QRectF foot(b.rect.left(), b.rect.bottom() - fm.height(), b.rect.width(), fm.height());
        if (conflict) {
            p.setPen(c.text);
            p.setFont(bold);
            const QString longForm = StepView::tr("%1-way").arg(b.ways);
            const QString t = b.rect.width() >= bm.horizontalAdvance(longForm) + 2 ? longForm : QString::number(b.ways);
            if (b.rect.width() >= bm.horizontalAdvance(t))
                p.drawText(foot, Qt::AlignCenter, t);
            p.setFont(l.smallFont);
        } else if (b.broadcast) {
            p.setPen(c.text);
            const QString longForm = StepView::tr("bcast");
            const QString t = b.rect.width() >= fm.horizontalAdvance(longForm) ? longForm : StepView::tr("B");
            if (b.rect.width() >= fm.horizontalAdvance(t))
                p.drawText(foot, Qt::AlignCenter, t);
        }
    }
}

void paintAtomics(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.atomics.isEmpty())
        return;
    const qreal sc = l.scale;
    p.setFont(l.sectionFont);
    p.setPen(c.text);
    p.drawText(l.atomicsCaptionRect, Qt::TextWordWrap, l.atomicsCaption);
    p.setFont(l.smallFont);
    for (const StepLayout::Atomic& a : l.atomics) {
        // A lost update: dashed outline in the divergent (warning) colour and the word "lost".
        p.setPen(QPen(a.lost ? c.lost : c.atomic, (a.lost ? 2.5 : 1.2) * sc, a.lost ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(a.rect, 5 * sc, 5 * sc);
        p.setPen(c.text);
        p.drawText(a.rect, Qt::AlignCenter, a.text);
    }
    if (!l.atomicsMore.isEmpty()) {
        p.setFont(l.smallFont);
        p.setPen(c.mutedText);
        p.drawText(l.atomicsMoreRect, Qt::AlignLeft | Qt::AlignVCenter, l.atomicsMore);
    }
}

void paintLegend(QPainter& p, const StepLayout& l, const ViewColors& c)
{
    if (l.legend.isEmpty())
        return;
    using K = StepLayout::LegendItem::Kind;
    p.setFont(l.smallFont);
    for (const StepLayout::LegendItem& item : l.legend) {
        const QRectF& r = item.swatch;
        switch (item.kind) {
        case K::ActiveLane: paintStateSwatch(p, r, VisualState::ActiveLane, c); break;
        case K::IdleLane: paintStateSwatch(p, r, VisualState::IdleLane, c); break;
        case K::ExitedLane: paintStateSwatch(p, r, VisualState::ExitedLane, c); break;
        case K::Padding: paintStateSwatch(p, r, VisualState::PaddingLane, c); break;
        case K::DivergentWarp: paintStateSwatch(p, r, VisualState::DivergentWarp, c); break;
        case K::Written: paintStateSwatch(p, r, VisualState::WrittenCell, c); break;
        case K::BankConflict: paintStateSwatch(p, r, VisualState::BankConflict, c); break;
        case K::Broadcast: paintStateSwatch(p, r, VisualState::Broadcast, c); break;
        case K::Barrier: paintStateSwatch(p, r, VisualState::Barrier, c); break;
        case K::IdleWarp:
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(c.idleWarp, 2 * l.scale, Qt::DashLine));
            p.drawRect(r.adjusted(2, 2, -2, -2));
            break;
        case K::ValueScale:
            for (int i = 0; i < 24; ++i)
                p.fillRect(QRectF(r.left() + r.width() * i / 24, r.top(), r.width() / 24 + 0.5, r.height()), valueColour(i / 23.0));
            break;
        case K::WarpWrites:
            p.fillRect(QRectF(r.left(), r.center().y() - 3 * l.scale, r.width() / 2, 6 * l.scale), c.written);
            p.fillRect(QRectF(r.center().x(), r.center().y() - 3 * l.scale, r.width() / 2, 6 * l.scale),
                       QColor::fromRgbF((c.written.redF() + c.background.redF()) / 2, (c.written.greenF() + c.background.greenF()) / 2,
                                        (c.written.blueF() + c.background.blueF()) / 2));
            break;
        case K::WarpReads:
            p.fillRect(QRectF(r.left(), r.center().y() - 3 * l.scale, r.width(), 6 * l.scale), c.arrow);
            break;
        case K::ActiveRegion:
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(c.text, 2 * l.scale, Qt::DashLine));
            p.drawRect(r.adjusted(2, 2, -2, -2));
            break;
        case K::ReadArrow:
            p.setPen(QPen(c.arrow, 2 * l.scale));
            p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right() - 3, r.center().y()));
            p.setBrush(c.arrow);
            p.setPen(Qt::NoPen);
            drawArrowHead(p, QPointF(r.right(), r.center().y()), QPointF(r.left(), r.center().y()), 6 * l.scale);
            break;
        }
        p.setPen(c.text);
        p.drawText(item.textRect, Qt::AlignLeft | Qt::AlignVCenter, item.text);
    }
}

} // namespace

StepView::StepView(QWidget* parent)
    : QWidget(parent)
    , m_colors(ViewColors::fromPalette(palette()))
{
    setAccessibleName(tr("Step view"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
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

void StepView::setPresentation(bool on, QSize screen)
{
    if (on == m_presentation && screen == m_presentationScreen)
        return;
    m_presentation = on;
    m_presentationScreen = screen;
    invalidate();
}

LayoutOptions StepView::layoutOptions() const
{
    LayoutOptions o;
    if (m_presentation) {
        QSize screenSize = m_presentationScreen;
        if (!screenSize.isValid() && screen())
            screenSize = screen()->size();
        o = presentationOptions(screenSize);
    }
    // Predict mode asking about the lanes of one warp shows that warp's lanes.
    o.warpRowOnly = m_warpRowOnly;
    o.expandedWarp = m_marks.laneWarp >= 0 && m_marks.target == PredictMarks::Target::Lanes ? m_marks.laneWarp : m_expandedWarp;
    return o;
}

void StepView::setExpandedWarp(int warp)
{
    warp = std::max(-1, warp);
    if (warp == m_expandedWarp)
        return;
    m_expandedWarp = warp;
    invalidate();
}

void StepView::setWarpRowOnly(bool on)
{
    if (on == m_warpRowOnly)
        return;
    m_warpRowOnly = on;
    invalidate();
}

bool StepView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = currentLayout().toolTipAt(toLayout(help->pos()));
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

void StepView::setTheme(Theme theme)
{
    if (theme == m_theme)
        return;
    m_theme = theme;
    rebuildColors();
}

void StepView::rebuildColors()
{
    m_colors = ViewColors::forTheme(m_theme, palette());
    update();
}

void StepView::setZoom(double zoom, QPointF anchor)
{
    zoom = std::clamp(zoom, kMinZoom, 8.0);
    if (qFuzzyCompare(zoom, m_zoom))
        return;
    if (anchor.x() < 0 || anchor.y() < 0)
        anchor = QPointF(width() / 2.0, height() / 2.0);
    // The layout point under the anchor stays under it.
    const QPointF layoutPoint = toLayout(anchor);
    const bool relayout = zoom < 1.0 || m_zoom < 1.0;
    m_zoom = zoom;
    if (relayout)
        invalidate();  // below 1× the step is laid out wider and drawn smaller: a new height
    setPan(layoutPoint * m_zoom - anchor);
    update();
    emit zoomChanged(m_zoom);
}

void StepView::zoomIn() { setZoom(m_zoom * 1.25); }
void StepView::zoomOut() { setZoom(m_zoom / 1.25); }

void StepView::resetZoom()
{
    m_pan = QPointF();
    setZoom(1.0);
    update();
}

double StepView::fitZoom(QSize viewport, bool throughLanes) const
{
    if (!m_trace || viewport.width() <= 0 || viewport.height() <= 0)
        return 1.0;
    // Height on screen at zoom z: the layout made z times wider, drawn z times smaller. It falls
    // as z falls (the text wraps less, then the picture shrinks): bisection finds the largest z
    // that fits.
    auto fits = [&](double z) {
        const StepLayout l = layoutForWidth(int(viewport.width() / z));
        qreal bottom = l.size.height();
        if (throughLanes && !l.warps.isEmpty()) {
            bottom = 0;
            for (const StepLayout::Warp& w : l.warps)
                bottom = std::max(bottom, std::max(w.rect.bottom(), w.captionRect.bottom()));
            for (const StepLayout::Lane& lane : l.lanes)
                bottom = std::max(bottom, lane.rect.bottom());
            bottom += 8 * l.scale;
        }
        return bottom * z <= viewport.height();
    };
    if (fits(1.0))
        return 1.0;
    if (!fits(kMinZoom))
        return kMinZoom;
    double lo = kMinZoom, hi = 1.0;
    for (int i = 0; i < 10; ++i) {
        const double mid = (lo + hi) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

void StepView::setPan(QPointF pan)
{
    const qreal maxX = std::max<qreal>(0, width() * m_zoom - width());
    const qreal maxY = std::max<qreal>(0, height() * m_zoom - height());
    pan = QPointF(std::clamp<qreal>(pan.x(), 0, maxX), std::clamp<qreal>(pan.y(), 0, maxY));
    if (pan == m_pan)
        return;
    m_pan = pan;
    update();
}

bool StepView::panBy(QPointF delta)
{
    const QPointF before = m_pan;
    setPan(m_pan + delta);
    return m_pan != before;
}

QPointF StepView::toLayout(QPointF widgetPoint) const
{
    return (widgetPoint + m_pan) / m_zoom;
}

int StepView::laneAt(QPoint p) const { return currentLayout().laneAt(toLayout(p)); }
int StepView::warpAt(QPoint p) const { return currentLayout().warpAt(toLayout(p)); }
int StepView::cellAt(QPoint p) const { return currentLayout().cellAt(toLayout(p)); }

void StepView::invalidate()
{
    // Screen readers get the step's title and label (what a sighted student reads first).
    if (m_trace && m_step < int(m_trace->steps.size()))
        setAccessibleDescription(tr("%1%2 step %3 of %4: %5")
                                     .arg(m_banner.isEmpty() ? QString() : m_banner + QStringLiteral(". "),
                                          QString::fromStdString(m_trace->strategy)).arg(m_step + 1)
                                     .arg(m_trace->steps.size())
                                     .arg(stepLabel(m_trace->steps[std::size_t(m_step)])));
    m_layoutValid = false;
    updateGeometry();
    update();
}

const StepLayout& StepView::currentLayout() const
{
    if (!m_layoutValid) {
        m_layout = layoutForWidth(layoutWidth(width()));
        m_layoutValid = true;
    }
    return m_layout;
}

StepLayout StepView::layoutForWidth(int w) const
{
    if (!m_trace)
        return StepLayout{};
    return layoutStep(*m_trace, m_step, w, font(), m_banner, layoutOptions());
}

int StepView::heightForWidth(int w) const
{
    if (!m_trace)
        return 200;
    if (w == width())
        return int(std::ceil(currentLayout().size.height() * std::min(1.0, m_zoom)));
    return int(std::ceil(layoutForWidth(layoutWidth(w)).size.height() * std::min(1.0, m_zoom)));
}

QSize StepView::sizeHint() const
{
    return QSize(900, heightForWidth(std::max(width(), 900)));
}

QSize StepView::minimumSizeHint() const
{
    return QSize(320, 200);
}

void StepView::paintLayout(QPainter& p, const StepLayout& l, const QRectF& exposed) const
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
    paintInput(p, l, m_colors, exposed);
    paintCells(p, l, m_colors, exposed);
    paintOutput(p, l, m_colors);
    paintLanes(p, l, m_colors, exposed);
    paintBanks(p, l, m_colors);
    paintAtomics(p, l, m_colors);
    paintLegend(p, l, m_colors);
}

void StepView::setPredictMarks(const PredictMarks& marks)
{
    const bool relayout = marks.laneWarp != m_marks.laneWarp || marks.target != m_marks.target;
    m_marks = marks;
    if (relayout)
        invalidate();
    else
        update();
}

void StepView::paintPredict(QPainter& p, const StepLayout& l) const
{
    using Target = PredictMarks::Target;
    const qreal sc = l.scale;
    if (m_marks.covered) {
        // Everything below the title and the source line is the step's outcome: hidden, with the
        // boxes the class clicks drawn plain (cells hold their value before the step).
        const qreal top = l.subtitleRect.bottom() + 4 * sc;
        p.fillRect(QRectF(0, top, l.size.width(), l.size.height() - top), m_colors.background);
        p.setBrush(Qt::NoBrush);
        p.setPen(m_colors.text);
        p.setFont(l.sectionFont);
        p.drawText(l.explanationRect, Qt::TextWordWrap, tr("Predict this step, then reveal it."));
        p.setFont(l.valueFont);
        if (l.inputStrip)
            paintStrip(p, l, l.inputCells, l.inputStripRows, m_colors, QRectF());
        for (const StepLayout::Cell& c : l.inputCells) {
            if (l.inputStrip)
                break;
            p.setPen(QPen(m_colors.gridLine, 1 * sc));
            p.drawRect(c.rect);
            if (l.showInputValues) {
                p.setPen(m_colors.text);
                p.drawText(c.rect, Qt::AlignCenter, c.text);
            }
        }
        for (const QRectF& r : l.stripRows) {
            p.setPen(QPen(m_colors.mutedText, 1.5 * sc));
            p.drawRect(r);
        }
        for (const StepLayout::Cell& c : l.cells) {
            if (l.valueStrip)
                break;
            p.setPen(QPen(m_colors.mutedText, 1.5 * sc));
            p.drawRect(c.rect);
            if (l.showValues && (c.hasBefore || l.inputCells.isEmpty())) {
                p.setPen(m_colors.text);
                p.drawText(c.rect, Qt::AlignCenter, c.hasBefore ? floatText(c.before) : c.text);
            }
        }
        for (const StepLayout::Warp& w : l.warps) {
            p.setPen(QPen(m_colors.mutedText, 1.5 * sc));
            p.drawRect(w.rect);
            p.setPen(m_colors.text);
            const QFont& f = l.overview ? l.smallFont : l.labelFont;
            p.setFont(f);
            if (!l.overview || QFontMetricsF(f).horizontalAdvance(w.title) <= w.captionRect.width())
                p.drawText(w.captionRect, l.overview ? Qt::AlignHCenter | Qt::AlignBottom : Qt::AlignLeft | Qt::AlignVCenter,
                           QFontMetricsF(f).elidedText(w.title, Qt::ElideRight, w.captionRect.width()));
        }
        if (!l.expandedCaption.isEmpty()) {
            p.setFont(l.sectionFont);
            p.drawText(l.expandedCaptionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.expandedCaption);
        }
        p.setFont(l.smallFont);
        for (const StepLayout::Lane& lane : l.lanes) {
            if (lane.rect.isNull())
                continue;
            p.setPen(QPen(m_colors.mutedText, 1 * sc));
            p.drawRect(lane.rect);
            if (l.showThreadNumbers) {
                p.setPen(m_colors.text);
                p.drawText(lane.rect, Qt::AlignCenter, QString::number(lane.thread));
            }
        }
    }
    auto rectOf = [&](int id) -> QRectF {
        switch (m_marks.target) {
        case Target::Warps: return id >= 0 && id < l.warps.size() ? l.warps[id].rect : QRectF();
        case Target::Lanes:
            for (const StepLayout::Lane& lane : l.lanes)
                if (lane.thread == id)
                    return lane.rect;
            return {};
        case Target::Cells:
            for (const StepLayout::Cell& c : l.cells)
                if (c.index == id)
                    return c.rect;
            return {};
        case Target::None: return {};
        }
        return {};
    };
    const qreal line = 3 * sc;
    auto glyph = [&](const QRectF& r, const QString& g, const QColor& colour) {
        QFont f = l.labelFont;
        f.setBold(true);
        p.setFont(f);
        const QRectF box(r.right() - QFontMetricsF(f).horizontalAdvance(g) - 4 * sc, r.top() - QFontMetricsF(f).height() * 0.6,
                         QFontMetricsF(f).horizontalAdvance(g) + 8 * sc, QFontMetricsF(f).height());
        p.setPen(Qt::NoPen);
        p.setBrush(m_colors.background);
        p.drawRoundedRect(box, 3 * sc, 3 * sc);
        p.setPen(colour);
        p.drawText(box, Qt::AlignCenter, g);
        p.setBrush(Qt::NoBrush);
    };
    p.setBrush(Qt::NoBrush);
    if (m_marks.askedCell >= 0) {
        for (const StepLayout::Cell& c : l.cells)
            if (c.index == m_marks.askedCell) {
                p.setPen(QPen(m_colors.text, line, Qt::DashLine));
                p.drawRect(c.rect.adjusted(-line, -line, line, line));
            }
    }
    const QRectF pad(-line, -line, 2 * line, 2 * line);
    auto grown = [&](QRectF r) { return r.adjusted(pad.x(), pad.y(), pad.width() / 2, pad.height() / 2); };
    if (!m_marks.revealed) {
        for (int id : m_marks.chosen) {
            const QRectF r = rectOf(id);
            if (r.isNull())
                continue;
            p.setPen(QPen(m_colors.text, line));
            p.drawRect(grown(r));
            glyph(r, QStringLiteral("•"), m_colors.text);
        }
        return;
    }
    for (int id : m_marks.chosen) {
        const QRectF r = rectOf(id);
        if (r.isNull())
            continue;
        const bool right = m_marks.expected.contains(id);
        p.setPen(QPen(right ? m_colors.broadcast : m_colors.conflict, line, right ? Qt::SolidLine : Qt::DashLine));
        p.drawRect(grown(r));
        glyph(r, right ? QStringLiteral("✓") : QStringLiteral("✗"), right ? m_colors.broadcast : m_colors.conflict);
    }
    for (int id : m_marks.expected) {
        if (m_marks.chosen.contains(id))
            continue;
        const QRectF r = rectOf(id);
        if (r.isNull())
            continue;
        p.setPen(QPen(m_colors.conflict, line, Qt::DotLine));
        p.drawRect(grown(r));
        glyph(r, QStringLiteral("?"), m_colors.conflict);
    }
}

void StepView::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    p.fillRect(rect(), m_colors.background);
    StepLayout l = currentLayout();
    l.size.setHeight(std::max(l.size.height(), int(std::ceil(height() / std::min(1.0, m_zoom)))));
    if (m_zoom != 1.0 || !m_pan.isNull()) {
        p.translate(-m_pan);
        p.scale(m_zoom, m_zoom);
    }
    const QRectF exposed(toLayout(event->rect().topLeft()), toLayout(event->rect().bottomRight() + QPoint(1, 1)));
    paintLayout(p, l, exposed);
    if (m_trace && !m_trace->steps.empty() && (m_marks.covered || m_marks.target != PredictMarks::Target::None || m_marks.askedCell >= 0))
        paintPredict(p, l);
    emit painted();
}

void StepView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_colors = ViewColors::forTheme(m_theme, palette());
        invalidate();
    } else if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Step view"));
        invalidate();  // the layout holds the words: lay them out again in the new language
    }
    QWidget::changeEvent(event);
}

QStringList StepView::paintedStrings() const
{
    const StepLayout& l = currentLayout();
    TextCapture capture(QSize(l.size.width(), std::max(l.size.height(), 200)));
    QPainter p(&capture);
    paintLayout(p, l);
    p.end();
    return capture.strings();
}

void StepView::resizeEvent(QResizeEvent* event)
{
    m_layoutValid = false;
    QWidget::resizeEvent(event);
    setPan(m_pan);  // keep the pan inside the (new) magnified picture
}

void StepView::keyPressEvent(QKeyEvent* event)
{
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    const qreal step = 40;
    if (ctrl && (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal))
        zoomIn();
    else if (ctrl && (event->key() == Qt::Key_Minus || event->key() == Qt::Key_Underscore))
        zoomOut();
    else if (ctrl && event->key() == Qt::Key_0)
        resetZoom();
    else if (m_zoom > 1.0 && !ctrl && event->key() == Qt::Key_Left)
        panBy(QPointF(-step, 0));
    else if (m_zoom > 1.0 && !ctrl && event->key() == Qt::Key_Right)
        panBy(QPointF(step, 0));
    else if (m_zoom > 1.0 && !ctrl && event->key() == Qt::Key_Up)
        panBy(QPointF(0, -step));
    else if (m_zoom > 1.0 && !ctrl && event->key() == Qt::Key_Down)
        panBy(QPointF(0, step));
    else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void StepView::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        if (delta.y() != 0)
            setZoom(m_zoom * std::pow(1.25, delta.y() / 120.0), event->position());
        event->accept();
        return;
    }
    // Zoomed: the wheel pans the magnified picture; at its edge the scroll area scrolls on.
    if (m_zoom > 1.0) {
        const bool sideways = (event->modifiers() & Qt::ShiftModifier) || delta.x() != 0;
        const qreal amount = -(sideways && delta.x() != 0 ? delta.x() : delta.y()) / 120.0 * 60;
        if (panBy(sideways ? QPointF(amount, 0) : QPointF(0, amount))) {
            event->accept();
            return;
        }
    }
    event->ignore();
}

void StepView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressPan = m_pan;
    event->accept();
}

void StepView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_pressed) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    const QPoint d = event->position().toPoint() - m_pressPos;
    if (!m_dragging && m_zoom > 1.0 && d.manhattanLength() >= 6) {
        m_dragging = true;
        setCursor(Qt::ClosedHandCursor);
    }
    if (m_dragging)
        setPan(m_pressPan - QPointF(d));
    event->accept();
}

void StepView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_pressed) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
    } else {
        const QPoint p = event->position().toPoint();
        if (const int lane = laneAt(p); lane >= 0)
            emit laneClicked(lane);
        if (const int warp = warpAt(p); warp >= 0) {
            // The overview shows a clicked warp's lanes (a second click folds them), except while
            // predict mode covers the step (the lanes would give the answer away).
            if (currentLayout().overview && !m_marks.covered)
                setExpandedWarp(warp == m_expandedWarp ? -1 : warp);
            emit warpClicked(warp);
        }
        if (const int cell = cellAt(p); cell >= 0)
            emit cellClicked(cell);
    }
    event->accept();
}

} // namespace reducescope::views
