// SPDX-License-Identifier: GPL-3.0-or-later
// The warp map (classroom mode's "divergence at a glance"): every warp of a trace against every
// step, in one picture that fits its widget without scrolling (up to 4096 values: 128 warps of 32,
// or 1024 teaching warps of 4). Each cell shows how many lanes of the warp are active (a bar, and
// the count where it fits) and whether the warp diverges (thick outline with a corner triangle,
// not only a colour). Two traces are drawn side by side at the same cell size (compare mode).
#pragma once

#include "model/trace.h"
#include "views/step/step_layout.h"
#include "views/common/view_colors.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>

namespace reducescope::views {

/// Geometry of the warp map, computed by a pure function (tests read it instead of pixels).
struct WarpMapLayout {
    /// One (warp, step) cell.
    struct Cell {
        int step = 0;          ///< index into Trace::steps
        int row = 0;           ///< index into Map::rows
        int warpRecord = -1;   ///< index into Step::warps, -1 = the warp has no record in this step
        QRectF rect;
        int active = 0;        ///< WarpRecord::active_lanes.size()
        int live = 0;          ///< WarpRecord::live_lanes
        bool divergent = false;
        bool idle = false;     ///< live lanes, none active
        bool exited = false;   ///< no live lane
        QString count;         ///< "12/32"; empty when it does not fit at the smallest text size
    };
    /// One warp row: (block, warp) of the launch, as the trace's warp records name it.
    struct Row {
        int block = 0;
        int warp = 0;
        QString label;         ///< "3" (warp 3), or "1.3" (block 1, warp 3) when the grid has blocks
        QVector<QRectF> labelRects;  ///< one per band the row appears in (one)
    };
    /// One step column head (repeated in each band).
    struct Column {
        int step = 0;
        QRectF rect;
        QString label;         ///< step number (1-based); empty where heads would overlap
        QRectF strideRect;     ///< the line under `rect`
        QString stride;        ///< the step's stride or offset ("64"); empty where none or heads would overlap
    };
    /// The heads of the label column in one band: "step" and "stride" (the title says the rows are warps).
    struct HeadLabels {
        QRectF stepRect, strideRect;
    };
    /// One map (one trace).
    struct Map {
        QString title;         ///< strategy and divergent-warp total
        QRectF titleRect;
        QRectF rect;           ///< area of the map (title to last row)
        int bands = 1;         ///< the warp rows split into this many side-by-side bands
        QVector<Row> rows;
        QVector<Column> columns;
        QVector<Cell> cells;
        QVector<QRectF> currentStepRects;  ///< frame of the current step's column, per band
        QVector<HeadLabels> heads;         ///< per band
        QString stepHead, strideHead;  ///< "step", "stride"
        /// Divergent cells in step `step` (what is drawn, for tests).
        int divergentCells(int step) const;
        /// Divergent cells over all steps.
        int divergentCells() const;
    };
    /// The map, step and warp record (index into Step::warps) of the cell under `p`, or map = -1.
    struct CellHit {
        int map = -1;
        int step = -1;
        int warpRecord = -1;
    };
    CellHit cellAt(QPointF p) const;
    /// One legend entry.
    struct LegendItem {
        enum class Kind { AllActive, Divergent, Idle, Exited };
        Kind kind = Kind::AllActive;
        QRectF swatch, textRect;
        QString text;
    };

    QSize size;
    qreal scale = 1;
    qreal minTextPx = 0;
    QFont titleFont, labelFont, countFont;
    QSizeF cellSize;
    bool showCounts = false;
    QVector<Map> maps;          ///< one, or two side by side
    QVector<LegendItem> legend;
    QString emptyText;          ///< shown when there is no trace

    /// The map, step and row under `p`, or map = -1.
    struct Hit {
        int map = -1;
        int step = -1;
        int row = -1;
    };
    Hit hitTest(QPointF p) const;
};

/// Lays out the warp map of `a` (and `b` beside it when not null) to fill `size`, with `base` as the
/// body font, desktop or presentation sizes (`options`), current step `step` framed.
WarpMapLayout layoutWarpMap(const model::Trace* a, const model::Trace* b, int step, QSize size, const QFont& base,
                            const LayoutOptions& options = {});

/// The widget. Reads traces only; fits its size (no scrolling). A click on a cell emits stepClicked.
class WarpMapView : public QWidget {
    Q_OBJECT
public:
    explicit WarpMapView(QWidget* parent = nullptr);

    /// One trace, or two side by side (`compare` may be null).
    void setTraces(std::shared_ptr<const model::Trace> trace, std::shared_ptr<const model::Trace> compare = nullptr);
    std::shared_ptr<const model::Trace> trace() const { return m_trace; }
    std::shared_ptr<const model::Trace> compareTrace() const { return m_compare; }

    /// The step framed in every map (index into Trace::steps).
    void setStep(int step);
    int step() const { return m_step; }

    /// Presentation sizes (see StepView::setPresentation).
    void setPresentation(bool on, QSize screen = QSize());
    bool presentation() const { return m_presentation; }
    void setTheme(Theme theme);
    Theme theme() const { return m_theme; }
    const ViewColors& colors() const { return m_colors; }

    const WarpMapLayout& currentLayout() const;
    /// Paints `layout` (background included) at the painter's origin.
    void paintLayout(QPainter& painter, const WarpMapLayout& layout) const;

    QSize sizeHint() const override { return QSize(1200, 700); }
    QSize minimumSizeHint() const override { return QSize(320, 200); }

signals:
    /// A click on a cell or column head: the step it belongs to (index into Trace::steps).
    void stepClicked(int step);
    /// A click on a cell: its map (0 = the main trace, 1 = the compared one), step and warp record
    /// (index into Step::warps) — predict mode's answers can be clicked here.
    void warpCellClicked(int map, int step, int warpRecord);
    void painted();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void invalidate();

    std::shared_ptr<const model::Trace> m_trace, m_compare;
    int m_step = 0;
    bool m_presentation = false;
    QSize m_presentationScreen;
    Theme m_theme = Theme::System;
    ViewColors m_colors;
    mutable WarpMapLayout m_layout;
    mutable bool m_layoutValid = false;
};

} // namespace reducescope::views
