// SPDX-License-Identifier: GPL-3.0-or-later
// The step view: one step of a Trace, custom-painted for a classroom (large type, colour-blind-safe
// colours with a shape or pattern for every state, zoom and pan, a presentation size).
#pragma once

#include "model/trace.h"
#include "views/step/step_layout.h"
#include "views/common/view_colors.h"

#include <QWidget>

#include <memory>

namespace reducescope::views {

/// What predict mode draws over a step. While `covered`, the step's outcome is hidden:
/// warps, lanes and cells are drawn as plain numbered boxes (cells with their value before the
/// step) so the class can click them. Chosen ids get a thick frame; once revealed, right ids a
/// frame with a tick, wrong ones a dashed frame with a cross, missed ones a dotted frame with a
/// "?" (shapes as well as colours).
struct PredictMarks {
    enum class Target { None, Warps, Lanes, Cells };
    bool covered = false;
    Target target = Target::None;
    QVector<int> chosen;     ///< ids (StepLayout::warps index, global thread, cell index) clicked
    bool revealed = false;
    QVector<int> expected;   ///< the right ids (used once revealed)
    int askedCell = -1;      ///< a number question about this cell: framed
    /// A lanes question about one warp (Question::scope_warp, index into Step::warps): the
    /// overview shows that warp's lanes so that they can be clicked; -1 = none.
    int laneWarp = -1;
};

/// Renders steps[step] of a trace: cells, read->write arrows, lanes by warp, bank strip, atomics,
/// barrier, legend. Only reads the trace. Height follows width (put it in a QScrollArea).
///
/// Zoom magnifies the picture (1× .. 8×) without relaying it out; below 1× (down to kMinZoom) the
/// step is laid out for a view 1/zoom times wider and drawn zoom times smaller, so a whole step fits
/// a window (fitZoom(); Ctrl+wheel and Zoom out reach it too); the magnified picture is panned
/// inside the widget by dragging, by the wheel (Shift+wheel: sideways) or by the arrow keys. Keys
/// (with focus): Ctrl + / Ctrl = zoom in, Ctrl - zoom out, Ctrl 0 back to 1×; Ctrl+wheel zooms
/// around the cursor. A click that is not a drag reports what is under it (laneClicked, ...).
class StepView : public QWidget {
    Q_OBJECT
public:
    explicit StepView(QWidget* parent = nullptr);

    /// Shows `trace` (may be null: an empty view); keeps the step index, clamped.
    void setTrace(std::shared_ptr<const model::Trace> trace);
    std::shared_ptr<const model::Trace> trace() const { return m_trace; }

    /// A band across the top saying where the trace came from (e.g. "Recorded on the GPU: NVIDIA
    /// H200 (sm_90) — 8 probe records"); empty for the step model. Exports include it.
    void setBanner(const QString& banner);
    QString banner() const { return m_banner; }

    /// Shows step k (clamped to the trace's steps).
    void setStep(int k);
    int step() const { return m_step; }

    /// Presentation mode: every text at least kPresentationTextPx (22 px) on a 1920×1080 screen,
    /// sizes scaled with it (presentationOptions()). `screen`: the size to lay out for; invalid =
    /// the size of the screen the view is on.
    void setPresentation(bool on, QSize screen = QSize());
    bool presentation() const { return m_presentation; }
    /// The options the layout is made with (desktop: default LayoutOptions).
    LayoutOptions layoutOptions() const;

    /// Colour theme (System follows the palette). Emits nothing; repaints.
    void setTheme(Theme theme);
    Theme theme() const { return m_theme; }

