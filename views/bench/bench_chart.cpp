// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_chart.h"

#include "bench/compare.h"
#include "model/catalogue.h"

#include <QFileInfo>
#include <QSet>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace reducescope::views {
namespace {

constexpr int kTickPt = 12;
constexpr int kLabelPt = 13;
constexpr int kTitlePt = 15;
/// The chart's least height on the desktop (px). Its title, two legends and the rotated strategy
/// names grow with the text (presentation mode) while the plot between them does not: at the
/// presentation text (about 1.7x) they took all but about 30 px of a 1920x1080 screen's chart and
/// the bars were a strip. So the least height grows with the text as well (kMinHeightPerScale per
/// unit of scale above 1): the benchmark tab scrolls then (MainWindow's scroll area), the chart first.
constexpr int kMinHeight = 320;
constexpr int kMinHeightPerScale = 520;

// Series colours when two files are overlaid (Okabe–Ito blue and vermillion).
const QColor kSeriesColors[2] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00)};
const QColor kWrongColor(0xD0, 0x20, 0x20);
const QColor kWarnColor(0xC0, 0x70, 0x00);
const QColor kPeakColor(0xCC, 0x33, 0x33);
const QColor kCeilingColor(0x88, 0x44, 0xAA);

QString withThousands(qint64 v) { return QLocale(QLocale::English).toString(v); }

// 1024 -> "1K", 1048576 -> "1M": sizes in elements, binary prefixes as the sweeps use them.
QString binaryShort(double v)
{
    static const char* suffix[] = {"", "K", "M", "G", "T"};
    int i = 0;
    while (v >= 1024 && i < 4 && std::fmod(v, 1024) == 0) {
        v /= 1024;
        ++i;
    }
    return QString::number(v, 'g', 4) + QLatin1String(suffix[i]);
}

QString formatTimeUs(double ms)
{
    const double us = ms * 1000;
    return us >= 1000 ? QStringLiteral("%1 ms").arg(ms, 0, 'g', 4) : QStringLiteral("%1 µs").arg(us, 0, 'g', 4);
}

// Log ticker for sizes: labels 1K, 4K, 1M, ... instead of 1024, 4096, 1.05e6.
class SizeTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return binaryShort(tick); }
};

/// The second legend, under the first: what the whiskers and the hatching mean, and the reference
/// lines (long entries, kept apart so that the families' row stays one row).
QCPLegend* notesLegend(const QCustomPlot* plot)
{
    return plot->findChild<QCPLegend*>(QStringLiteral("notesLegend"), Qt::FindDirectChildrenOnly);
}

/// How much larger than on the desktop the charts' text is: presentation mode raises the
/// application font, and every chart follows it (BenchChart::changeEvent, QEvent::FontChange).
qreal g_textScale = 1.0;

QFont chartFont(int pt, bool bold = false)
{
    QFont f;
    f.setPointSizeF(pt * g_textScale);
    f.setBold(bold);
    return f;
}

} // namespace

int catalogueRank(const QString& label)
{
    const QString id = label.section(QLatin1Char(' '), 0, 0);
    int i = 0;
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (QLatin1String(s.id.data(), qsizetype(s.id.size())) == id)
            return 2 * i + (label == id ? 0 : 1);
        ++i;
    }
    return 1 << 20;
}

QColor benchFamilyColor(const QString& family)
{
    if (family == QLatin1String("basics")) return QColor(0xE6, 0x9F, 0x00);
    if (family == QLatin1String("shared_memory")) return QColor(0x56, 0xB4, 0xE9);
    if (family == QLatin1String("many_blocks")) return QColor(0x00, 0x9E, 0x73);
    if (family == QLatin1String("warp_primitives")) return QColor(0x00, 0x72, 0xB2);
    if (family == QLatin1String("dot_product")) return QColor(0xCC, 0x79, 0xA7);
    if (family == QLatin1String("own")) return QColor(0xD5, 0x5E, 0x00);  // the student's own kernel
    return QColor(0x88, 0x88, 0x88);  // baseline
}

BenchChart::BenchChart(Kind kind, QWidget* parent)
    : QCustomPlot(parent)
    , m_kind(kind)
    , m_log(kind == Kind::Time || kind == Kind::Speedup)
{
    setMinimumSize(480, kMinHeight);
    connect(this, &QCustomPlot::afterLayout, this, &BenchChart::fitValueLabels);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString(), chartFont(kTitlePt, true));
    plotLayout()->addElement(0, 0, m_title);
    m_desktopTextPx = QFontInfo(font()).pixelSize();
    applyFonts();
    // The legend sits in a row between the title and the plot, never over a bar or a line.
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(1);
    // Each legend centred in a row of its own (an empty cell stretching on either side). The two
    // legends must not share a grid column: a column is as wide as its widest element allows
    // at most and its narrowest requires at least, and the notes legend (empty, 12 px of margins,
    // or shorter than the strategies) would cap the column below the strategies' legend's
    // minimum, a layout QCustomPlot cannot satisfy ("layouting aborted" on every replot).
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, legendRow);
    plotLayout()->setRowStretchFactor(1, 0.001);
    const auto centred = [this, legendRow](int row, QCPLegend* l) {
        auto* line = new QCPLayoutGrid;
        legendRow->addElement(row, 0, line);
        line->addElement(0, 0, new QCPLayoutElement(this));
        line->addElement(0, 1, l);
        line->addElement(0, 2, new QCPLayoutElement(this));
        line->setColumnStretchFactor(0, 1);
        line->setColumnStretchFactor(1, 0.001);
        line->setColumnStretchFactor(2, 1);
    };
    centred(0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(6);
    legend->setLayer(QStringLiteral("legend"));
    legend->setMargins(QMargins(6, 4, 6, 4));
    legend->setIconSize(30, 22);  // tall enough that underscores below the baseline are not clipped
    auto* notes = new QCPLegend;
    notes->setObjectName(QStringLiteral("notesLegend"));
    centred(1, notes);  // the grid makes it the plot's child
    notes->setParent(this);
    notes->setFont(legend->font());
    notes->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    notes->setWrap(2);
    notes->setLayer(QStringLiteral("legend"));
    notes->setMargins(legend->margins());
    notes->setIconSize(30, 22);
    notes->setVisible(false);
    setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const QString text = hoverText(e->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), text, this);
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (m_kind == Kind::Sweep)
            return;
        const int c = categoryAt(e->pos());
        if (c < 0)
            return;
        for (const Shown& s : m_series)
            if (const bench::Result* r = pick(s, m_categories.at(c))) {
                emit strategyClicked(qs(r->strategy));
                return;
            }
    });
    applyPalette();
    rebuild();
}

std::span<const bench::Result> BenchChart::Shown::results() const
{
    const std::vector<bench::Result>& all = series.results->results;
    return std::span(all).first(std::min(all.size(), std::size_t(labels.size())));
}

void BenchChart::setSeries(const QList<BenchSeries>& series, const QString& baseline)
{
    m_series.clear();
    for (const BenchSeries& s : series.mid(0, 2)) {
        Shown shown{s, {}};
        shown.labels.reserve(qsizetype(s.results->results.size()));
        for (const bench::Result& r : s.results->results)
            shown.labels << resultLabel(r);
        m_series << shown;
    }
    m_baseline = baseline;
    rebuild();
}

QStringList BenchChart::seriesNames() const
{
    QStringList names;
    for (int i = 0; i < plottableCount(); ++i)
        if (const QCPAbstractPlottable* p = const_cast<BenchChart*>(this)->plottable(i); p && !p->name().isEmpty() && !names.contains(p->name()))
            names << p->name();
    return names;
}

QList<QRectF> BenchChart::referenceLabelRects() const
{
    QList<QRectF> out;
    for (QCPAbstractPlottable* p : m_referenceLabels)
        if (QCPPlottableLegendItem* item = notesLegend(this)->itemWithPlottable(p))
            out << QRectF(item->outerRect());
    return out;
}

QList<QRectF> BenchChart::valueLabelRects() const
{
    QList<QRectF> out;
    for (QCPItemText* t : m_valueLabels)
        if (t->visible())
            out << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
    return out;
}

