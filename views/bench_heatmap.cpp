// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench_heatmap.h"

#include <QMap>
#include <QSet>

#include <cmath>
#include <limits>

namespace reducescope::views {

HeatMapGrid heatMapGrid(const BenchResults& r, const QString& strategy)
{
    // label -> n -> (block, coarse) -> GB/s
    QMap<QString, QMap<qint64, QMap<QPair<int, int>, double>>> seen;
    QStringList order;
    for (const BenchResult& x : r.results) {
        if (!x.hasSpeed() || !x.bandwidth_gbs || (!strategy.isEmpty() && x.label() != strategy))
            continue;
        if (!seen.contains(x.label()))
            order << x.label();
        seen[x.label()][x.n][{x.block_size, x.coarse_factor}] = *x.bandwidth_gbs;
    }
    for (const QString& label : order) {
        const auto& byN = seen[label];
        for (auto it = byN.constEnd(); it != byN.constBegin();) {
            --it;
            QSet<int> b, c;
            for (auto cell = it->constBegin(); cell != it->constEnd(); ++cell) {
                b.insert(cell.key().first);
                c.insert(cell.key().second);
            }
            if (b.size() < 2 || c.size() < 2)
                continue;
            HeatMapGrid g;
            g.strategy = label;
            g.n = it.key();
            g.blocks = b.values();
            g.coarse = c.values();
            std::sort(g.blocks.begin(), g.blocks.end());
            std::sort(g.coarse.begin(), g.coarse.end());
            for (int y : g.coarse)
                for (int xb : g.blocks) {
                    const auto v = it->constFind({xb, y});
                    g.gbs << (v == it->constEnd() ? std::nullopt : std::optional<double>(*v));
                }
            return g;
        }
    }
    return {};
}

BenchHeatMap::BenchHeatMap(QWidget* parent)
    : QCustomPlot(parent)
{
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString(), QFont(font().family(), 13, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);
    m_map = new QCPColorMap(xAxis, yAxis);
    m_scale = new QCPColorScale(this);
    plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("GB/s"));
    m_map->setColorScale(m_scale);
    // Viridis stops (perceptually uniform, readable with colour-vision deficiencies).
    QCPColorGradient gradient;
    gradient.setColorStops({{0.0, QColor(0x44, 0x01, 0x54)}, {0.25, QColor(0x3b, 0x52, 0x8b)},
                            {0.5, QColor(0x21, 0x91, 0x8c)}, {0.75, QColor(0x5e, 0xc9, 0x62)},
                            {1.0, QColor(0xfd, 0xe7, 0x25)}});
    gradient.setNanHandling(QCPColorGradient::nhTransparent);  // a missing cell stays empty
    m_map->setGradient(gradient);
    m_map->setInterpolate(false);
    auto* group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    xAxis->grid()->setVisible(false);  // no grid lines across the cells
    yAxis->grid()->setVisible(false);
    xAxis->setLabel(tr("block size (threads)"));
    yAxis->setLabel(tr("coarse factor"));
    setGrid({});
}

void BenchHeatMap::setGrid(const HeatMapGrid& grid)
{
    m_grid = grid;
    for (QCPItemText* t : m_labels)
        removeItem(t);
    m_labels.clear();
    const int nx = int(grid.blocks.size());
    const int ny = int(grid.coarse.size());
    if (grid.isEmpty()) {
        // Short lines: the title's width is the chart's minimum width (the window must fit 1280 px).
        m_title->setText(tr("Heat map: needs a sweep of block size × coarse factor\n"
                            "reducescope-cli bench --strategies coarsened\n"
                            "--block-size 64,128,256 --coarse-factor 1,2,4,8"));
        m_map->data()->clear();
        m_map->setVisible(false);
        m_scale->setVisible(false);
        replot();
        return;
    }
    m_title->setText(tr("Effective bandwidth of %1 at N = %2\nblock size × coarse factor (GB/s)")
                         .arg(grid.strategy)
                         .arg(QLocale(QLocale::English).toString(grid.n)));
    m_map->setVisible(true);
    m_scale->setVisible(true);
    // Cells at integer positions 0..nx-1, 0..ny-1; the ticks name the parameter values.
    m_map->data()->setSize(nx, ny);
    m_map->data()->setRange(QCPRange(0, nx - 1), QCPRange(0, ny - 1));
    const QFont labelFont(font().family(), 10, QFont::Bold);
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            const auto v = grid.at(x, y);
            m_map->data()->setCell(x, y, v ? *v : std::numeric_limits<double>::quiet_NaN());
            auto* t = new QCPItemText(this);
            t->position->setCoords(x, y);
            t->setText(v ? QString::number(*v, 'f', 1) : QStringLiteral("–"));
            t->setFont(labelFont);
            // White on a dark patch over a colour; plain dark text in an empty (missing) cell.
            t->setColor(v ? QColor(Qt::white) : palette().color(QPalette::WindowText));
            t->setBrush(v ? QBrush(QColor(0, 0, 0, 110)) : QBrush(Qt::NoBrush));
            m_labels << t;
        }
    auto ticks = [](const QList<int>& values) {
        QSharedPointer<QCPAxisTickerText> t(new QCPAxisTickerText);
        for (int i = 0; i < values.size(); ++i)
            t->addTick(i, QString::number(values[i]));
        return t;
    };
    xAxis->setTicker(ticks(grid.blocks));
    yAxis->setTicker(ticks(grid.coarse));
    xAxis->setRange(-0.5, nx - 0.5);
    yAxis->setRange(-0.5, ny - 0.5);
    m_map->rescaleDataRange(true);
    replot();
}

double BenchHeatMap::cellValue(int x, int y) const { return m_map->data()->cell(x, y); }

QString BenchHeatMap::cellLabel(int x, int y) const
{
    const int i = y * int(m_grid.blocks.size()) + x;
    return i >= 0 && i < m_labels.size() ? m_labels[i]->text() : QString();
}

QString BenchHeatMap::titleText() const { return m_title->text(); }

} // namespace reducescope::views
