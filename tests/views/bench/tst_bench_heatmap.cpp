// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's heat map from a two-parameter sweep file: the grid of the file read through
// the one reader (kernels/bench/results_file.h) has the file's axes, one
// layer per strategy (catalogue order, baselines last) and in every cell the file's values; the
// chart draws those values, the failed cell's status and the missing cell's dash; one colour range
// spans every strategy; time and bandwidth; the hint when the file has no such sweep.
//
// The file is SYNTHETIC, made here from the hand-made fixture's results (times 2 + x + y/2 µs):
// its numbers are not measurements. HEATMAP_SCREENSHOT_DIR=dir saves the chart as drawn.
#include "bench/results_file.h"
#include "gui_test_main.h"
#include "views/bench/bench_heatmap.h"

#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace reducescope;
using views::BenchHeatMap;
using views::HeatMapGrid;
using nlohmann::json;

namespace {

const QList<int> kBlocks{128, 256, 512};
const QList<int> kCoarse{1, 2};
constexpr qint64 kN = 1048576;

/// The synthetic median time of a cell, ms: 2 µs + 1 µs per block step + 0.5 µs per coarse step,
/// plus 0.25 µs for coarsened and 0.75 µs for cub (so that the layers differ).
double medianMs(int x, int y, int layer) { return 0.002 + 0.001 * x + 0.0005 * y + 0.00025 * layer * (layer + 1) / 2; }
double gbsOf(double ms) { return std::round(4.0 * double(kN) / (ms * 1e6) * 10) / 10; }

/// A results file with params.sweep block_size [128, 256, 512] × second coarse_factor [1, 2]:
/// shared, coarsened and cub in every cell, except shared at (256, 1) (missing) and coarsened at
/// (512, 2) (wrong: no speed).
bench::ResultsFile twoParameterSweep()
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no fixture");
    json j = json::parse(f.readAll().toStdString());
    const json base[] = {j["results"][2], j["results"][4], j["results"][11]};  // shared, coarsened, cub
    json results = json::array();
    for (int x = 0; x < kBlocks.size(); ++x)
        for (int y = 0; y < kCoarse.size(); ++y)
            for (int layer = 0; layer < 3; ++layer) {
                if (layer == 0 && x == 1 && y == 0)
                    continue;  // missing
                json r = base[layer];
                r["n"] = kN;
                r["bytes_read"] = 4 * kN;
                r["block_size"] = kBlocks[x];
                r["coarse_factor"] = kCoarse[y];
                const double ms = medianMs(x, y, layer);
                r["time_ms"] = {{"median", ms}, {"min", ms}, {"max", ms}};
                for (const char* k : {"pct_peak", "pct_ceiling", "speedup_vs_cpu", "speedup_vs_cub"})
                    r[k] = nullptr;
                r["bandwidth_gbs"] = gbsOf(ms);
                if (layer == 1 && x == 2 && y == 1) {
                    r["status"] = "wrong";
                    r["message"] = "synthetic: outside the tolerance";
                    r["bandwidth_gbs"] = nullptr;
                }
                results.push_back(r);
            }
    j["results"] = results;
    j["params"]["strategies"] = {"shared", "coarsened", "cub"};
    j["params"]["sweep"] = {{"param", "block_size"},
                            {"values", {128, 256, 512}},
                            {"second", {{"param", "coarse_factor"}, {"values", {1, 2}}}}};
    return bench::read_results(j.dump());
}

} // namespace

class TstBenchHeatMap : public QObject {
    Q_OBJECT
private slots:
    void gridHasTheFilesAxes();
    void cells_data();
    void cells();
    void drawn_data();
    void drawn();
    void oneColourRangeForEveryStrategy();
    void choiceSurvivesANewFile();
    void hintWithoutTwoParameterSweep();
};

