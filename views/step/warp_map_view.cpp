// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/warp_map_view.h"

#include "views/step/state_marks.h"

#include "model/simulate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QScreen>

#include <algorithm>
#include <cmath>
#include <map>

namespace reducescope::views {
namespace {

QFont sized(const QFont& base, qreal px, bool bold)
{
    QFont f(base);
    f.setPixelSize(std::max(8, int(std::lround(px))));
    f.setBold(bold);
    return f;
}

struct MapInput {
    const model::Trace* trace = nullptr;
    std::vector<std::pair<int, int>> rows;  // (block, warp), ascending
    int steps = 0;
    qreal labelW = 0;
};

// Cell size of a map split into `bands` bands, in a `w` x `h` area (title and heads excluded).
QSizeF cellFor(const MapInput& m, int bands, qreal w, qreal h, qreal bandGap)
{
    const int perBand = (int(m.rows.size()) + bands - 1) / bands;
    const qreal cw = (w - bands * m.labelW - (bands - 1) * bandGap) / (qreal(bands) * std::max(1, m.steps));
    const qreal ch = h / std::max(1, perBand);
    return QSizeF(cw, ch);
}

// The legend at the bottom of `size`, flowing over the whole width. Returns the top of the legend
// (the bottom of the maps' area).
qreal layoutLegend(WarpMapLayout& l, QSize size, qreal margin)
{
    const qreal sc = l.scale;
    const QFontMetricsF lm(l.labelFont);
    using K = WarpMapLayout::LegendItem::Kind;
    const std::pair<K, QString> items[] = {
        {K::AllActive, WarpMapView::tr("all lanes active")},
        {K::Divergent, WarpMapView::tr("divergent warp (bar: active lanes)")},
        {K::Idle, WarpMapView::tr("idle warp")},
        {K::Exited, WarpMapView::tr("exited warp")},
    };
    qreal x = margin, y = 0;
    for (const auto& [kind, text] : items) {
        const qreal sw = lm.height() * 1.4;
        const qreal w = sw + 6 * sc + lm.horizontalAdvance(text) + 18 * sc;
        if (x + w > size.width() - margin && x > margin) {
            x = margin;
            y += lm.height() + 6 * sc;
        }
        WarpMapLayout::LegendItem item;
        item.kind = kind;
        item.text = text;
        item.swatch = QRectF(x, y + 2, sw, lm.height() - 2);
        item.textRect = QRectF(x + sw + 6 * sc, y, w - sw - 6 * sc, lm.height() + 2);
        l.legend.push_back(item);
        x += w;
    }
    const qreal legendH = y + lm.height() + 6 * sc;
    const qreal top = size.height() - margin - legendH;
    for (auto& item : l.legend) {
        item.swatch.translate(0, top);
        item.textRect.translate(0, top);
    }
    return l.legend.isEmpty() ? size.height() - margin : l.legend.front().swatch.top() - 2;
}

// A map's rows (every (block, warp) the trace's steps record, ascending) and the width of their
// labels, for each trace given that has steps.
std::vector<MapInput> mapInputs(const model::Trace* a, const model::Trace* b, const QFontMetricsF& lm, qreal sc)
{
    std::vector<MapInput> inputs;
    for (const model::Trace* t : {a, b}) {
        if (!t || t->steps.empty())
            continue;
        MapInput m;
        m.trace = t;
        std::map<std::pair<int, int>, bool> seen;
        for (const model::Step& s : t->steps)
            for (const model::WarpRecord& w : s.warps)
                seen[{w.block, w.warp}] = true;
        for (const auto& [key, unused] : seen)
            m.rows.push_back(key);
        m.steps = int(t->steps.size());
        const bool blocks = !m.rows.empty() && m.rows.back().first > 0;
        const auto [lb, lw] = m.rows.empty() ? std::pair<int, int>{0, 0} : m.rows.back();
        const QString longest = blocks ? WarpMapView::tr("%1.%2").arg(lb).arg(std::max(lw, 10))
                                       : QString::number(std::max(lw, 10));
        qreal heads = 0;
        for (const QString& h : {WarpMapView::tr("step"), WarpMapView::tr("stride")})
            heads = std::max(heads, lm.horizontalAdvance(h));
        m.labelW = std::max(lm.horizontalAdvance(longest), heads) + 8 * sc;
        inputs.push_back(std::move(m));
    }
    return inputs;
}

// The bands of each map and the cell size they give.
struct Bands {
    int bands[2] = {1, 1};
    QSizeF cell = QSizeF(-1, -1);
};

// Bands per map: the same cell size in every map, as large as fits (cells a little wider than
// tall read best: score = min(width, 2 * height)); fewer bands on ties. Cells are at most
// `maxCell`; each map gets `mapW` x `gridH`.
Bands chooseBands(const std::vector<MapInput>& inputs, qreal mapW, qreal gridH, qreal bandGap, QSizeF maxCell)
{
    const int mapsN = int(inputs.size());
    Bands best;
    qreal bestScore = -1;
    const int maxBands = 16;
    for (int g0 = 1; g0 <= maxBands; ++g0) {
        for (int g1 = 1; g1 <= (mapsN > 1 ? maxBands : 1); ++g1) {
            QSizeF c = cellFor(inputs[0], g0, mapW, gridH, bandGap);
            if (mapsN > 1) {
                const QSizeF d = cellFor(inputs[1], g1, mapW, gridH, bandGap);
                c = QSizeF(std::min(c.width(), d.width()), std::min(c.height(), d.height()));
            }
            c = QSizeF(std::min(c.width(), maxCell.width()), std::min(c.height(), maxCell.height()));
            if (c.width() <= 0 || c.height() <= 0)
                continue;
            const qreal score = std::min(c.width(), 2 * c.height());
            if (score > bestScore + 0.01) {
                bestScore = score;
                best.cell = c;
                best.bands[0] = g0;
                best.bands[1] = g1;
            }
        }
    }
    return best;
}

// Where one map's parts go: its left edge and width, the heights of its title and column heads,
// the cell size, and its bands.
struct MapFrame {
    qreal x0 = 0, mapW = 0, margin = 0, titleH = 0, headH = 0, bandGap = 0;
    qreal cw = 0, ch = 0;
    int perBand = 1;  ///< rows per band
    qreal bandW = 0;
    qreal gridTop = 0;