QString seriesLabel(const bench::ResultsFile& r, const QString& source)
{
    const QString file = source.isEmpty() || source == QLatin1String("run") ? BenchChart::tr("this run")
                                                                           : QFileInfo(source).fileName();
    QStringList how;
    if (!r.params.mode.empty())
        how << qs(r.params.mode);
    // The cache state in words (Chinese 热缓存 / 冷缓存, never the CLI's "hot" in a sentence).
    if (r.params.cache == "hot")
        how << BenchChart::tr("hot", "cache state in a series label: graph, hot");
    else if (r.params.cache == "cold")
        how << BenchChart::tr("cold", "cache state in a series label: graph, cold");
    else if (!r.params.cache.empty())
        how << qs(r.params.cache);
    // ISO 8601 "2025-06-01T14:03:22Z" -> "2025-06-01 14:03".
    const QString date = qs(r.date).replace(QLatin1Char('T'), QLatin1Char(' ')).left(16);
    QStringList parts{file};
    if (!how.isEmpty())
        parts << how.join(BenchChart::tr(", ", "between the mode and the cache state in a series label"));
    if (!date.isEmpty())
        parts << date;
    return parts.join(QStringLiteral(" · "));
}

void BenchChart::clearSeries()
{
    m_series.clear();
    rebuild();
}

void BenchChart::setLogScale(bool on)
{
    if (on == m_log)
        return;
    m_log = on;
    rebuild();
}

void BenchChart::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        rebuild();
    } else if (event->type() == QEvent::FontChange && m_desktopTextPx > 0) {
        // The window's text grew (presentation mode) or came back: the chart's text follows.
        const qreal scale = std::max<qreal>(1.0, qreal(QFontInfo(font()).pixelSize()) / m_desktopTextPx);
        if (std::abs(scale - g_textScale) > 1e-3 || std::abs(scale - m_textScale) > 1e-3) {
            g_textScale = scale;
            m_textScale = scale;
            setMinimumHeight(kMinHeight + int(std::lround(kMinHeightPerScale * (scale - 1.0))));
            applyFonts();
            rebuild();
        }
    }
}

void BenchChart::applyFonts()
{
    g_textScale = m_textScale;
    for (QCPAxis* a : {xAxis, yAxis}) {
        a->setTickLabelFont(chartFont(kTickPt));
        a->setLabelFont(chartFont(kLabelPt));
    }
    legend->setFont(chartFont(kTickPt));
    if (QCPLegend* notes = notesLegend(this))
        notes->setFont(legend->font());
    if (m_title)
        m_title->setFont(chartFont(kTitlePt, true));
}

void BenchChart::applyPalette()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor grid = pal.color(QPalette::Mid);
    setBackground(pal.color(QPalette::Base));
    for (QCPAxis* a : {xAxis, yAxis}) {
        a->setBasePen(QPen(text));
        a->setTickPen(QPen(text));
        a->setSubTickPen(QPen(text));
        a->setTickLabelColor(text);
        a->setLabelColor(text);
        a->grid()->setPen(QPen(grid, 0, Qt::DotLine));
        a->grid()->setSubGridVisible(false);
    }
    for (QCPLegend* l : {legend, notesLegend(this)}) {
        if (!l)
            continue;
        l->setBrush(QBrush(pal.color(QPalette::Base)));
        l->setBorderPen(QPen(grid));
        l->setTextColor(text);
    }
    if (m_title)
        m_title->setTextColor(text);
}

const bench::Result* BenchChart::pick(const Shown& s, const QString& label) const
{
    // The bar charts show one run per strategy: the one at the run's own parameters if present,
    // otherwise the one at the largest N.
    const bench::Params& p = s.series.results->params;
    const bench::Result* best = nullptr;
    int bestScore = -1;
    const std::span<const bench::Result> results = s.results();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const bench::Result& r = results[i];
        if (s.labels.at(qsizetype(i)) != label)
            continue;
        int score = (r.n == p.n ? 4 : 0) + (r.block_size == p.block_size ? 2 : 0) + (r.coarse_factor == p.coarse_factor ? 1 : 0);
        if (score > bestScore || (score == bestScore && best && r.n > best->n)) {
            best = &r;
            bestScore = score;
        }
    }
    return best;
}

std::optional<double> BenchChart::valueOf(const Shown& s, const bench::Result& r) const
{
    if (!hasSpeed(r))
        return std::nullopt;
    switch (m_kind) {
    case Kind::Time: return r.time_ms->median * 1000;  // µs
    case Kind::Bandwidth: return shownBandwidth(r);
    case Kind::Speedup: {
        const qsizetype i = &r - s.series.results->results.data();
        return (i >= 0 && i < s.series.speedups.size()) ? s.series.speedups.at(i) : std::nullopt;
    }
    case Kind::Sweep: return shownBandwidth(r);
    }
    return std::nullopt;
}