    /// Smallest zoom (a step four times smaller than at 1×).
    static constexpr double kMinZoom = 0.25;
    /// Zoom factor, clamped to kMinZoom..8; `anchor` (widget coordinates) stays where it is on screen
    /// (default: the centre). Emits zoomChanged when it changes.
    void setZoom(double zoom, QPointF anchor = QPointF(-1, -1));
    double zoom() const { return m_zoom; }
    void zoomIn();   ///< × 1.25
    void zoomOut();  ///< ÷ 1.25
    void resetZoom(); ///< 1×, no pan
    /// The largest zoom in kMinZoom..1 at which the step, laid out for `viewport`'s width, is at
    /// most `viewport`'s height: the whole picture, or with `throughLanes` the picture down to the
    /// lane/warp row (title, values and lanes; the bank strip and legend may lie below). 1 when it
    /// fits at 1×.
    double fitZoom(QSize viewport, bool throughLanes = false) const;
    /// Top-left of the visible part of the magnified picture, in magnified pixels (0,0 at 1×);
    /// clamped so the picture always covers the widget.
    void setPan(QPointF pan);
    QPointF pan() const { return m_pan; }

    /// Widget coordinates -> layout coordinates (undoes zoom and pan).
    QPointF toLayout(QPointF widgetPoint) const;
    /// Hit-testing in widget coordinates (zoom and pan applied): global thread index of the lane
    /// under `p`, index of the warp (into Step::warps / StepLayout::warps), index of the cell
    /// (into Step::values); -1 when there is none.
    int laneAt(QPoint p) const;
    int warpAt(QPoint p) const;
    int cellAt(QPoint p) const;

    /// Geometry of what is drawn at the current width (for tests and exports).
    const StepLayout& currentLayout() const;
    /// Layout of the current step at another width (exports).
    StepLayout layoutForWidth(int width) const;

    /// Paints `layout` with this view's colours (background included) at the painter's origin.
    /// `exposed` (layout coordinates): only what intersects it needs painting; null = everything.
    void paintLayout(QPainter& painter, const StepLayout& layout, const QRectF& exposed = QRectF()) const;

    /// The lines of text the current step paints, in painting order (views/common/text_capture.h): what
    /// a student reads on the picture, for tests of wording and language.
    QStringList paintedStrings() const;

    const ViewColors& colors() const { return m_colors; }

    /// Overview (StepLayout::overview): the warp (index into Step::warps) whose lanes are drawn
    /// under the warp boxes; -1 = none. A click on a warp box sets it (a second click clears it).
    void setExpandedWarp(int warp);
    int expandedWarp() const { return m_expandedWarp; }
    /// "Warp row only" (LayoutOptions::warpRowOnly): the step's lanes or warps without its array.
    void setWarpRowOnly(bool on);
    bool warpRowOnly() const { return m_warpRowOnly; }

    /// Predict mode's cover and marks (default: none).
    void setPredictMarks(const PredictMarks& marks);
    const PredictMarks& predictMarks() const { return m_marks; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// Emitted after each paint event (first-frame timing).
    void painted();
    void zoomChanged(double zoom);
    /// A click (no drag) on a lane, a warp box or a cell; arguments as laneAt / warpAt / cellAt.
    void laneClicked(int thread);
    void warpClicked(int warp);
    void cellClicked(int cell);

protected:
    bool event(QEvent* event) override;  ///< tooltips: StepLayout::toolTipAt
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void invalidate();
    /// Width the layout is made for at the current zoom (wider below 1×).
    int layoutWidth(int w) const { return m_zoom < 1.0 ? int(w / m_zoom) : w; }
    void rebuildColors();
    bool panBy(QPointF delta);
    void paintPredict(QPainter& painter, const StepLayout& layout) const;

    std::shared_ptr<const model::Trace> m_trace;
    int m_step = 0;
    QString m_banner;
    bool m_presentation = false;
    QSize m_presentationScreen;
    Theme m_theme = Theme::System;
    double m_zoom = 1.0;
    QPointF m_pan;
    QPoint m_pressPos;
    QPointF m_pressPan;
    bool m_pressed = false;
    bool m_dragging = false;
    ViewColors m_colors;
    PredictMarks m_marks;
    int m_expandedWarp = -1;
    bool m_warpRowOnly = false;
    mutable StepLayout m_layout;
    mutable bool m_layoutValid = false;
};

} // namespace reducescope::views
