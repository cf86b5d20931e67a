// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/state_marks.h"

#include <QPainterPath>

#include <algorithm>

namespace reducescope::views {
namespace {

Qt::BrushStyle patternOf(VisualState s)
{
    switch (s) {
    case VisualState::IdleLane: return Qt::HorPattern;
    case VisualState::PaddingLane: return Qt::BDiagPattern;
    case VisualState::BankConflict: return Qt::DiagCrossPattern;
    case VisualState::Broadcast: return Qt::Dense6Pattern;
    default: return Qt::NoBrush;
    }
}

void cornerTriangle(QPainter& p, const QRectF& r, bool right, qreal size, const QColor& colour)
{
    QPainterPath tri;
    if (right) {
        tri.moveTo(r.topRight());
        tri.lineTo(r.topRight() + QPointF(-size, 0));
        tri.lineTo(r.topRight() + QPointF(0, size));
    } else {
        tri.moveTo(r.topLeft());
        tri.lineTo(r.topLeft() + QPointF(size, 0));
        tri.lineTo(r.topLeft() + QPointF(0, size));
    }
    tri.closeSubpath();
    p.fillPath(tri, colour);
}

} // namespace

void paintStateFill(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c)
{
    p.fillRect(r, c.state(state));
    const Qt::BrushStyle pattern = patternOf(state);
    if (pattern != Qt::NoBrush)
        p.fillRect(r, QBrush(c.laneText, pattern));
    if (state == VisualState::ExitedLane) {
        const QPen saved = p.pen();
        p.setPen(QPen(c.laneText, std::max<qreal>(1.2, r.width() / 14)));
        const QRectF x = r.adjusted(r.width() * 0.15, r.height() * 0.15, -r.width() * 0.15, -r.height() * 0.15);
        p.drawLine(x.topLeft(), x.bottomRight());
        p.drawLine(x.topRight(), x.bottomLeft());
        p.setPen(saved);
    }
}

void paintStateOutline(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c, qreal width)
{
    const QColor colour = c.state(state);
    p.setBrush(Qt::NoBrush);
    if (state == VisualState::DivergentWarp) {
        p.setPen(QPen(colour, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(r);
        // Tucked into the inner corner of the line, so a thick line never hides it.
        const QRectF inner = r.adjusted(width / 2, width / 2, -width / 2, -width / 2);
        cornerTriangle(p, inner, true, std::clamp<qreal>(std::min(inner.width(), inner.height()) * 0.22, 5, 16), colour);
    } else if (state == VisualState::WrittenCell) {
        const qreal line = std::max<qreal>(1, width * 0.5);
        p.setPen(QPen(colour, line, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(r);
        const QRectF inner = r.adjusted(line * 2, line * 2, -line * 2, -line * 2);
        if (inner.width() > 2 && inner.height() > 2)
            p.drawRect(inner);
        cornerTriangle(p, r.adjusted(line / 2, line / 2, -line / 2, -line / 2), false,
                       std::clamp<qreal>(std::min(r.width(), r.height()) * 0.25, 4, 16), colour);
    } else {
        p.setPen(QPen(colour, width));
        p.drawRect(r);
    }
}

void paintBarrierLine(QPainter& p, QPointF from, QPointF to, const ViewColors& c, qreal width)
{
    p.setPen(QPen(c.barrier, width, Qt::DashDotLine, Qt::FlatCap));
    p.drawLine(from, to);
    p.setPen(QPen(c.barrier, width, Qt::SolidLine, Qt::FlatCap));
    const qreal bar = width * 2.5;
    p.drawLine(from + QPointF(0, -bar), from + QPointF(0, bar));
    p.drawLine(to + QPointF(0, -bar), to + QPointF(0, bar));
}

void paintTextOnFill(QPainter& p, const QRectF& r, const QString& text, VisualState state, const ViewColors& c,
                     const QFontMetricsF& fm)
{
    if (patternOf(state) != Qt::NoBrush) {
        const qreal w = std::min(r.width(), fm.horizontalAdvance(text) + 4);
        const qreal h = std::min(r.height(), fm.capHeight() + 6);
        p.fillRect(QRectF(r.center().x() - w / 2, r.center().y() - h / 2, w, h), c.state(state));
    }
    p.setPen(c.laneText);
    p.drawText(r, Qt::AlignCenter, text);
}

void paintStateSwatch(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c)
{
    switch (state) {
    case VisualState::DivergentWarp:
    case VisualState::WrittenCell:
        paintStateOutline(p, r.adjusted(2, 2, -2, -2), state, c, std::max<qreal>(2.5, r.height() / 8));
        break;
    case VisualState::Barrier:
        paintBarrierLine(p, QPointF(r.left() + 2, r.center().y()), QPointF(r.right() - 2, r.center().y()), c,
                         std::max<qreal>(2, r.height() / 8));
        break;
    default:
        paintStateFill(p, r, state, c);
    }
}

} // namespace reducescope::views