QString BenchChart::describe(const Shown& s, const bench::Result& r) const
{
    const bench::EngineFields engine = bench::engine_fields(r);
    const bool recorded = engine.source == bench::NoiseSource::Recorded;
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> — %2").arg(resultLabel(r), resultsLabel(*s.series.results, s.series.source).toHtmlEscaped());
    const QString cache = r.cache == "cold" ? tr("cold cache") : r.cache == "hot" ? tr("hot cache") : tr("cache %1").arg(qs(r.cache));
    lines << tr("N = %1, block %2, coarse factor %3, %4 mode, %5")
                 .arg(withThousands(qint64(r.n))).arg(r.block_size).arg(r.coarse_factor).arg(qs(r.mode), cache);
    if (r.time_ms)
        lines << tr("time: median %1 (min %2, max %3)")
                     .arg(formatTimeUs(r.time_ms->median), formatTimeUs(r.time_ms->min), formatTimeUs(r.time_ms->max));
    if (r.time_ms && r.time_ms->spread)
        lines << tr("middle half of the samples: q1 %1 … q3 %2 (p95 %3)")
                     .arg(formatTimeUs(r.time_ms->q1), formatTimeUs(r.time_ms->q3), formatTimeUs(r.time_ms->p95));
    if (engine.noise) {
        const QString noise = QString::number(100 * *engine.noise, 'g', 3);
        QString line = !recorded  ? tr("noise: %1 % (half the min–max spread; no noise recorded)").arg(noise)
                     : r.format2 ? tr("noise: %1 % (standard deviation / mean)").arg(noise)
                                 : tr("noise: %1 % (relative median absolute deviation)").arg(noise);
        const std::optional<double> limit = maxNoise(s.series.results->params);
        if (engine.noisy || (limit && recorded && *engine.noise > *limit))
            line += QStringLiteral(" — <b>%1</b>").arg(limit ? tr("above the run's limit of %1 %").arg(100 * *limit, 0, 'g', 3)
                                                             : tr("above the run's limit"));
        lines << line;
    }
    if (hasSpeed(r)) {
        if (const auto bandwidth = shownBandwidth(r)) {
            const auto peak = shownPctPeak(r);
            const auto ceiling = shownPctCeiling(r);
            lines << tr("bandwidth: %1 GB/s = %2% of peak, %3% of ceiling")
                         .arg(*bandwidth, 0, 'f', 1)
                         .arg(peak ? QString::number(*peak, 'f', 1) : QStringLiteral("?"))
                         .arg(ceiling ? QString::number(*ceiling, 'f', 1) : QStringLiteral("?"));
        }
        const qsizetype i = &r - s.series.results->results.data();
        const QList<std::optional<double>>& speedups = s.series.speedups;
        if (!m_baseline.isEmpty() && i >= 0 && i < speedups.size() && speedups.at(i))
            lines << tr("speed-up vs %1: %2×").arg(m_baseline).arg(*speedups.at(i), 0, 'g', 4);
    } else {
        lines << tr("<b>%1</b>: not verified, no speed shown").arg(statusLabel(r.status));
    }
    if (r.abs_error)
        lines << tr("|error| %1 (tolerance %2)").arg(*r.abs_error, 0, 'g', 4)
                     .arg(r.tolerance ? QString::number(*r.tolerance, 'g', 4) : QStringLiteral("?"));
    if (!r.message.empty())
        lines << qs(r.message).toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void BenchChart::addTitle(const QString& text)
{
    m_titleLine = text;
    m_title->setText(text);
}

QString BenchChart::titleText() const { return m_title ? m_titleLine : QString(); }

QString BenchChart::shownTitle() const { return m_title ? m_title->text() : QString(); }

QFont BenchChart::titleFont() const { return m_title ? m_title->font() : font(); }

void BenchChart::showEmpty(const QString& message)
{
    auto* t = new QCPItemText(this);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(0.5, 0.5);
    t->setText(message);
    t->setFont(chartFont(kLabelPt));
    t->setColor(palette().color(QPalette::WindowText));
}

void BenchChart::addFlag(double key, const QString& text, const QColor& color)
{
    auto* t = new QCPItemText(this);
    t->position->setTypeX(QCPItemPosition::ptPlotCoords);
    t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // Chinese reads upright, top to bottom (one character a line), never turned on its side; Latin
    // text is turned a quarter to run up the bar.
    const bool han = std::any_of(text.begin(), text.end(), [](QChar c) { return c.script() == QChar::Script_Han; });
    if (han) {
        QStringList chars;
        for (QChar c : text)
            if (!c.isSpace())
                chars << QString(c);
        t->position->setCoords(key, 0.02);
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        t->setTextAlignment(Qt::AlignHCenter);
        t->setText(chars.join(QLatin1Char('\n')));
    } else {
        t->position->setCoords(key, 0.98);
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        t->setRotation(-90);
        t->setText(text);
        m_flagItems << t;
    }
    t->setFont(chartFont(kTickPt, true));
    t->setColor(color);
}

void BenchChart::rebuild()
{
    g_textScale = m_textScale;  // the one scale every chartFont() below uses
    // The notes legend first: clearPlottables() removes entries from the main legend only.
    notesLegend(this)->clearItems();
    notesLegend(this)->setVisible(false);
    clearPlottables();
    clearItems();
    m_referenceLabels.clear();
    m_valueLabels.clear();
    m_flagItems.clear();
    m_valueFit = {};
    m_headroomTries = 0;
    m_noiseLegend.clear();
    m_ceilingNote.clear();
    m_categories.clear();
    m_bars.clear();
    m_points.clear();
    m_flags.clear();
    legend->setVisible(false);
    if (m_kind == Kind::Sweep)
        buildSweep();
    else
        buildBars();
    fitToWidth();
    replot();
}

void BenchChart::fitToWidth()
{
    // As many legend columns as the widest entries of each column leave room for (1280 px wide
    // windows cut long entries otherwise), and a smaller title when the title is wider than the chart.
    const int avail = std::max(200, width() - 24);
    for (QCPLegend* l : {legend, notesLegend(this)}) {
        QList<int> widths;
        const QFontMetrics fm(l->font());
        for (int i = 0; i < l->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(l->item(i)))
                widths << fm.horizontalAdvance(item->plottable()->name()) + l->iconSize().width() + l->iconTextPadding() +
                              item->margins().left() + item->margins().right() + 4;
        int columns = std::max<int>(1, std::min<int>(6, int(widths.size())));
        for (; columns > 1; --columns) {
            int total = l->margins().left() + l->margins().right() + l->columnSpacing() * (columns - 1);
            for (int c = 0; c < columns; ++c) {
                int widest = 0;
                for (int i = c; i < widths.size(); i += columns)
                    widest = std::max(widest, widths.at(i));
                total += widest;
            }
            if (total <= avail)
                break;
        }
        if (l->wrap() != columns) {
            l->setWrap(columns);
            l->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranges the entries
        }
    }
    if (m_title) {
        // One line, smaller down to 10 pt where it must; where even that does not fit, two lines
        // (the run's N, mode and cache on the second), smaller again if need be.
        const auto widest = [](const QFont& f, const QString& text) {
            int w = 0;
            for (const QString& line : text.split(QLatin1Char('\n')))
                w = std::max(w, QFontMetrics(f).horizontalAdvance(line));
            return w;
        };
        QString text = m_titleLine;
        int pt = kTitlePt;
        QFont f = chartFont(pt, true);
        while (pt > 10 && widest(f, text) > avail)
            f = chartFont(--pt, true);
        if (const qsizetype dash = text.indexOf(QStringLiteral(" — ")); widest(f, text) > avail && dash > 0) {
            text = text.left(dash) + QLatin1Char('\n') + text.mid(dash + 3);
            pt = kTitlePt;
            f = chartFont(pt, true);
            while (pt > 10 && widest(f, text) > avail)
                f = chartFont(--pt, true);
        }
        m_title->setFont(f);
        if (m_title->text() != text)
            m_title->setText(text);
    }
}

void BenchChart::fitValueLabels()
{
    g_textScale = m_textScale;
    // A flag turned up its bar ("expected wrong") runs from the top of the plot down: where the
    // plot is shorter than the text (a small window, presentation mode's large text) the text
    // gets smaller, down to half its size, rather than cut.
    bool flagsChanged = false;
    for (QCPItemText* t : m_flagItems) {
        QFont f = chartFont(kTickPt, true);
        const double room = axisRect()->height() * 0.96 - 4;
        const double length = QFontMetricsF(f).horizontalAdvance(t->text()) + t->padding().left() + t->padding().right();
        if (room > 0 && length > room)
            f.setPointSizeF(std::max(0.5, room / length) * f.pointSizeF());
        if (t->font() != f) {
            t->setFont(f);
            flagsChanged = true;
        }
    }
    if (flagsChanged)
        replot(QCustomPlot::rpQueuedReplot);
    if (m_valueLabels.isEmpty())
        return;
    // The narrowest room between two neighbouring figures, in pixels.
    QList<double> xs;
    for (const QCPItemText* t : m_valueLabels)
        xs << xAxis->coordToPixel(t->position->key());
    std::sort(xs.begin(), xs.end());
    double room = width();
    for (qsizetype i = 1; i < xs.size(); ++i)
        room = std::min(room, xs.at(i) - xs.at(i - 1));
    const double gap = 4;  // pixels between two figures at least
    auto widest = [this](const QFont& f) {
        const QFontMetricsF fm(f);
        double w = 0;
        for (const QCPItemText* t : m_valueLabels)
            w = std::max(w, fm.horizontalAdvance(t->text()));
        return w;
    };
    ValueLabelFit fit;
    fit.way = ValueLabelFit::Way::Dropped;
    for (int pt = kValuePt; pt >= kValueFloorPt; --pt)
        if (widest(chartFont(pt)) + gap <= room) {
            fit = {ValueLabelFit::Way::Level, pt};
            break;
        }
    if (fit.way == ValueLabelFit::Way::Dropped && QFontMetricsF(chartFont(kValuePt)).height() + gap <= room)
        fit = {ValueLabelFit::Way::Upright, kValuePt};
    for (QCPItemText* t : m_valueLabels) {
        const bool below = t->property("below").toBool();
        t->setVisible(fit.way != ValueLabelFit::Way::Dropped);
        if (fit.way == ValueLabelFit::Way::Dropped)
            continue;
        t->setFont(chartFont(fit.pointSize));
        if (fit.way == ValueLabelFit::Way::Upright) {
            // Turned a quarter left about its anchor: from the top of the bar upwards (downwards below).
            t->setRotation(-90);
            t->setPositionAlignment((below ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            t->setPadding(QMargins(2, 0, 2, 0));
        } else {
            t->setRotation(0);
            t->setPositionAlignment(Qt::AlignHCenter | (below ? Qt::AlignTop : Qt::AlignBottom));
            t->setPadding(QMargins(0, 2, 0, 2));
        }
    }
    // A figure above the tallest bar must stay inside the plot (a small plot under two legends
    // left it poking into them): where one does not, more room above the bars.
    if (!m_log && fit.way != ValueLabelFit::Way::Dropped && m_headroomTries < 4) {
        const double top = axisRect()->top();
        double need = 0;
        for (const QCPItemText* t : m_valueLabels) {
            if (t->property("below").toBool())
                continue;
            const QFontMetricsF fm(t->font());
            const double h = (fit.way == ValueLabelFit::Way::Upright ? fm.horizontalAdvance(t->text()) : fm.height()) + 4;
            need = std::max(need, top - (yAxis->coordToPixel(t->position->value()) - h));
        }
        if (need > 0 && axisRect()->height() > 0) {
            ++m_headroomTries;
            const QCPRange r = yAxis->range();
            yAxis->setRangeUpper(r.upper + r.size() * (need + 2) / axisRect()->height());
            replot(QCustomPlot::rpQueuedReplot);
        }
    }
    const bool changed = fit.way != m_valueFit.way;
    m_valueFit = fit;
    if (changed && m_kind != Kind::Sweep) {
        // Where the figures went: said under the bars (the axis label re-lays the chart out).
        xAxis->setLabel(fit.way == ValueLabelFit::Way::Dropped
                            ? tr("no room for the figures on the bars: hover a bar or read the table")
                            : QString());
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void BenchChart::resizeEvent(QResizeEvent* event)
{
    fitToWidth();
    QCustomPlot::resizeEvent(event);
}

QString BenchChart::modeAndCache(const bench::Params& p)
{
    // Hot or cold cache (and the timing mode) in every title, so that a projected or
    // exported chart says what was measured. "— graph mode, hot cache" / "…, cold cache".
    if (p.mode.empty() && p.cache.empty())
        return {};
    const QString cache = p.cache == "cold" ? tr("cold cache")
        : p.cache == "hot"                  ? tr("hot cache")
                                            : tr("cache %1").arg(qs(p.cache));
    return p.mode.empty() ? tr(", %1").arg(cache) : tr(", %1 mode, %2").arg(qs(p.mode), cache);
}

// ---- bar charts (time, bandwidth, speed-up) --------------------------------------------------

/// One set of bars drawn alike: a family's bars of one series (coloured by family), or with an
/// overlay a whole series' bars (coloured by series, side by side).
struct BenchChart::BarSet {
    QString name;
    QColor color;
    QVector<double> keys, values, minus, plus;
    QVector<bool> noisy;  ///< noise above the run's limit: the bar is hatched
};

/// What collectBars() gathered: the sets, what each is ((series, family); family empty with an
/// overlay), the values' range and where the whiskers came from.
struct BenchChart::BarSets {
    QList<BarSet> sets;
    QList<QPair<int, QString>> ids;
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
    int quartiles = 0, none = 0;  ///< bars with whiskers from the recorded q1..q3 / without (no quartiles)
    /// Bars whose recorded noise is stdev / mean (results format 2) / the relative MAD (format 1) /
    /// none recorded (the file has no `noise`).
    int noiseStdev = 0, noiseMad = 0, noiseNone = 0;
    std::optional<double> noiseLimit;  ///< the primary's params.stopping.max_noise
};

void BenchChart::buildBars()
{
    addTitle(barsTitle(nullptr));
    setCategoryAxis();
    setValueAxis();
    if (m_series.isEmpty() || m_categories.isEmpty()) {
        yAxis->setRange(m_log ? 0.1 : 0, m_log ? 1000 : 1);
        showEmpty(tr("No results: run a benchmark or open a results file"));
        return;
    }
    BarSets sets = collectBars();
    addTitle(barsTitle(&sets));  // with what the whiskers are, as the notes legend says it
    const QList<QPair<QPen, QString>> references = addReferenceLines(sets);
    // QCPBars draws from baseValue to baseValue + value, so on a log axis (where 0 cannot be
    // the base) the bars carry value - base.
    double base = 0;
    if (m_log) {
        const double safeLo = std::isfinite(sets.lo) && sets.lo > 0 ? sets.lo : 0.1;
        base = m_kind == Kind::Speedup ? 1.0 : std::pow(10.0, std::floor(std::log10(safeLo)));
        sets.lo = std::min(base, safeLo);
    }
    QCPErrorBars* whiskers = nullptr;
    const int hatched = drawBarSets(sets, base, &whiskers);
    addBarNotes(sets, whiskers, hatched, references);
    setBarRange(sets.lo, sets.hi, base);
}

QString BenchChart::whiskerPhrase(const BarSets& sets)
{
    if (sets.quartiles == 0)
        return tr("no quartiles recorded, no whiskers");
    if (sets.none == 0)
        return tr("whiskers: q1–q3");
    return tr("whiskers: q1–q3 on %1 of %2 bars").arg(sets.quartiles).arg(sets.quartiles + sets.none);
}

QString BenchChart::noisePhrase(const BarSets& sets)
{
    const int all = sets.noiseStdev + sets.noiseMad + sets.noiseNone;
    if (all == 0)
        return {};
    if (sets.noiseStdev == all)
        return tr("noise: stdev / mean");
    if (sets.noiseMad == all)
        return tr("noise: MAD / median");
    if (sets.noiseNone == all)
        return tr("no noise recorded");
    // Bars of several kinds (a baseline without noise beside the kernels): the commonest kind by
    // name, the others with their counts.
    struct Kind {
        int count;
        QString name;
    };
    QList<Kind> kinds{{sets.noiseStdev, tr("stdev / mean")}, {sets.noiseMad, tr("MAD / median")},
                      {sets.noiseNone, tr("none recorded")}};
    std::stable_sort(kinds.begin(), kinds.end(), [](const Kind& a, const Kind& b) { return a.count > b.count; });
    QStringList others;
    for (qsizetype k = 1; k < kinds.size(); ++k)
        if (kinds[k].count > 0)
            others << tr("%1 of %2 bars: %3").arg(kinds[k].count).arg(all).arg(kinds[k].name);
    return tr("noise: %1 (%2)").arg(kinds[0].name, others.join(tr("; ")));
}

QString BenchChart::noiseNote(const BarSets& sets)
{
    const int all = sets.noiseStdev + sets.noiseMad + sets.noiseNone;
    if (all == 0)
        return {};
    // Short, so that it shares a legend row with the next entry (a longer legend squeezes the bars).
    if (sets.noiseStdev == all)
        return tr("%1 of the samples (results format 2)").arg(noisePhrase(sets));
    if (sets.noiseMad == all)
        return tr("%1 of the samples (results format 1)").arg(noisePhrase(sets));
    if (sets.noiseNone == all)
        return tr("%1 in this file").arg(noisePhrase(sets));
    return noisePhrase(sets);
}

QString BenchChart::barsTitle(const BarSets* sets) const
{
    QString title;
    const bool known = sets && (sets->quartiles > 0 || sets->none > 0);
    // What the whiskers are and what the noise is, as the notes legend says them.
    // The time chart names the noise too (its tooltip and the table's Noise column give it as %).
    const QString spread = known ? tr("%1; %2").arg(whiskerPhrase(*sets), noisePhrase(*sets)) : QString();
    switch (m_kind) {
    case Kind::Time:
        title = known ? tr("Kernel time (median; %1)").arg(spread) : tr("Kernel time (median)");
        break;
    case Kind::Bandwidth:
        title = known ? tr("Effective bandwidth (bytes read / median time; %1)").arg(whiskerPhrase(*sets))
                      : tr("Effective bandwidth (bytes read / median time)");
        break;
    case Kind::Speedup: title = tr("Speed-up against %1 (higher is faster)").arg(m_baseline.isEmpty() ? tr("baseline") : m_baseline); break;
    case Kind::Sweep: break;
    }
    if (!m_series.isEmpty()) {
        const bench::Params& p = m_series.first().series.results->params;
        title += tr(" — N = %1").arg(withThousands(qint64(p.n)));
        // A sweep over block size or coarse factor: the bars show the run's first setting.
        if (p.sweep && (p.sweep->param == "block_size" || p.sweep->param == "coarse_factor"))
            title += tr(", block %1, coarse %2").arg(p.block_size).arg(p.coarse_factor);
        title += modeAndCache(p);
    }
    return title;
}

void BenchChart::setCategoryAxis()
{
    for (const Shown& s : m_series)
        for (const QString& label : s.labels)
            if (!m_categories.contains(label))
                m_categories << label;
    // Catalogue order (the order the seeds teach them, baselines last), whatever the file's order.
    std::stable_sort(m_categories.begin(), m_categories.end(), [](const QString& a, const QString& b) {
        return catalogueRank(a) < catalogueRank(b);
    });

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int c = 0; c < m_categories.size(); ++c)
        ticker->addTick(c + 1, m_categories.at(c));
    xAxis->setTicker(ticker);
    const bool rotate = m_categories.size() > 6;
    xAxis->setTickLabelRotation(rotate ? 40 : 0);
    // Rotated labels run right of their tick: keep room for the last one inside the widget.
    int right = 10;
    if (rotate && !m_categories.isEmpty()) {
        const QFontMetrics fm(chartFont(kTickPt));
        right = std::max(right, int(fm.horizontalAdvance(m_categories.last()) * std::cos(40 * M_PI / 180)) - 20);
    }
    axisRect()->setMinimumMargins(QMargins(0, 0, right, 0));
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);
    xAxis->grid()->setVisible(false);
    xAxis->setRange(0.4, m_categories.size() + 0.6);
    xAxis->setLabel(QString());
}

void BenchChart::setValueAxis()
{
    yAxis->setScaleType(m_log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (m_log) {
        auto t = QSharedPointer<QCPAxisTickerLog>::create();
        t->setLogBase(10);
        t->setSubTickCount(8);
        yAxis->setTicker(t);
        yAxis->setNumberFormat(QStringLiteral("g"));
        yAxis->setNumberPrecision(6);
    } else {
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        yAxis->setNumberFormat(QStringLiteral("g"));
        yAxis->setNumberPrecision(6);
    }
    switch (m_kind) {
    case Kind::Time: yAxis->setLabel(tr("median time (µs)%1").arg(m_log ? tr(", log scale") : QString())); break;
    case Kind::Bandwidth: yAxis->setLabel(tr("GB/s (10⁹ bytes/s)")); break;
    case Kind::Speedup: yAxis->setLabel(tr("speed-up (×)%1").arg(m_log ? tr(", log scale") : QString())); break;
    case Kind::Sweep: break;
    }
}

BenchChart::BarSets BenchChart::collectBars()
{
    const bool overlay = m_series.size() > 1;
    BarSets out;
    out.noiseLimit = maxNoise(m_series.first().series.results->params);
    // (series, family) -> keys/values/whiskers. Without an overlay, bars are coloured by family;
    // with one, by series, side by side.
    auto setFor = [&](int series, const QString& family, const QString& label) -> BarSet& {
        const QPair<int, QString> id(series, overlay ? QString() : family);
        const qsizetype i = out.ids.indexOf(id);
        if (i >= 0)
            return out.sets[i];
        out.ids << id;
        out.sets << BarSet{label, overlay ? kSeriesColors[series] : benchFamilyColor(family), {}, {}, {}, {}, {}};
        return out.sets.last();
    };
    const QHash<QString, QString> familyNames{
        {QStringLiteral("basics"), tr("basics")},
        {QStringLiteral("shared_memory"), tr("shared memory")},
        {QStringLiteral("many_blocks"), tr("many blocks")},
        {QStringLiteral("warp_primitives"), tr("warp primitives")},
        {QStringLiteral("dot_product"), tr("dot product")},
        {QStringLiteral("baseline"), tr("baselines")},
        {QStringLiteral("own"), tr("your own kernel")}};

    for (int si = 0; si < m_series.size(); ++si) {
        const Shown& s = m_series.at(si);
        for (int c = 0; c < m_categories.size(); ++c) {
            const bench::Result* r = pick(s, m_categories.at(c));
            if (!r)
                continue;
            const auto v = valueOf(s, *r);
            if (!v || (m_log && *v <= 0)) {
                if (si == 0 || !overlay) {
                    const QString label = hasSpeed(*r) ? tr("no %1").arg(m_baseline) : statusLabel(r->status);
                    const QColor color = (r->status == bench::Status::Wrong || r->status == bench::Status::Error) ? kWrongColor : kWarnColor;
                    addFlag(c + 1 + (overlay ? -0.2 : 0), label, color);
                    m_flags << QStringLiteral("%1: %2").arg(m_categories.at(c), label);
                }
                continue;
            }
            const QString family = qs(r->family);
            BarSet& set = setFor(si, family, overlay ? seriesLabel(*s.series.results, s.series.source) : familyNames.value(family, family));
            set.keys << c + 1;
            set.values << *v;
            // Whiskers: the middle half of the timing samples, q1..q3 of time_ms (results format 2).
            // A bandwidth is bytes / time: its whisker runs from the bandwidth at q3 to that at q1.
            // A file without quartiles (format 1: median, min, max) gets none, and says so.
            const bench::EngineFields engine = bench::engine_fields(*r);
            const bool noiseRecorded = engine.source == bench::NoiseSource::Recorded;
            double minus = 0, plus = 0;
            if (m_kind == Kind::Time || m_kind == Kind::Bandwidth) {
                const bench::Summary& t = *r->time_ms;  // hasSpeed(): a time was measured
                if (t.spread && t.q1 > 0 && t.median > 0) {
                    if (m_kind == Kind::Time) {
                        minus = (t.median - t.q1) * 1000;  // µs, as the bar
                        plus = (t.q3 - t.median) * 1000;
                    } else {
                        minus = *v - *v * t.median / t.q3;
                        plus = *v * t.median / t.q1 - *v;
                    }
                    ++out.quartiles;
                } else {
                    ++out.none;
                }
                if (!noiseRecorded)
                    ++out.noiseNone;
                else if (r->format2)
                    ++out.noiseStdev;
                else
                    ++out.noiseMad;
            }
            const bool noisy = engine.noisy || (out.noiseLimit && engine.noise && noiseRecorded && *engine.noise > *out.noiseLimit);
            set.minus << std::clamp(minus, 0.0, *v);
            set.plus << std::max(plus, 0.0);
            set.noisy << noisy;
            out.lo = std::min(out.lo, *v - set.minus.last());
            out.hi = std::max(out.hi, *v + set.plus.last());
            m_bars << BenchBar{m_categories.at(c), si, *v, set.minus.last(), set.plus.last(), noisy};
        }
    }
    return out;
}

QList<QPair<QPen, QString>> BenchChart::addReferenceLines(BarSets& sets)
{
    // Reference lines: datasheet peak and measured ceiling (bandwidth), 1× (speed-up).
    const bool overlay = m_series.size() > 1;
    const bench::ResultsFile& primary = *m_series.first().series.results;
    const QString primarySource = m_series.first().series.source;
    // The reference lines are named in the legend, after the bars' entries (a label
    // on the line overlapped the figures on the bars near it, the read ceiling's most of all).
    QList<QPair<QPen, QString>> referenceEntries;
    auto hline = [&](double y, const QColor& color, const QString& label, Qt::PenStyle style) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(0, y);
        line->point2->setCoords(1, y);
        line->setPen(QPen(color, 2, style));
        if (!label.isEmpty())
            referenceEntries << qMakePair(line->pen(), label);
        sets.hi = std::max(sets.hi, y);
        sets.lo = std::min(sets.lo, y);
    };
    if (m_kind == Kind::Bandwidth) {
        if (primary.device.peak_bandwidth_gbs > 0)
            hline(primary.device.peak_bandwidth_gbs, kPeakColor,
                  overlay ? tr("%1: datasheet peak %2 GB/s").arg(seriesLabel(primary, primarySource)).arg(primary.device.peak_bandwidth_gbs, 0, 'f', 0)
                          : tr("datasheet peak %1 GB/s").arg(primary.device.peak_bandwidth_gbs, 0, 'f', 0), Qt::DashLine);
        if (const auto ceiling = readCeiling(primary))
            hline(*ceiling, kCeilingColor, tr("measured read ceiling %1 GB/s").arg(*ceiling, 0, 'f', 0), Qt::DashDotLine);
        // The dot products read two vectors (x and y): the run measures their ceiling over both.
        const bool dots = std::any_of(primary.results.begin(), primary.results.end(),
                                      [](const bench::Result& r) { return r.operation == "dot" && hasSpeed(r); });
        if (dots && primary.ceilings && primary.ceilings->read_dot_gbs)
            hline(*primary.ceilings->read_dot_gbs, kCeilingColor.lighter(140),
                  tr("read ceiling over two vectors (x and y, the dot products' ceiling) %1 GB/s")
                      .arg(*primary.ceilings->read_dot_gbs, 0, 'f', 0),
                  Qt::DotLine);
        addAboveCeilingNote(primary);
        if (overlay && m_series.at(1).series.results->device.peak_bandwidth_gbs > 0) {
            const BenchSeries& second = m_series.at(1).series;
            const bench::Device& d = second.results->device;
            hline(d.peak_bandwidth_gbs, kSeriesColors[1],
                  tr("%1: %2 datasheet peak %3 GB/s").arg(seriesLabel(*second.results, second.source), qs(d.name))
                      .arg(d.peak_bandwidth_gbs, 0, 'f', 0), Qt::DotLine);
        }
    }
    if (m_kind == Kind::Speedup)
        hline(1.0, palette().color(QPalette::WindowText), QString(), Qt::DashLine);
    return referenceEntries;
}

void BenchChart::addAboveCeilingNote(const bench::ResultsFile& f)
{
    // A bar above the ceiling it is compared with (ceiling_ratio > 1): say why on the chart, from
    // the file's own figures, instead of leaving "104 % of the read ceiling" unexplained.
    QStringList above;
    bool dotAgainstOneVector = false;
    const std::optional<double> oneVector = readCeiling(f);
    for (const bench::Result& r : f.results) {
        // ceiling_ratio where the file has it; older files wrote an uncapped pct_ceiling instead.
        const double ratio = r.ceiling_ratio ? *r.ceiling_ratio : r.pct_ceiling ? *r.pct_ceiling / 100 : 0.0;
        if (!hasSpeed(r) || ratio <= 1.0 || r.n != f.params.n)
            continue;
        above << tr("%1 at %2 % of it").arg(resultLabel(r)).arg(100 * ratio, 0, 'f', 0);
        if (r.operation == "dot" && r.ceiling_read_gbs && oneVector && std::abs(*r.ceiling_read_gbs - *oneVector) < 1e-6)
            dotAgainstOneVector = true;
    }
    if (above.isEmpty())
        return;
    QString text = tr("Above the read ceiling: %1.").arg(above.join(tr(", ", "between the kernels above the read ceiling")));
    if (dotAgainstOneVector)
        text += QLatin1Char('\n') +
                tr("This file's ceiling was measured reading one vector of N floats (%1 MB); a dot product reads two "
                   "(x and y, %2 MB) in one launch, so the launch's fixed cost is spread over twice the bytes and its "
                   "bandwidth can pass the one-vector ceiling. Files recorded since 2026-11-30 also measure a "
                   "two-vector ceiling for the dot products.")
                    .arg(4.0 * double(f.params.n) / 1e6, 0, 'f', 1)
                    .arg(8.0 * double(f.params.n) / 1e6, 0, 'f', 1);
    else
        text += QLatin1Char('\n') +
                tr("The ceiling is the fastest read-only kernel the run found; a kernel above it read faster than "
                   "every shape the search tried.");
    auto* t = new QCPItemText(this);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(0.01, 0.01);
    t->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    t->setTextAlignment(Qt::AlignLeft);
    t->setText(text);
    t->setFont(chartFont(kTickPt));
    t->setColor(kCeilingColor);
    t->setBrush(QBrush(palette().color(QPalette::Base)));
    t->setPadding(QMargins(6, 4, 6, 4));
    m_ceilingNote = text;
}

int BenchChart::drawBarSets(const BarSets& sets, double base, QCPErrorBars** whiskers)
{
    // Whiskers hang on an invisible graph of the real values. With an overlay the two series sit
    // side by side at key -/+ 0.2. Legend in family order (basics first, baselines last).
    const bool overlay = m_series.size() > 1;
    static const QStringList familyOrder{QStringLiteral("basics"), QStringLiteral("shared_memory"),
                                         QStringLiteral("many_blocks"), QStringLiteral("warp_primitives"),
                                         QStringLiteral("dot_product"), QStringLiteral("baseline"),
                                         QStringLiteral("own")};
    QList<int> order(sets.sets.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto rank = [&](int i) {
            return sets.ids.at(i).first * 100 + int(familyOrder.indexOf(sets.ids.at(i).second) + 1);
        };
        return rank(a) < rank(b);
    });
    int hatched = 0;
    for (int i : order) {
        const BarSet& set = sets.sets.at(i);
        const double shift = overlay ? (sets.ids.at(i).first == 0 ? -0.2 : 0.2) : 0.0;
        QVector<double> keys = set.keys;
        QVector<double> heights = set.values;
        for (double& k : keys)
            k += shift;
        for (double& h : heights)
            h -= base;
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(set.name);
        bars->setWidth(overlay ? 0.38 : 0.7);
        bars->setBrush(set.color);
        bars->setPen(QPen(set.color.darker(130)));
        bars->setBaseValue(base);
        bars->setData(keys, heights, true);
        // Cells whose noise is above the run's limit: the same bars again, hatched.
        QVector<double> noisyKeys, noisyHeights;
        for (qsizetype k = 0; k < keys.size(); ++k)
            if (set.noisy.at(k)) {
                noisyKeys << keys.at(k);
                noisyHeights << heights.at(k);
            }
        if (!noisyKeys.isEmpty()) {
            auto* hatch = new QCPBars(xAxis, yAxis);
            hatch->removeFromLegend();
            hatch->setWidth(bars->width());
            hatch->setBrush(QBrush(palette().color(QPalette::WindowText), Qt::BDiagPattern));
            hatch->setPen(Qt::NoPen);
            hatch->setBaseValue(base);
            hatch->setData(noisyKeys, noisyHeights, true);
            ++hatched;
        }
        if (!overlay)
            addValueLabels(set, keys);
        if ((m_kind == Kind::Time || m_kind == Kind::Bandwidth) && sets.quartiles > 0) {  // none: no caps drawn either
            QCPGraph* anchor = addGraph();
            anchor->setData(keys, set.values, true);
            anchor->setLineStyle(QCPGraph::lsNone);
            anchor->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
            anchor->removeFromLegend();
            auto* err = new QCPErrorBars(xAxis, yAxis);
            err->removeFromLegend();
            err->setDataPlottable(anchor);
            err->setErrorType(QCPErrorBars::etValueError);
            err->setData(set.minus, set.plus);
            err->setWhiskerWidth(overlay ? 8 : 14);
            err->setPen(QPen(palette().color(QPalette::WindowText), 1.5));
            if (!*whiskers)
                *whiskers = err;
        }
    }
    return hatched;
}

void BenchChart::addValueLabels(const BarSet& set, const QVector<double>& keys)
{
    // The figure on top of each bar, readable from the back of a room.
    for (qsizetype k = 0; k < keys.size(); ++k) {
        const double v = set.values.at(k);
        auto* t = new QCPItemText(this);
        t->position->setCoords(keys.at(k), v);
        const bool below = m_kind == Kind::Speedup && v < 1.0;
        t->setPositionAlignment(Qt::AlignHCenter | (below ? Qt::AlignTop : Qt::AlignBottom));
        t->setPadding(QMargins(0, 2, 0, 2));
        t->setProperty("below", below);
        t->setText(m_kind == Kind::Bandwidth ? QString::number(v, 'f', 0)
                   : m_kind == Kind::Speedup ? QString::number(v, 'g', 3) + QStringLiteral("×")
                                             : QString::number(v, 'g', 3));
        t->setFont(chartFont(kValuePt));  // fitValueLabels() may make it smaller or upright
        t->setColor(palette().color(QPalette::WindowText));
        if (!below)
            t->position->setCoords(keys.at(k), set.values.at(k) + set.plus.at(k));  // above the whisker
        m_valueLabels << t;
    }
}

void BenchChart::addBarNotes(const BarSets& sets, QCPErrorBars* whiskers, int hatched,
                             const QList<QPair<QPen, QString>>& references)
{
    // After the bars' entries: what the whiskers and the hatching mean (worded from the data), then
    // the reference lines.
    // The same phrase as the title (whiskerPhrase), and what it means.
    if (whiskers && sets.quartiles > 0) {
        m_noiseLegend << (m_kind == Kind::Time
                              ? tr("%1, the middle half of the timing samples (interquartile range)").arg(whiskerPhrase(sets))
                              : tr("%1, the bandwidth at the q3 and q1 times (interquartile range)").arg(whiskerPhrase(sets)));
        whiskers->setName(m_noiseLegend.last());
        whiskers->addToLegend(notesLegend(this));
    } else if (sets.none > 0 && m_kind == Kind::Time) {
        // Nothing drawn to carry the entry: an empty plottable says it in the notes legend (the
        // bandwidth chart says it in its title only: its legend holds the reference lines).
        auto* entry = new QCPGraph(xAxis, yAxis);
        entry->setPen(Qt::NoPen);
        entry->removeFromLegend();
        m_noiseLegend << tr("%1 (this file has median, min and max only: results format 1)").arg(whiskerPhrase(sets));
        entry->setName(m_noiseLegend.last());
        entry->addToLegend(notesLegend(this));
    }
    // What the noise is (the time chart's title names it with the same words).
    if (m_kind == Kind::Time && !noiseNote(sets).isEmpty()) {
        auto* entry = new QCPGraph(xAxis, yAxis);
        entry->setPen(Qt::NoPen);
        entry->removeFromLegend();
        m_noiseLegend << noiseNote(sets);
        entry->setName(m_noiseLegend.last());
        entry->addToLegend(notesLegend(this));
    }
    if (hatched > 0) {
        auto* entry = new QCPBars(xAxis, yAxis);
        entry->setBrush(QBrush(palette().color(QPalette::WindowText), Qt::BDiagPattern));
        entry->setPen(QPen(palette().color(QPalette::WindowText)));
        m_noiseLegend << (sets.noiseLimit ? tr("hatched: noise above the run's limit of %1 %").arg(100 * *sets.noiseLimit, 0, 'g', 3)
                                          : tr("hatched: noise above the run's limit"));
        entry->setName(m_noiseLegend.last());
        entry->removeFromLegend();
        entry->addToLegend(notesLegend(this));
    }
    for (const auto& [pen, label] : references) {
        QCPGraph* g = addGraph();
        g->setPen(pen);
        g->setName(label);
        g->removeFromLegend();
        g->addToLegend(notesLegend(this));
        m_referenceLabels << g;
    }
    legend->setVisible(!sets.sets.isEmpty());
    notesLegend(this)->setVisible(!sets.sets.isEmpty() && notesLegend(this)->itemCount() > 0);
}

void BenchChart::setBarRange(double lo, double hi, double base)
{
    if (!std::isfinite(lo) || hi <= 0) {
        lo = m_log ? 0.1 : 0;
        hi = m_log ? 10 : 1;
    }
    if (m_log) {
        const double bottom = std::pow(10.0, std::floor(std::log10(std::min(lo, base))));
        const double top = std::pow(10.0, std::ceil(std::log10(hi * 1.5)));
        yAxis->setRange(bottom, std::max(top, bottom * 10));
    } else {
        yAxis->setRange(0, hi * 1.25);  // room for the figure on the tallest bar, under the legend
    }
}

// ---- the sweep chart (bandwidth against N, block size or coarse factor) -----------------------

void BenchChart::buildSweep()
{
    const bool have = !m_series.isEmpty();
    const bench::ResultsFile* primary = have ? m_series.first().series.results : nullptr;
    const QString param = primary ? sweepParam(primary->params) : QString();
    addTitle(sweepTitle(primary, param));
    setSweepAxes(param);
    if (!have || param.isEmpty()) {
        xAxis->setRange(1024, 1 << 30);
        yAxis->setRange(0, 1);
        showEmpty(have ? tr("Not a sweep: open a sweep results file or run a sweep over N")
                       : tr("No sweep: run a sweep over N or open a sweep results file"));
        return;
    }
    SweepExtent e;
    const int notVerified = addSweepLines(param, e);
    addSweepCeiling(param, e);
    if (!std::isfinite(e.xlo)) {
        e.xlo = 1024;
        e.xhi = 1 << 30;
    }
    const double peak = primary->device.peak_bandwidth_gbs;
    if (peak > 0) {
        addLevelLine(peak, kPeakColor, Qt::DashLine, 0.99, Qt::AlignRight,
                     tr("datasheet peak %1 GB/s").arg(peak, 0, 'f', 0));
        e.yhi = std::max(e.yhi, peak);
    }
    xAxis->setRange(e.xlo / 1.5, e.xhi * 1.5);
    yAxis->setRange(0, e.yhi * 1.2);
    if (param == QLatin1String("n") && primary->device.l2_bytes > 0)
        addL2Shade(double(primary->device.l2_bytes), e.xlo / 1.5);
    if (notVerified > 0) {
        auto* t = new QCPItemText(this);
        t->position->setType(QCPItemPosition::ptAxisRectRatio);
        t->position->setCoords(0.01, 0.98);
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        t->setText(notVerified == 1 ? tr("1 result not verified: not drawn (see table)")
                                          : tr("%1 results not verified: not drawn (see table)").arg(notVerified));
        t->setFont(chartFont(kTickPt, true));
        t->setColor(kWrongColor);
    }
    legend->setVisible(graphCount() > 0);
}

QString BenchChart::sweepTitle(const bench::ResultsFile* primary, const QString& param) const
{
    return (param.isEmpty() ? tr("Bandwidth against N (sweep)")
                            : tr("Effective bandwidth against %1")
                                  .arg(param == QLatin1String("n")            ? tr("N")
                                       : param == QLatin1String("block_size") ? tr("block size")
                                                                              : tr("coarse factor")))
        + (primary && !secondSweepParam(primary->params).isEmpty()
               ? tr(", coarse factor %1 (the Heat map tab shows every pair)").arg(primary->params.coarse_factor)
               : QString())
        + (primary ? modeAndCache(primary->params) : QString());
}

void BenchChart::setSweepAxes(const QString& param)
{
    QString paramLabel = tr("N (elements), log₂ scale");
    if (param == QLatin1String("block_size"))
        paramLabel = tr("block size (threads), log₂ scale");
    else if (param == QLatin1String("coarse_factor"))
        paramLabel = tr("coarse factor, log₂ scale");
    auto ticker = QSharedPointer<SizeTicker>::create();
    ticker->setLogBase(2);
    ticker->setSubTickCount(1);
    ticker->setTickCount(11);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(0);
    xAxis->setSubTicks(true);
    xAxis->setTickLength(5, 0);
    xAxis->grid()->setVisible(true);
    xAxis->setLabel(paramLabel);
    yAxis->setScaleType(QCPAxis::stLinear);
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    yAxis->setLabel(tr("GB/s (10⁹ bytes/s)"));
}

int BenchChart::addSweepLines(const QString& param, SweepExtent& e)
{
    static const Qt::PenStyle overlayStyle = Qt::DashLine;
    static const QCPScatterStyle::ScatterShape shapes[] = {
        QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssDiamond,
        QCPScatterStyle::ssTriangle, QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus};
    auto xOf = [&](const bench::Result& r) -> double {
        if (param == QLatin1String("block_size")) return r.block_size;
        if (param == QLatin1String("coarse_factor")) return r.coarse_factor;
        return double(r.n);
    };
    // Distinct strategies get distinct colours within the figure (not per family: several from
    // one family are usually swept together).
    static const QColor lineColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
                                        QColor(0xCC, 0x79, 0xA7), QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                        QColor(0x88, 0x88, 0x88), QColor(0x33, 0x33, 0x99)};
    QStringList strategies;
    for (const Shown& s : m_series)
        for (const QString& label : s.labels)
            if (!strategies.contains(label))
                strategies << label;
    std::stable_sort(strategies.begin(), strategies.end(), [](const QString& a, const QString& b) {
        return catalogueRank(a) < catalogueRank(b);
    });
    m_categories = strategies;
    int notVerified = 0;
    for (int si = 0; si < m_series.size(); ++si) {
        const Shown& s = m_series.at(si);
        const bench::Params& sp = s.series.results->params;
        if (sweepParam(sp) != param)
            continue;
        const bool twoParameters = !secondSweepParam(sp).isEmpty();
        const std::span<const bench::Result> results = s.results();
        for (int k = 0; k < strategies.size(); ++k) {
            QVector<double> xs, ys;
            for (std::size_t i = 0; i < results.size(); ++i) {
                const bench::Result& r = results[i];
                const QString& label = s.labels.at(qsizetype(i));
                if (label != strategies.at(k))
                    continue;
                // Block size × coarse factor: the line over block size at the run's
                // first coarse factor; the heat map has the rest.
                if (twoParameters && r.coarse_factor != sp.coarse_factor)
                    continue;
                const std::optional<double> gbs = hasSpeed(r) ? shownBandwidth(r) : std::nullopt;
                if (!gbs) {
                    if (si == 0 && r.status != bench::Status::Skipped) {
                        ++notVerified;
                        m_flags << tr("%1 at %2: %3").arg(label, binaryShort(xOf(r)), statusLabel(r.status));
                    }
                    continue;
                }
                xs << xOf(r);
                ys << *gbs;
                m_points << BenchPoint{label, si, xOf(r), *gbs};
            }
            if (xs.isEmpty())
                continue;
            QCPGraph* g = addGraph();
            const QColor color = lineColors[k % 8];
            g->setName(m_series.size() > 1 ? QStringLiteral("%1 (%2)").arg(strategies.at(k), qs(s.series.results->device.name))
                                           : strategies.at(k));
            g->setPen(QPen(color, 2.5, si == 0 ? Qt::SolidLine : overlayStyle));
            g->setScatterStyle(QCPScatterStyle(shapes[k % 6], color, si == 0 ? color : Qt::white, 8));
            g->setData(xs, ys);
            for (double x : xs)
                e.xlo = std::min(e.xlo, x), e.xhi = std::max(e.xhi, x);
            for (double y : ys)
                e.yhi = std::max(e.yhi, y);
        }
    }
    return notVerified;
}

void BenchChart::addSweepCeiling(const QString& param, SweepExtent& e)
{
    // The read ceiling measured at each N (primary), dotted.
    QVector<double> cx, cy;
    QSet<qint64> seen;  // a set: a list searched per result made a 30000-result sweep quadratic
    for (const bench::Result& r : m_series.first().results()) {
        if (param == QLatin1String("n") && r.ceiling_read_gbs && !seen.contains(qint64(r.n))) {
            seen.insert(qint64(r.n));
            cx << double(r.n);
            cy << *r.ceiling_read_gbs;
        }
    }
    if (cx.size() > 1) {
        QCPGraph* g = addGraph();
        g->setName(tr("read ceiling"));
        g->setPen(QPen(kCeilingColor, 2, Qt::DotLine));
        g->setData(cx, cy);
        for (double y : cy)
            e.yhi = std::max(e.yhi, y);
    }
    const std::optional<double> ceiling = readCeiling(*m_series.first().series.results);
    if (param != QLatin1String("n") && ceiling) {
        // One N: one measured read ceiling, as a line across.
        addLevelLine(*ceiling, kCeilingColor, Qt::DotLine, 0.01, Qt::AlignLeft,
                     tr("measured read ceiling %1 GB/s").arg(*ceiling, 0, 'f', 0));
        e.yhi = std::max(e.yhi, *ceiling);
    }
}

void BenchChart::addLevelLine(double gbs, const QColor& color, Qt::PenStyle style, double labelX, Qt::Alignment side,
                              const QString& label)
{
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(1, gbs);
    line->point2->setCoords(2, gbs);
    line->setPen(QPen(color, 2, style));
    auto* t = new QCPItemText(this);
    t->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    t->position->setTypeY(QCPItemPosition::ptPlotCoords);
    t->position->setCoords(labelX, gbs);
    t->setPositionAlignment(side | Qt::AlignBottom);
    t->setText(label);
    t->setFont(chartFont(kTickPt, true));
    t->setColor(color);
}

void BenchChart::addL2Shade(double l2Bytes, double left)
{
    // L2: inputs left of this line fit in L2, so hot-cache reads can beat the HBM peak.
    const double l2n = l2Bytes / 4.0;  // float32 elements
    auto* rect = new QCPItemRect(this);
    rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    rect->topLeft->setCoords(left, 0);
    rect->bottomRight->setCoords(l2n, 1);
    QColor shade(0x56, 0xB4, 0xE9);
    shade.setAlpha(40);
    rect->setBrush(shade);
    rect->setPen(Qt::NoPen);
    rect->setLayer(QStringLiteral("background"));
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(l2n, 0);
    line->point2->setCoords(l2n, 1);
    line->setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::DashLine));
    auto* t = new QCPItemText(this);
    t->position->setTypeX(QCPItemPosition::ptPlotCoords);
    t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(l2n, 0.02);
    t->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    t->setText(tr("L2 = %1 MiB (%2 floats) \n← fits in L2: hot reads can beat HBM peak ")
                   .arg(l2Bytes / (1 << 20), 0, 'g', 3)
                   .arg(binaryShort(std::round(l2n))));
    t->setFont(chartFont(kTickPt));
    t->setColor(palette().color(QPalette::WindowText));
}