void TstBenchHeatMap::gridHasTheFilesAxes()
{
    const HeatMapGrid g = views::heatMapGrid(twoParameterSweep());
    QVERIFY(g.fromSweep);
    QCOMPARE(g.n, kN);
    QCOMPARE(g.blocks, kBlocks);
    QCOMPARE(g.coarse, kCoarse);
    QCOMPARE(g.strategies(), (QStringList{"shared", "coarsened", "cub"}));  // catalogue order, baseline last
    QCOMPARE(g.strategy, QStringLiteral("shared"));                         // the first kernel
    QCOMPARE(g.mode, QStringLiteral("graph"));
    QCOMPARE(g.cache, QStringLiteral("hot"));
    QCOMPARE(views::heatMapGrid(twoParameterSweep(), QStringLiteral("cub")).strategy, QStringLiteral("cub"));
    QCOMPARE(views::heatMapGrid(twoParameterSweep(), QStringLiteral("nonesuch")).strategy, QStringLiteral("shared"));
}

void TstBenchHeatMap::cells_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<bool>("present");
    QTest::addColumn<bool>("verified");
    const QStringList names{"shared", "coarsened", "cub"};
    for (int layer = 0; layer < 3; ++layer)
        for (int x = 0; x < kBlocks.size(); ++x)
            for (int y = 0; y < kCoarse.size(); ++y) {
                const bool missing = layer == 0 && x == 1 && y == 0;
                const bool wrong = layer == 1 && x == 2 && y == 1;
                QTest::addRow("%s block %d C %d", qPrintable(names[layer]), kBlocks[x], kCoarse[y])
                    << names[layer] << x << y << !missing << !(missing || wrong);
            }
}

void TstBenchHeatMap::cells()
{
    // Every cell holds the file's figures: GB/s as written, the median time in µs.
    QFETCH(QString, strategy);
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(bool, present);
    QFETCH(bool, verified);
    HeatMapGrid g = views::heatMapGrid(twoParameterSweep());
    QVERIFY(g.select(strategy));
    const views::HeatMapCell* c = g.cell(x, y);
    QVERIFY(c);
    QCOMPARE(c->present, present);
    const int layer = int(g.strategies().indexOf(strategy));
    if (!verified) {
        QVERIFY(!c->gbs && !c->time_us && !g.at(x, y));
        if (present)
            QCOMPARE(c->status, bench::Status::Wrong);
        return;
    }
    QCOMPARE(c->status, bench::Status::Ok);
    QCOMPARE(*c->gbs, gbsOf(medianMs(x, y, layer)));
    QCOMPARE(*g.at(x, y), *c->gbs);
    QVERIFY(std::fabs(*c->time_us - medianMs(x, y, layer) * 1e3) < 1e-9);
}

void TstBenchHeatMap::drawn_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("time");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<double>("value");  // NaN: no colour
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("scale");
    const QString bwTitle = QStringLiteral("Effective bandwidth of %1 at N = 1,048,576\nblock size × coarse factor (GB/s), "
                                           "graph mode, hot cache");
    const QString tTitle = QStringLiteral("Median time of %1 at N = 1,048,576\nblock size × coarse factor (µs), graph mode, "
                                          "hot cache");
    const QString bwScale = QStringLiteral("GB/s (brighter: faster)");
    const QString tScale = QStringLiteral("µs, median (brighter: faster)");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double g00 = gbsOf(medianMs(0, 0, 0));
    QTest::addRow("shared bandwidth") << "shared" << false << 0 << 0 << g00 << QString::number(g00, 'f', 1)
                                      << bwTitle.arg("shared") << bwScale;
    QTest::addRow("shared time") << "shared" << true << 2 << 1 << medianMs(2, 1, 0) * 1e3 << QStringLiteral("4.50")
                                 << tTitle.arg("shared") << tScale;
    QTest::addRow("shared missing") << "shared" << false << 1 << 0 << nan << QStringLiteral("–") << bwTitle.arg("shared")
                                    << bwScale;
    QTest::addRow("coarsened wrong") << "coarsened" << false << 2 << 1 << nan << QStringLiteral("WRONG")
                                     << bwTitle.arg("coarsened") << bwScale;
    QTest::addRow("coarsened wrong, time") << "coarsened" << true << 2 << 1 << nan << QStringLiteral("WRONG")
                                           << tTitle.arg("coarsened") << tScale;
    const double g10 = gbsOf(medianMs(1, 0, 1));
    QTest::addRow("coarsened bandwidth") << "coarsened" << false << 1 << 0 << g10 << QString::number(g10, 'f', 1)
                                         << bwTitle.arg("coarsened") << bwScale;
    QTest::addRow("cub time") << "cub" << true << 0 << 1 << medianMs(0, 1, 2) * 1e3 << QStringLiteral("3.25")
                              << tTitle.arg("cub") << tScale;
}

