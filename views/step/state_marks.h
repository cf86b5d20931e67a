// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing the states of view_colors.h with their colour AND their mark (pattern or shape), so every
// view and every legend draws a state the same way.
#pragma once

#include "views/common/view_colors.h"

#include <QPainter>
#include <QRectF>

namespace reducescope::views {

/// Fills `r` as a lane of `state` (ActiveLane, IdleLane, ExitedLane, PaddingLane) or a word box
/// (BankConflict, Broadcast; ActiveLane = a plain access): the state's colour plus its pattern in
/// ViewColors::laneText. Other states: a plain fill of their colour.
void paintStateFill(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c);

/// Outlines `r` as a divergent warp (thick line, filled triangle in the top-right corner) or a
/// written cell (double line, triangle in the top-left corner). `width`: the main line width.
void paintStateOutline(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c, qreal width);

/// The barrier line from `from` to `to` (horizontal): thick dash-dot, with bars at both ends.
void paintBarrierLine(QPainter& p, QPointF from, QPointF to, const ViewColors& c, qreal width);

/// Draws `text` centred in `r`, which paintStateFill filled as `state`, in ViewColors::laneText.
/// On a patterned fill the digits sit on a plain patch of the fill colour only as tall as the
/// digits, so the pattern stays visible above and below them. `fm`: metrics of the current font.
void paintTextOnFill(QPainter& p, const QRectF& r, const QString& text, VisualState state, const ViewColors& c,
                     const QFontMetricsF& fm);

/// A legend swatch for `state` in `r` (the fill, outline or line the views draw).
void paintStateSwatch(QPainter& p, const QRectF& r, VisualState state, const ViewColors& c);

} // namespace reducescope::views
