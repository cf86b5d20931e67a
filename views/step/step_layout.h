// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of one step as the step view draws it. Computed by a pure function of (trace, step,
// width, font) so that tests can check what is drawn without reading pixels, and so that
// painting only walks this list.
#pragma once

#include "model/trace.h"
#include "model/warp_summary.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QVector>

namespace reducescope::views {

/// Smallest text of presentation mode at 1920×1080, in pixels (legible from the back row).
inline constexpr qreal kPresentationTextPx = 22;

/// How large the step is laid out. The default is the desktop layout (body text from the view's
/// font, at least 12 px).
struct LayoutOptions {
    /// Smallest text size in pixels; 0 = the desktop layout. Every text drawn is at least this
    /// size; numbers that would not fit at it in their cell or lane are not drawn.
    qreal minTextPx = 0;
    /// Multiplies every fixed size of the layout (margins, gaps, largest cell and lane); 1 = desktop.
    qreal scale = 1;
    /// Overview (more than kOverviewLanes lanes or kOverviewValues values): the warp (index into
    /// Step::warps) whose lanes are drawn under the warp boxes; -1 = none. Ignored elsewhere.
    int expandedWarp = -1;
    /// "Warp row only": the header, the lanes or warp boxes, the barrier and the legend; no array,
    /// bank strip or atomics (the divergence lesson's picture, as large as the class needs it).
    bool warpRowOnly = false;
};

/// Above this many lanes, or kOverviewValues values, a step is drawn as an overview: one box per
/// warp (active count, divergence mark, the lanes of one warp on demand), values as numbers where
/// they fit and as a strip coloured by value (with its scale) where they do not, each warp's
/// reads and writes as spans over the array, and the step's active region framed. It stays one
/// 1920×1080 screen tall at 4096 values (issue 24).
inline constexpr int kOverviewLanes = 128;
inline constexpr int kOverviewValues = 256;

/// Options of presentation mode for a screen of `screen` pixels: the smallest text is
/// kPresentationTextPx at 1080 lines and grows with taller screens (never smaller, so a
/// 1280×720 projector keeps 22 px and the layout wraps instead); sizes scale with the text.
/// An invalid size counts as 1920×1080.
LayoutOptions presentationOptions(QSize screen);

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
        QString text;            ///< the number drawn in it (exact, or compact where space forces); empty = none
        bool shortened = false;  ///< `text` is a compact form: the exact value is shown on hover
        /// Under a written cell whose value changed: its previous value, "was 6" where that fits the
        /// room under the cell, else the number alone (compact where even that does not fit; the
        /// exact value is in the cell's tooltip); empty where none is drawn.
        QString beforeText;
        QRectF beforeRect;       ///< where beforeText is drawn (under the cell, a little wider)
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
        QString title;           ///< e.g. "block 0 · warp 1" (overview: "1", or "0.1" for block 0 warp 1)
        QString count;           ///< overview: "2/32" drawn in the box; empty where it does not fit
        model::WarpFootprint footprint;  ///< where its lanes read and write (model/warp_summary.h)
    };
    /// Overview: one warp's reads or writes as a span over the array strip (one per strip row it crosses).
    struct Span {
        QRectF rect;
        int warp = 0;            ///< index into `warps`
        bool write = false;      ///< writes (above the row) or reads (below it)
        bool input = false;      ///< over the input strip of a load step
    };
    /// Overview: an index label under a strip row ("0", "256", ...).
    struct Tick {
        QRectF rect;
        QString text;
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
        QVector<QString> wordLabels; ///< what hovering a word tells: "word 24 in bank 24: lane 3"
        QString head;            ///< "b24" (or "24" where the column is too narrow; the row is labelled "bank")
        QVector<QString> wordTexts;  ///< drawn in the word's box: its index ("24"); empty where rows are
                                     ///< lower than the text (then every k-th is drawn over k rows)
        QVector<QRectF> wordTextRects;
    };
    /// A read -> write arrow between two cells.
    struct Arrow {
        int from = 0;
        int to = 0;
    };
    /// One entry of the legend: a swatch drawn with the state's colour and mark, and its name.
    struct LegendItem {
        enum class Kind { ActiveLane, IdleLane, ExitedLane, Padding, DivergentWarp, IdleWarp, Written, ReadArrow,
                          BankConflict, Broadcast, Barrier, ValueScale, WarpWrites, WarpReads, ActiveRegion };
        Kind kind = Kind::ActiveLane;
        QRectF swatch, textRect;
        QString text;
    };
    /// One atomic operation chip, in serialisation order.
    struct Atomic {
        int order = 0;
        QRectF rect;
        bool lost = false;
        QString text;
    };

    QSize size;
    /// LayoutOptions::scale and ::minTextPx the layout was made with.
    qreal scale = 1;
    qreal minTextPx = 0;
    /// Band across the top naming where the trace came from ("Recorded on the GPU: ..."); empty
    /// for the step model of the request on screen.
    QString banner;
    QRectF bannerRect;
    /// A fault of an own kernel's trace (model::Trace::faults) that happened at this step (its
    /// `step`; a fault past the last step at the last): a band under the banner, its head in bold
    /// ("⚠ FAULT: data race at line 7:12, lanes 0–31") and the fault's sentence under it, both in
    /// the window's language; the word and the sign say it without colour. Empty at other steps.
    QString faultHead, faultBody;
    QRectF faultRect, faultHeadRect, faultBodyRect;
    QFont faultHeadFont, faultBodyFont;
    /// titleFont: the title's, set smaller (down to labelFont's size) where the title would wrap;
    /// bannerFont: the banner's (the title's before that).
    QFont titleFont, labelFont, sectionFont, valueFont, smallFont, bannerFont;
    QFont inputValueFont;            ///< numbers in the global input row of a load step
    QRectF titleRect, subtitleRect, explanationRect, teachingRect;
    QString title, subtitle, explanation, teachingNote, valuesCaption;
    QRectF valuesCaptionRect;
    QVector<Cell> cells;
    qreal arcHeight = 0;
    bool showValues = true;
    bool showBefore = false;         ///< "was 6" under written cells
    QVector<Arrow> arrows;           ///< read cell -> written cell, both in `cells`
    int arrowEvery = 1;              ///< paint every n-th arrow (bounded clutter on long arrays)

    /// Load steps (Step::reads_input): the global input drawn above, arrows input -> cells.
    QString inputCaption;
    QRectF inputCaptionRect;
    QVector<Cell> inputCells;
    bool showInputValues = true;
    QVector<Arrow> inputArrows;      ///< from an index of inputCells to an index of cells
    int inputArrowEvery = 1;         ///< paint every n-th input arrow

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
    QString bankHeadLabel, bankWordLabel;  ///< row labels left of the strip: "bank", "word"
    QRectF bankHeadLabelRect, bankWordLabelRect;

    QRectF atomicsCaptionRect;
    QString atomicsCaption;
    QVector<Atomic> atomics;
    int atomicsHidden = 0;       ///< atomics of the step not drawn (too many)
    QString atomicsMore;         ///< "… 3 more" where atomicsHidden > 0, drawn in atomicsMoreRect
    QRectF atomicsMoreRect;      ///< after the last chip (or under it), inside the width

    QRectF barrierRect;          ///< empty when the step ends without a barrier (block, grid or __syncwarp)
    QString barrierLabel;

    QRectF legendRect;
    QVector<LegendItem> legend;

    /// Overview (kOverviewLanes): warps as boxes, lanes only of `expandedWarp`; cells as a strip
    /// where numbers do not fit.
    bool overview = false;
    bool valueStrip = false;         ///< the step's array drawn as a strip coloured by value
    bool inputStrip = false;         ///< the input row of a load step likewise
    double stripLo = 0, stripHi = 0; ///< value range of the colour scale (finite values of both strips)
    QVector<QRectF> stripRows;       ///< rows of the array strip
    QVector<QRectF> inputStripRows;  ///< rows of the input strip
    QVector<Tick> ticks;             ///< index labels under the strip rows
    QVector<Span> spans;             ///< each warp's reads and writes over the strips
    QVector<QRectF> activeRegionRects; ///< the step's active region (model::active_region), per strip row
    int expandedWarp = -1;           ///< index into `warps` whose lanes are drawn, -1 = none
    bool warpRowOnly = false;        ///< LayoutOptions::warpRowOnly
    QRectF expandedCaptionRect;
    QString expandedCaption;         ///< "lanes of warp 3 (threads 96–127): divergent, 1/32 active"
    QFont countFont;                 ///< the counts in the warp boxes

    /// One text the view draws into a box of the layout: where, in which font, with which
    /// Qt::AlignmentFlag | Qt::TextFlag flags. The text must fit its box (wrapped where the flags say
    /// so): tst_classroom_views compares QFontMetricsF::boundingRect with `rect`.
    struct TextBox {
        QRectF rect;
        QFont font;
        int flags = 0;
        QString text;
    };
    /// Every text of the header and the captions (title, label, explanation, teaching note, input,
    /// array, lanes, barrier, bank strip, atomics, legend), as StepView paints them. Warp titles and
    /// captions are single lines elided to their box (…) and not listed.
    QVector<TextBox> textBoxes() const;

    /// The bank strip (its caption, labels, banks and words) and the atomics row (caption, chips,
    /// "… N more"), in layout coordinates; empty where the step has none. What K brings into view.
    QRectF bankStripRect() const;
    QRectF atomicsRect() const;

    /// Lanes drawn as active.
    int activeLaneCount() const;
    /// Warps drawn with the divergent outline.
    int divergentWarpCount() const;
    /// Worst n-way count written on the bank strip (0 when there is no strip).
    int maxBankWays() const;

    /// What a pointer resting at `p` is told (the exact value of a cell, a warp's counts and
    /// footprint, a lane's state, a bank word's lanes); empty where nothing is under it.
    QString toolTipAt(QPointF p) const;

    /// Hit-testing in layout coordinates (for clicking answers in predict mode).
    /// The global thread index (index into Step::lanes) of the lane box under `p`, or -1.
    int laneAt(QPointF p) const;
    /// The index into `warps` (the same order as Step::warps: block, then warp) of the warp box
    /// under `p` (its lanes, title or caption), or -1.
    int warpAt(QPointF p) const;
    /// The index into Step::values of the cell under `p`, or -1 (the input row of a load step
    /// does not count: it is Trace::input, not the step's array).
    int cellAt(QPointF p) const;
};

/// Lays out step `step` (0-based index into Trace::steps; shown as step+1) of `trace` for a view `width` pixels wide, with `base` as the body font.
/// `banner`, when not empty, is drawn as a band above the title (a GPU recording's mark).
/// `options`: desktop (default) or presentation sizes (presentationOptions()).
StepLayout layoutStep(const model::Trace& trace, int step, int width, const QFont& base,
                      const QString& banner = QString(), const LayoutOptions& options = {});

} // namespace reducescope::views
