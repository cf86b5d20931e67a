// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark charts (QCustomPlot): kernel time and effective bandwidth with q1–q3 whiskers where the
// file records quartiles (the noise named as its format records it; cells above the run's noise limit
// hatched), bandwidth against the datasheet peak and the measured
// ceiling, speed-up against a baseline, and bandwidth against N (or block size / coarse factor)
// for sweeps. Results that are not verified are flagged by name and
// never drawn as a speed. A second results set can be overlaid for comparison.
#pragma once

#include "views/bench/bench_display.h"

#include <qcustomplot.h>

#include <limits>
#include <optional>
#include <span>

namespace reducescope::views {

/// One results set to draw, with its speed-ups (aligned with results->results; may be empty).
/// The chart keeps the pointer, not a copy: the file must stay where it is until the next
/// setSeries() or clearSeries(). It may grow meanwhile (a run streaming in): the chart draws, and
/// answers hovers and clicks about, the results it held at setSeries().
struct BenchSeries {
    const bench::ResultsFile* results = nullptr;  ///< not null
    QString source;                               ///< where it came from: a file name (or path), or "run"
    QList<std::optional<double>> speedups;
};

/// One drawn bar (for tests and hover): category (resultLabel()), which series, the value.
struct BenchBar {
    QString strategy;   ///< resultLabel(): the strategy id, or e.g. "cub max"
    int series = 0;     ///< 0 = primary, 1 = overlay
    double value = 0;   ///< ms (time), 10^9 bytes/s (bandwidth) or × (speed-up)
    double minus = 0;   ///< whisker below the value (time: median - q1; bandwidth: from q3's; 0 without quartiles), same unit
    double plus = 0;    ///< whisker above the value
    bool noisy = false; ///< noise above the run's limit (the file's `noisy`, or noise > params max_noise): hatched
};

/// One drawn point of the sweep chart.
struct BenchPoint {
    QString strategy;   ///< resultLabel()
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
    /// speed-up baseline strategy for labels. Each series' file must outlive its use (BenchSeries).
    void setSeries(const QList<BenchSeries>& series, const QString& baseline);
    /// Removes everything drawn.
    void clearSeries();
    /// Logarithmic value axis (time and speed-up default to log, bandwidth to linear).
    void setLogScale(bool on);
    bool logScale() const { return m_log; }

    Kind kind() const { return m_kind; }
    /// The x-axis categories (resultLabel(): strategy ids, "cub max") of a bar chart,
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
    /// The chart's title (names the timing mode and hot/cold cache), on one line.
    QString titleText() const;
    /// The title as drawn: titleText(), or on two lines ("\n" before the run's N) where one line
    /// does not fit the chart at 10 pt.
    QString shownTitle() const;
    /// The title's font as fitted to the chart's width.
    QFont titleFont() const;
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
    /// How much the chart's text is scaled from its desktop size (the window's font over the
    /// desktop's: presentation mode makes it larger).
    qreal textScale() const { return m_textScale; }
    /// The note drawn on the bandwidth chart when a bar passes the ceiling it is compared with
    /// (which bars, by how much, and why); empty when none does.
    const QString& ceilingNote() const { return m_ceilingNote; }
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
    /// Axis, legend and title fonts at the chart's text scale (textScale()).
    void applyFonts();
    /// The note on bars above their read ceiling (ceilingNote()).
    void addAboveCeilingNote(const bench::ResultsFile& f);
    /// Legend columns and title size for the current width (nothing is cut at 1280 px).
    void fitToWidth();
    /// Chooses valueLabelFit() from the bars' spacing in pixels (after each layout, so at any size).
    void fitValueLabels();
    /// ", graph mode, hot cache" for a chart title (empty when the file names neither).
    static QString modeAndCache(const bench::Params& p);
    /// The bar charts (time, bandwidth, speed-up). buildBars() calls the steps below in this
    /// order; each adds its items and plottables after those before it, which is the order they
    /// are drawn in.
    struct BarSet;
    struct BarSets;
    void buildBars();
    /// The title; with `sets` (after collectBars), what the time and bandwidth whiskers are.
    QString barsTitle(const BarSets* sets) const;
    /// What the whiskers are, in the title and the notes legend alike: "whiskers: q1–q3", "… on 3
    /// of 5 bars", or "no quartiles recorded, no whiskers".
    static QString whiskerPhrase(const BarSets& sets);
    /// What the noise of the bars is, as each results format records it, in the title and the
    /// notes legend alike: "noise: stdev / mean" (format 2), "noise: MAD / median" (format 1),
    /// "no noise recorded" (a file without `noise`), or the parts with their bar counts when the
    /// bars differ ("noise: stdev / mean on 3 of 5 bars, …").
    static QString noisePhrase(const BarSets& sets);
    /// The notes legend's line for the noise: noisePhrase() and what it means.
    static QString noiseNote(const BarSets& sets);
    /// The categories (every series' result labels, in catalogue order) and the x axis.
    void setCategoryAxis();
    /// The value axis: linear or log, its label.
    void setValueAxis();
    /// One bar per category and series with a value to draw, in sets; flags the others.
    BarSets collectBars();
    /// Datasheet peaks and the read ceiling (bandwidth), 1× (speed-up); widens sets' lo..hi.
    /// Returns the legend entries of the lines that have a name.
    QList<QPair<QPen, QString>> addReferenceLines(BarSets& sets);
    /// The bars (value - `base`), their hatching, figures and whiskers. Returns how many sets have
    /// hatched bars; *whiskers is the first set's error bars (null without any).
    int drawBarSets(const BarSets& sets, double base, QCPErrorBars** whiskers);
    /// The figures on top of one set's bars (`keys`: where they are drawn).
    void addValueLabels(const BarSet& set, const QVector<double>& keys);
    /// The notes legend: what the whiskers and the hatching mean, then the reference lines.
    void addBarNotes(const BarSets& sets, QCPErrorBars* whiskers, int hatched,
                     const QList<QPair<QPen, QString>>& references);
    /// The value axis' range over lo..hi (and `base` on a log axis).
    void setBarRange(double lo, double hi, double base);

