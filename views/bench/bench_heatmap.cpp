// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_heatmap.h"

#include "views/bench/bench_chart.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QSet>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace reducescope::views {
namespace {

/// Sorted, distinct integers of a sweep's values.
QList<int> axisOf(const std::vector<std::uint64_t>& values)
{
    QList<int> out;
    for (const std::uint64_t v : values)
        if (!out.contains(int(v)))
            out << int(v);
    std::sort(out.begin(), out.end());
    return out;
}

/// The value of a cell in the unit the map shows.
std::optional<double> valueOf(const HeatMapCell& c, BenchHeatMap::Value v)
{
    return v == BenchHeatMap::Value::Bandwidth ? c.gbs : c.time_us;
}

/// Viridis (van der Walt & Smith, matplotlib 2015): perceptually uniform, its lightness rises
/// monotonically, so the order of the cells reads the same with any colour-vision deficiency and
/// in grey. Five stops of the published map.
QCPColorGradient viridis()
{
    QCPColorGradient g;
    g.setColorStops({{0.0, QColor(0x44, 0x01, 0x54)}, {0.25, QColor(0x3b, 0x52, 0x8b)},
                     {0.5, QColor(0x21, 0x91, 0x8c)}, {0.75, QColor(0x5e, 0xc9, 0x62)},
                     {1.0, QColor(0xfd, 0xe7, 0x25)}});
    g.setNanHandling(QCPColorGradient::nhTransparent);  // failed and missing cells are drawn apart
    g.setLevelCount(256);
    return g;
}

} // namespace

const HeatMapLayer* HeatMapGrid::layer() const
{
    for (const HeatMapLayer& l : layers)
        if (l.strategy == strategy)
            return &l;
    return nullptr;
}

const HeatMapCell* HeatMapGrid::cell(int x, int y) const
{
    const HeatMapLayer* l = layer();
    if (!l || x < 0 || y < 0 || x >= blocks.size() || y >= coarse.size())
        return nullptr;
    const qsizetype i = qsizetype(y) * blocks.size() + x;
    return i < l->cells.size() ? &l->cells[i] : nullptr;
}

std::optional<double> HeatMapGrid::at(int x, int y) const
{
    const HeatMapCell* c = cell(x, y);
    return c ? c->gbs : std::nullopt;
}

bool HeatMapGrid::select(const QString& label)
{
    for (const HeatMapLayer& l : layers)
        if (l.strategy == label) {
            strategy = label;
            return true;
        }
    return false;
}

QStringList HeatMapGrid::strategies() const
{
    QStringList out;
    for (const HeatMapLayer& l : layers)
        out << l.strategy;
    return out;
}

