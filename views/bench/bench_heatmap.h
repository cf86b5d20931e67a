// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's heat map: one strategy's median time or effective bandwidth over
// a sweep of two parameters, block size × coarse factor, at one N, as a QCPColorMap with each
// cell's value written on it, failed and missing cells marked. A strategy picker switches between
// the file's strategies; one colour range spans them all, so colours compare across strategies.
// Views only render: the grid is read from the results as recorded.
#pragma once

#include "views/bench/bench_display.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCPItemText;
class QCPItemRect;

namespace reducescope::views {

/// One cell of a heat map: the file's result for (strategy, block size, coarse factor), if any.
struct HeatMapCell {
    bool present = false;                     ///< the file holds a result for this cell
    bench::Status status = bench::Status::Ok; ///< its status (present only)
    std::optional<double> gbs;            ///< effective bandwidth, 10^9 bytes/s; verified results only
    std::optional<double> time_us;        ///< median time, microseconds; verified results only
};

/// One strategy's cells, row-major: cells[y · blocks + x].
struct HeatMapLayer {
    QString strategy;  ///< result label, e.g. "coarsened", "cub max"
    QList<HeatMapCell> cells;
};

/// What the heat map shows: block sizes × coarse factors at one N, one layer per strategy.
struct HeatMapGrid {
    QString strategy;            ///< the layer shown (select())
    qint64 n = 0;                ///< input length of every cell
    QList<int> blocks;           ///< x: block sizes, ascending
    QList<int> coarse;           ///< y: coarse factors, ascending
    QList<HeatMapLayer> layers;  ///< kernels in the file's order, then the baselines (cpu, cub, ...)
    /// The axes are the file's two-parameter sweep (params.sweep with `second`); false when they
    /// were gathered from the results of an older file.
    bool fromSweep = false;
    QString mode;   ///< the run's timing mode ("graph"), for the title
    QString cache;  ///< "hot" | "cold", for the title

    /// The layer shown (nullptr for an empty grid).
    const HeatMapLayer* layer() const;
    /// Cell (x, y) of the layer shown (nullptr outside the grid).
    const HeatMapCell* cell(int x, int y) const;
    /// GB/s of cell (x, y) of the layer shown; nullopt when it holds no verified result.
    std::optional<double> at(int x, int y) const;
    /// Shows `label`'s layer; false (nothing changes) when the grid has none.
    bool select(const QString& label);
    /// The strategy labels, in layer order.
    QStringList strategies() const;
    bool isEmpty() const { return blocks.size() < 2 || coarse.size() < 2 || layers.isEmpty(); }
};

/// The heat map of a results set. A file with a two-parameter sweep (params.sweep with `second`)
/// gives its axes as recorded and one layer per strategy label (resultLabel(); every cell of the
/// product: a missing result is a missing cell). Other files: the largest N where one label's
/// results span at least 2 block sizes and 2 coarse factors. `strategy` picks the layer shown
/// (empty or unknown: the first kernel, baselines last). An empty grid when the file has no such
/// results. Speeds only of verified results (hasSpeed()). The grid is a copy: `r` may go after.
HeatMapGrid heatMapGrid(const bench::ResultsFile& r, const QString& strategy = {});

/// The heat map tab: a strategy picker, a choice of time or bandwidth, and the chart (x block
/// size, y coarse factor, colour and label = the value, a colour scale with its unit).
class BenchHeatMap : public QWidget {
    Q_OBJECT
public:
    /// What the colour and the labels show.
    enum class Value { Bandwidth, Time };

    explicit BenchHeatMap(QWidget* parent = nullptr);
    /// Shows `grid` (an empty grid shows how to record one). The strategy chosen in the picker
    /// stays when the new grid has it.
    void setGrid(const HeatMapGrid& grid);
    const HeatMapGrid& grid() const { return m_grid; }
    /// Shows another strategy's layer (as the picker does); false when the grid has none.
    bool showStrategy(const QString& label);
    void setValue(Value v);
    Value value() const { return m_value; }
    /// The value drawn in cell (x, y) (NaN for a cell without a verified result): what the
    /// colour map holds; GB/s or µs as value() says.
    double cellValue(int x, int y) const;
    /// The cell's label as drawn: the value ("687.6" GB/s, "6.10" µs), the status of a failed
    /// result ("WRONG", "error", "skipped"), "–" where the file has no result; empty outside.
    QString cellLabel(int x, int y) const;
    QString titleText() const;
    /// The colour scale's label ("GB/s (brighter: faster)").
    QString scaleLabel() const;
    /// The colour range, over every layer (the lowest and highest value of the chosen kind).
    QPair<double, double> colorRange() const;
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void redraw();

    HeatMapGrid m_grid;
    Value m_value = Value::Bandwidth;
    QLabel* m_strategyLabel = nullptr;
    QComboBox* m_strategy = nullptr;
    QLabel* m_valueLabel = nullptr;
    QComboBox* m_valueBox = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPTextElement* m_title = nullptr;
    QList<QCPItemText*> m_labels;
    QList<QCPItemRect*> m_marks;
};

} // namespace reducescope::views