int BenchChart::categoryAt(const QPoint& pos) const
{
    if (m_kind == Kind::Sweep || m_categories.isEmpty() || !axisRect()->rect().contains(pos))
        return -1;
    const double key = xAxis->pixelToCoord(pos.x());
    const int c = int(std::lround(key)) - 1;
    if (c < 0 || c >= m_categories.size() || std::abs(key - (c + 1)) > 0.45)
        return -1;
    return c;
}

QPoint BenchChart::categoryPosition(int category) const
{
    const QRect r = axisRect()->rect();
    return QPoint(int(xAxis->coordToPixel(category + 1)), r.center().y());
}

QString BenchChart::hoverText(const QPoint& pos) const
{
    if (m_kind != Kind::Sweep) {
        const int c = categoryAt(pos);
        if (c < 0)
            return {};
        QStringList parts;
        for (const Shown& s : m_series)
            if (const bench::Result* r = pick(s, m_categories.at(c)))
                parts << describe(s, *r);
        return parts.join(QStringLiteral("<hr>"));
    }
    // Sweep: the nearest point within 12 px.
    const BenchPoint* best = nullptr;
    double bestD = 12 * 12;
    for (const BenchPoint& p : m_points) {
        const double dx = xAxis->coordToPixel(p.x) - pos.x();
        const double dy = yAxis->coordToPixel(p.gbs) - pos.y();
        if (dx * dx + dy * dy < bestD) {
            bestD = dx * dx + dy * dy;
            best = &p;
        }
    }
    if (!best)
        return {};
    const Shown& s = m_series.at(best->series);
    const QString param = sweepParam(s.series.results->params);
    const std::span<const bench::Result> results = s.results();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const bench::Result& r = results[i];
        const double x = param == QLatin1String("block_size") ? r.block_size
            : param == QLatin1String("coarse_factor")          ? r.coarse_factor
                                                               : double(r.n);
        if (s.labels.at(qsizetype(i)) == best->strategy && x == best->x && hasSpeed(r))
            return describe(s, r);
    }
    return {};
}