HeatMapGrid heatMapGrid(const bench::ResultsFile& r, const QString& strategy)
{
    // Each result's label once (resultLabel() builds a string).
    QStringList labelOf;
    labelOf.reserve(qsizetype(r.results.size()));
    for (const bench::Result& x : r.results)
        labelOf << resultLabel(x);
    // Labels in catalogue order (the charts' order: kernels as the seeds teach them, baselines last).
    QStringList labels;
    for (const QString& l : labelOf)
        if (!labels.contains(l))
            labels << l;
    std::stable_sort(labels.begin(), labels.end(),
                     [](const QString& a, const QString& b) { return catalogueRank(a) < catalogueRank(b); });
    if (labels.contains(strategy)) {  // the asked-for label's results decide the fallback's N
        labels.removeOne(strategy);
        labels.prepend(strategy);
    }

    HeatMapGrid g;
    const bench::Params& p = r.params;
    if (p.sweep && p.sweep->param == "block_size" && p.sweep->second && p.sweep->second->param == "coarse_factor") {
        g.fromSweep = true;
        g.blocks = axisOf(p.sweep->values);
        g.coarse = axisOf(p.sweep->second->values);
        g.n = qint64(r.results.empty() ? p.n : r.results.front().n);  // a two-parameter sweep is at one N
    } else {
        // An older file: the largest N where one label's results span 2 block sizes × 2 coarse factors.
        for (const QString& label : labels) {
            QMap<qint64, QPair<QSet<int>, QSet<int>>> byN;
            for (std::size_t i = 0; i < r.results.size(); ++i)
                if (labelOf.at(qsizetype(i)) == label) {
                    const bench::Result& x = r.results[i];
                    byN[qint64(x.n)].first.insert(x.block_size);
                    byN[qint64(x.n)].second.insert(x.coarse_factor);
                }
            for (auto it = byN.constEnd(); it != byN.constBegin();) {
                --it;
                if (it->first.size() < 2 || it->second.size() < 2)
                    continue;
                g.n = it.key();
                g.blocks = it->first.values();
                g.coarse = it->second.values();
                std::sort(g.blocks.begin(), g.blocks.end());
                std::sort(g.coarse.begin(), g.coarse.end());
                break;
            }
            if (!g.blocks.isEmpty())
                break;
        }
        if (g.blocks.isEmpty())
            return {};
    }
    // One layer per label with at least one result in the grid; the first result of a cell counts
    // (the reader allows one per cell).
    for (const QString& label : labels) {
        HeatMapLayer layer;
        layer.strategy = label;
        layer.cells.resize(g.blocks.size() * g.coarse.size());
        bool any = false;
        for (std::size_t i = 0; i < r.results.size(); ++i) {
            const bench::Result& x = r.results[i];
            if (labelOf.at(qsizetype(i)) != label || qint64(x.n) != g.n)
                continue;
            const qsizetype bx = g.blocks.indexOf(x.block_size);
            const qsizetype cy = g.coarse.indexOf(x.coarse_factor);
            if (bx < 0 || cy < 0)
                continue;
            HeatMapCell& c = layer.cells[cy * g.blocks.size() + bx];
            if (c.present)
                continue;
            c.present = true;
            c.status = x.status;
            if (hasSpeed(x)) {
                c.gbs = shownBandwidth(x);
                c.time_us = x.time_ms->median * 1e3;
            }
            any = true;
        }
        if (any)
            g.layers << layer;
    }
    if (g.layers.isEmpty())
        return {};
    g.strategy = g.layers.first().strategy;
    g.select(strategy);
    g.mode = qs(p.mode);
    g.cache = qs(p.cache);
    return g;
}

BenchHeatMap::BenchHeatMap(QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(8, 6, 8, 0);
    m_strategyLabel = new QLabel(this);
    m_strategy = new QComboBox(this);
    m_strategy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_strategyLabel->setBuddy(m_strategy);
    m_valueLabel = new QLabel(this);
    m_valueBox = new QComboBox(this);
    m_valueLabel->setBuddy(m_valueBox);
    m_valueBox->addItem(QString());
    m_valueBox->addItem(QString());
    controls->addWidget(m_strategyLabel);
    controls->addWidget(m_strategy);
    controls->addSpacing(16);
    controls->addWidget(m_valueLabel);
    controls->addWidget(m_valueBox);
    controls->addStretch(1);
    v->addLayout(controls);
    m_plot = new QCustomPlot(this);
    v->addWidget(m_plot, 1);

    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), 13, QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(24);
    m_map->setColorScale(m_scale);
    m_map->setInterpolate(false);
    auto* group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_plot->xAxis->grid()->setVisible(false);  // no grid lines across the cells
    m_plot->yAxis->grid()->setVisible(false);
    // Projector sizes: ticks and axis labels larger than the plot default.
    const QFont tickFont(font().family(), 12);
    const QFont axisFont(font().family(), 12, QFont::Bold);
    for (QCPAxis* a : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        a->setTickLabelFont(tickFont);
        a->setLabelFont(axisFont);
    }

    connect(m_strategy, &QComboBox::activated, this, [this](int i) { showStrategy(m_strategy->itemText(i)); });
    connect(m_valueBox, &QComboBox::activated, this,
            [this](int i) { setValue(i == 1 ? Value::Time : Value::Bandwidth); });
    retranslate();
    setGrid({});
}

