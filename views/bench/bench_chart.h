// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark charts (QCustomPlot): kernel time and effective bandwidth with ± noise whiskers (cells
// above the run's noise limit hatched), bandwidth against the datasheet peak and the measured
// ceiling, speed-up against a baseline, and bandwidth against N (or block size / coarse factor)
// for sweeps. Results that are not verified are flagged by name and
// never drawn as a speed. A second results set can be overlaid for comparison.
#pragma once

#include "views/bench/bench_data.h"

#include <qcustomplot.h>

#include <optional>

namespace reducescope::views {

/// One results set to draw, with its speed-ups (aligned with results.results; may be empty).
struct BenchSeries {
    BenchResults results;
    QList<std::optional<double>> speedups;
};

/// One drawn bar (for tests and hover): category (BenchResult::label()), which series, the value.
struct BenchBar {
    QString strategy;   ///< BenchResult::label(): the strategy id, or e.g. "cub max"
    int series = 0;     ///< 0 = primary, 1 = overlay
    double value = 0;   ///< ms (time), 10^9 bytes/s (bandwidth) or × (speed-up)
    double minus = 0;   ///< whisker below the value (time, bandwidth: value × relative noise), same unit
    double plus = 0;    ///< whisker above the value
    bool noisy = false; ///< noise above the run's limit (the file's `noisy`, or noise > params max_noise): hatched
};

/// One drawn point of the sweep chart.
struct BenchPoint {
    QString strategy;   ///< BenchResult::label()
    int series = 0;
    double x = 0;       ///< n, block size or coarse factor
    double gbs = 0;     ///< effective bandwidth, 10^9 bytes/s
};

class BenchChart : public QCustomPlot {
    Q_OBJECT
public:
    enum class Kind { Time, Bandwidth, Speedup, Sweep };

    explicit BenchChart(Kind kind, QWidget* parent = nullptr);

    /// Draws `series` (first = primary, second = overlay; more are ignored). `baseline` names the
    /// speed-up baseline strategy for labels.
    void setSeries(const QList<BenchSeries>& series, const QString& baseline);
    /// Removes everything drawn.
    void clearSeries();
    /// Logarithmic value axis (time and speed-up default to log, bandwidth to linear).
    void setLogScale(bool on);
    bool logScale() const { return m_log; }

    Kind kind() const { return m_kind; }
    /// The x-axis categories (BenchResult::label(): strategy ids, "cub max") of a bar chart,
    /// left to right; the lines of a sweep chart.
    QStringList categories() const { return m_categories; }
    /// Bars drawn, in category order per series.
    const QList<BenchBar>& bars() const { return m_bars; }
    /// Points drawn by the sweep chart.
    const QList<BenchPoint>& points() const { return m_points; }
    /// Flagged (not verified) results: "strategy: label" per flag shown on the chart.
    const QStringList& flags() const { return m_flags; }
    /// The exact figures shown when hovering at `pos` (widget coordinates); empty if nothing there.
    QString hoverText(const QPoint& pos) const;
    /// The widget position of the centre of bar `category` (for tests and clicks).
    QPoint categoryPosition(int category) const;
    /// Legend names of the drawn series (with an overlay: seriesLabel() of each file).
    QStringList seriesNames() const;
    /// The chart's title as drawn (names the timing mode and hot/cold cache).
    QString titleText() const;
    /// Widget rectangles of the reference lines' names (datasheet peaks, ceiling), as last drawn:
    /// their entries in the legend (above the plot, so they never cover a bar or its figure).
    QList<QRectF> referenceLabelRects() const;
    /// Widget rectangles of the figures on top of the bars, as last drawn (single series only;
    /// none when they are dropped, see valueLabelFit()).
    QList<QRectF> valueLabelRects() const;
    /// How the figures on the bars fit the room between neighbouring bars, as last laid out: level,
    /// at the largest size from kValuePt down to kValueFloorPt that leaves a gap; else turned upright
    /// (read bottom to top) at kValuePt; else dropped, and the x axis says the figures are in the
    /// tooltips and the table. They never overlap (tst_bench_notes_chart, every shipped file).
    struct ValueLabelFit {
        enum class Way { Level, Upright, Dropped } way = Way::Level;
        int pointSize = 0;
    };
    ValueLabelFit valueLabelFit() const { return m_valueFit; }
    static constexpr int kValuePt = 11;
    static constexpr int kValueFloorPt = 8;
    /// The legend entries that explain the noise (what the whiskers are; the hatching of cells above
    /// the run's noise limit, when any), in the window's language; empty without bars.
    const QStringList& noiseLegend() const { return m_noiseLegend; }

    /// Writes the chart to a .png, .pdf or .svg file at width×height pixels (0: the current
    /// size, or 1200×700 when not laid out). Returns false and sets *error on failure.
    bool exportTo(const QString& path, QString* error, int width = 0, int height = 0);

signals:
    /// The user clicked the bar of this strategy (the catalogue id, e.g. "cub" for "cub max").
    void strategyClicked(const QString& strategyId);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    /// Legend columns and title size for the current width (nothing is cut at 1280 px).
    void fitToWidth();
    /// Chooses valueLabelFit() from the bars' spacing in pixels (after each layout, so at any size).
    void fitValueLabels();
    /// ", graph mode, hot cache" for a chart title (empty when the file names neither).
    static QString modeAndCache(const BenchParams& p);
    void buildBars();
    void buildSweep();
    void applyPalette();
    void addFlag(double key, const QString& text, const QColor& color);
    void addTitle(const QString& text);
    void showEmpty(const QString& message);
    int categoryAt(const QPoint& pos) const;
    const BenchResult* pick(const BenchSeries& s, const QString& strategy) const;
    std::optional<double> valueOf(const BenchSeries& s, const BenchResult& r) const;
    QString describe(const BenchSeries& s, const BenchResult& r) const;

    Kind m_kind;
    bool m_log;
    QString m_baseline;
    QList<BenchSeries> m_series;
    QStringList m_categories;
    QList<BenchBar> m_bars;
    QList<BenchPoint> m_points;
    QStringList m_flags;
    QCPTextElement* m_title = nullptr;
    QList<QCPAbstractPlottable*> m_referenceLabels;  ///< the reference lines' legend graphs
    QList<QCPItemText*> m_valueLabels;
    QStringList m_noiseLegend;
    ValueLabelFit m_valueFit;
};

/// The label of a results set in a comparison: its file name (or "this run"), timing mode and
/// cache, and the date and time it was recorded, e.g. "h200.json · loop, hot · 2025-06-01 14:03".
/// Two files of one GPU on one day stay apart.
QString seriesLabel(const BenchResults& results);

/// Position of a chart label ("cub", "cub max") in the strategy catalogue; unknown ids last.
int catalogueRank(const QString& label);

/// Colour of a strategy family ("many_blocks", ...); colour-blind-safe (Okabe–Ito).
QColor benchFamilyColor(const QString& family);

} // namespace reducescope::views
