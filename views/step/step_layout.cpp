// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/step_layout.h"
#include "views/step/step_words.h"

#include "views/common/model_text.h"

#include <QCoreApplication>

#include <QFontMetricsF>
#include <QHash>
#include <QMap>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace reducescope::views {
namespace {

using model::LaneState;

// Every visible string of the layout goes through Qt's translation (context "StepLayout").
void fillBeforeTexts(StepLayout& l);

struct Text {
    Q_DECLARE_TR_FUNCTIONS(StepLayout)
};

// Margins and gaps at scale 1 (desktop); StepLayout::scale multiplies them in presentation mode.
constexpr qreal kMarginPx = 16;
constexpr qreal kGapPx = 10;

int floorPow2(int v)
{
    int p = 1;
    while (p * 2 <= v)
        p *= 2;
    return p;
}


QString spaceName(model::MemorySpace s)
{
    switch (s) {
    case model::MemorySpace::Global: return Text::tr("global memory");
    case model::MemorySpace::Shared: return Text::tr("shared memory");
    case model::MemorySpace::Registers: return Text::tr("registers (one per lane)");
    }
    return {};
}

// Counted phrases with English plurals chosen here, so the source text reads right without a
// translation loaded ("1 value", "8 values"); a translation gives both messages its own forms.
QString values(int n) { return n == 1 ? Text::tr("1 value") : Text::tr("%1 values").arg(n); }
QString lanesOf(int n) { return n == 1 ? Text::tr("1 lane") : Text::tr("%1 lanes").arg(n); }
QString warpsOf(int n) { return n == 1 ? Text::tr("1 warp") : Text::tr("%1 warps").arg(n); }
QString blocksOf(int n) { return n == 1 ? Text::tr("1 block") : Text::tr("%1 blocks").arg(n); }
QString reads(int n) { return n == 1 ? Text::tr("1 read") : Text::tr("%1 reads").arg(n); }
QString barriers(int n) { return n == 1 ? Text::tr("1 barrier") : Text::tr("%1 barriers").arg(n); }
QString wavefronts(int n) { return n == 1 ? Text::tr("1 wavefront") : Text::tr("%1 wavefronts").arg(n); }
QString instructions(int n) { return n == 1 ? Text::tr("1 access instruction") : Text::tr("%1 access instructions").arg(n); }

// A text box `avail` wide at (x, y), as tall as `text` wrapped at word boundaries in `fm`'s font
// (at least one line): every caption of the step view gets one, so no text is cut at any width.
QRectF wrappedRect(const QFontMetricsF& fm, qreal x, qreal y, qreal avail, const QString& text)
{
    const QRectF r = fm.boundingRect(QRectF(x, y, avail, 100000), Qt::TextWordWrap, text);
    return QRectF(x, y, avail, std::max(r.height(), fm.height()));
}

QFont scaled(const QFont& base, qreal pixels, bool bold)
{
    QFont f(base);
    f.setPixelSize(std::max(8, int(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

// The fault of an own kernel at step k (model::Trace::faults): its head ("⚠ FAULT: kind at line
// L:C, lanes a–b") and its sentence in a band above the title. Returns the y under it.
qreal layoutFault(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const int last = int(t.steps.size()) - 1;
    const model::Fault* fault = nullptr;
    for (const model::Fault& f : t.faults)
        if (f.step == k || (k == last && f.step > last)) {
            fault = &f;
            break;
        }
    if (!fault)
        return y;
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale, pad = 12 * l.scale;
    const QString kind = faultKindText(QString::fromStdString(fault->kind));
    QString where;
    if (fault->line > 0 && fault->column > 0)
        where = Text::tr(" at line %1:%2", "a fault's place in the kernel's source").arg(fault->line).arg(fault->column);
    else if (fault->line > 0)
        where = Text::tr(" at line %1", "a fault's place in the kernel's source").arg(fault->line);
    QString lanes;
    if (!fault->lanes.empty())
        lanes = (fault->lanes.size() == 1 ? Text::tr(", lane %1") : Text::tr(", lanes %1")).arg(laneRangesText(fault->lanes));
    l.faultHead = keepExpressionsWhole(tidyChineseSpaces(
        Text::tr("⚠ FAULT: %1%2%3", "the fault's kind, its place (\" at line 7:12\"), its lanes (\", lanes 0–31\")")
            .arg(kind, where, lanes)));
    l.faultBody = keepExpressionsWhole(faultText(*fault));
    l.faultHeadFont = l.labelFont;
    l.faultHeadFont.setBold(true);
    l.faultBodyFont = l.sectionFont;
    const qreal inner = width - 2 * kMargin - 2 * pad;
    const QFontMetricsF hm(l.faultHeadFont), bm(l.faultBodyFont);
    l.faultHeadRect = wrappedRect(hm, kMargin + pad, y + 8 * l.scale, inner, l.faultHead);
    qreal bottom = l.faultHeadRect.bottom();
    if (!l.faultBody.isEmpty()) {
        l.faultBodyRect = wrappedRect(bm, kMargin + pad, bottom + 4 * l.scale, inner, l.faultBody);
        bottom = l.faultBodyRect.bottom();
    }
    l.faultRect = QRectF(kMargin, y, width - 2 * kMargin, bottom + 8 * l.scale - y);
    return l.faultRect.bottom() + kGap;
}

// The lines of text at the top: strategy, step, label, explanation, teaching note.
qreal layoutHeader(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const model::Step& s = t.steps[std::size_t(k)];
    const qreal avail = width - 2 * kMargin;
    const QString phase = stepPhaseText(model::step_phase(t, k));
    l.title = phase.isEmpty() ? Text::tr("%1 · step %2 / %3")
                                    .arg(QString::fromStdString(t.strategy)).arg(k + 1).arg(int(t.steps.size()))
                              : Text::tr("%1 · %2 (step %3 / %4)", "strategy, the step's phase (stride 3 of 3), step k / n")
                                    .arg(QString::fromStdString(t.strategy), phase).arg(k + 1).arg(int(t.steps.size()));
    if (k + 1 == int(t.steps.size()) && t.zero_sign_depends_on_order)  // a max of ±0 over blocks (trace.h)
        l.title += QStringLiteral("  ·  ") + Text::tr("result ±0, sign by atomic order (float64 ±0)");
    else if (k + 1 == int(t.steps.size()) && !t.faults.empty())  // the run stopped: *output is what it held then
        l.title += Text::tr("  ·  stopped by a fault: *output %1 (float64 reference %2)")
                       .arg(floatText(t.result), numberText(t.reference));
    else if (k + 1 == int(t.steps.size()))
        l.title += Text::tr("  ·  result %1 (float64 reference %2)")
                       .arg(floatText(t.result), numberText(t.reference));
    l.title = keepExpressionsWhole(l.title);
    // One line where it can be: a title that would wrap (the last step's "· result …", a longer
    // translation) is set smaller, down to the label's size (never below the presentation text
    // size, which the label is above), so the step keeps to one screen (issue 24).
    if (QFontMetricsF(l.titleFont).horizontalAdvance(l.title) > avail) {
        const int largest = l.titleFont.pixelSize();
        const int smallest = std::min(largest, l.labelFont.pixelSize());
        for (int px = largest - 1; px >= smallest; --px) {
            l.titleFont.setPixelSize(px);
            if (QFontMetricsF(l.titleFont).horizontalAdvance(l.title) <= avail)
                break;
        }
    }
    QFontMetricsF tm(l.titleFont);
    l.titleRect = wrappedRect(tm, kMargin, y, avail, l.title);
    y += l.titleRect.height() + 4;

    l.subtitle = keepExpressionsWhole(stepLabel(s));
    QFontMetricsF sm(l.labelFont);
    l.subtitleRect = sm.boundingRect(QRectF(kMargin, y, avail, 1000), Qt::TextWordWrap, l.subtitle);
    l.subtitleRect.setWidth(avail);
    y += l.subtitleRect.height() + 4;

    l.explanation = keepExpressionsWhole(stepExplanation(s));
    if (!l.explanation.isEmpty()) {
        QFontMetricsF em(l.sectionFont);
        l.explanationRect = em.boundingRect(QRectF(kMargin, y, avail, 1000), Qt::TextWordWrap, l.explanation);
        l.explanationRect.setWidth(avail);
        y += l.explanationRect.height() + 4;
    }
    // The boxed notes: a teaching warp size or bank count, and an own kernel's notes (input values
    // no thread read, model::Note), at every step: they explain what the launch leaves out.
    QStringList boxed;
    if (t.teaching_warp_size || t.params.banks != 32) {
        QStringList notes;
        if (t.teaching_warp_size)
            notes << Text::tr("warp size %1").arg(t.params.warp_size);
        if (t.params.banks != 32)
            notes << Text::tr("%1 banks").arg(t.params.banks);
        boxed << Text::tr("%1 — teaching aid: real GPUs use 32")
                     .arg(notes.join(Text::tr(", ", "between the teaching-aid settings: warp size 4, 8 banks")));
    }
    for (const model::Note& n : t.notes)
        boxed << QStringLiteral("⚠ ") + keepExpressionsWhole(noteText(n));
    if (!boxed.isEmpty()) {
        l.teachingNote = boxed.join(QLatin1Char('\n'));
        QFontMetricsF em(l.sectionFont);
        qreal widest = 0;
        for (const QString& line : boxed)
            widest = std::max(widest, em.horizontalAdvance(line));
        const qreal noteW = std::min(avail, widest + 16 * l.scale);
        l.teachingRect = wrappedRect(em, kMargin, y, noteW, l.teachingNote).adjusted(0, 0, 0, 6 * l.scale);
        if (noteW < avail)
            l.teachingRect.setWidth(noteW);
        y += l.teachingRect.height() + 4;
    }
    return y + kGap;
}

// Places `values` as a row (wrapped into power-of-two rows when long) starting at y; returns the
// y under it. Cells with index >= realCount are identity padding.
struct ArrayGeometry {
    qreal cellW = 0, cellH = 0, arcH = 0;
    int perRow = 1;
    int group = 0;        ///< cells per group (warp or block) separated by a gap; 0 = none
    qreal groupGap = 0;
};

// `group`: cells that belong together (a warp's registers, a block's shared memory or segment);
// a small gap separates groups when the array fits on one row. `sc`: StepLayout::scale (every
// size limit grows with it, so presentation mode gets larger cells, not only larger type).
ArrayGeometry arrayGeometry(int n, qreal avail, int group, qreal sc)
{
    ArrayGeometry g;
    const int groups = group > 0 ? (n + group - 1) / group : 1;
    if (groups > 1 && groups <= 64) {
        g.group = group;
        g.groupGap = 8 * sc;
    }
    const qreal gaps = g.group ? (groups - 1) * g.groupGap : 0;
    g.cellW = std::min<qreal>(104 * sc, (avail - gaps) / n);
    g.perRow = n;
    if (g.cellW < 14 * sc) {
        g.group = 0;
        g.groupGap = 0;
        g.perRow = std::max(1, floorPow2(int(avail / (16 * sc))));
        g.cellW = std::min<qreal>(104 * sc, avail / g.perRow);
    }
    g.cellH = std::clamp<qreal>(g.cellW * 0.7, 16 * sc, 64 * sc);
    g.arcH = std::clamp<qreal>(g.cellW * 0.9, 14 * sc, 84 * sc);
    if (n > 4 * g.perRow) {
        // A long array (more than 4 rows): flatter rows, so the lanes and warps stay in view.
        g.cellH = std::max<qreal>(10 * sc, g.cellW * 0.6);
        g.arcH = 10 * sc;
    }
    return g;
}

qreal placeArray(QVector<StepLayout::Cell>& cells, const std::vector<float>& values, int realCount,
                 const ArrayGeometry& g, qreal gapAbove, qreal y, qreal kMargin)
{
    const int n = int(values.size());
    cells.reserve(n);
    for (int i = 0; i < n; ++i) {
        const int row = i / g.perRow, col = i % g.perRow;
        StepLayout::Cell c;
        c.index = i;
        c.value = values[std::size_t(i)];
        const qreal gx = g.group ? (i / g.group) * g.groupGap : 0;
        c.rect = QRectF(kMargin + col * g.cellW + gx, y + row * (gapAbove + g.cellH) + gapAbove, g.cellW, g.cellH);
        c.padding = i >= realCount;
        cells.push_back(c);
    }
    const int rows = (n + g.perRow - 1) / g.perRow;
    return y + rows * (gapAbove + g.cellH);
}

// The font of the numbers in cells `cellW` wide, and in `show` whether they are drawn. Numbers in
// narrow cells only for short arrays: 1024 tiny labels are unreadable and slow. Presentation
// mode: only at the smallest text size or larger. The font is made from l.valueFont as it is when
// called. Which text each cell gets is cellTexts()'s business.
QFont valueFontFor(const StepLayout& l, qreal cellW, const std::vector<float>& values, bool& show, qreal lo, qreal hi)
{
    if (l.minTextPx <= 0) {
        show = cellW >= 22 || (cellW >= 16 && values.size() <= 256);
        return scaled(l.valueFont, std::clamp<qreal>(cellW * 0.36, lo, hi), true);
    }
    const QFont f = scaled(l.valueFont, std::clamp<qreal>(cellW * 0.36, l.minTextPx, std::max(l.minTextPx, hi * l.scale)), true);
    const qreal digit = QFontMetricsF(f).horizontalAdvance(QLatin1Char('8'));
    show = cellW - 4 >= digit;
    return f;
}

// The number of each cell: exact where it fits the cell in `font`, else the compact form
// (model::compact_number: "2.1M", exact on hover), else nothing. Returns false (and clears every
// text) when some value has no form that fits: then no number is drawn at all, rather than a
// row where some cells are blank (no clipped digits either way).
bool cellTexts(QVector<StepLayout::Cell>& cells, const QFont& font)
{
    if (cells.isEmpty())
        return false;
    const QFontMetricsF fm(font);
    const qreal room = cells.front().rect.width() - 4;
    const qreal digit = fm.horizontalAdvance(QLatin1Char('8'));
    const int maxChars = std::max(1, int(room / std::max<qreal>(1, digit)));
    QHash<quint32, std::pair<QString, bool>> seen;  // many cells hold the same value
    for (StepLayout::Cell& c : cells) {
        quint32 key;
        std::memcpy(&key, &c.value, sizeof key);
        auto it = seen.find(key);
        if (it == seen.end()) {
            QString text = floatText(c.value);
            bool shortened = false;
            if (fm.horizontalAdvance(text) > room) {
                for (int chars = maxChars; chars >= 1; --chars) {
                    text = compactText(double(c.value), chars);
                    if (fm.horizontalAdvance(text) <= room)
                        break;
                }
                shortened = true;
            }
            if (fm.horizontalAdvance(text) > room) {
                for (StepLayout::Cell& d : cells)
                    d.text.clear();
                return false;
            }
            it = seen.insert(key, {text, shortened});
        }
        c.text = it->first;
        c.shortened = it->second;
    }
    return true;
}

// At most about this many read -> write arrows are drawn per array: more are thinned to 1 in k.
constexpr int kMaxDrawnArrows = 128;

// The captions' notes on thinned arrows, for the step's own array and for the input above it.
struct ArrowNotes {
    QString values;
    QString input;
};

// How many read -> write arrows the step has (counted as markReadsAndWrites() collects them):
// sets l.arrowEvery and l.inputArrowEvery, and returns the captions' "arrows: 1 in k drawn", so
// that they are in the captions before their boxes are measured.
ArrowNotes countArrows(StepLayout& l, const model::Trace& t, const model::Step& s, bool fromInput)
{
    const int n = int(s.values.size());
    qsizetype arrowCount = 0, inputArrowCount = 0;
    const int inputN = fromInput ? int(t.input.size()) : 0;
    for (const model::LaneRecord& lane : s.lanes) {
        if (lane.state != LaneState::Active)
            continue;
        for (int r : lane.reads)
            for (int w : lane.writes) {
                if (w < 0 || w >= n)
                    continue;
                if (fromInput)
                    inputArrowCount += r >= 0 && r < inputN;
                else
                    arrowCount += r >= 0 && r < n && w != r;
            }
    }
    l.arrowEvery = std::max(1, int((arrowCount + kMaxDrawnArrows - 1) / kMaxDrawnArrows));
    l.inputArrowEvery = std::max(1, int((inputArrowCount + kMaxDrawnArrows - 1) / kMaxDrawnArrows));
    ArrowNotes notes;
    notes.values = l.arrowEvery > 1
        ? Text::tr(" · arrows: 1 in %1 drawn (%2)").arg(l.arrowEvery).arg(reads(int(arrowCount)))
        : QString();
    notes.input = l.inputArrowEvery > 1
        ? Text::tr(" · arrows: 1 in %1 drawn (%2)").arg(l.inputArrowEvery).arg(reads(int(inputArrowCount)))
        : QString();
    return notes;
}

// Overview: `values` as rows of a strip coloured by value, as many cells per row as fit 0.9 px
// each (rounded down to a power of two: 2048 at 1920 px, so 4096 values take two rows), with a
// track above each row for the warps' writes and one below for their reads, and index labels
// ("0", "256", ...) under it. Returns the y under it.
qreal placeStrip(StepLayout& l, QVector<StepLayout::Cell>& cells, QVector<QRectF>& rows, const std::vector<float>& values,
                 int realCount, qreal avail, qreal y, qreal kMargin)
{
    const int n = int(values.size());
    const qreal sc = l.scale;
    const int perRow = std::clamp(floorPow2(std::max(1, int(avail / 0.9))), 1, std::max(1, n));
    const qreal cw = avail / perRow;
    const qreal trackH = 6 * sc, cellH = 16 * sc;
    const QFontMetricsF sm(l.smallFont);
    const qreal labelW = sm.horizontalAdvance(QString::number(std::max(0, n - 1))) + 18 * sc;
    int every = 1;
    while (every * cw < labelW && every < n)
        every *= 2;
    cells.reserve(n);
    for (int first = 0; first < n; first += perRow) {
        const int count = std::min(perRow, n - first);
        const qreal top = y + trackH;
        rows.push_back(QRectF(kMargin, top, count * cw, cellH));
        for (int i = first; i < first + count; ++i) {
            StepLayout::Cell c;
            c.index = i;
            c.value = values[std::size_t(i)];
            c.rect = QRectF(kMargin + (i - first) * cw, top, cw, cellH);
            c.padding = i >= realCount;
            cells.push_back(c);
        }
        const qreal tickTop = top + cellH + trackH;
        for (int i = first; i < first + count; i += every) {
            const QString text = QString::number(i);
            const qreal w = sm.horizontalAdvance(text) + 2;
            const qreal x = kMargin + (i - first) * cw;
            StepLayout::Tick tick;
            tick.text = text;
            tick.rect = QRectF(i == first ? x : std::min(x - w / 2, kMargin + avail - w), tickTop, w, sm.height());
            l.ticks.push_back(tick);
        }
        y = tickTop + sm.height() + 4 * sc;
    }
    return y;
}

// The colour scale of the strips: the range of their finite values.
void stripRange(StepLayout& l)
{
    bool any = false;
    double lo = 0, hi = 0;
    for (const QVector<StepLayout::Cell>* cells : {&l.cells, &l.inputCells}) {
        if ((cells == &l.cells && !l.valueStrip) || (cells == &l.inputCells && !l.inputStrip))
            continue;
        for (const StepLayout::Cell& c : *cells) {
            if (!std::isfinite(c.value))
                continue;
            lo = any ? std::min(lo, double(c.value)) : double(c.value);
            hi = any ? std::max(hi, double(c.value)) : double(c.value);
            any = true;
        }
    }
    l.stripLo = lo;
    l.stripHi = hi;

}

// Overview: whether the numbers of `values` are drawn in cells (one row, each number exact or
// compact in the cell) rather than as a strip.
bool numbersFit(const StepLayout& l, const std::vector<float>& values, const ArrayGeometry& g, const QFont& font, bool show)
{
    if (!show || g.perRow < int(values.size()))
        return false;
    QVector<StepLayout::Cell> probe(qsizetype(values.size()));
    for (int i = 0; i < probe.size(); ++i) {
        probe[i].value = values[std::size_t(i)];
        probe[i].rect = QRectF(0, 0, g.cellW, g.cellH);
    }
    Q_UNUSED(l);
    return cellTexts(probe, font);
}


// A load step reads the global input: its caption and cells above the step's array, with room
// for the arrows down into it (`g`: the array's geometry). Returns the y under it.
qreal layoutInputRow(StepLayout& l, const model::Trace& t, const ArrayGeometry& g, const QString& arrowNote, qreal avail,
                     qreal y)
{
    // The input as the launch gave it: past n only the padding it really has (an input_output
    // kernel's n values alone, not the engine's cell per thread).
    const int padding = model::input_padding(t);  // the identity values after the n
    const std::vector<float> shown(t.input.begin(), t.input.begin() + std::min<std::ptrdiff_t>(std::ptrdiff_t(t.input.size()), t.n + padding));
    const qreal kMargin = kMarginPx * l.scale;
    const QFontMetricsF cm(l.sectionFont);
    const ArrayGeometry gi = arrayGeometry(int(shown.size()), avail,
                                           t.grid_size > 1 ? int(t.padded_n / std::max(1, t.grid_size)) : 0, l.scale);
    l.inputValueFont = valueFontFor(l, gi.cellW, shown, l.showInputValues, 10, 26);
    l.inputCaption = padding > 0
        ? Text::tr("global input (%1 + %2 padding), read by this step").arg(values(t.n)).arg(padding)
        : Text::tr("global input (%1), read by this step").arg(values(t.n));
    l.inputStrip = l.overview && !numbersFit(l, shown, gi, l.inputValueFont, l.showInputValues);
    if (!l.inputStrip)
        l.inputCaption += arrowNote;
    l.inputCaptionRect = wrappedRect(cm, kMargin, y, avail, l.inputCaption);
    y += l.inputCaptionRect.height() + 2;
    if (l.inputStrip) {
        l.showInputValues = false;
        y = placeStrip(l, l.inputCells, l.inputStripRows, shown, t.n, avail, y, kMargin);
        return y + 10 * l.scale;
    }
    y = placeArray(l.inputCells, shown, t.n, gi, 0, y, kMargin);
    if (l.showInputValues)
        l.showInputValues = cellTexts(l.inputCells, l.inputValueFont);
    return y + std::max<qreal>(24 * l.scale, g.arcH * 0.8);
}

// The array before step k: the previous step's values, or the input for the first step, when it
// is the same array (same space and length); null when there is none.
const std::vector<float>* arrayBefore(const model::Trace& t, int k)
{
    const model::Step& s = t.steps[std::size_t(k)];
    if (k > 0 && t.steps[std::size_t(k - 1)].values.size() == s.values.size()
        && t.steps[std::size_t(k - 1)].values_space == s.values_space)
        return &t.steps[std::size_t(k - 1)].values;
    if (k == 0 && s.values_space == model::MemorySpace::Global && t.input.size() == s.values.size())
        return &t.input;
    return nullptr;
}

// "shared memory after the step (8 values) · stride 2", with the note on thinned arrows.
QString valuesCaption(const model::Step& s, const QString& arrowNote)
{
    QString caption = Text::tr("%1 after the step (%2)").arg(spaceName(s.values_space), values(int(s.values.size())));
    if (s.stride)
        caption += (s.values_space == model::MemorySpace::Registers ? Text::tr(" · offset %1")
                                                                     : Text::tr(" · stride %1"))
                       .arg(*s.stride);
    return caption + arrowNote;
}

// Reads and writes from the lane records: the cells read and written, and the arrows from each
// read to the cells its lane writes (from the input above when the step reads it).
void markReadsAndWrites(StepLayout& l, const model::Step& s, bool fromInput)
{
    const int n = int(s.values.size());
    const int inputN = int(l.inputCells.size());
    for (const model::LaneRecord& lane : s.lanes) {
        for (int w : lane.writes)
            if (w >= 0 && w < n)
                l.cells[w].written = true;
        if (lane.state != LaneState::Active)
            continue;
        for (int r : lane.reads) {
            if (fromInput) {
                if (r < 0 || r >= inputN)
                    continue;
                l.inputCells[r].read = true;
                for (int w : lane.writes)
                    if (w >= 0 && w < n)
                        l.inputArrows.push_back({r, w});
            } else if (r >= 0 && r < n) {
                l.cells[r].read = true;
                for (int w : lane.writes)
                    if (w >= 0 && w < n && w != r)
                        l.arrows.push_back({r, w});
            }
        }
    }
    Q_ASSERT(l.arrowEvery == std::max(1, int((l.arrows.size() + kMaxDrawnArrows - 1) / kMaxDrawnArrows)));
    Q_ASSERT(l.inputArrowEvery == std::max(1, int((l.inputArrows.size() + kMaxDrawnArrows - 1) / kMaxDrawnArrows)));
}

// The "*output = v" badge under the array, with room above it for the arrows of atomic merges,
// and the lanes that send a cell's value to *output. Returns the y under it.
qreal layoutOutput(StepLayout& l, const model::Step& s, const ArrayGeometry& g, bool fromInput, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale;
    const int n = int(s.values.size());
    l.outputText = Text::tr("*output = %1").arg(floatText(*s.output));
    QFont bold = l.labelFont;
    bold.setBold(true);
    QFontMetricsF om(bold);
    const bool merge = !s.atomics.empty();
    const qreal drop = merge ? std::max<qreal>(28 * l.scale, g.cellH * 0.6) : 0;  // room for arrows into the badge
    l.outputRect = QRectF(kMargin, y + drop, om.horizontalAdvance(l.outputText) + 20 * l.scale, om.height() + 8 * l.scale);
    y += drop + l.outputRect.height() + 4;
    // Lanes that send a cell's value to *output (they read it and write no cell).
    if (merge && !fromInput)
        for (const model::LaneRecord& lane : s.lanes)
            if (lane.state == LaneState::Active && lane.writes.empty())
                for (int r : lane.reads)
                    if (r >= 0 && r < n)
                        l.outputArrows.push_back(r);
    return y;
}

qreal layoutCells(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const model::Step& s = t.steps[std::size_t(k)];
    const int n = int(s.values.size());
    if (n == 0)
        return y;
    const qreal avail = width - 2 * kMargin;
    const int bs = std::max(1, t.params.block_size);
    const int group = s.values_space == model::MemorySpace::Registers ? t.params.warp_size
                    : s.values_space == model::MemorySpace::Shared ? bs
                    : t.grid_size > 1 ? int(t.padded_n / std::max(1, t.grid_size)) : 0;
    const ArrayGeometry g = arrayGeometry(n, avail, group, l.scale);
    QFontMetricsF cm(l.sectionFont);
    l.valueFont = valueFontFor(l, g.cellW, s.values, l.showValues, 9, 34);
    l.arcHeight = g.arcH;

    // A load step reads the global input: draw it above, arrows go down into the array.
    const bool fromInput = s.reads_input && !t.input.empty();
    const ArrowNotes notes = countArrows(l, t, s, fromInput);
    if (fromInput)
        y = layoutInputRow(l, t, g, notes.input, avail, y);

    const std::vector<float>* before = arrayBefore(t, k);
    l.valueStrip = l.overview && !numbersFit(l, s.values, g, l.valueFont, l.showValues);
    l.valuesCaption = valuesCaption(s, l.valueStrip ? QString() : notes.values);
    if (l.overview) {
        const auto [lo, hi] = model::active_region(t, k);
        if (lo >= 0)
            l.valuesCaption += lo == hi ? Text::tr(" · active region: cell %1").arg(lo)
                                        : Text::tr(" · active region: cells %1–%2").arg(lo).arg(hi);
    }
    if (!fromInput) {
        l.valuesCaptionRect = wrappedRect(cm, kMargin, y, avail, l.valuesCaption);
        y += l.valuesCaptionRect.height() + 2;
    }

    const int realCount = s.values_space == model::MemorySpace::Global ? t.n : n;
    if (l.valueStrip) {
        l.showValues = false;
        y = placeStrip(l, l.cells, l.stripRows, s.values, realCount, avail, y, kMargin);
    } else {
        y = placeArray(l.cells, s.values, realCount, g, fromInput ? 4 * l.scale : g.arcH, y, kMargin);
        if (l.showValues)
            l.showValues = cellTexts(l.cells, l.valueFont);
        // Exact integers where a smaller font holds them all (never below the smallest text size,
        // 12 px on the desktop): two_pass's four partials read 2096640, not 2.1M (issue 24).
        const auto shortened = [](const QVector<StepLayout::Cell>& cells) {
            return std::any_of(cells.begin(), cells.end(), [](const StepLayout::Cell& c) { return c.shortened; });
        };
        if (l.showValues && shortened(l.cells)) {
            const int floorPx = int(std::ceil(std::max<qreal>(l.minTextPx, 12)));
            QFont f = l.valueFont;
            for (int px = f.pixelSize() - 1; px >= floorPx; --px) {
                f.setPixelSize(px);
                QVector<StepLayout::Cell> trial = l.cells;
                if (cellTexts(trial, f) && !shortened(trial)) {
                    l.cells = trial;
                    l.valueFont = f;
                    break;
                }
            }
        }
    }
    if (fromInput) {
        // The arrows come down from the input: the caption goes under the cells.
        l.arcHeight = 4;
        l.valuesCaptionRect = wrappedRect(cm, kMargin, y + 2, avail, l.valuesCaption);
        y += l.valuesCaptionRect.height() + 4;
    }
    if (before)
        for (StepLayout::Cell& c : l.cells) {
            c.hasBefore = true;
            c.before = (*before)[std::size_t(c.index)];
        }
    markReadsAndWrites(l, s, fromInput);
    if (l.valueStrip)
        l.arrows.clear();  // the warps' spans show where they read and write
    if (l.inputStrip)
        l.inputArrows.clear();
    if (l.valueStrip || l.inputStrip)
        stripRange(l);
    if (l.overview) {
        // The active region framed, row by row of the array.
        const auto [lo, hi] = model::active_region(t, k);
        if (lo >= 0 && hi < l.cells.size()) {
            QRectF run;
            for (int i = lo; i <= hi; ++i) {
                const QRectF& r = l.cells[i].rect;
                if (!run.isNull() && qFuzzyCompare(run.top(), r.top()))
                    run = run.united(r);
                else {
                    if (!run.isNull())
                        l.activeRegionRects.push_back(run);
                    run = r;
                }
            }
            if (!run.isNull())
                l.activeRegionRects.push_back(run);
        }
    }
    // Room for "was 6" under written cells (drawn where a cell is wide enough for it).
    l.showBefore = l.showValues && g.cellW >= 40 * l.scale;
    y += l.showBefore ? QFontMetricsF(l.smallFont).height() : 4 * l.scale;
    if (l.showBefore)
        fillBeforeTexts(l);
    if (s.output)
        y = layoutOutput(l, s, g, fromInput, y);
    return y + kGap;
}

void fillBeforeTexts(StepLayout& l)
{
    const QFontMetricsF fm(l.smallFont);
    const qreal h = fm.height();
    const qreal spill = 8 * l.scale;  // the text may reach a little past the cell on each side
    for (StepLayout::Cell& cell : l.cells) {
        cell.beforeText.clear();
        cell.beforeRect = {};
        if (!cell.written || !cell.hasBefore || cell.before == cell.value)
            continue;
        // "was 8" where it fits under its cell; the old number alone where it would run into the
        // next cell's (two written neighbours, a Chinese "原为 8" wider than the cell); a compact
        // form where even the number does not fit (the tooltip has the exact one).
        const QRectF room(cell.rect.left() - spill, cell.rect.bottom(), cell.rect.width() + 2 * spill, h);
        const QString number = floatText(cell.before);
        QString text = Text::tr("was %1").arg(number);
        if (fm.horizontalAdvance(text) > cell.rect.width())
            text = number;
        for (int chars = int(number.size()) - 1; chars >= 1 && fm.horizontalAdvance(text) > room.width(); --chars)
            text = compactText(double(cell.before), chars);
        if (fm.horizontalAdvance(text) > room.width())
            continue;
        cell.beforeText = text;
        cell.beforeRect = room;
    }
}

QString warpCaption(int active, int live, bool divergent)
{
    if (live == 0)
        return Text::tr("exited");
    if (divergent)
        return Text::tr("divergent: %1/%2 active").arg(active).arg(live);
    if (active == 0)
        return Text::tr("idle: 0/%1 active").arg(live);
    return Text::tr("all %1 active").arg(live);
}

// The lanes of one warp of the launch: block, warp in the block, first global thread, lane count.
struct WarpGroup { int block, warp, first, count; };

// A warp box's counts and caption: its active and live lanes and divergence from the trace's warp
// record `rec`, or, where the trace has none, counted from the states of its lanes in step `s`.
void fillWarpCounts(StepLayout::Warp& w, const model::WarpRecord* rec, const model::Step& s, const WarpGroup& g)
{
    if (rec) {
        w.activeLanes = int(rec->active_lanes.size());
        w.liveLanes = rec->live_lanes;
        w.divergent = rec->divergent;
    } else {
        for (int i = 0; i < g.count; ++i) {
            const auto st = s.lanes[std::size_t(g.first + i)].state;
            w.liveLanes += st != LaneState::Exited;
            w.activeLanes += st == LaneState::Active;
        }
    }
    w.idle = w.liveLanes > 0 && w.activeLanes == 0;
    w.caption = warpCaption(w.activeLanes, w.liveLanes, w.divergent);
}

// Overview: one box per warp (its index, "active/live" where it fits, the divergent outline, a
// fill as wide as its active share), in rows that fill the width; under them the lanes of the
// expanded warp; over the array strips each warp's read and write spans. Returns the y under it.
qreal layoutWarpBoxes(StepLayout& l, const model::Trace& t, int k, const QVector<WarpGroup>& groups,
                      const QHash<qint64, const model::WarpRecord*>& records, int blocks, qreal y, qreal avail)
{
    const model::Step& s = t.steps[std::size_t(k)];
    const qreal sc = l.scale, kMargin = kMarginPx * sc, kGap = kGapPx * sc;
    const QFontMetricsF sm(l.smallFont);
    l.countFont = l.smallFont;
    l.countFont.setBold(true);
    const QFontMetricsF cm(l.countFont);
    const int count = int(groups.size());
    const qreal gap = 4 * sc;
    // "active/live" in each box where the boxes fit in two rows; the active count alone where they
    // fit in four; more warps (teaching warp sizes) get narrower boxes without (hover tells).
    const int ws = std::max(1, t.params.warp_size);
    const QString widest = QStringLiteral("%1/%1").arg(ws), widestShort = QString::number(ws);
    const qreal fullW = cm.horizontalAdvance(widest) + 10 * sc, shortW = cm.horizontalAdvance(widestShort) + 10 * sc;
    const auto rowsAt = [&](qreal w) { return (count + std::max(1, int((avail + gap) / (w + gap))) - 1) / std::max(1, int((avail + gap) / (w + gap))); };
    enum class CountForm { Full, Short, None };
    const CountForm form = rowsAt(fullW) <= 2 ? CountForm::Full : rowsAt(shortW) <= 4 ? CountForm::Short : CountForm::None;
    const qreal minW = form == CountForm::Full ? fullW : form == CountForm::Short ? shortW : 4;
    int perRow = std::clamp(int((avail + gap) / (minW + gap)), 1, std::max(1, count));
    if (form == CountForm::None)
        perRow = std::max(1, (count + 7) / 8);
    // Rows of equal length: 64 warps in two rows of 32 rather than 42 and 22.
    const int rowsN = (count + perRow - 1) / perRow;
    perRow = (count + rowsN - 1) / rowsN;
    const qreal boxW = std::min<qreal>(180 * sc, std::max<qreal>(4, (avail + gap) / perRow - gap));
    const bool counts = form != CountForm::None;
    const qreal titleH = sm.height();
    const qreal boxH = counts ? cm.height() + 8 * sc : std::max<qreal>(10 * sc, boxW * 0.8);
    const qreal rowH = titleH + boxH + 6 * sc;

    std::vector<model::WarpFootprint> feet = model::warp_footprints(t, k);
    QHash<qint64, int> footOf;
    for (int i = 0; i < int(feet.size()); ++i)
        footOf.insert((qint64(feet[std::size_t(i)].block) << 32) | quint32(feet[std::size_t(i)].warp), i);

    l.lanes.reserve(int(s.lanes.size()));
    for (int gi = 0; gi < count; ++gi) {
        const WarpGroup& g = groups[gi];
        const int row = gi / perRow, col = gi % perRow;
        const qreal x0 = kMargin + col * (boxW + gap), y0 = y + row * rowH;
        StepLayout::Warp w;
        w.block = g.block;
        w.warp = g.warp;
        w.captionRect = QRectF(x0, y0, boxW, titleH);
        w.rect = QRectF(x0, y0 + titleH, boxW, boxH);
        w.title = blocks > 1 ? Text::tr("%1.%2").arg(g.block).arg(g.warp) : QString::number(g.warp);
        const qint64 key = (qint64(g.block) << 32) | quint32(g.warp);
        fillWarpCounts(w, records.value(key), s, g);
        if (const auto it = footOf.constFind(key); it != footOf.constEnd())
            w.footprint = feet[std::size_t(*it)];
        if (form == CountForm::Full)
            w.count = Text::tr("%1/%2").arg(w.activeLanes).arg(w.liveLanes);
        else if (form == CountForm::Short)
            w.count = QString::number(w.activeLanes);
        l.warps.push_back(w);
        for (int i = 0; i < g.count; ++i) {
            const model::LaneRecord& rec = s.lanes[std::size_t(g.first + i)];
            StepLayout::Lane lane;
            lane.thread = g.first + i;
            lane.state = rec.state;
            lane.padding = rec.padding;
            lane.warpIndex = int(l.warps.size()) - 1;
            l.lanes.push_back(lane);  // no rect: drawn only when its warp is expanded
        }
    }
    y += ((count + perRow - 1) / perRow) * rowH + 4 * sc;

    // Each warp's writes over the strip (a track above each row) and reads (below it).
    auto addSpans = [&l](const QVector<StepLayout::Cell>& cells, int lo, int hi, int warp, bool write, bool input, qreal trackH) {
        if (lo < 0 || hi < lo || hi >= cells.size())
            return;
        QRectF run;
        auto flush = [&] {
            if (run.isNull())
                return;
            StepLayout::Span span;
            span.warp = warp;
            span.write = write;
            span.input = input;
            span.rect = write ? QRectF(run.left(), run.top() - trackH + 1, run.width(), trackH - 2)
                              : QRectF(run.left(), run.bottom() + 1, run.width(), trackH - 2);
            l.spans.push_back(span);
        };
        for (int i = lo; i <= hi; ++i) {
            const QRectF& r = cells[i].rect;
            if (!run.isNull() && qFuzzyCompare(run.top(), r.top()))
                run.setRight(r.right());
            else {
                flush();
                run = r;
            }
        }
        flush();
    };
    const qreal trackH = 6 * sc;
    for (int wi = 0; wi < l.warps.size(); ++wi) {
        const model::WarpFootprint& f = l.warps[wi].footprint;
        if (l.valueStrip)
            addSpans(l.cells, f.write_lo, f.write_hi, wi, true, false, trackH);
        if (s.reads_input ? l.inputStrip : l.valueStrip)
            addSpans(s.reads_input ? l.inputCells : l.cells, f.read_lo, f.read_hi, wi, false, s.reads_input, trackH);
    }

    // The lanes of the expanded warp, as the small steps draw every lane.
    const int ex = l.expandedWarp;
    if (ex >= 0 && ex < l.warps.size()) {
        const StepLayout::Warp& w = l.warps[ex];
        const int first = w.footprint.first_thread;
        int lanesN = 0;
        for (const StepLayout::Lane& lane : l.lanes)
            lanesN += lane.warpIndex == ex;
        const QString name = blocks > 1 ? Text::tr("block %1 · warp %2").arg(w.block).arg(w.warp) : Text::tr("warp %1").arg(w.warp);
        l.expandedCaption = Text::tr("lanes of %1 (threads %2–%3): %4")
                                .arg(name).arg(first).arg(first + std::max(1, lanesN) - 1).arg(w.caption);
        const QFontMetricsF secm(l.sectionFont);
        l.expandedCaptionRect = wrappedRect(secm, kMargin, y, avail, l.expandedCaption);
        y += l.expandedCaptionRect.height() + 4;
        const qreal laneW = std::min<qreal>(56 * sc, (avail - 4) / std::max(1, lanesN));
        const int digits = int(QString::number(std::max(0, first + lanesN - 1)).size());
        l.showThreadNumbers = laneW - 2 >= digits * sm.horizontalAdvance(QLatin1Char('8'));
        const qreal laneH = std::max<qreal>(std::clamp<qreal>(laneW * 0.9, 14 * sc, 36 * sc),
                                            l.showThreadNumbers ? sm.capHeight() + 16 * sc : 0);
        int i = 0;
        for (StepLayout::Lane& lane : l.lanes)
            if (lane.warpIndex == ex)
                lane.rect = QRectF(kMargin + 2 + (i++) * laneW, y + 2, laneW, laneH);
        y += laneH + 4 + kGap;
    }
    return y;
}

qreal layoutLanes(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const model::Step& s = t.steps[std::size_t(k)];
    const int laneCount = int(s.lanes.size());
    if (laneCount == 0)
        return y;
    const int ws = std::max(1, t.params.warp_size);
    // Block size of this step's launch: a second kernel (two_pass) runs with its own block size,
    // which the warp records of block 0 reveal; otherwise the trace's block size.
    int block0Warps = 0;
    for (const model::WarpRecord& w : s.warps)
        if (w.block == 0)
            block0Warps = std::max(block0Warps, w.warp + 1);
    const int bs = block0Warps > 0 ? std::min(laneCount, block0Warps * ws) : std::max(1, t.params.block_size);
    const qreal avail = width - 2 * kMargin;

    // Warp records by (block, warp) for the captions; lanes by global thread index.
    QHash<qint64, const model::WarpRecord*> records;
    for (const model::WarpRecord& w : s.warps)
        records.insert((qint64(w.block) << 32) | quint32(w.warp), &w);

    QVector<WarpGroup> groups;
    for (int g = 0; g < laneCount;) {
        const int block = g / bs, tid = g % bs, warp = tid / ws;
        const int count = std::min({ws - tid % ws, bs - tid, laneCount - g});
        groups.push_back({block, warp, g, count});
        g += count;
    }

    const int blocks = (laneCount + bs - 1) / bs;
    l.lanesCaption = Text::tr("threads: %1 in %2 of %3 (warp size %4)")
                         .arg(lanesOf(laneCount), warpsOf(int(groups.size())), blocksOf(blocks))
                         .arg(ws);
    if (l.overview)
        l.lanesCaption += blocks > 1 ? Text::tr(" · one box per warp, named block.warp, with its active lanes; click a warp for its lanes")
                                     : Text::tr(" · one box per warp with its active lanes; click a warp for its lanes");
    QFontMetricsF cm(l.sectionFont);
    l.lanesCaptionRect = wrappedRect(cm, kMargin, y, avail, l.lanesCaption);
    y += l.lanesCaptionRect.height() + 4;

    if (l.overview) {
        y = layoutWarpBoxes(l, t, k, groups, records, blocks, y, avail);
    } else {
        const int maxInWarp = std::min(ws, std::min(bs, laneCount));
        QFontMetricsF sm(l.smallFont);
        const qreal sc = l.scale;
        const qreal captionW = sm.horizontalAdvance(warpCaption(32, 32, true)) + 12 * sc;
        qreal laneW = std::clamp<qreal>(avail / laneCount, 6 * sc, 56 * sc);
        // Whole warps per row, and each warp at least as wide as its caption.
        qreal boxW = std::max<qreal>(maxInWarp * laneW, captionW);
        if (boxW > avail) {
            laneW = std::max<qreal>(3, (avail - 4) / maxInWarp);
            boxW = std::max<qreal>(maxInWarp * laneW, std::min(captionW, avail));
        }
        laneW = std::max(laneW, std::min<qreal>(56 * sc, (boxW - 4) / maxInWarp));
        qreal laneH = std::clamp<qreal>(laneW * 0.9, 14 * sc, 36 * sc);
        if (l.minTextPx <= 0) {
            l.showThreadNumbers = laneW >= 20;
        } else {
            // Presentation: numbers only where the longest fits at the smallest text size.
            const int digits = int(QString::number(std::max(0, laneCount - 1)).size());
            l.showThreadNumbers = laneW - 2 >= digits * sm.horizontalAdvance(QLatin1Char('8'));
        }
        // Numbered lanes are tall enough to show their state's pattern above and below the digits.
        if (l.showThreadNumbers)
            laneH = std::max(laneH, sm.capHeight() + 16 * sc);
        const qreal titleH = sm.height();
        const qreal rowH = titleH + laneH + 8 * sc + sm.height() + kGap;
        const int perRow = std::max(1, int((avail + kGap) / (boxW + kGap)));

        l.lanes.reserve(laneCount);
        for (int gi = 0; gi < groups.size(); ++gi) {
            const WarpGroup& g = groups[gi];
            const int row = gi / perRow, col = gi % perRow;
            const qreal x0 = kMargin + col * (boxW + kGap);
            const qreal y0 = y + row * rowH;
            StepLayout::Warp w;
            w.block = g.block;
            w.warp = g.warp;
            w.rect = QRectF(x0, y0 + titleH, g.count * laneW + 4, laneH + 4);
            w.captionRect = QRectF(x0, y0 + titleH + laneH + 6 * sc, boxW, sm.height());
            w.title = blocks > 1 ? Text::tr("block %1 · warp %2").arg(g.block).arg(g.warp)
                                 : Text::tr("warp %1").arg(g.warp);
            fillWarpCounts(w, records.value((qint64(g.block) << 32) | quint32(g.warp)), s, g);
            l.warps.push_back(w);
            for (int i = 0; i < g.count; ++i) {
                const model::LaneRecord& rec = s.lanes[std::size_t(g.first + i)];
                StepLayout::Lane lane;
                lane.thread = g.first + i;
                lane.rect = QRectF(x0 + 2 + i * laneW, y0 + titleH + 2, laneW, laneH);
                lane.state = rec.state;
                lane.padding = rec.padding;
                lane.warpIndex = int(l.warps.size()) - 1;
                l.lanes.push_back(lane);
            }
        }
        const int rows = (int(groups.size()) + perRow - 1) / perRow;
        y += rows * rowH;
    }
    if (s.counters.barriers > 0 || s.warp_barrier) {
        if (s.counters.barriers == 0)  // a warp-synchronous step: no block barrier
            l.barrierLabel = Text::tr("__syncwarp(): the lanes that run this step wait for each other, before "
                                      "their write and after it; no other warp waits");
        else
            l.barrierLabel = s.grid_barrier ? Text::tr("grid.sync(): every thread of the grid waits here")
                                            : Text::tr("__syncthreads(): every thread of the block waits here");
        if (s.counters.barriers > 1)
            l.barrierLabel += Text::tr(" (%1, one per block)").arg(barriers(s.counters.barriers));
        l.barrierRect = wrappedRect(cm, kMargin, y, avail, l.barrierLabel).adjusted(0, 0, 0, 8 * l.scale);
        y += l.barrierRect.height() + kGap;
    }
    return y;
}

qreal layoutBanks(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const model::Step& s = t.steps[std::size_t(k)];
    if (s.shared_accesses.empty())
        return y;
    // Show the worst access of the step (first one on ties): that is where the conflict is.
    int best = 0;
    for (int i = 1; i < int(s.shared_accesses.size()); ++i)
        if (s.shared_accesses[std::size_t(i)].wavefronts > s.shared_accesses[std::size_t(best)].wavefronts)
            best = i;
    const model::SharedAccess& a = s.shared_accesses[std::size_t(best)];
    l.bankAccess = best;
    l.bankWays = a.max_conflict_ways;
    const qreal avail = width - 2 * kMargin;
    const int banks = std::max(1, t.params.banks);

    const QString kind = a.kind == model::AccessKind::Read ? Text::tr("read") : Text::tr("write");
    const QString conflict = a.max_conflict_ways > 1
        ? Text::tr("%1-way bank conflict: %2 (%3 extra)")
              .arg(a.max_conflict_ways)
              .arg(wavefronts(a.wavefronts), QString::number(a.wavefronts - 1))
        : Text::tr("conflict-free: %1").arg(wavefronts(a.wavefronts));
    // Kept whole like the title: no break inside "sdata[index + 16]", nor between a number and its
    // measure word ("额外 0 个").
    l.bankCaption = keepExpressionsWhole(Text::tr("shared-memory banks · block %1 warp %2 %3 %4 → %5%6 · step: %7, %8, %9 extra")
                        .arg(a.block).arg(a.warp).arg(kind, QString::fromStdString(a.expression), conflict,
                             a.broadcast ? Text::tr(" · broadcast") : QString(),
                             instructions(int(s.shared_accesses.size())), wavefronts(s.counters.shared_wavefronts))
                        .arg(s.counters.extra_shared_wavefronts));
    QFontMetricsF cm(l.sectionFont);
    l.bankCaptionRect = cm.boundingRect(QRectF(kMargin, y, avail, 1000), Qt::TextWordWrap, l.bankCaption);
    l.bankCaptionRect.setWidth(avail);
    y += l.bankCaptionRect.height() + 4;

    // Group the participating lanes: bank -> word -> lanes.
    QVector<QMap<int, int>> wordsInBank(banks);
    QVector<QMap<int, QStringList>> lanesOfWord(banks);
    for (std::size_t lane = 0; lane < a.bank_of_lane.size() && lane < a.words.size(); ++lane) {
        const int b = a.bank_of_lane[lane];
        if (b < 0 || b >= banks || a.words[lane] < 0)
            continue;
        wordsInBank[b][a.words[lane]] += 1;
        lanesOfWord[b][a.words[lane]] << QString::number(lane);
    }
    int maxWords = 1;
    for (const auto& m : wordsInBank)
        maxWords = std::max(maxWords, int(m.size()));
    QFontMetricsF sm(l.smallFont);
    // Row labels on the left ("bank", "word"), then one column per bank.
    l.bankHeadLabel = Text::tr("bank");
    l.bankWordLabel = Text::tr("word");
    const qreal labelW = std::max(sm.horizontalAdvance(l.bankHeadLabel), sm.horizontalAdvance(l.bankWordLabel)) + 10 * l.scale;
    const qreal colW = (avail - labelW) / banks;
    const qreal x0 = kMargin + labelW;
    const qreal headH = sm.height();
    // A 32-way conflict fits half a 1080-line screen (presentation mode scales with the screen).
    const qreal screenH = l.minTextPx > 0 ? 1080.0 * l.minTextPx / kPresentationTextPx : 1080.0;
    const qreal natural = std::clamp<qreal>(sm.height() * 0.85, 12 * l.scale, 22 * l.scale);
    // A 32-way conflict takes at most this share of the screen: all of a desktop step's words
    // labelled; in presentation mode (22 px text) every k-th word where rows are lower than it.
    const qreal share = l.minTextPx > 0 ? 0.2 : 0.55;
    const qreal boxH = std::max<qreal>(4, std::min(natural, screenH * share / maxWords - 2));
    const int labelEvery = std::max(1, int(std::ceil(sm.height() * 0.85 / (boxH + 2))));
    const qreal wordsTop = y + headH;
    l.bankHeadLabelRect = QRectF(kMargin, y, labelW - 4 * l.scale, headH);
    l.bankWordLabelRect = QRectF(kMargin, wordsTop, labelW - 4 * l.scale, std::max(sm.height(), boxH));
    for (int b = 0; b < banks; ++b) {
        StepLayout::Bank bank;
        bank.bank = b;
        bank.ways = int(wordsInBank[b].size());
        bank.rect = QRectF(x0 + b * colW, y, colW, headH + maxWords * (boxH + 2) + 4 + headH);
        const QString longHead = Text::tr("b%1").arg(b);
        bank.head = sm.horizontalAdvance(longHead) <= colW - 2 ? longHead : QString::number(b);
        int row = 0;
        for (auto it = wordsInBank[b].cbegin(); it != wordsInBank[b].cend(); ++it, ++row) {
            bank.words.push_back(it.key());
            bank.lanesPerWord.push_back(it.value());
            const QStringList& lanes = lanesOfWord[b][it.key()];
            bank.wordLabels.push_back((lanes.size() == 1 ? Text::tr("word %1 in bank %2: lane %3")
                                                         : Text::tr("word %1 in bank %2: lanes %3 (one broadcast)"))
                                          .arg(it.key()).arg(b).arg(lanes.join(QStringLiteral(", "))));
            bank.broadcast = bank.broadcast || it.value() > 1;
            const QRectF box(bank.rect.left() + 1, wordsTop + row * (boxH + 2), colW - 2, boxH);
            bank.wordRects.push_back(box);
            // The word's index where it fits; in low rows every labelEvery-th, over that many rows.
            QString text;
            QRectF textRect;
            if (row % labelEvery == 0) {
                const QString full = it.value() > 1 ? Text::tr("%1 ×%2").arg(it.key()).arg(it.value()) : QString::number(it.key());
                text = sm.horizontalAdvance(full) <= colW - 4 ? full : QString::number(it.key());
                textRect = QRectF(box.left(), box.top(), box.width(), labelEvery * (boxH + 2) - 2);
                if (sm.horizontalAdvance(text) > colW - 4)
                    text.clear();
            }
            bank.wordTexts.push_back(text);
            bank.wordTextRects.push_back(textRect);
        }
        l.banks.push_back(bank);
    }
    return y + headH + maxWords * (boxH + 2) + 4 + headH + kGap;
}

qreal layoutAtomics(StepLayout& l, const model::Trace& t, int k, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const model::Step& s = t.steps[std::size_t(k)];
    if (s.atomics.empty())
        return y;
    const qreal avail = width - 2 * kMargin;
    const int lost = int(std::count_if(s.atomics.begin(), s.atomics.end(), [](const model::AtomicOp& a) { return a.lost; }));
    const int count = int(s.atomics.size());
    const QString target = QString::fromStdString(s.atomics.front().target);
    l.atomicsCaption = t.expected_wrong && t.params.atomic_order != 0
        ? Text::tr("%1 of %2, in the order their stores land under interleaving %3 (hardware order is unspecified)")
              .arg(count == 1 ? Text::tr("1 plain (not atomic) read-modify-write")
                              : Text::tr("%1 plain (not atomic) read-modify-writes").arg(count),
                   target)
              .arg(t.params.atomic_order)
        : t.expected_wrong
        ? Text::tr("%1 of %2, in the order the model runs them (block, warp, lane; hardware order is unspecified)")
              .arg(count == 1 ? Text::tr("1 plain (not atomic) read-modify-write")
                              : Text::tr("%1 plain (not atomic) read-modify-writes").arg(count),
                   target)
        : Text::tr("%1 on %2, in the order they serialise (model order: block, warp, lane; hardware order is unspecified)")
              .arg(count == 1 ? Text::tr("1 atomic operation") : Text::tr("%1 atomic operations").arg(count), target);
    if (lost)
        l.atomicsCaption += lost == 1 ? Text::tr(" · 1 lost update") : Text::tr(" · %1 lost updates").arg(lost);
    QFontMetricsF cm(l.sectionFont);
    l.atomicsCaptionRect = cm.boundingRect(QRectF(kMargin, y, avail, 1000), Qt::TextWordWrap, l.atomicsCaption);
    l.atomicsCaptionRect.setWidth(avail);
    y += l.atomicsCaptionRect.height() + 4;

    // The overview stays one screen tall: at most 8 chips, on one row, with "… n more" after them.
    const int kMaxChips = l.overview ? 8 : 48;
    QFontMetricsF sm(l.smallFont);
    const qreal h = sm.height() + 8 * l.scale;
    const auto moreText = [](int n) { return n == 1 ? Text::tr("… 1 more") : Text::tr("… %1 more").arg(n); };
    const auto moreWidth = [&](int n) { return n > 0 ? 8 * l.scale + sm.horizontalAdvance(moreText(n)) + 4 : 0.0; };
    qreal x = kMargin;
    for (const model::AtomicOp& a : s.atomics) {
        if (int(l.atomics.size()) >= kMaxChips)
            break;
        StepLayout::Atomic chip;
        chip.order = a.order;
        chip.lost = a.lost;
        chip.text = Text::tr("#%1 t%2: %3 %4 %5 → %6%7")
                        .arg(a.order).arg(a.lane)
                        .arg(floatText(float(a.before)),
                             t.operation == model::Operation::Max ? Text::tr("max") : QStringLiteral("+"),
                             floatText(float(a.operand)), floatText(float(a.after)),
                             a.lost ? Text::tr("  lost") : QString());
        const qreal w = std::min(avail, sm.horizontalAdvance(chip.text) + 14 * l.scale);
        const int after = count - int(l.atomics.size()) - 1;  // chips left once this one is placed
        if (l.overview && x > kMargin && x + w + moreWidth(after) > kMargin + avail)
            break;  // one row in the overview: the rest are counted in "… n more"
        if (x + w > kMargin + avail && x > kMargin) {
            x = kMargin;
            y += h + 4;
        }
        chip.rect = QRectF(x, y, w, h);
        x += w + 6 * l.scale;
        l.atomics.push_back(chip);
    }
    l.atomicsHidden = int(s.atomics.size()) - int(l.atomics.size());
    if (l.atomicsHidden > 0 && !l.atomics.isEmpty()) {
        l.atomicsMore = moreText(l.atomicsHidden);
        const qreal mw = sm.horizontalAdvance(l.atomicsMore) + 4;
        QRectF last = l.atomics.back().rect;
        if (last.right() + 8 * l.scale + mw > kMargin + avail && !l.overview) {  // the next row
            y += h + 4;
            l.atomicsMoreRect = QRectF(kMargin, y, mw, h);
        } else {
            l.atomicsMoreRect = QRectF(last.right() + 8 * l.scale, last.top(), mw, h);
        }
    }
    return y + h + kGap;
}

qreal layoutLegend(StepLayout& l, qreal width, qreal y)
{
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    Q_UNUSED(kGap);
    const QFontMetricsF sm(l.smallFont);
    const qreal h = sm.height();
    const qreal right = width - kMargin;
    qreal x = kMargin, top = y;
    using K = StepLayout::LegendItem::Kind;
    std::vector<std::pair<K, QString>> items = {
        {K::ActiveLane, Text::tr("active lane")},
        {K::IdleLane, Text::tr("idle lane")},
        {K::ExitedLane, Text::tr("exited lane")},
        {K::Padding, Text::tr("padding (identity)")},
        {K::DivergentWarp, Text::tr("divergent warp")},
        {K::IdleWarp, Text::tr("idle warp")},
        {K::Written, Text::tr("written this step")},
        {K::ReadArrow, Text::tr("read → added into")},
        {K::BankConflict, Text::tr("bank conflict")},
        {K::Broadcast, Text::tr("broadcast")},
        {K::Barrier, Text::tr("barrier")},
    };
    if (l.overview) {
        // Only what this step draws: the overview is one screen tall.
        const auto drawn = [&l](K kind) {
            const auto lanes = [&l](auto pred) { return std::any_of(l.lanes.begin(), l.lanes.end(), pred); };
            const auto warps = [&l](auto pred) { return std::any_of(l.warps.begin(), l.warps.end(), pred); };
            switch (kind) {
            case K::ExitedLane: return warps([](const StepLayout::Warp& w) { return w.activeLanes < w.footprint.lanes && w.liveLanes < w.footprint.lanes; });
            case K::Padding: return lanes([](const StepLayout::Lane& x) { return x.padding && !x.rect.isNull(); })
                                    || std::any_of(l.cells.begin(), l.cells.end(), [](const StepLayout::Cell& c) { return c.padding; });
            case K::DivergentWarp: return warps([](const StepLayout::Warp& w) { return w.divergent; });
            case K::IdleWarp: return warps([](const StepLayout::Warp& w) { return w.idle; });
            case K::Written: return !l.valueStrip;
            case K::ReadArrow: return !l.arrows.isEmpty() || !l.inputArrows.isEmpty();
            case K::BankConflict: return l.bankWays > 1;
            case K::Broadcast: return std::any_of(l.banks.begin(), l.banks.end(), [](const StepLayout::Bank& b) { return b.broadcast; });
            case K::Barrier: return !l.barrierRect.isEmpty();
            default: return true;
            }
        };
        items.erase(std::remove_if(items.begin(), items.end(), [&](const auto& item) { return !drawn(item.first); }), items.end());
        if (l.valueStrip || l.inputStrip)
            items.insert(items.begin(), {K::ValueScale, Text::tr("value: %1 … %2")
                                                            .arg(numberText(l.stripLo), numberText(l.stripHi))});
        if (!l.activeRegionRects.isEmpty())
            items.push_back({K::ActiveRegion, Text::tr("active region")});
        if (std::any_of(l.spans.begin(), l.spans.end(), [](const StepLayout::Span& sp) { return sp.write; }))
            items.push_back({K::WarpWrites, Text::tr("a warp's writes")});
        if (std::any_of(l.spans.begin(), l.spans.end(), [](const StepLayout::Span& sp) { return !sp.write; }))
            items.push_back({K::WarpReads, Text::tr("a warp's reads")});
    }
    // A row as tall as its tallest text: Chinese words come from a CJK fallback font taller than
    // the Latin one the metrics describe.
    qreal rowH = h;
    for (const auto& [kind, text] : items)
        rowH = std::max(rowH, sm.boundingRect(QRectF(0, 0, 100000, 100000), Qt::AlignLeft, text).height());
    for (const auto& [kind, text] : items) {
        const qreal sw = kind == K::ValueScale ? h * 4 : h * 1.4;
        const qreal w = sw + 6 * l.scale + sm.horizontalAdvance(text) + (l.overview ? 10 : 18) * l.scale;
        if (x + w > right && x > kMargin) {
            x = kMargin;
            y += rowH + 8 * l.scale;
        }
        StepLayout::LegendItem item;
        item.kind = kind;
        item.text = text;
        item.swatch = QRectF(x, y + (rowH - h) / 2 + 2, sw, h - 2);
        item.textRect = QRectF(x + sw + 6 * l.scale, y, w - sw - 6 * l.scale, rowH + 2);
        l.legend.push_back(item);
        x += w;
    }
    y += rowH + 8 * l.scale;
    l.legendRect = QRectF(kMargin, top, width - 2 * kMargin, y - top);
    // Nothing under the legend's own spacing in the overview: it stays one screen tall with
    // Chinese explanations that take a second line (interleaved_strided's load step at 4096 values).
    return l.overview ? y : y + kMargin;
}

} // namespace

int StepLayout::activeLaneCount() const
{
    return int(std::count_if(lanes.begin(), lanes.end(), [](const Lane& l) { return l.state == LaneState::Active; }));
}

int StepLayout::divergentWarpCount() const
{
    return int(std::count_if(warps.begin(), warps.end(), [](const Warp& w) { return w.divergent; }));
}

int StepLayout::maxBankWays() const
{
    int ways = 0;
    for (const Bank& b : banks)
        ways = std::max(ways, b.ways);
    return ways;
}

QString StepLayout::toolTipAt(QPointF p) const
{
    const auto cellTip = [](const Cell& c, bool input) {
        QString tip = input ? Text::tr("input %1: %2").arg(c.index).arg(floatText(c.value, 9))
                            : Text::tr("cell %1: %2").arg(c.index).arg(floatText(c.value, 9));
        if (c.hasBefore && !(c.before == c.value))
            tip += Text::tr(" (was %1)").arg(floatText(c.before, 9));
        if (c.padding)
            tip += Text::tr(" · padding (identity)");
        return tip;
    };
    for (const Cell& c : cells)
        if (c.rect.contains(p))
            return cellTip(c, false);
    for (const Cell& c : inputCells)
        if (c.rect.contains(p))
            return cellTip(c, true);
    for (const Lane& lane : lanes)
        if (!lane.rect.isNull() && lane.rect.contains(p))
            return lane.state == LaneState::Active ? Text::tr("thread %1: active").arg(lane.thread)
                 : lane.state == LaneState::Idle   ? Text::tr("thread %1: idle").arg(lane.thread)
                                                   : Text::tr("thread %1: exited").arg(lane.thread);
    if (const int wi = warpAt(p); wi >= 0) {
        const Warp& w = warps[wi];
        const model::WarpFootprint& f = w.footprint;
        QString tip = Text::tr("%1 (threads %2–%3): %4")
                          .arg(Text::tr("block %1 · warp %2").arg(w.block).arg(w.warp))
                          .arg(f.first_thread).arg(f.first_thread + std::max(1, f.lanes) - 1).arg(w.caption);
        if (f.read_lo >= 0)
            tip += f.read_lo == f.read_hi ? Text::tr("; reads element %1").arg(f.read_lo)
                                          : Text::tr("; reads elements %1–%2 (%3)").arg(f.read_lo).arg(f.read_hi).arg(reads(f.reads));
        if (f.write_lo >= 0)
            tip += f.write_lo == f.write_hi ? Text::tr("; writes cell %1").arg(f.write_lo)
                                            : Text::tr("; writes cells %1–%2").arg(f.write_lo).arg(f.write_hi);
        if (overview)
            tip += Text::tr(" · click for its lanes");
        return tip;
    }
    for (const Bank& b : banks)
        for (int i = 0; i < b.wordRects.size(); ++i)
            if (b.wordRects[i].contains(p))
                return b.wordLabels.value(i);
    return {};
}

int StepLayout::laneAt(QPointF p) const
{
    for (const Lane& lane : lanes)
        if (!lane.rect.isNull() && lane.rect.contains(p))
            return lane.thread;
    return -1;
}

int StepLayout::warpAt(QPointF p) const
{
    for (int i = 0; i < warps.size(); ++i) {
        const Warp& w = warps[i];
        const QRectF title(w.rect.left(), w.rect.top() - w.captionRect.height(), w.captionRect.width(), w.captionRect.height());
        if (w.rect.contains(p) || w.captionRect.contains(p) || title.contains(p))
            return i;
    }
    return -1;
}

int StepLayout::cellAt(QPointF p) const
{
    for (const Cell& c : cells)
        if (c.rect.contains(p))
            return c.index;
    return -1;
}

LayoutOptions presentationOptions(QSize screen)
{
    LayoutOptions o;
    const qreal lines = screen.isValid() ? qreal(std::min(screen.height(), screen.width() * 9 / 16)) : 1080.0;
    o.minTextPx = std::ceil(kPresentationTextPx * std::max<qreal>(1.0, lines / 1080.0));
    o.scale = o.minTextPx / 12.0;
    return o;
}

QRectF StepLayout::bankStripRect() const
{
    if (banks.isEmpty())
        return {};
    QRectF all = bankCaptionRect.united(bankHeadLabelRect).united(bankWordLabelRect);
    for (const Bank& b : banks) {
        all = all.united(b.rect);
        for (const QRectF& w : b.wordRects)
            all = all.united(w);
    }
    return all;
}

QRectF StepLayout::atomicsRect() const
{
    if (atomics.isEmpty())
        return {};
    QRectF all = atomicsCaptionRect.united(atomicsMoreRect);
    for (const Atomic& a : atomics)
        all = all.united(a.rect);
    return all;
}

QVector<StepLayout::TextBox> StepLayout::textBoxes() const
{
    QVector<TextBox> out;
    const auto add = [&out](const QRectF& rect, const QFont& font, int flags, const QString& text) {
        if (!text.isEmpty())
            out.push_back({rect, font, flags, text});
    };
    const int left = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    add(faultHeadRect, faultHeadFont, Qt::TextWordWrap, faultHead);
    add(faultBodyRect, faultBodyFont, Qt::TextWordWrap, faultBody);
    add(titleRect, titleFont, left, title);
    add(subtitleRect, labelFont, Qt::TextWordWrap, subtitle);
    add(explanationRect, sectionFont, Qt::TextWordWrap, explanation);
    add(teachingRect, sectionFont, Qt::AlignCenter | Qt::TextWordWrap, teachingNote);
    add(inputCaptionRect, sectionFont, left, inputCaption);
    add(valuesCaptionRect, sectionFont, left, valuesCaption);
    add(lanesCaptionRect, sectionFont, left, lanesCaption);
    if (!barrierRect.isEmpty())
        add(barrierRect.adjusted(0, 8 * scale, 0, 0), sectionFont, left, barrierLabel);
    add(bankCaptionRect, sectionFont, Qt::TextWordWrap, bankCaption);
    add(atomicsCaptionRect, sectionFont, Qt::TextWordWrap, atomicsCaption);
    add(atomicsMoreRect, smallFont, Qt::AlignLeft | Qt::AlignVCenter, atomicsMore);
    for (const LegendItem& item : legend)
        add(item.textRect, smallFont, Qt::AlignLeft | Qt::AlignVCenter, item.text);
    return out;
}

StepLayout layoutStep(const model::Trace& trace, int step, int width, const QFont& base, const QString& banner,
                      const LayoutOptions& options)
{
    StepLayout l;
    l.minTextPx = std::max<qreal>(0, options.minTextPx);
    l.scale = options.scale > 0 ? options.scale : 1.0;
    const qreal kMargin = kMarginPx * l.scale, kGap = kGapPx * l.scale;
    const qreal w = std::max(320, width);
    const qreal body = std::max<qreal>({12, l.minTextPx, base.pixelSize() > 0 ? base.pixelSize() : base.pointSizeF() * 96.0 / 72.0});
    l.titleFont = scaled(base, body * 1.75, true);
    l.labelFont = scaled(base, body * 1.4, false);
    l.sectionFont = scaled(base, body * 1.1, false);
    l.smallFont = scaled(base, body * 1.0, false);
    l.valueFont = base;
    l.inputValueFont = base;
    if (trace.steps.empty() || step < 0 || step >= int(trace.steps.size())) {
        l.size = QSize(int(w), 200);
        return l;
    }
    qreal y = kMargin;
    l.bannerFont = l.titleFont;
    if (!banner.isEmpty()) {
        l.banner = banner;
        QFontMetricsF bm(l.bannerFont);
        const QRectF text = bm.boundingRect(QRectF(kMargin + 12 * l.scale, y, w - 2 * kMargin - 24 * l.scale, 1000),
                                            Qt::TextWordWrap, banner);
        l.bannerRect = QRectF(kMargin, y, w - 2 * kMargin, text.height() + 16 * l.scale);
        y += l.bannerRect.height() + kGap;
    }
    y = layoutFault(l, trace, step, w, y);
    y = layoutHeader(l, trace, step, w, y);
    {
        const model::Step& st = trace.steps[std::size_t(step)];
        l.overview = int(st.lanes.size()) > kOverviewLanes || int(st.values.size()) > kOverviewValues;
        l.expandedWarp = l.overview && options.expandedWarp >= 0 && options.expandedWarp < int(st.warps.size())
            ? options.expandedWarp : -1;
    }
    l.warpRowOnly = options.warpRowOnly;
    if (!l.warpRowOnly)
        y = layoutCells(l, trace, step, w, y);
    y = layoutLanes(l, trace, step, w, y);
    if (!l.warpRowOnly) {
        y = layoutBanks(l, trace, step, w, y);
        y = layoutAtomics(l, trace, step, w, y);
    }
    y = layoutLegend(l, w, y);
    l.size = QSize(int(w), int(std::ceil(y)));
    return l;
}

} // namespace reducescope::views