void BenchHeatMap::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslate();
        redraw();
    } else if (e->type() == QEvent::PaletteChange) {
        redraw();
    }
    QWidget::changeEvent(e);
}

void BenchHeatMap::retranslate()
{
    m_strategyLabel->setText(tr("&Strategy:"));
    m_valueLabel->setText(tr("S&how:"));
    m_valueBox->setItemText(0, tr("Effective bandwidth (GB/s)"));
    m_valueBox->setItemText(1, tr("Median time (µs)"));
    m_strategy->setToolTip(tr("The strategy whose block size × coarse factor grid is shown"));
    m_plot->xAxis->setLabel(tr("block size (threads)"));
    m_plot->yAxis->setLabel(tr("coarse factor"));
}

void BenchHeatMap::setGrid(const HeatMapGrid& grid)
{
    const QString keep = m_grid.strategy;
    m_grid = grid;
    if (!keep.isEmpty())
        m_grid.select(keep);
    const QSignalBlocker block(m_strategy);
    m_strategy->clear();
    m_strategy->addItems(m_grid.strategies());
    m_strategy->setCurrentIndex(std::max(0, int(m_grid.strategies().indexOf(m_grid.strategy))));
    m_strategy->setEnabled(m_strategy->count() > 1);
    redraw();
}

bool BenchHeatMap::showStrategy(const QString& label)
{
    if (!m_grid.select(label))
        return false;
    const QSignalBlocker block(m_strategy);
    m_strategy->setCurrentIndex(std::max(0, int(m_grid.strategies().indexOf(label))));
    redraw();
    return true;
}

void BenchHeatMap::setValue(Value v)
{
    m_value = v;
    const QSignalBlocker block(m_valueBox);
    m_valueBox->setCurrentIndex(v == Value::Time ? 1 : 0);
    redraw();
}

QPair<double, double> BenchHeatMap::colorRange() const
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const HeatMapLayer& l : m_grid.layers)
        for (const HeatMapCell& c : l.cells)
            if (const auto v = valueOf(c, m_value)) {
                lo = std::min(lo, *v);
                hi = std::max(hi, *v);
            }
    if (!(lo <= hi))
        return {0, 1};
    return {lo, hi};
}

QString BenchHeatMap::scaleLabel() const { return m_scale->axis()->label(); }