void TstBenchHeatMap::drawn()
{
    QFETCH(QString, strategy);
    QFETCH(bool, time);
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(double, value);
    QFETCH(QString, label);
    QFETCH(QString, title);
    QFETCH(QString, scale);
    BenchHeatMap map;
    map.resize(1000, 640);
    map.setGrid(views::heatMapGrid(twoParameterSweep()));
    QVERIFY(map.showStrategy(strategy));
    map.setValue(time ? BenchHeatMap::Value::Time : BenchHeatMap::Value::Bandwidth);
    if (std::isnan(value))
        QVERIFY(std::isnan(map.cellValue(x, y)));
    else
        QVERIFY2(std::fabs(map.cellValue(x, y) - value) < 1e-9, qPrintable(QString::number(map.cellValue(x, y))));
    QCOMPARE(map.cellLabel(x, y), label);
    QCOMPARE(map.titleText(), title);
    QCOMPARE(map.scaleLabel(), scale);
    QCOMPARE(map.cellLabel(9, 9), QString());
    if (const QString dir = qEnvironmentVariable("HEATMAP_SCREENSHOT_DIR"); !dir.isEmpty()) {
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        const QString name = QString(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))
                                 .remove(QLatin1Char(','));
        QVERIFY(map.grab().save(dir + QStringLiteral("/heatmap_") + name + QStringLiteral(".png")));
    }
}

void TstBenchHeatMap::oneColourRangeForEveryStrategy()
{
    // The range spans all layers, whichever is shown: shared at (0, 0) has the shortest time
    // (2 µs) and the highest bandwidth, cub at (2, 1) the longest time (5.25 µs).
    BenchHeatMap map;
    map.setGrid(views::heatMapGrid(twoParameterSweep()));
    QCOMPARE(map.colorRange(), qMakePair(gbsOf(medianMs(2, 1, 2)), gbsOf(medianMs(0, 0, 0))));
    map.showStrategy(QStringLiteral("cub"));
    QCOMPARE(map.colorRange(), qMakePair(gbsOf(medianMs(2, 1, 2)), gbsOf(medianMs(0, 0, 0))));
    map.setValue(BenchHeatMap::Value::Time);
    const auto [lo, hi] = map.colorRange();
    QVERIFY(std::fabs(lo - 2.0) < 1e-9);
    QVERIFY(std::fabs(hi - 5.25) < 1e-9);
}

void TstBenchHeatMap::choiceSurvivesANewFile()
{
    BenchHeatMap map;
    map.setGrid(views::heatMapGrid(twoParameterSweep()));
    QVERIFY(map.showStrategy(QStringLiteral("coarsened")));
    QVERIFY(!map.showStrategy(QStringLiteral("vectorized")));  // not in the file: nothing changes
    QCOMPARE(map.grid().strategy, QStringLiteral("coarsened"));
    map.setGrid(views::heatMapGrid(twoParameterSweep()));  // the same file again (the pane reloads)
    QCOMPARE(map.grid().strategy, QStringLiteral("coarsened"));
}

void TstBenchHeatMap::hintWithoutTwoParameterSweep()
{
    // A sweep over N has no block size × coarse factor grid: the chart names the command that
    // records one (the CLI accepts it: tst_bench cli_accepts_two_parameter_sweep).
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_sweep.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const bench::ResultsFile r = bench::read_results(f.readAll().toStdString());
    const HeatMapGrid g = views::heatMapGrid(r);
    QVERIFY(g.isEmpty());
    BenchHeatMap map;
    map.setGrid(g);
    QCOMPARE(map.titleText(), QStringLiteral("Heat map: needs a sweep of block size × coarse factor\n"
                                             "reducescope-cli bench --strategies coarsened,shared\n"
                                             "--block-size 64,128,256 --coarse-factor 1,2,4,8\n"
                                             "--json heatmap.json, then open heatmap.json"));
    QVERIFY(std::isnan(map.cellValue(0, 0)));
    QCOMPARE(map.cellLabel(0, 0), QString());
}

REDUCESCOPE_GUI_TEST_MAIN(TstBenchHeatMap)
#include "tst_bench_heatmap.moc"
