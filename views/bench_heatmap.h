// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's heat map (issue 16): effective bandwidth of one strategy over a sweep of two
// parameters, block size × coarse factor, at one N, as a QCPColorMap with each cell's value
// written on it. Views only render: the grid is read from the results as recorded.
#pragma once

#include "views/bench_data.h"

#include <qcustomplot.h>

#include <optional>

namespace reducescope::views {

/// Bandwidths of one strategy at one N over block sizes × coarse factors (the file's values,
/// verified results only; an empty cell where the file has no verified result).
struct HeatMapGrid {
    QString strategy;                         ///< result label, e.g. "coarsened"
    qint64 n = 0;                             ///< input length of every cell
    QList<int> blocks;                        ///< x: block sizes, ascending
    QList<int> coarse;                        ///< y: coarse factors, ascending
    QList<std::optional<double>> gbs;         ///< row-major: gbs[y · blocks.size() + x], 10^9 bytes/s
    std::optional<double> at(int x, int y) const { return gbs.value(y * blocks.size() + x); }
    bool isEmpty() const { return blocks.size() < 2 || coarse.size() < 2; }
};

/// The grid of `strategy` (a result label; empty = the first label that has one) at the largest
/// N where its verified results span at least 2 block sizes and 2 coarse factors; an empty grid
/// when none does (a file without a two-parameter sweep).
HeatMapGrid heatMapGrid(const BenchResults& r, const QString& strategy = {});

/// The heat map chart: x block size, y coarse factor, colour and label = GB/s.
class BenchHeatMap : public QCustomPlot {
    Q_OBJECT
public:
    explicit BenchHeatMap(QWidget* parent = nullptr);
    /// Shows `grid` (an empty grid shows how to record one).
    void setGrid(const HeatMapGrid& grid);
    const HeatMapGrid& grid() const { return m_grid; }
    /// The value drawn in cell (x, y) (NaN for an empty cell): what the colour map holds.
    double cellValue(int x, int y) const;
    /// The cell's label as drawn ("687.6"), empty for an empty cell.
    QString cellLabel(int x, int y) const;
    QString titleText() const;

private:
    HeatMapGrid m_grid;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPTextElement* m_title = nullptr;
    QList<QCPItemText*> m_labels;
};

} // namespace reducescope::views