void BenchHeatMap::redraw()
{
    for (QCPItemText* t : m_labels)
        m_plot->removeItem(t);
    for (QCPItemRect* r : m_marks)
        m_plot->removeItem(r);
    m_labels.clear();
    m_marks.clear();
    const bool time = m_value == Value::Time;
    if (m_grid.isEmpty()) {
        // Short lines: the title's width is the chart's minimum width (the window must fit 1280 px).
        m_title->setText(tr("Heat map: needs a sweep of block size × coarse factor\n"
                            "reducescope-cli bench --strategies coarsened,shared\n"
                            "--block-size 64,128,256 --coarse-factor 1,2,4,8\n"
                            "--json heatmap.json, then open heatmap.json"));
        m_map->data()->clear();
        m_map->setVisible(false);
        m_scale->setVisible(false);
        m_plot->replot();
        return;
    }
    const QString cache = m_grid.cache == QLatin1String("cold") ? tr("cold cache")
        : m_grid.cache == QLatin1String("hot")                  ? tr("hot cache")
                                                                : m_grid.cache;
    const QString measured = m_grid.mode.isEmpty() ? cache : tr("%1 mode, %2").arg(m_grid.mode, cache);
    m_title->setText((time ? tr("Median time of %1 at N = %2\nblock size × coarse factor (µs), %3")
                           : tr("Effective bandwidth of %1 at N = %2\nblock size × coarse factor (GB/s), %3"))
                         .arg(m_grid.strategy, QLocale(QLocale::English).toString(m_grid.n), measured));
    m_scale->axis()->setLabel(time ? tr("µs, median (brighter: faster)") : tr("GB/s (brighter: faster)"));
    // Brighter is faster in both: shorter times take the bright end.
    m_map->setGradient(time ? viridis().inverted() : viridis());
    m_map->setVisible(true);
    m_scale->setVisible(true);
    const int nx = int(m_grid.blocks.size());
    const int ny = int(m_grid.coarse.size());
    // Cells at integer positions 0..nx-1, 0..ny-1; the ticks name the parameter values.
    m_map->data()->setSize(nx, ny);
    m_map->data()->setRange(QCPRange(0, nx - 1), QCPRange(0, ny - 1));
    // Labels scale down only for big grids; 14 pt bold reads from the back of a classroom.
    const int points = nx * ny > 48 ? 10 : 14;
    const QFont labelFont(font().family(), points, QFont::Bold);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor background = palette().color(QPalette::Window);
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            const HeatMapCell& c = *m_grid.cell(x, y);
            const auto v = valueOf(c, m_value);
            m_map->data()->setCell(x, y, v ? *v : std::numeric_limits<double>::quiet_NaN());
            if (!v) {
                // Failed: the status over a hatched cell; missing: a dash in a dotted outline.
                // Added before the label: items draw in the order they were added.
                auto* mark = new QCPItemRect(m_plot);
                mark->topLeft->setCoords(x - 0.5, y + 0.5);
                mark->bottomRight->setCoords(x + 0.5, y - 0.5);
                mark->setPen(QPen(text, 1.5, c.present ? Qt::SolidLine : Qt::DotLine));
                mark->setBrush(c.present ? QBrush(text, Qt::BDiagPattern) : QBrush(Qt::NoBrush));
                m_marks << mark;
            }
            auto* t = new QCPItemText(m_plot);
            t->position->setCoords(x, y);
            t->setFont(labelFont);
            t->setPadding(QMargins(4, 2, 4, 2));
            if (v) {
                t->setText(time ? QString::number(*v, 'f', *v < 100 ? 2 : 1) : QString::number(*v, 'f', 1));
                // White on a dark patch: readable over every colour of the scale.
                t->setColor(Qt::white);
                t->setBrush(QBrush(QColor(0, 0, 0, 150)));
            } else {
                t->setText(c.present ? statusLabel(c.status) : QStringLiteral("–"));
                t->setColor(text);
                t->setBrush(QBrush(background));
            }
            m_labels << t;
        }
    auto ticks = [](const QList<int>& values) {
        QSharedPointer<QCPAxisTickerText> t(new QCPAxisTickerText);
        for (int i = 0; i < values.size(); ++i)
            t->addTick(i, QString::number(values[i]));
        return t;
    };
    m_plot->xAxis->setTicker(ticks(m_grid.blocks));
    m_plot->yAxis->setTicker(ticks(m_grid.coarse));
    m_plot->xAxis->setRange(-0.5, nx - 0.5);
    m_plot->yAxis->setRange(-0.5, ny - 0.5);
    // One range over every strategy's cells, so that a colour means the same on every layer.
    const auto [lo, hi] = colorRange();
    m_map->setDataRange(lo < hi ? QCPRange(lo, hi) : QCPRange(lo - 0.5, hi + 0.5));
    m_plot->replot();
}

double BenchHeatMap::cellValue(int x, int y) const
{
    if (x < 0 || y < 0 || x >= m_grid.blocks.size() || y >= m_grid.coarse.size() || m_grid.isEmpty())
        return std::numeric_limits<double>::quiet_NaN();
    return m_map->data()->cell(x, y);
}

QString BenchHeatMap::cellLabel(int x, int y) const
{
    if (x < 0 || y < 0 || x >= m_grid.blocks.size() || y >= m_grid.coarse.size())
        return {};
    const int i = y * int(m_grid.blocks.size()) + x;
    return i < m_labels.size() ? m_labels[i]->text() : QString();
}

QString BenchHeatMap::titleText() const { return m_title->text(); }

} // namespace reducescope::views
