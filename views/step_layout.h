// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of one step as the step view draws it. Computed by a pure function of (trace, step,
// width, font) so that tests can check what is drawn without reading pixels, and so that
// painting only walks this list.
#pragma once

#include "model/trace.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QVector>

namespace reducescope::views {

/// Everything the step view paints for one step, in widget coordinates.
struct StepLayout {
    /// One array cell (an element of Step::values).
    struct Cell {
        int index = 0;
        QRectF rect;
        float value = 0;
        bool written = false;    ///< some lane wrote it in this step
        bool read = false;       ///< some active lane read it in this step
        bool padding = false;    ///< identity padding past the input (index >= Trace::n)
        bool hasBefore = false;  ///< previous value known (same array before the step)
        float before = 0;
    };
    /// One lane (thread) of the grid.
    struct Lane {
        int thread = 0;          ///< global thread index (index in Step::lanes)
        QRectF rect;
        model::LaneState state = model::LaneState::Idle;
        bool padding = false;
        int warpIndex = 0;       ///< index into StepLayout::warps
    };
    /// One warp box with its caption.
    struct Warp {
        int block = 0;
        int warp = 0;
        QRectF rect;             ///< box around its lanes
        QRectF captionRect;      ///< status line under the box
        int activeLanes = 0;     ///< WarpRecord::active_lanes.size()
        int liveLanes = 0;
        bool divergent = false;  ///< WarpRecord::divergent: outlined and labelled
        bool idle = false;       ///< live lanes, none active: drawn faded and dashed
        QString caption;         ///< e.g. "divergent: 2/32 active"
        QString title;           ///< e.g. "block 0 · warp 1"
    };
    /// One column of the bank strip.
    struct Bank {
        int bank = 0;
        QRectF rect;
        int ways = 0;            ///< distinct words the shown access touches in this bank
        bool broadcast = false;  ///< a word in this bank read by more than one lane
        QVector<QRectF> wordRects;
        QVector<int> words;
        QVector<int> lanesPerWord;
        QVector<QString> wordLabels; ///< e.g. "lane 3 → w24", or "lanes 0,1 → w0" for a broadcast
    };
    /// A read -> write arrow between two cells.
    struct Arrow {
        int from = 0;
        int to = 0;
    };
    /// One atomic operation chip, in serialisation order.
    struct Atomic {
        int order = 0;
        QRectF rect;
        bool lost = false;
        QString text;
    };

    QSize size;
    /// Band across the top naming where the trace came from ("Recorded on the GPU: ..."); empty
    /// for the step model of the request on screen.
    QString banner;
    QRectF bannerRect;
    QFont titleFont, labelFont, sectionFont, valueFont, smallFont;
    QRectF titleRect, subtitleRect, explanationRect, teachingRect;
    QString title, subtitle, explanation, teachingNote, valuesCaption;
    QRectF valuesCaptionRect;
    QVector<Cell> cells;
    qreal arcHeight = 0;
    bool showValues = true;
    QVector<Arrow> arrows;           ///< read cell -> written cell, both in `cells`
    int arrowEvery = 1;              ///< paint every n-th arrow (bounded clutter on long arrays)

    /// Load steps (Step::reads_input): the global input drawn above, arrows input -> cells.
    QString inputCaption;
    QRectF inputCaptionRect;
    QVector<Cell> inputCells;
    bool showInputValues = true;
    QVector<Arrow> inputArrows;      ///< from an index of inputCells to an index of cells

    QString outputText;              ///< "*output = 36" once the kernel has written it
    QRectF outputRect;
    QVector<int> outputArrows;       ///< cells whose value an atomic/store of this step sends to *output

    QRectF lanesCaptionRect;
    QString lanesCaption;
    QVector<Lane> lanes;
    QVector<Warp> warps;
    bool showThreadNumbers = false;

    QRectF bankCaptionRect;
    QString bankCaption;
    int bankAccess = -1;         ///< index into Step::shared_accesses shown in the strip, -1 = none
    int bankWays = 0;            ///< that access's max_conflict_ways (from the trace)
    QVector<Bank> banks;

    QRectF atomicsCaptionRect;
    QString atomicsCaption;
    QVector<Atomic> atomics;
    int atomicsHidden = 0;       ///< atomics of the step not drawn (too many)

    QRectF barrierRect;          ///< empty when the step ends without a barrier
    QString barrierLabel;

    QRectF legendRect;

    /// Lanes drawn as active.
    int activeLaneCount() const;
    /// Warps drawn with the divergent outline.
    int divergentWarpCount() const;
    /// Worst n-way count written on the bank strip (0 when there is no strip).
    int maxBankWays() const;
};

/// Lays out step `step` (0-based index into Trace::steps; shown as step+1) of `trace` for a view `width` pixels wide, with `base` as the body font.
/// `banner`, when not empty, is drawn as a band above the title (a GPU recording's mark).
StepLayout layoutStep(const model::Trace& trace, int step, int width, const QFont& base,
                      const QString& banner = QString());

} // namespace reducescope::views