    /// The sweep chart (bandwidth against the swept parameter), in the same way.
    struct SweepExtent {
        double xlo = std::numeric_limits<double>::infinity();
        double xhi = 0;
        double yhi = 0;
    };
    void buildSweep();
    QString sweepTitle(const bench::ResultsFile* primary, const QString& param) const;
    void setSweepAxes(const QString& param);
    /// One line per strategy and series over `param`; flags the results not verified. Returns
    /// how many of the primary's (skipped ones aside) are not drawn.
    int addSweepLines(const QString& param, SweepExtent& e);
    /// The read ceiling: measured at each N (a sweep over N), or one level line.
    void addSweepCeiling(const QString& param, SweepExtent& e);
    /// A level line across the plot at `gbs` (10^9 B/s) with its label at `labelX` (a fraction
    /// of the plot's width) on the `side` (Qt::AlignLeft or Qt::AlignRight) of that point.
    void addLevelLine(double gbs, const QColor& color, Qt::PenStyle style, double labelX, Qt::Alignment side,
                      const QString& label);
    /// The inputs that fit in an L2 of `l2Bytes` bytes, shaded from `left` (an N) to the L2 line.
    void addL2Shade(double l2Bytes, double left);
    void applyPalette();
    void addFlag(double key, const QString& text, const QColor& color);
    void addTitle(const QString& text);
    void showEmpty(const QString& message);
    int categoryAt(const QPoint& pos) const;
    /// A series as held: what setSeries() got and the labels of its results then.
    struct Shown {
        BenchSeries series;
        QStringList labels;  ///< resultLabel() of each result held, in file order
        /// The results held: the file's first labels.size() (fewer if it has fewer now).
        std::span<const bench::Result> results() const;
    };
    const bench::Result* pick(const Shown& s, const QString& label) const;
    std::optional<double> valueOf(const Shown& s, const bench::Result& r) const;
    QString describe(const Shown& s, const bench::Result& r) const;

    Kind m_kind;
    bool m_log;
    QString m_baseline;
    QList<Shown> m_series;
    QStringList m_categories;
    QList<BenchBar> m_bars;
    QList<BenchPoint> m_points;
    QStringList m_flags;
    QCPTextElement* m_title = nullptr;
    QString m_titleLine;  ///< the title on one line (addTitle); fitToWidth may break it in two
    QList<QCPAbstractPlottable*> m_referenceLabels;  ///< the reference lines' legend graphs
    QList<QCPItemText*> m_valueLabels;
    QList<QCPItemText*> m_flagItems;  ///< flags turned up their bar (addFlag): fitted to the plot's height
    QStringList m_noiseLegend;
    int m_desktopTextPx = 0;   ///< the widget's text size when it was made (the desktop's)
    qreal m_textScale = 1.0;
    QString m_ceilingNote;   ///< chart text / desktop chart text: > 1 in presentation mode
    ValueLabelFit m_valueFit;
    int m_headroomTries = 0;  ///< fitValueLabels() raised the value range this often since rebuild()
};

/// The label of a results set in a comparison: its file name (`source`: a file name or path; empty
/// or "run": "this run"), timing mode and cache, and the date and time it was recorded, e.g.
/// "h200.json · loop, hot · 2025-06-01 14:03". Two files of one GPU on one day stay apart.
QString seriesLabel(const bench::ResultsFile& results, const QString& source);

/// Position of a chart label ("cub", "cub max") in the strategy catalogue; unknown ids last.
int catalogueRank(const QString& label);

/// Colour of a strategy family ("many_blocks", ...); colour-blind-safe (Okabe–Ito).
QColor benchFamilyColor(const QString& family);

} // namespace reducescope::views