    // The left edge of band `band`.
    qreal bandX(int band) const { return x0 + band * (bandW + bandGap); }
};

// Column heads in every band (every k-th step number, so that the labels do not overlap) and
// the frame of the current step's column `step` in each band that has rows.
void layoutColumns(WarpMapLayout::Map& m, const MapInput& in, const MapFrame& f, int step, const QFontMetricsF& lm,
                   qreal sc)
{
    const qreal headAdvance = lm.horizontalAdvance(QString::number(in.steps)) + 4 * sc;
    const int every = std::max(1, int(std::ceil(headAdvance / std::max<qreal>(1, f.cw))));
    qreal strideAdvance = 0;
    for (const model::Step& s : in.trace->steps)
        if (s.stride)
            strideAdvance = std::max(strideAdvance, lm.horizontalAdvance(QString::number(*s.stride)) + 6 * sc);
    const int strideEvery = std::max(1, int(std::ceil(strideAdvance / std::max<qreal>(1, f.cw))));
    const qreal lineH = f.headH / 2;
    m.stepHead = WarpMapView::tr("step");
    m.strideHead = WarpMapView::tr("stride");
    for (int band = 0; band < m.bands; ++band) {
        const qreal bx = f.bandX(band);
        WarpMapLayout::HeadLabels heads;
        heads.stepRect = QRectF(bx, f.margin + f.titleH, in.labelW - 4 * sc, lineH);
        heads.strideRect = QRectF(bx, f.margin + f.titleH + lineH, in.labelW - 4 * sc, lineH);
        m.heads.push_back(heads);
        for (int k = 0; k < in.steps; ++k) {
            WarpMapLayout::Column col;
            col.step = k;
            col.rect = QRectF(bx + in.labelW + k * f.cw, f.margin + f.titleH, f.cw, lineH);
            col.strideRect = QRectF(col.rect.left(), col.rect.bottom(), f.cw, lineH);
            if ((k + 1) % every == 0 || every == 1 || k == step)
                col.label = QString::number(k + 1);
            const model::Step& s = in.trace->steps[std::size_t(k)];
            if (s.stride && (k % strideEvery == 0 || k == step))
                col.stride = QString::number(*s.stride);
            m.columns.push_back(col);
        }
        const int rowsInBand = std::min(f.perBand, int(in.rows.size()) - band * f.perBand);
        if (step >= 0 && step < in.steps && rowsInBand > 0)
            m.currentStepRects.push_back(
                QRectF(bx + in.labelW + step * f.cw, f.margin + f.titleH, f.cw, f.headH + rowsInBand * f.ch));
    }
}

// The warp rows with their labels (every k-th row where rows are lower than the text). Returns
// each (block, warp)'s row.
std::map<std::pair<int, int>, int> layoutRows(WarpMapLayout::Map& m, const MapInput& in, const MapFrame& f,
                                              const QFontMetricsF& lm, qreal sc)
{
    const bool blocks = !in.rows.empty() && in.rows.back().first > 0;
    const int labelEvery = std::max(1, int(std::ceil(lm.height() / std::max<qreal>(1, f.ch))));
    std::map<std::pair<int, int>, int> rowOf;
    for (int r = 0; r < int(in.rows.size()); ++r) {
        const auto [blk, wp] = in.rows[std::size_t(r)];
        rowOf[{blk, wp}] = r;
        WarpMapLayout::Row row;
        row.block = blk;
        row.warp = wp;
        const int band = r / f.perBand, inBand = r % f.perBand;
        if (inBand % labelEvery == 0)
            row.label = blocks ? WarpMapView::tr("%1.%2").arg(blk).arg(wp) : QString::number(wp);
        const qreal bx = f.bandX(band);
        // The label is centred on its row, and may overflow it (short rows, every k-th labelled).
        const qreal lh = std::max(f.ch, lm.height());
        row.labelRects.push_back(QRectF(bx, f.gridTop + inBand * f.ch + f.ch / 2 - lh / 2, in.labelW - 4 * sc, lh));
        m.rows.push_back(row);
    }
    return rowOf;
}

// What the cells' counts show: "12/32" where it fits at the count font, else "12", else the bar alone.
struct CountFit {
    bool full = false;
    bool shortForm = false;
};

// One cell per warp record of every step, in its row and band.
void layoutMapCells(WarpMapLayout::Map& m, const MapInput& in, const MapFrame& f,
                    std::map<std::pair<int, int>, int>& rowOf, CountFit fit)
{
    const model::Trace& t = *in.trace;
    for (int k = 0; k < in.steps; ++k) {
        const model::Step& s = t.steps[std::size_t(k)];
        for (int wi = 0; wi < int(s.warps.size()); ++wi) {
            const model::WarpRecord& w = s.warps[std::size_t(wi)];
            const int r = rowOf[{w.block, w.warp}];
            const int band = r / f.perBand, inBand = r % f.perBand;
            const qreal bx = f.bandX(band);
            WarpMapLayout::Cell c;
            c.step = k;
            c.row = r;
            c.warpRecord = wi;
            c.rect = QRectF(bx + in.labelW + k * f.cw, f.gridTop + inBand * f.ch, f.cw, f.ch);
            c.active = int(w.active_lanes.size());
            c.live = w.live_lanes;
            c.divergent = w.divergent;
            c.exited = w.live_lanes == 0;
            c.idle = !c.exited && c.active == 0;
            if (fit.full)
                c.count = WarpMapView::tr("%1/%2").arg(c.active).arg(c.live);
            else if (fit.shortForm)
                c.count = QString::number(c.active);
            m.cells.push_back(c);
        }
    }
}

// A map's title: the strategy and its divergent warp-steps, what the total includes, and what a
// row is ("convergent: 6 divergent warp-steps (5 in the strides, 1 in the final write) · rows: warps").
QString mapTitle(const MapInput& in)
{
    const model::Trace& t = *in.trace;
    QString title;
    const model::DivergentWarpSteps divergent = model::divergent_warp_steps(t);
    const QString id = QString::fromStdString(t.strategy);
    title = WarpMapView::tr("%1: %n divergent warp-steps", nullptr, divergent.total()).arg(id);
    // What the total includes: PMPP counts the strides; the final write (thread 0 alone) is apart.
    QStringList parts;
    if (divergent.strides && (divergent.write || divergent.other))
        parts << WarpMapView::tr("%n in the strides", nullptr, divergent.strides);
    if (divergent.write)
        parts << (divergent.strides || divergent.other ? WarpMapView::tr("%n in the final write", nullptr, divergent.write)
                                                       : WarpMapView::tr("all in the final write"));
    if (divergent.other && (divergent.strides || divergent.write))
        parts << WarpMapView::tr("%n in the other steps", nullptr, divergent.other);
    if (!parts.isEmpty())
        title += WarpMapView::tr(" (%1)").arg(parts.join(WarpMapView::tr(", ")));
    const bool blocks = !in.rows.empty() && in.rows.back().first > 0;
    title += blocks ? WarpMapView::tr(" · rows: block.warp") : WarpMapView::tr(" · rows: warps");
    return title;
}

// The map of one trace (`in`) in `bands` bands at `f.x0`: its title (the strategy and its
// divergent warp-steps), column heads, rows and cells.
WarpMapLayout::Map layoutMap(const MapInput& in, const QString& title, int bands, MapFrame f, int step,
                             const QFontMetricsF& lm, qreal sc, CountFit fit)
{
    WarpMapLayout::Map m;
    m.bands = bands;
    m.title = title;
    m.titleRect = QRectF(f.x0, f.margin, f.mapW, f.titleH);
    f.perBand = (int(in.rows.size()) + m.bands - 1) / m.bands;
    f.bandW = in.labelW + in.steps * f.cw;
    f.gridTop = f.margin + f.titleH + f.headH;
    layoutColumns(m, in, f, step, lm, sc);
    std::map<std::pair<int, int>, int> rowOf = layoutRows(m, in, f, lm, sc);
    layoutMapCells(m, in, f, rowOf, fit);
    m.rect = QRectF(f.x0, f.margin, f.mapW, f.titleH + f.headH + f.perBand * f.ch);
    return m;
}

} // namespace

int WarpMapLayout::Map::divergentCells(int step) const
{
    return int(std::count_if(cells.begin(), cells.end(), [step](const Cell& c) { return c.step == step && c.divergent; }));
}

int WarpMapLayout::Map::divergentCells() const
{
    return int(std::count_if(cells.begin(), cells.end(), [](const Cell& c) { return c.divergent; }));
}

WarpMapLayout::CellHit WarpMapLayout::cellAt(QPointF p) const
{
    for (int m = 0; m < maps.size(); ++m)
        for (const Cell& c : maps[m].cells)
            if (c.rect.contains(p))
                return CellHit{m, c.step, c.warpRecord};
    return {};
}

WarpMapLayout::Hit WarpMapLayout::hitTest(QPointF p) const
{
    Hit hit;
    for (int m = 0; m < maps.size(); ++m) {
        for (const Cell& c : maps[m].cells)
            if (c.rect.contains(p))
                return Hit{m, c.step, c.row};
        for (const Column& col : maps[m].columns)
            if (col.rect.united(col.strideRect).contains(p))
                return Hit{m, col.step, -1};
    }
    return hit;
}

WarpMapLayout layoutWarpMap(const model::Trace* a, const model::Trace* b, int step, QSize size, const QFont& base,
                            const LayoutOptions& options)
{
    WarpMapLayout l;
    l.size = size;
    l.minTextPx = std::max<qreal>(0, options.minTextPx);
    l.scale = options.scale > 0 ? options.scale : 1.0;
    const qreal sc = l.scale;
    const qreal body = std::max<qreal>({12, l.minTextPx, base.pixelSize() > 0 ? base.pixelSize() : base.pointSizeF() * 96.0 / 72.0});
    l.titleFont = sized(base, body * 1.2, true);
    l.labelFont = sized(base, body, false);
    l.countFont = sized(base, body, true);
    const qreal margin = 12 * sc, mapGap = 28 * sc, bandGap = 10 * sc;

    const QFontMetricsF lm(l.labelFont);
    const qreal legendTop = layoutLegend(l, size, margin);
    const std::vector<MapInput> inputs = mapInputs(a, b, lm, sc);
    if (inputs.empty()) {
        l.emptyText = WarpMapView::tr("No trace: choose a strategy and an input.");
        return l;
    }

    const int mapsN = int(inputs.size());
    const qreal mapW = (size.width() - 2 * margin - (mapsN - 1) * mapGap) / mapsN;
    const QFontMetricsF tm(l.titleFont);
    // A title that does not fit its map's width on one line even at the labels' size (two maps side
    // by side: "… (95 in the strides, 1 in the final write) · rows: warps") gets a second line,
    // so that it is read whole rather than cut with "…".
    QStringList titles;
    bool twoLines = false;
    for (const MapInput& in : inputs) {
        titles << mapTitle(in);
        twoLines = twoLines || lm.horizontalAdvance(titles.back()) > mapW;
    }
    const qreal titleH = (twoLines ? 2 : 1) * tm.height() + 4 * sc;
    const qreal headH = 2 * (lm.height() + 2 * sc);  // step numbers, then strides
    const qreal gridH = std::max<qreal>(1, legendTop - margin - titleH - headH - 6 * sc);
    const Bands best = chooseBands(inputs, mapW, gridH, bandGap, QSizeF(120 * sc, 44 * sc));
    l.cellSize = best.cell;
    const qreal cw = best.cell.width(), ch = best.cell.height();

    const QFontMetricsF cm(l.countFont);
    const bool fitsHeight = ch >= cm.height() * 0.9;
    CountFit fit;
    fit.full = fitsHeight && cw - 4 >= cm.horizontalAdvance(QStringLiteral("32/32"));
    fit.shortForm = fitsHeight && cw - 4 >= cm.horizontalAdvance(QStringLiteral("32"));
    l.showCounts = fit.shortForm;

    for (int mi = 0; mi < mapsN; ++mi) {
        MapFrame f;
        f.x0 = margin + mi * (mapW + mapGap);
        f.mapW = mapW;
        f.margin = margin;
        f.titleH = titleH;
        f.headH = headH;
        f.bandGap = bandGap;
        f.cw = cw;
        f.ch = ch;
        l.maps.push_back(layoutMap(inputs[std::size_t(mi)], titles[mi], best.bands[mi], f, step, lm, sc, fit));
    }
    return l;
}

WarpMapView::WarpMapView(QWidget* parent)
    : QWidget(parent)
    , m_colors(ViewColors::fromPalette(palette()))
{
    setAccessibleName(tr("Warp map"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void WarpMapView::setTraces(std::shared_ptr<const model::Trace> trace, std::shared_ptr<const model::Trace> compare)
{
    m_trace = std::move(trace);
    m_compare = std::move(compare);
    invalidate();
}

void WarpMapView::setStep(int step)
{
    if (step == m_step)
        return;
    m_step = step;
    invalidate();
}

void WarpMapView::setPresentation(bool on, QSize screen)
{
    m_presentation = on;
    m_presentationScreen = screen;
    invalidate();
}

void WarpMapView::setTheme(Theme theme)
{
    m_theme = theme;
    m_colors = ViewColors::forTheme(m_theme, palette());
    update();
}

void WarpMapView::invalidate()
{
    m_layoutValid = false;
    if (m_trace)
        setAccessibleDescription(tr("Warp map of %1%2, step %3")
                                     .arg(QString::fromStdString(m_trace->strategy),
                                          m_compare ? tr(" and %1").arg(QString::fromStdString(m_compare->strategy)) : QString())
                                     .arg(m_step + 1));
    update();
}

const WarpMapLayout& WarpMapView::currentLayout() const
{
    if (!m_layoutValid) {
        LayoutOptions options;
        if (m_presentation) {
            QSize screenSize = m_presentationScreen;
            if (!screenSize.isValid() && screen())
                screenSize = screen()->size();
            options = presentationOptions(screenSize);
        }
        m_layout = layoutWarpMap(m_trace.get(), m_compare.get(), m_step, size(), font(), options);
        m_layoutValid = true;
    }
    return m_layout;
}

void WarpMapView::paintLayout(QPainter& p, const WarpMapLayout& l) const
{
    const ViewColors& c = m_colors;
    p.fillRect(QRectF(QPointF(0, 0), QSizeF(l.size)), c.background);
    if (!l.emptyText.isEmpty()) {
        p.setPen(c.mutedText);
        p.setFont(l.labelFont);
        p.drawText(QRectF(QPointF(0, 0), QSizeF(l.size)), Qt::AlignCenter, l.emptyText);
        return;
    }
    const qreal sc = l.scale;
    const qreal outline = std::clamp<qreal>(std::min(l.cellSize.width(), l.cellSize.height()) * 0.12, 1.5, 4 * sc);
    for (const WarpMapLayout::Map& m : l.maps) {
        // A title wider than its map is set smaller, down to the labels' size, until it fits its
        // rect: on one line, or word-wrapped on the second line the layout gave it (mapTitle).
        // Only a title that fits neither way is elided at its end: never cut mid-word at the edge.
        QFont titleFont = l.titleFont;
        const auto fits = [&](const QFont& f) {
            const QFontMetricsF fm(f);
            return fm.horizontalAdvance(m.title) <= m.titleRect.width()
                || fm.boundingRect(m.titleRect, Qt::TextWordWrap, m.title).height() <= m.titleRect.height();
        };
        while (!fits(titleFont) && titleFont.pixelSize() > std::max(1, l.labelFont.pixelSize()))
            titleFont.setPixelSize(titleFont.pixelSize() - 1);
        p.setFont(titleFont);
        p.setPen(c.text);
        if (fits(titleFont))
            p.drawText(m.titleRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m.title);
        else
            p.drawText(m.titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                       QFontMetricsF(titleFont).elidedText(m.title, Qt::ElideRight, m.titleRect.width()));
        p.setFont(l.labelFont);
        p.setPen(c.mutedText);
        for (const WarpMapLayout::Column& col : m.columns) {
            if (!col.label.isEmpty())
                p.drawText(col.rect.adjusted(-20 * sc, 0, 20 * sc, 0), Qt::AlignHCenter | Qt::AlignBottom, col.label);
            if (!col.stride.isEmpty())
                p.drawText(col.strideRect.adjusted(-20 * sc, 0, 20 * sc, 0), Qt::AlignHCenter | Qt::AlignBottom, col.stride);
        }
        for (const WarpMapLayout::HeadLabels& h : m.heads) {
            p.drawText(h.stepRect, Qt::AlignRight | Qt::AlignBottom, m.stepHead);
            p.drawText(h.strideRect, Qt::AlignRight | Qt::AlignBottom, m.strideHead);
        }
        for (const WarpMapLayout::Row& row : m.rows)
            if (!row.label.isEmpty())
                for (const QRectF& r : row.labelRects)
                    p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, row.label);

        p.setRenderHint(QPainter::Antialiasing, false);
        p.setFont(l.countFont);
        const QFontMetricsF cm(l.countFont);
        for (const WarpMapLayout::Cell& cell : m.cells) {
            const QRectF r = cell.rect.adjusted(1, 1, -1, -1);
            QColor textColour = c.laneText;
            if (cell.exited) {
                paintStateFill(p, r, VisualState::ExitedLane, c);
            } else if (cell.divergent) {
                p.fillRect(r, c.background);
                const qreal barH = std::max<qreal>(3, r.height() * 0.3);
                const qreal frac = cell.live > 0 ? qreal(cell.active) / cell.live : 0;
                p.fillRect(QRectF(r.left(), r.bottom() - barH, std::max<qreal>(2, r.width() * frac), barH), c.active);
                paintStateOutline(p, r.adjusted(outline / 2, outline / 2, -outline / 2, -outline / 2),
                                  VisualState::DivergentWarp, c, outline);
                textColour = c.text;
            } else if (cell.idle) {
                paintStateFill(p, r, VisualState::IdleLane, c);
            } else {
                paintStateFill(p, r, VisualState::ActiveLane, c);
            }
            if (!cell.count.isEmpty()) {
                if (cell.divergent) {
                    p.setPen(textColour);
                    p.drawText(r.adjusted(0, 0, 0, -r.height() * 0.2), Qt::AlignCenter, cell.count);
                } else {
                    paintTextOnFill(p, r, cell.count,
                                    cell.exited ? VisualState::ExitedLane : cell.idle ? VisualState::IdleLane : VisualState::ActiveLane,
                                    c, cm);
                }
            }
        }
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(c.text, 2.5 * sc));
        for (const QRectF& r : m.currentStepRects)
            p.drawRect(r.adjusted(-1, -1, 1, 1));
    }
    p.setFont(l.labelFont);
    for (const WarpMapLayout::LegendItem& item : l.legend) {
        const QRectF& r = item.swatch;
        switch (item.kind) {
        case WarpMapLayout::LegendItem::Kind::AllActive: paintStateFill(p, r, VisualState::ActiveLane, c); break;
        case WarpMapLayout::LegendItem::Kind::Idle: paintStateFill(p, r, VisualState::IdleLane, c); break;
        case WarpMapLayout::LegendItem::Kind::Exited: paintStateFill(p, r, VisualState::ExitedLane, c); break;
        case WarpMapLayout::LegendItem::Kind::Divergent:
            p.fillRect(QRectF(r.left(), r.bottom() - r.height() * 0.3, r.width() * 0.4, r.height() * 0.3), c.active);
            paintStateOutline(p, r.adjusted(1.5, 1.5, -1.5, -1.5), VisualState::DivergentWarp, c, 3 * sc);
            break;
        }
        p.setPen(c.text);
        p.drawText(item.textRect, Qt::AlignLeft | Qt::AlignVCenter, item.text);
    }
}

void WarpMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintLayout(p, currentLayout());
    emit painted();
}

void WarpMapView::resizeEvent(QResizeEvent* event)
{
    m_layoutValid = false;
    QWidget::resizeEvent(event);
}

void WarpMapView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_colors = ViewColors::forTheme(m_theme, palette());
        invalidate();
    } else if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Warp map"));
        invalidate();  // the layout holds the words: lay them out again in the new language
    }
    QWidget::changeEvent(event);
}

void WarpMapView::mousePressEvent(QMouseEvent* event)
{
    // Accepted, so that the release (which decides the click) comes here too.
    if (event->button() == Qt::LeftButton)
        event->accept();
    else
        QWidget::mousePressEvent(event);
}

void WarpMapView::mouseReleaseEvent(QMouseEvent* event)
{
    const WarpMapLayout::Hit hit = currentLayout().hitTest(event->position());
    if (hit.map >= 0 && hit.step >= 0) {
        emit stepClicked(hit.step);
        const WarpMapLayout::CellHit cell = currentLayout().cellAt(event->position());
        if (cell.map >= 0 && cell.warpRecord >= 0)
            emit warpCellClicked(cell.map, cell.step, cell.warpRecord);
        event->accept();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

} // namespace reducescope::views