bool BenchChart::exportTo(const QString& path, QString* error, int width, int height)
{
    if (width <= 0 || height <= 0) {
        const bool laidOut = isVisible() && this->width() > 100;
        width = laidOut ? this->width() : 1200;
        height = laidOut ? this->height() : 700;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = savePng(path, width, height, 1.0, -1, 96);
    } else if (suffix == QLatin1String("pdf")) {
        ok = savePdf(path, width, height, QCP::epNoCosmetic, QStringLiteral("ReduceScope"), m_title->text());
    } else if (suffix == QLatin1String("svg")) {
        // QCustomPlot 2.1 has no saveSvg: paint through QSvgGenerator.
        QSvgGenerator gen;
        gen.setFileName(path);
        gen.setSize(QSize(width, height));
        gen.setViewBox(QRect(0, 0, width, height));
        gen.setTitle(m_title->text());
        QCPPainter painter;
        ok = painter.begin(&gen);
        if (ok) {
            toPainter(&painter, width, height);
            ok = painter.end();
        }
    } else {
        if (error)
            *error = tr("%1: unknown chart format \"%2\" (allowed: png, pdf, svg)").arg(path, suffix);
        return false;
    }
    if (!ok && error)
        *error = tr("%1: could not write the chart").arg(path);
    return ok;
}

} // namespace reducescope::views
