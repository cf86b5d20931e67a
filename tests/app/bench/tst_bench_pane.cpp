// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane: charts from results files, malformed files, running the CLI (a fake one via
// REDUCESCOPE_CLI, and the real one when built), cancel, child failures, export, click-through.
// Set BENCHPANE_SCREENSHOT_DIR to also write PNGs of the pane.
#include "app/bench/bench_file_list.h"
#include "app/bench/bench_results.h"
#include "app/bench/bench_run_panel.h"
#include "app/bench/bench_settings.h"
#include "app/bench/bench_table_model.h"
#include "views/bench/bench_heatmap.h"
#include "app/bench/benchmark_pane.h"
#include "bench_pane_test_data.h"
#include "app/common/language.h"
#include "views/bench/bench_display.h"
#include "views/bench/bench_scaling_chart.h"
#include "reducescope/config.h"  // REDUCESCOPE_HAVE_CUDA

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QMenu>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QSet>
#include <QTest>
#include <QTimer>

#include <qcustomplot.h>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace reducescope;
using app::BenchOutcome;
using app::BenchmarkPane;
using views::BenchChart;
using views::qs;

Q_DECLARE_METATYPE(BenchOutcome::Kind)

namespace {
using testdata::dataFile;
using testdata::fixtureObject;
using testdata::writeFile;

// Values drawn for series 0, by strategy.
QMap<QString, double> drawn(const BenchChart* c, int series = 0)
{
    QMap<QString, double> m;
    for (const views::BenchBar& b : c->bars())
        if (b.series == series)
            m.insert(b.strategy, b.value);
    return m;
}

BenchOutcome waitForFinish(QSignalSpy& spy, int ms = 10000)
{
    if (spy.isEmpty() && !spy.wait(ms))
        return BenchOutcome{BenchOutcome::Kind::Crashed, -999, QStringLiteral("timed out waiting for finished()")};
    return spy.first().first().value<BenchOutcome>();
}
} // namespace

class TestBenchPane : public QObject {
    Q_OBJECT
private slots:
    void init();
    void loadFixtureGivesOneBarPerKernel();
    void sweepChart();
    void recordedFiles();
    void malformedKeepsOldCharts_data();
    void malformedKeepsOldCharts();
    void refusedFilesKeepOldCharts_data();
    void refusedFilesKeepOldCharts();
    void overlay();
    void comparisonVerdicts();
    void determinismTab_data();
    void determinismTab();
    void determinismTabWithoutRepeat();
    void chartTitlesNameCache();
    void heatMapCellsEqualFile();
    void hoverShowsExactFigures();
    void clickOpensStrategy();
    void baselineChangesSpeedups();
    void exports_data();
    void exports();
    void paletteChange();
    void runWithFakeCli();
    void childFailures_data();
    void childFailures();
    void cancelKeepsFinishedRows();
    void rejectedLinesCounted_data();
    void rejectedLinesCounted();
    void summaryNamesSweptParameters_data();
    void summaryNamesSweptParameters();
    void summarySaysIncomplete_data();
    void summarySaysIncomplete();
    void cancelledSweepExportLoadsAgain_data();
    void cancelledSweepExportLoadsAgain();
    void hangEndsOnCancelWithin2s();
    void floodOfLinesKeepsPaneResponsive();
    void statusFoldsOldLines_data();
    void statusFoldsOldLines();
    void badSettingsDoNotStart();
    void nField_data();
    void nField();
    void realCliWithoutGpu();
    void recordedMenu();
    void openResultsListsWhatFilesHold();
    void lectureFileWithoutGpu();
    void chineseFlagUpright();
    void chartTextFollowsTheWindowFont();
    void presentationChartKeepsItsPlot();
    void dotProductsAboveOneVectorCeilingExplained();
    void multiGpuFile();
    void multiGpuResultsDrawn();
    void devicePanel_data();
    void devicePanel();
    void otherProcessesOnTheDeviceLine();
    void screenshots();

private:
    void showPane(BenchmarkPane& pane);
};

void TestBenchPane::init()
{
    qputenv("REDUCESCOPE_CLI", dataFile("fake_cli.sh").toUtf8());
    qunsetenv("FAKE_CLI_MODE");
    qunsetenv("FAKE_CLI_ARGS");
    qunsetenv("FAKE_CLI_GARBAGE");
    app::setLanguage(QStringLiteral("en"));  // as the app starts: English words with English plurals
}

void TestBenchPane::showPane(BenchmarkPane& pane)
{
    pane.resize(1600, 1000);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QApplication::processEvents();
    for (auto k : {BenchChart::Kind::Time, BenchChart::Kind::Bandwidth, BenchChart::Kind::Speedup, BenchChart::Kind::Sweep})
        pane.chart(k)->replot();
}

void TestBenchPane::loadFixtureGivesOneBarPerKernel()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    const auto file = app::BenchResultsReader::readDocument(dataFile("fixture_1m.json"), &error);
    QVERIFY(file);

    const BenchChart* bw = pane.chart(BenchChart::Kind::Bandwidth);
    const BenchChart* time = pane.chart(BenchChart::Kind::Time);
    QCOMPARE(bw->categories().size(), 13);
    const auto bwBars = drawn(bw);
    const auto timeBars = drawn(time);
    int ok = 0;
    for (const bench::Result& r : file->results) {
        const QString id = qs(r.strategy);
        if (views::hasSpeed(r)) {
            ++ok;
            QVERIFY2(bwBars.contains(id), qPrintable(id));
            QCOMPARE(bwBars.value(id), *r.bandwidth_gbs);
            QCOMPARE(timeBars.value(id), r.time_ms->median * 1000);
        } else {
            // Not verified: never drawn as a speed, flagged by name instead.
            QVERIFY2(!bwBars.contains(id), qPrintable(id));
            QVERIFY2(!timeBars.contains(id), qPrintable(id));
        }
    }
    QCOMPARE(bwBars.size(), ok);
    QCOMPARE(ok, 10);
    QVERIFY(bw->flags().contains(QStringLiteral("warp_shuffle: WRONG")));
    QVERIFY(bw->flags().contains(QStringLiteral("race: expected wrong")));
    QVERIFY(bw->flags().contains(QStringLiteral("grid_sync: skipped")));
    QCOMPARE(pane.tableModel()->rowCount(), 13);
    QVERIFY(pane.deviceText().contains(QStringLiteral("NVIDIA H200 (fixture)")));
    QVERIFY(pane.deviceText().contains(QStringLiteral("132 SMs")));
    QVERIFY(pane.deviceText().contains(QStringLiteral("L2 60 MiB")));
    QVERIFY(pane.deviceText().contains(QStringLiteral("peak 4915 GB/s")));
    // Speed-up against the default baseline (cpu): the recorded speedup_vs_cpu.
    const auto su = drawn(pane.chart(BenchChart::Kind::Speedup));
    QCOMPARE(su.value(QStringLiteral("coarsened")), *file->results.at(4).speedup_vs_cpu);
}

void TestBenchPane::sweepChart()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_sweep.json"), &error), qPrintable(error));
    const BenchChart* sweep = pane.chart(BenchChart::Kind::Sweep);
    QCOMPARE(sweep->points().size(), 33);  // 3 kernels × 11 sizes
    QCOMPARE(sweep->categories(), (QStringList{QStringLiteral("coarsened"), QStringLiteral("vectorized"), QStringLiteral("cub")}));
    QCOMPARE(sweep->points().first().x, 1024.0);
    QCOMPARE(sweep->points().last().x, double(1 << 30));
    QVERIFY(sweep->flags().isEmpty());
    // a graph per kernel plus the measured read ceiling
    QCOMPARE(sweep->graphCount(), 4);

    // A single-N file has no sweep: the chart says so and draws nothing.
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QCOMPARE(sweep->points().size(), 0);
}

void TestBenchPane::recordedFiles()
{
    const QDir dir(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results"));
    QStringList files;
    QDirIterator it(dir.path(), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << dir.relativeFilePath(it.next());
    files.sort();
    QVERIFY2(!files.isEmpty(), "no recorded results (*.json) found in docs/results");
    for (const QString& f : files) {
        BenchmarkPane pane;
        QString error;
        QVERIFY2(pane.loadResults(dir.filePath(f), &error), qPrintable(f + QStringLiteral(": ") + error));
        const bench::ResultsFile& r = pane.shownDocument();
        QCOMPARE(pane.shownSource(), QFileInfo(f).fileName());
        if (views::isSweep(r)) {
            // A block size x coarse factor file: the sweep chart draws the first coarse factor's
            // line (the Heat map tab shows every pair).
            const bool twoParameters = r.params.sweep->second.has_value();
            int ok = 0;
            for (const auto& x : r.results)
                if (!twoParameters || x.coarse_factor == int(r.params.sweep->second->values.at(0)))
                    ok += (views::hasSpeed(x) && x.bandwidth_gbs) ? 1 : 0;
            QCOMPARE(pane.chart(BenchChart::Kind::Sweep)->points().size(), ok);
        }
        if (!views::isSweep(r)) {
            // one bar per verified kernel, with the file's value
            const auto bars = drawn(pane.chart(BenchChart::Kind::Bandwidth));
            int ok = 0;
            for (const auto& x : r.results) {
                if (!views::hasSpeed(x) || !x.bandwidth_gbs)
                    continue;
                ++ok;
                const QString label = views::resultLabel(x);
                QVERIFY2(bars.contains(label), qPrintable(f + QStringLiteral(": ") + label));
                QCOMPARE(bars.value(label), *x.bandwidth_gbs);
            }
            QCOMPARE(bars.size(), ok);
        }
    }
}

void TestBenchPane::malformedKeepsOldCharts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    const QJsonObject good = fixtureObject();
    auto doc = [](const QJsonObject& o) { return QJsonDocument(o).toJson(); };
    auto editResult = [&](const std::function<void(QJsonObject&)>& edit) {
        QJsonObject o = good;
        QJsonArray a = o[QStringLiteral("results")].toArray();
        QJsonObject r = a[2].toObject();
        edit(r);
        a[2] = r;
        o[QStringLiteral("results")] = a;
        return doc(o);
    };
    QTest::addRow("not JSON") << QByteArray("{\"schema\": ") << QStringLiteral("not JSON: line 1, column 12: unexpected end of input");
    QTest::addRow("a chrome trace") << QByteArray(R"({"traceEvents": []})") << QStringLiteral("schema: missing");
    {
        QJsonObject o = good;
        o[QStringLiteral("schema")] = QStringLiteral("something-else");
        QTest::addRow("wrong schema") << doc(o) << QStringLiteral("schema: expected \"reducescope-results\"");
    }
    {
        QJsonObject o = good;
        o[QStringLiteral("version")] = 7;
        QTest::addRow("wrong version") << doc(o) << QStringLiteral("version: this app reads versions 1..2, the file is version 7");
    }
    {
        QJsonObject o = good;
        QJsonObject d = o[QStringLiteral("device")].toObject();
        d.remove(QStringLiteral("peak_bandwidth_gbs"));
        o[QStringLiteral("device")] = d;
        QTest::addRow("missing field") << doc(o) << QStringLiteral("device.peak_bandwidth_gbs: missing");
    }
    QTest::addRow("wrong type") << editResult([](QJsonObject& r) { r[QStringLiteral("n")] = QStringLiteral("1M"); })
                                << QStringLiteral("results[2].n: expected an integer >= 1, got the string \"1M\"");
    QTest::addRow("negative time") << editResult([](QJsonObject& r) {
        QJsonObject t = r[QStringLiteral("time_ms")].toObject();
        t[QStringLiteral("min")] = -1;
        r[QStringLiteral("time_ms")] = t;
    }) << QStringLiteral("results[2].time_ms.min: expected a number >= 0, got -1");
    QTest::addRow("unknown status") << editResult([](QJsonObject& r) { r[QStringLiteral("status")] = QStringLiteral("great"); })
                                    << QStringLiteral("results[2].status: expected one of ok | wrong");
}

void TestBenchPane::malformedKeepsOldCharts()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    const QString bad = writeFile(tmp, QStringLiteral("bad.json"), text);

    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    const auto before = drawn(pane.chart(BenchChart::Kind::Bandwidth));
    const QString deviceBefore = pane.deviceText();

    QVERIFY(!pane.loadResults(bad, &error));
    QVERIFY2(error.contains(expected), qPrintable(QStringLiteral("message: ") + error));
    QVERIFY2(error.startsWith(QStringLiteral("bad.json: ")), qPrintable(error));
    QVERIFY(pane.message().contains(expected));
    // what was shown stays
    QCOMPARE(drawn(pane.chart(BenchChart::Kind::Bandwidth)), before);
    QCOMPARE(pane.tableModel()->rowCount(), 13);
    QCOMPARE(pane.shownSource(), QStringLiteral("fixture_1m.json"));
    QCOMPARE(pane.deviceText(), deviceBefore);

    // and a file that does not exist
    QVERIFY(!pane.loadResults(tmp.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QStringLiteral("cannot open")));
    QCOMPARE(drawn(pane.chart(BenchChart::Kind::Bandwidth)), before);
}

// Not regular files and files over the size limit: refused by the open and compare dialogs'
// reader without reading them (no hang on a FIFO, no bad_alloc on /dev/zero); the shown results stay.
void TestBenchPane::refusedFilesKeepOldCharts_data()
{
    static QTemporaryDir dir;
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");
#ifdef Q_OS_UNIX
    QTest::addRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("/dev/zero: not a regular file (a device)");
    const QString fifo = dir.filePath(QStringLiteral("pane.fifo"));
    QFile::remove(fifo);
    if (::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0)
        QTest::addRow("FIFO") << fifo << QStringLiteral("pane.fifo: not a regular file (a FIFO)");
#endif
    QTest::addRow("directory") << dir.path() << QStringLiteral("not a regular file (a directory)");
    const QString big = dir.filePath(QStringLiteral("big.json"));
    QFile f(big);
    if (!f.open(QIODevice::WriteOnly) || !f.resize(qint64(100) << 20))  // sparse
        qFatal("cannot make %s", qPrintable(big));
    QTest::addRow("100 MiB") << big << QStringLiteral("big.json: 100.0 MiB, over the limit of 64 MiB");
}

void TestBenchPane::refusedFilesKeepOldCharts()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    const auto before = drawn(pane.chart(BenchChart::Kind::Bandwidth));
    QVERIFY(!pane.loadResults(path, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    QVERIFY(pane.message().contains(expected));
    QVERIFY(!pane.loadOverlay(path, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QCOMPARE(drawn(pane.chart(BenchChart::Kind::Bandwidth)), before);
    QCOMPARE(pane.tableModel()->rowCount(), 13);
    QCOMPARE(pane.shownSource(), QStringLiteral("fixture_1m.json"));
}

void TestBenchPane::overlay()
{
    QTemporaryDir tmp;
    QJsonObject other = fixtureObject();
    QJsonObject d = other[QStringLiteral("device")].toObject();
    d[QStringLiteral("name")] = QStringLiteral("Other GPU");
    other[QStringLiteral("device")] = d;
    QJsonArray a = other[QStringLiteral("results")].toArray();
    QJsonObject r = a[4].toObject();  // coarsened: half the bandwidth (twice the time)
    r[QStringLiteral("bandwidth_gbs")] = 343.8;
    for (const char* k : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})  // derived from the old time (results_checks.h)
        r.remove(QLatin1String(k));
    QJsonObject t = r[QStringLiteral("time_ms")].toObject();
    for (const QString& k : t.keys())
        t[k] = t[k].toDouble() * 2;
    r[QStringLiteral("time_ms")] = t;
    a[4] = r;
    other[QStringLiteral("results")] = a;
    const QString path = writeFile(tmp, QStringLiteral("other.json"), QJsonDocument(other).toJson());

    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QVERIFY2(pane.loadOverlay(path, &error), qPrintable(error));
    const BenchChart* bw = pane.chart(BenchChart::Kind::Bandwidth);
    QCOMPARE(drawn(bw, 0).size(), 10);
    QCOMPARE(drawn(bw, 1).size(), 10);
    QCOMPARE(drawn(bw, 0).value(QStringLiteral("coarsened")), 687.6);
    QCOMPARE(drawn(bw, 1).value(QStringLiteral("coarsened")), 343.8);
    QVERIFY(pane.deviceText().contains(QStringLiteral("Compared with other.json")));
    pane.clearOverlay();
    QCOMPARE(drawn(bw, 1).size(), 0);
}

void TestBenchPane::comparisonVerdicts()
{
    // "Compare with…" shows per cell the verdicts of `reducescope-cli compare` (the same function).
    QTemporaryDir tmp;
    QJsonObject o = fixtureObject();
    QJsonArray results = o.value(QStringLiteral("results")).toArray();
    QJsonObject r0 = results.at(0).toObject();  // simple: 1.5x slower, recorded noise 1 %
    const double median = r0.value(QStringLiteral("time_ms")).toObject().value(QStringLiteral("median")).toDouble() * 1.5;
    r0.insert(QStringLiteral("time_ms"), QJsonObject{{QStringLiteral("median"), median}, {QStringLiteral("min"), median * 0.99},
                                                     {QStringLiteral("max"), median * 1.01}});
    r0.insert(QStringLiteral("bandwidth_gbs"), r0.value(QStringLiteral("bytes_read")).toDouble() / (median * 1e6));
    for (const char* k : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})  // derived from the old time: left out (results_checks.h)
        r0.remove(QLatin1String(k));
    r0.insert(QStringLiteral("noise"), 0.01);
    results.replace(0, r0);
    o.insert(QStringLiteral("results"), results);
    const QString slower = writeFile(tmp, QStringLiteral("slower.json"), QJsonDocument(o).toJson());
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY(pane.comparison().empty());
    QVERIFY2(pane.loadOverlay(slower, &error), qPrintable(error));
    const auto expected = reducescope::bench::compare_results(pane.shownDocument(),
                                                              *app::BenchResultsReader::readDocument(slower, &error));
    QCOMPARE(pane.comparison().size(), expected.size());
    QCOMPARE(pane.comparisonTable()->rowCount(), int(expected.size()));
    for (int i = 0; i < int(expected.size()); ++i)
        QCOMPARE(pane.comparison()[std::size_t(i)].verdict, expected[std::size_t(i)].verdict);
    QCOMPARE(pane.comparison()[0].verdict, reducescope::bench::Verdict::Slow);
    QCOMPARE(pane.comparisonTable()->item(0, 0)->text(), QStringLiteral("simple n=1048576 block=256 C=4 graph hot"));
    QCOMPARE(pane.comparisonTable()->item(0, 3)->text(), QStringLiteral("+50.00 %"));
    QCOMPARE(pane.comparisonTable()->item(0, 6)->text(), QStringLiteral("SLOW"));
    QVERIFY(pane.comparisonTable()->item(1, 6)->text() == QStringLiteral("SAME")
            || pane.comparisonTable()->item(1, 6)->text().startsWith(QStringLiteral("not compared")));
    if (const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        showPane(pane);
        auto* tabs = pane.findChild<QTabWidget*>();
        for (int i = 0; tabs && i < tabs->count(); ++i)
            if (tabs->tabText(i) == QStringLiteral("Comparison"))
                tabs->setCurrentIndex(i);
        QTest::qWait(200);
        QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_compare.png"))));
    }
    pane.clearOverlay();
    QVERIFY(pane.comparison().empty());
}

void TestBenchPane::determinismTab_data()
{
    // One row per result with `repeat` in the hand-made file (tests/app/bench/data/fixture_repeat.json):
    // the cells must be the file's own figures (runs, distinct, spread_ulp, error_ulp_*) and its verdict.
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("verdictStart");
    QTest::addColumn<QString>("whyStart");
    QTest::addRow("segmented") << 0 << "segmented" << "varies from run to run" << "atomic order";
    QTest::addRow("block_reduce") << 1 << "block_reduce" << "1 distinct in 5 run" << "atomic order";
    QTest::addRow("two_pass") << 2 << "two_pass" << "deterministic" << "fixed tree order";
    QTest::addRow("cub") << 3 << "cub" << "deterministic" << "fixed tree order";
}

void TestBenchPane::determinismTab()
{
    QFETCH(int, row);
    QFETCH(QString, strategy);
    QFETCH(QString, verdictStart);
    QFETCH(QString, whyStart);
    BenchmarkPane pane;
    QString error;
    const QString path = dataFile("fixture_repeat.json");
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray results = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("results")).toArray();
    int withRepeat = 0;
    for (const QJsonValue& r : results)
        withRepeat += r.toObject().contains(QStringLiteral("repeat"));
    QTableWidget* t = pane.determinismTable();
    QCOMPARE(t->rowCount(), withRepeat);
    const QJsonObject r = results.at(row).toObject();
    const QJsonObject rep = r.value(QStringLiteral("repeat")).toObject();
    QCOMPARE(r.value(QStringLiteral("strategy")).toString(), strategy);
    QVERIFY(t->item(row, 0)->text().startsWith(strategy + QStringLiteral(" n=1048576")));
    QCOMPARE(t->item(row, 1)->text(), QString::number(rep.value(QStringLiteral("runs")).toInt()));
    QCOMPARE(t->item(row, 2)->text(), QString::number(rep.value(QStringLiteral("distinct")).toInt()));
    QCOMPARE(t->item(row, 3)->text().toDouble(), rep.value(QStringLiteral("spread_ulp")).toDouble());
    const double lo = rep.value(QStringLiteral("error_ulp_min")).toDouble();
    const double hi = rep.value(QStringLiteral("error_ulp_max")).toDouble();
    QCOMPARE(t->item(row, 4)->text(), lo == hi ? QString::number(lo) : QStringLiteral("%1 to %2").arg(lo).arg(hi));
    QVERIFY2(t->item(row, 5)->text().startsWith(verdictStart), qPrintable(t->item(row, 5)->text()));
    QCOMPARE(t->item(row, 6)->text(), whyStart);
    QVERIFY(t->item(row, 6)->toolTip().startsWith(whyStart + QStringLiteral(": ")));  // the why at length
    // The tooltip lists the bits of every launch, as the file holds them.
    for (const QJsonValue& v : rep.value(QStringLiteral("values")).toArray())
        QVERIFY(t->item(row, 2)->toolTip().contains(v.toString()));
    QVERIFY(pane.determinismSummary()->text().contains(QStringLiteral("Deterministic (fixed tree order): 2. Varying with "
                                                                     "the atomic order: 1. One result but atomic order, "
                                                                     "so not guaranteed: 1.")));
    if (const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR"); !dir.isEmpty() && row == 0) {
        showPane(pane);
        auto* tabs = pane.findChild<QTabWidget*>();
        for (int i = 0; tabs && i < tabs->count(); ++i)
            if (tabs->tabText(i) == QStringLiteral("Determinism"))
                tabs->setCurrentIndex(i);
        QTest::qWait(200);
        QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_determinism.png"))));
    }
}

void TestBenchPane::determinismTabWithoutRepeat()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QCOMPARE(pane.determinismTable()->rowCount(), 0);
    QVERIFY(pane.determinismSummary()->text().contains(QStringLiteral("reducescope-cli bench --repeat 5")));
}

void TestBenchPane::chartTitlesNameCache()
{
    // Every chart title says hot or cold cache (and the timing mode); the speed-up
    // title and the table header name the baseline.
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    const auto charts = pane.findChildren<views::BenchChart*>();
    QVERIFY(charts.size() >= 3);
    for (const views::BenchChart* c : charts)
        QVERIFY2(c->titleText().endsWith(QStringLiteral(", graph mode, hot cache")), qPrintable(c->titleText()));
    for (const views::BenchChart* c : charts)
        if (c->kind() == views::BenchChart::Kind::Speedup)
            QCOMPARE(c->titleText(), QStringLiteral("Speed-up against cpu (higher is faster) — N = 1,048,576, graph mode, hot cache"));
    QCOMPARE(pane.tableModel()->headerData(app::BenchTableModel::SpeedupColumn, Qt::Horizontal).toString(),
             QStringLiteral("Speed-up vs cpu"));
}

void TestBenchPane::heatMapCellsEqualFile()
{
    // A sweep of block size × coarse factor (what `bench --block-size 64,128,256
    // --coarse-factor 1,2,4` writes) as a heat map whose cells equal the file's bandwidths.
    QTemporaryDir tmp;
    QFile f(dataFile("fixture_sweep.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject base = o[QStringLiteral("results")].toArray().at(0).toObject();
    const QList<int> blocks{64, 128, 256}, coarse{1, 2, 4};
    QJsonObject params = o[QStringLiteral("params")].toObject();
    params[QStringLiteral("strategies")] = QJsonArray{QStringLiteral("coarsened")};
    params[QStringLiteral("sweep")] = QJsonObject{{QStringLiteral("param"), QStringLiteral("block_size")},
                                                  {QStringLiteral("values"), QJsonArray{64, 128, 256}}};
    o[QStringLiteral("params")] = params;
    QJsonArray results;
    const qint64 n = 1048576;
    QMap<QPair<int, int>, double> expected;
    for (int y = 0; y < coarse.size(); ++y)
        for (int x = 0; x < blocks.size(); ++x) {
            if (x == 2 && y == 0)
                continue;  // one missing cell stays empty
            const double median = 0.002 + 0.001 * x + 0.0005 * y;
            QJsonObject r = base;
            r[QStringLiteral("n")] = n;
            r[QStringLiteral("block_size")] = blocks[x];
            r[QStringLiteral("coarse_factor")] = coarse[y];
            r[QStringLiteral("grid_size")] = int(n / (blocks[x] * 4 * coarse[y]));
            r[QStringLiteral("bytes_read")] = 4 * n;
            r[QStringLiteral("time_ms")] = QJsonObject{{QStringLiteral("median"), median}, {QStringLiteral("min"), median},
                                                       {QStringLiteral("max"), median}};
            const double gbs = std::round(4.0 * double(n) / (median * 1e6) * 10) / 10;
            r[QStringLiteral("bandwidth_gbs")] = gbs;
            for (const char* k : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})  // derived from the old time: left out (results_checks.h)
            r.remove(QLatin1String(k));
            expected[qMakePair(x, y)] = gbs;
            results.append(r);
        }
    o[QStringLiteral("results")] = results;
    const QString path = writeFile(tmp, QStringLiteral("block_by_coarse.json"), QJsonDocument(o).toJson());
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    const views::HeatMapGrid& g = pane.heatMap()->grid();
    QCOMPARE(g.strategy, QStringLiteral("coarsened"));
    QCOMPARE(g.n, n);
    QCOMPARE(g.blocks, blocks);
    QCOMPARE(g.coarse, coarse);
    for (int y = 0; y < coarse.size(); ++y)
        for (int x = 0; x < blocks.size(); ++x) {
            if (x == 2 && y == 0) {
                QVERIFY(std::isnan(pane.heatMap()->cellValue(x, y)));
                QCOMPARE(pane.heatMap()->cellLabel(x, y), QStringLiteral("–"));
                continue;
            }
            QCOMPARE(pane.heatMap()->cellValue(x, y), expected[qMakePair(x, y)]);
            QCOMPARE(pane.heatMap()->cellLabel(x, y), QString::number(expected[qMakePair(x, y)], 'f', 1));
        }
    QCOMPARE(pane.heatMap()->titleText(),
             QStringLiteral("Effective bandwidth of coarsened at N = 1,048,576\nblock size × coarse factor (GB/s), graph mode, hot cache"));
    if (const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        showPane(pane);
        auto* tabs = pane.findChild<QTabWidget*>();
        for (int i = 0; tabs && i < tabs->count(); ++i)
            if (tabs->tabText(i) == QStringLiteral("Heat map"))
                tabs->setCurrentIndex(i);
        QTest::qWait(200);
        QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_heatmap.png"))));
    }
    // The fixture has no such sweep: the heat map says how to record one.
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY(pane.heatMap()->grid().isEmpty());
    QVERIFY(pane.heatMap()->titleText().startsWith(QStringLiteral("Heat map: needs a sweep of block size × coarse factor\n")));
    // Its lines are short: the chart never widens the window (tst_classroom_pane: 1280 px screens).
    QVERIFY2(static_cast<QWidget*>(pane.heatMap())->minimumSizeHint().width() < 800, qPrintable(QString::number(static_cast<QWidget*>(pane.heatMap())->minimumSizeHint().width())));
}

void TestBenchPane::hoverShowsExactFigures()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    showPane(pane);
    BenchChart* bw = pane.chart(BenchChart::Kind::Bandwidth);
    const int c = int(bw->categories().indexOf(QStringLiteral("coarsened")));
    const QString text = bw->hoverText(bw->categoryPosition(c));
    QVERIFY2(text.contains(QStringLiteral("coarsened")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("687.6 GB/s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("14.0% of peak")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("median 6.1 µs")), qPrintable(text));
    const int w = int(bw->categories().indexOf(QStringLiteral("warp_shuffle")));
    const QString wrong = bw->hoverText(bw->categoryPosition(w));
    QVERIFY2(wrong.contains(QStringLiteral("WRONG")) && wrong.contains(QStringLiteral("no speed shown")), qPrintable(wrong));
    QVERIFY(bw->hoverText(QPoint(2, 2)).isEmpty());

    QVERIFY(pane.loadResults(dataFile("fixture_sweep.json"), &error));
    BenchChart* sweep = pane.chart(BenchChart::Kind::Sweep);
    sweep->replot();
    const views::BenchPoint p = sweep->points().at(5);
    const QPoint at(int(sweep->xAxis->coordToPixel(p.x)), int(sweep->yAxis->coordToPixel(p.gbs)));
    const QString pt = sweep->hoverText(at);
    // Points of several kernels may share the pixel: the text is one of theirs, exactly.
    bool matched = false;
    for (const views::BenchPoint& q : sweep->points()) {
        const QPoint qa(int(sweep->xAxis->coordToPixel(q.x)), int(sweep->yAxis->coordToPixel(q.gbs)));
        if ((qa - at).manhattanLength() <= 2 && pt.contains(QStringLiteral("<b>%1</b>").arg(q.strategy))
            && pt.contains(QString::number(q.gbs, 'f', 1) + QStringLiteral(" GB/s")))
            matched = true;
    }
    QVERIFY2(matched, qPrintable(pt));
}

void TestBenchPane::clickOpensStrategy()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    showPane(pane);
    QSignalSpy spy(&pane, &BenchmarkPane::openStrategyRequested);
    QTableView* view = pane.tableView();
    const QModelIndex idx = view->model()->index(4, app::BenchTableModel::KernelColumn);
    view->scrollTo(idx);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(idx).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().toString(), QStringLiteral("coarsened"));
    // a click on another column selects only
    const QModelIndex other = view->model()->index(4, app::BenchTableModel::BandwidthColumn);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(other).center());
    QCOMPARE(spy.count(), 1);
    // a click on a bar opens it too
    BenchChart* bw = pane.chart(BenchChart::Kind::Bandwidth);
    pane.showChart(BenchChart::Kind::Bandwidth);
    QApplication::processEvents();
    bw->replot();
    QTest::mouseClick(bw, Qt::LeftButton, {}, bw->categoryPosition(0));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.last().first().toString(), bw->categories().first());
}

void TestBenchPane::baselineChangesSpeedups()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    pane.setBaseline(QStringLiteral("cub"));
    const auto su = drawn(pane.chart(BenchChart::Kind::Speedup));
    QCOMPARE(su.value(QStringLiteral("coarsened")), 1.131);  // recorded speedup_vs_cub
    QCOMPARE(su.value(QStringLiteral("cub")), 1.0);
    QCOMPARE(pane.tableModel()->headerData(app::BenchTableModel::SpeedupColumn, Qt::Horizontal).toString(),
             QStringLiteral("Speed-up vs cub"));
    pane.setBaseline(QStringLiteral("shared"));
    QVERIFY(qFuzzyCompare(drawn(pane.chart(BenchChart::Kind::Speedup)).value(QStringLiteral("coarsened")), 0.0121 / 0.0061));
}

void TestBenchPane::exports_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("starts");
    QTest::addRow("png") << QStringLiteral("chart.png") << QByteArray("\x89PNG");
    QTest::addRow("pdf") << QStringLiteral("chart.pdf") << QByteArray("%PDF");
    QTest::addRow("svg") << QStringLiteral("chart.svg") << QByteArray("<?xml");
    QTest::addRow("csv") << QStringLiteral("data.csv") << QByteArray("strategy,family,kernel,n,");
    QTest::addRow("json") << QStringLiteral("data.json") << QByteArray("{");
}

void TestBenchPane::exports()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, starts);
    QTemporaryDir tmp;
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    const QString path = tmp.filePath(name);
    const bool isChart = name.startsWith(QStringLiteral("chart"));
    QVERIFY2(isChart ? pane.exportChart(path, &error) : pane.exportData(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY2(bytes.startsWith(starts), bytes.left(20).constData());
    if (name.endsWith(QStringLiteral(".svg")))
        QVERIFY(bytes.contains("<svg"));
    if (name.endsWith(QStringLiteral(".json"))) {
        // what we write, we read back
        QVERIFY(pane.loadResults(path, &error));
        QCOMPARE(pane.tableModel()->rowCount(), 13);
    }
    QVERIFY(!pane.exportChart(tmp.filePath(QStringLiteral("chart.bmp")), &error));
    QVERIFY(error.contains(QStringLiteral("allowed: png, pdf, svg")));
    QVERIFY(!pane.exportData(tmp.filePath(QStringLiteral("data.xls")), &error));
    QVERIFY(error.contains(QStringLiteral("allowed: csv, md, json")));
}

void TestBenchPane::paletteChange()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    BenchChart* bw = pane.chart(BenchChart::Kind::Bandwidth);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    pane.setPalette(dark);
    QApplication::processEvents();
    QCOMPARE(bw->xAxis->tickLabelColor(), QColor(0xee, 0xee, 0xee));
    QCOMPARE(bw->legend->textColor(), QColor(0xee, 0xee, 0xee));
    QCOMPARE(drawn(bw).size(), 10);
}

void TestBenchPane::runWithFakeCli()
{
    QTemporaryDir tmp;
    const QString argsFile = tmp.filePath(QStringLiteral("args.txt"));
    qputenv("FAKE_CLI_ARGS", argsFile.toUtf8());
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    pane.settings()->setCheckedStrategies({QStringLiteral("coarsened"), QStringLiteral("warp_shuffle"),
                                           QStringLiteral("cub"), QStringLiteral("cpu")});
    QVERIFY(pane.run());
    QVERIFY(pane.isRunning());
    const BenchOutcome o = waitForFinish(finished);
    QCOMPARE(o.kind, BenchOutcome::Kind::Completed);
    QCOMPARE(results.count(), 4);
    QCOMPARE(pane.tableModel()->rowCount(), 4);
    QCOMPARE(qs(pane.shownDocument().device.name), QStringLiteral("NVIDIA H200 (fixture)"));
    QCOMPARE(pane.shownSource(), QStringLiteral("run"));
    QCOMPARE(drawn(pane.chart(BenchChart::Kind::Bandwidth)).value(QStringLiteral("coarsened")), 687.6);
    QVERIFY(!drawn(pane.chart(BenchChart::Kind::Bandwidth)).contains(QStringLiteral("warp_shuffle")));
    const QStringList lines = pane.statusLines();
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("✓ coarsened: 6.1 µs, 687.6 GB/s")), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).startsWith(QStringLiteral("✗ warp_shuffle: WRONG")), qPrintable(lines.at(1)));
    QVERIFY(!pane.isRunning());

    QFile f(argsFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList args = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(args.value(0), QStringLiteral("bench"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--strategies")) + 1), QStringLiteral("coarsened,warp_shuffle,cub,cpu"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--n")) + 1), QStringLiteral("1048576"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--reps")) + 1), QStringLiteral("100"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--mode")) + 1), QStringLiteral("graph"));
    QCOMPARE(args.value(args.indexOf(QStringLiteral("--cache")) + 1), QStringLiteral("hot"));

    // the run can be exported and reloaded
    const QString out = tmp.filePath(QStringLiteral("run.json"));
    QString error;
    QVERIFY2(pane.exportData(out, &error), qPrintable(error));
    QVERIFY2(pane.loadResults(out, &error), qPrintable(error));
    QCOMPARE(pane.tableModel()->rowCount(), 4);
}

void TestBenchPane::childFailures_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<BenchOutcome::Kind>("kind");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QString>("expected");
    QTest::addRow("no CUDA device (exit 77)") << QStringLiteral("nodevice") << BenchOutcome::Kind::NoDevice << 0
                                              << QStringLiteral("No CUDA device (reducescope-cli exit 77): no CUDA device (cudaGetDeviceCount");
    QTest::addRow("bad arguments (exit 2)") << QStringLiteral("badinput") << BenchOutcome::Kind::BadInput << 0
                                            << QStringLiteral("--block-size: expected a multiple of 32");
    QTest::addRow("crash with CUDA error") << QStringLiteral("crash") << BenchOutcome::Kind::Crashed << 2
                                           << QStringLiteral("crashed after 2 results: CUDA error: an illegal memory access");
    QTest::addRow("error line, exit 1") << QStringLiteral("error") << BenchOutcome::Kind::ErrorReported << 2
                                        << QStringLiteral("reported an error after 2 results (exit 1): cudaMalloc: out of memory");
    // Fault drills (docs/reliability.md): a run that did not finish is never reported as done.
    QTest::addRow("no done line, exit 0") << QStringLiteral("incomplete") << BenchOutcome::Kind::Incomplete << 2
                                          << QStringLiteral("Incomplete: reducescope-cli exited (code 0) after 2 results without its \"done\" line");
    QTest::addRow("/bin/true: nothing, exit 0") << QStringLiteral("silent") << BenchOutcome::Kind::Incomplete << 0
                                                << QStringLiteral("No results: reducescope-cli exited (code 0) and printed nothing");
    QTest::addRow("error line, exit 0") << QStringLiteral("errorzero") << BenchOutcome::Kind::ErrorReported << 2
                                        << QStringLiteral("reported an error after 2 results (exit 0): cudaMemcpy: unspecified launch failure");
    QTest::addRow("/bin/false: nothing, exit 1") << QStringLiteral("false") << BenchOutcome::Kind::SomeFailed << 0
                                                 << QStringLiteral("reducescope-cli failed (exit 1) after 0 results without saying why; the run is incomplete");
    QTest::addRow("half a JSON line at the end") << QStringLiteral("partial") << BenchOutcome::Kind::Incomplete << 2
                                                 << QStringLiteral("after 2 results without its \"done\" line");
    QTest::addRow("100 MB stderr line") << QStringLiteral("bigstderr") << BenchOutcome::Kind::Crashed << 2
                                        << QStringLiteral("reducescope-cli failed (exit 3) after 2 results: xxxxx");
    QTest::addRow("stray stdout line") << QStringLiteral("garbage") << BenchOutcome::Kind::Completed << 4
                                       << QStringLiteral("Done: 4 results.");
}

void TestBenchPane::childFailures()
{
    QFETCH(QString, mode);
    QFETCH(BenchOutcome::Kind, kind);
    QFETCH(int, rows);
    QFETCH(QString, expected);
    qputenv("FAKE_CLI_MODE", mode.toUtf8());
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy rejected(pane.runner(), &app::BenchRunner::lineRejected);
    QVERIFY(pane.run());
    const BenchOutcome o = waitForFinish(finished);
    QCOMPARE(o.kind, kind);
    QVERIFY2(o.message.contains(expected), qPrintable(o.message));
    QCOMPARE(pane.tableModel()->rowCount(), rows);
    const bool oneBadLine = mode == QLatin1String("garbage") || mode == QLatin1String("partial");
    QCOMPARE(rejected.count(), oneBadLine ? 1 : 0);
    // Whatever the child printed, the message stays a short line and the window does not widen.
    QVERIFY2(o.message.size() <= 700, qPrintable(QString::number(o.message.size())));
    QVERIFY(!o.message.contains(QLatin1Char('\n')));
    if (mode == QLatin1String("bigstderr")) {
        QVERIFY(o.message.contains(QStringLiteral(" … ")));
        pane.resize(900, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QVERIFY2(pane.width() <= 900 && pane.minimumSizeHint().width() < 1600,
                 qPrintable(QString::number(pane.minimumSizeHint().width())));
    }
    QVERIFY2(pane.message().contains(expected), qPrintable(pane.message()));
    // Rows already finished are kept, in the table and as status lines that say what happened.
    if (rows > 0)
        QVERIFY(pane.statusLines().size() >= rows);
    if (mode == QLatin1String("garbage"))
        QVERIFY2(pane.message().contains(QStringLiteral("1 stdout line could not be read; the last: reducescope-cli printed a line this app cannot read: not JSON: line 1")),
                 qPrintable(pane.message()));
    if (mode == QLatin1String("nodevice"))
        QVERIFY2(pane.deviceText().contains(QStringLiteral("no CUDA device")), qPrintable(pane.deviceText()));
    // the pane stays usable: a file loads, a new run can start
    QVERIFY(!pane.isRunning());
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QCOMPARE(pane.tableModel()->rowCount(), 13);
    qputenv("FAKE_CLI_MODE", "ok");
    finished.clear();
    if (!REDUCESCOPE_HAVE_CUDA && pane.isVisible()) {
        // A build without the CUDA kernels (the sanitizer build): once shown, the pane knows it
        // and refuses to run, saying why, with the file it showed kept.
        QVERIFY(!pane.run());
        QVERIFY2(pane.message().contains(QStringLiteral("no CUDA kernels")), qPrintable(pane.message()));
        QCOMPARE(pane.tableModel()->rowCount(), 13);
        return;
    }
    QVERIFY2(pane.run(), qPrintable(pane.message()));
    QCOMPARE(waitForFinish(finished).kind, BenchOutcome::Kind::Completed);
}

void TestBenchPane::cancelKeepsFinishedRows()
{
    qputenv("FAKE_CLI_MODE", "sleep");
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    QVERIFY(pane.run());
    QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 10000);
    QVERIFY(pane.isRunning());
    pane.cancel();
    const BenchOutcome o = waitForFinish(finished);
    QCOMPARE(o.kind, BenchOutcome::Kind::Cancelled);
    QVERIFY2(o.message.contains(QStringLiteral("2 finished results kept")), qPrintable(o.message));
    QCOMPARE(pane.tableModel()->rowCount(), 2);
    QCOMPARE(drawn(pane.chart(BenchChart::Kind::Bandwidth)).value(QStringLiteral("coarsened")), 687.6);
    QVERIFY(!pane.isRunning());
    // a second run while one runs is refused
    QVERIFY(pane.run());
    QVERIFY(!pane.run());
    QVERIFY(pane.message().contains(QStringLiteral("already running")));
    pane.cancel();
}

void TestBenchPane::rejectedLinesCounted_data()
{
    // Stray stdout lines before a good run: counted in the message, with the plural of the
    // language (reducescope_en.ts / reducescope_zh_CN.ts numerus forms).
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("lines");
    QTest::addColumn<QString>("expected");
    QTest::addRow("en, 1") << QStringLiteral("en") << 1 << QStringLiteral("Done: 4 results. 1 stdout line could not be read; the last: ");
    QTest::addRow("en, 2") << QStringLiteral("en") << 2 << QStringLiteral("Done: 4 results. 2 stdout lines could not be read; the last: ");
    QTest::addRow("en, 11") << QStringLiteral("en") << 11 << QStringLiteral(" 11 stdout lines could not be read; the last: ");
    QTest::addRow("zh_CN, 1") << QStringLiteral("zh_CN") << 1 << QStringLiteral(" 有 1 行标准输出无法读取；最后一行：");
    QTest::addRow("zh_CN, 3") << QStringLiteral("zh_CN") << 3 << QStringLiteral(" 有 3 行标准输出无法读取；最后一行：");
}

void TestBenchPane::rejectedLinesCounted()
{
    QFETCH(QString, language);
    QFETCH(int, lines);
    QFETCH(QString, expected);
    QVERIFY(app::setLanguage(language));
    qputenv("FAKE_CLI_MODE", "garbage");
    qputenv("FAKE_CLI_GARBAGE", QByteArray::number(lines));
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy rejected(pane.runner(), &app::BenchRunner::lineRejected);
    QVERIFY(pane.run());
    const BenchOutcome o = waitForFinish(finished);
    qunsetenv("FAKE_CLI_GARBAGE");
    const QString message = pane.message();
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    QCOMPARE(o.kind, BenchOutcome::Kind::Completed);
    QCOMPARE(rejected.count(), lines);
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("(s)")), qPrintable(message));
}

void TestBenchPane::summaryNamesSweptParameters_data()
{
    // The summary line names what was swept, both parameters of a block size × coarse factor
    // file, by name (not the file's ids).
    QTest::addColumn<QJsonValue>("sweep");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("absent");
    const auto values = [](std::initializer_list<int> v) {
        QJsonArray a;
        for (const int x : v)
            a.append(x);
        return a;
    };
    QTest::addRow("no sweep") << QJsonValue() << QString() << QStringLiteral("sweep over");
    QTest::addRow("block size") << QJsonValue(QJsonObject{{QStringLiteral("param"), QStringLiteral("block_size")},
                                                          {QStringLiteral("values"), values({256})}})
                                << QStringLiteral("sweep over block size") << QStringLiteral("block_size");
    QTest::addRow("coarse factor") << QJsonValue(QJsonObject{{QStringLiteral("param"), QStringLiteral("coarse_factor")},
                                                             {QStringLiteral("values"), values({4})}})
                                   << QStringLiteral("sweep over coarse factor") << QStringLiteral("coarse_factor");
    QTest::addRow("block size × coarse factor")
        << QJsonValue(QJsonObject{{QStringLiteral("param"), QStringLiteral("block_size")},
                                  {QStringLiteral("values"), values({256})},
                                  {QStringLiteral("second"), QJsonObject{{QStringLiteral("param"), QStringLiteral("coarse_factor")},
                                                                         {QStringLiteral("values"), values({4})}}}})
        << QStringLiteral("graph mode, hot cache, 100 reps, sweep over block size × coarse factor") << QStringLiteral("block_size");
}

void TestBenchPane::summaryNamesSweptParameters()
{
    QFETCH(QJsonValue, sweep);
    QFETCH(QString, expected);
    QFETCH(QString, absent);
    // The fixture's results all run at block size 256, coarse factor 4: one cell of each sweep.
    QJsonObject root = fixtureObject();
    QJsonObject params = root.value(QStringLiteral("params")).toObject();
    params.insert(QStringLiteral("sweep"), sweep.isUndefined() ? QJsonValue(QJsonValue::Null) : sweep);
    root.insert(QStringLiteral("params"), params);
    QTemporaryDir tmp;
    const QString path = writeFile(tmp, QStringLiteral("swept.json"), QJsonDocument(root).toJson());
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    const QString text = pane.deviceText();
    if (!expected.isEmpty())
        QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(!text.contains(absent), qPrintable(text));
}

void TestBenchPane::summarySaysIncomplete_data()
{
    // A results file with a top-level "incomplete" (a run that stopped early) says so on the summary
    // line, with the file's reason; a finished file does not.
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("incomplete");  // empty: no member
    QTest::addColumn<QString>("expected");    // the summary line ends with this
    QTest::addRow("finished, en") << "en" << "" << "graph mode, hot cache, 100 reps";
    QTest::addRow("cancelled, en") << "en" << "cancelled after 5 of 12 results"
                                   << "graph mode, hot cache, 100 reps, incomplete run (cancelled after 5 of 12 results)";
    QTest::addRow("crashed, en") << "en" << "reducescope-cli crashed after 0 of 3 results"
                                 << "100 reps, incomplete run (reducescope-cli crashed after 0 of 3 results)";
    QTest::addRow("cancelled, zh_CN") << "zh_CN" << "cancelled after 5 of 12 results"
                                      << QString::fromUtf8("运行未完成（cancelled after 5 of 12 results）");
    QTest::addRow("finished, zh_CN") << "zh_CN" << "" << QString::fromUtf8("100 次重复");
}

void TestBenchPane::summarySaysIncomplete()
{
    QFETCH(QString, language);
    QFETCH(QString, incomplete);
    QFETCH(QString, expected);
    app::setLanguage(language);
    QJsonObject root = fixtureObject();
    if (!incomplete.isEmpty())
        root.insert(QStringLiteral("incomplete"), incomplete);
    QTemporaryDir tmp;
    const QString path = writeFile(tmp, QStringLiteral("summary.json"), QJsonDocument(root).toJson());
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    // The first line (the shown file's); QTextDocument turns <br> into U+2028.
    const auto firstLine = [&pane] { return pane.deviceText().split(QRegularExpression(QStringLiteral("[\\n\\x{2028}]"))).first(); };
    const QString shown = firstLine();
    QVERIFY2(shown.endsWith(expected), qPrintable(shown));
    QCOMPARE(shown.contains(incomplete.isEmpty() ? QStringLiteral("incomplete") : incomplete), !incomplete.isEmpty());
    // Switching the language rewords it from the kept reason.
    app::setLanguage(language == QLatin1String("en") ? QStringLiteral("zh_CN") : QStringLiteral("en"));
    QCOMPARE(firstLine().contains(incomplete.isEmpty() ? QStringLiteral("incomplete") : incomplete),
             !incomplete.isEmpty());
    app::setLanguage(QStringLiteral("en"));
}

void TestBenchPane::cancelledSweepExportLoadsAgain_data()
{
    // A sweep cancelled part-way: params.sweep lists values (and 2-D cells) no result has. The
    // pane's JSON export says the run is incomplete, and the results reader loads it again.
    QTest::addColumn<QList<int>>("blocks");
    QTest::addColumn<QList<int>>("coarse");  // empty: a one-parameter sweep over block size
    QTest::addColumn<int>("kept");           // results printed before the cancel
    QTest::addRow("1-D block size, 1 of 3") << QList<int>{128, 256, 512} << QList<int>{} << 1;
    QTest::addRow("1-D block size, 2 of 3") << QList<int>{128, 256, 512} << QList<int>{} << 2;
    QTest::addRow("2-D, 1 of 4 cells") << QList<int>{128, 256} << QList<int>{1, 2} << 1;
    QTest::addRow("2-D, 3 of 6 cells (block 256 untouched)") << QList<int>{128, 256} << QList<int>{1, 2, 4} << 3;
    QTest::addRow("2-D, 5 of 6 cells") << QList<int>{128, 256} << QList<int>{1, 2, 4} << 5;
}

void TestBenchPane::cancelledSweepExportLoadsAgain()
{
    QFETCH(QList<int>, blocks);
    QFETCH(QList<int>, coarse);
    QFETCH(int, kept);
    // The run's lines: the fake CLI's start line with the sweep, then `kept` results of
    // `coarsened` in the engine's order (block size outer, coarse factor inner).
    QFile in(dataFile("fake_lines.jsonl"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = in.readAll().split('\n');
    QJsonObject start = QJsonDocument::fromJson(lines.at(0)).object();
    const QJsonObject result = QJsonDocument::fromJson(lines.at(2)).object();
    const QList<int> cs = coarse.isEmpty() ? QList<int>{4} : coarse;
    const int total = int(blocks.size() * cs.size());
    QJsonObject params = start.value(QStringLiteral("params")).toObject();
    QJsonObject sweep{{QStringLiteral("param"), QStringLiteral("block_size")},
                      {QStringLiteral("values"), QJsonArray::fromVariantList(QVariantList(blocks.begin(), blocks.end()))}};
    if (!coarse.isEmpty())
        sweep.insert(QStringLiteral("second"),
                     QJsonObject{{QStringLiteral("param"), QStringLiteral("coarse_factor")},
                                 {QStringLiteral("values"), QJsonArray::fromVariantList(QVariantList(coarse.begin(), coarse.end()))}});
    params.insert(QStringLiteral("sweep"), sweep);
    params.insert(QStringLiteral("strategies"), QJsonArray{QStringLiteral("coarsened")});
    params.insert(QStringLiteral("block_size"), blocks.first());
    params.insert(QStringLiteral("coarse_factor"), cs.first());
    start.insert(QStringLiteral("params"), params);
    start.insert(QStringLiteral("total"), total);
    QByteArray out = QJsonDocument(start).toJson(QJsonDocument::Compact) + '\n';
    for (int i = 0; i < kept; ++i) {
        QJsonObject r = result;
        r.insert(QStringLiteral("block_size"), blocks.at(i / int(cs.size())));
        r.insert(QStringLiteral("coarse_factor"), cs.at(i % int(cs.size())));
        out += QJsonDocument(r).toJson(QJsonDocument::Compact) + '\n';
    }
    QTemporaryDir tmp;
    qputenv("FAKE_CLI_LINES", writeFile(tmp, QStringLiteral("lines.jsonl"), out).toUtf8());
    qputenv("FAKE_CLI_MODE", "lines");
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    QVERIFY(pane.run());
    QTRY_COMPARE_WITH_TIMEOUT(results.count(), kept, 10000);
    pane.cancel();
    QCOMPARE(waitForFinish(finished).kind, BenchOutcome::Kind::Cancelled);
    const QString reason = QStringLiteral("cancelled after %1 of %2 results").arg(kept).arg(total);

    // Exported, the file says why it is incomplete and keeps the plan whole.
    const QString path = tmp.filePath(QStringLiteral("cancelled.json"));
    QString error;
    QVERIFY2(pane.exportData(path, &error), qPrintable(error));
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject file = QJsonDocument::fromJson(written.readAll()).object();
    QCOMPARE(file.value(QStringLiteral("incomplete")).toString(), reason);
    QCOMPARE(file.value(QStringLiteral("results")).toArray().size(), kept);
    QCOMPARE(file.value(QStringLiteral("params")).toObject().value(QStringLiteral("sweep")).toObject(), sweep);

    // ...and it loads again, in this pane and in a fresh one.
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    QCOMPARE(pane.tableModel()->rowCount(), kept);
    BenchmarkPane fresh;
    QVERIFY2(fresh.loadResults(path, &error), qPrintable(error));
    QCOMPARE(fresh.tableModel()->rowCount(), kept);
    QCOMPARE(QString::fromStdString(fresh.shownDocument().incomplete.value_or("")), reason);
    QCOMPARE(int(fresh.shownDocument().params.sweep->values.size()), int(blocks.size()));
    // A run that finished writes no "incomplete".
    qputenv("FAKE_CLI_MODE", "ok");
    finished.clear();
    QVERIFY(pane.run());
    QCOMPARE(waitForFinish(finished).kind, BenchOutcome::Kind::Completed);
    QVERIFY(pane.exportData(path, &error));
    written.close();
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(!QJsonDocument::fromJson(written.readAll()).object().contains(QStringLiteral("incomplete")));
}

void TestBenchPane::hangEndsOnCancelWithin2s()
{
    // Fault drill: a CLI that hangs after 2 results. Cancel ends it within 2 s; the
    // finished rows stay and the status says so.
    qputenv("FAKE_CLI_MODE", "sleep");
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    QVERIFY(pane.run());
    QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 10000);
    QElapsedTimer clock;
    clock.start();
    pane.cancel();
    const BenchOutcome o = waitForFinish(finished, 2000);
    const qint64 ms = clock.elapsed();
    qInfo("Cancel of a hung CLI ended it after %lld ms", ms);
    QCOMPARE(o.kind, BenchOutcome::Kind::Cancelled);
    QCOMPARE(pane.tableModel()->rowCount(), 2);
    QVERIFY2(pane.message().contains(QStringLiteral("Cancelled; 2 finished results kept.")), qPrintable(pane.message()));
}

void TestBenchPane::floodOfLinesKeepsPaneResponsive()
{
    if (!REDUCESCOPE_HAVE_CUDA)
        QSKIP("this build has no CUDA kernels, so the shown pane refuses to run (the sanitizer build); "
              "the normal build runs this");
    // Fault drill: result lines as fast as a pipe takes them. Asserted without the
    // machine's speed (30000 lines under a 120 s wall-clock wait failed on a loaded machine: the
    // pane took 22 s for them alone, and the time grows faster than the lines):
    // - every line is counted and the run ends Completed;
    // - the event loop keeps turning while the rows stream in: a zero-interval timer fires once
    //   per turn and sees the row count grow through many intermediate values;
    // - the table is updated at most once per turn that brought rows (the throttle: never once
    //   per line; a per-line update would make 6000 inserts), by appending rows: no model reset
    //   while the rows stream in (a reset relays out every row: quadratic in the lines);
    // - the table keeps the reader's scroll position.
    // The longest gap between two turns is reported (a figure, not a limit).
    constexpr int kLines = 6000;  // well above one refresh's worth of lines, small enough for a loaded machine
    qputenv("FAKE_CLI_MODE", "flood");
    qputenv("FAKE_CLI_FLOOD", QByteArray::number(kLines));
    BenchmarkPane pane;
    pane.resize(1200, 800);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy resets(pane.tableModel(), &QAbstractItemModel::modelReset);
    QSignalSpy redraws(pane.tableModel(), &QAbstractItemModel::rowsInserted);  // the table's updates
    QElapsedTimer clock, sinceTurn;
    qint64 longestGap = 0;
    QSet<qsizetype> seen;   // row counts seen by the turns while the run streamed
    int turnsWithRows = 0;  // turns that found more rows than the turn before
    qsizetype last = 0;
    QTimer turn;
    turn.setInterval(0);
    connect(&turn, &QTimer::timeout, &pane, [&] {
        longestGap = std::max(longestGap, sinceTurn.restart());
        const qsizetype rows = qsizetype(pane.shownDocument().results.size());
        if (rows > 0 && rows < kLines)
            seen.insert(rows);
        turnsWithRows += rows > last;
        last = rows;
    });
    clock.start();
    sinceTurn.start();
    turn.start();
    QVERIFY(pane.run());
    // Scroll the table while the rows stream in: the position must survive the refreshes.
    QTRY_VERIFY_WITH_TIMEOUT(pane.tableModel()->rowCount() > 1000, 240000);
    pane.tableView()->verticalScrollBar()->setValue(500);
    const int scrolledTo = pane.tableView()->verticalScrollBar()->value();
    const int redrawsBefore = int(redraws.count());
    const int resetsBefore = int(resets.count());  // the run's start resets the table once
    const bool streaming = pane.isRunning();  // on a fast machine the flood may be over already
    const BenchOutcome o = waitForFinish(finished, 240000);  // a bound for a hung run, not a speed limit
    turn.stop();
    qunsetenv("FAKE_CLI_FLOOD");
    qInfo("%d streamed results: %lld ms in all, %d loop turns brought rows (%lld row counts seen mid-run), "
          "%lld table updates (inserts), %lld resets, longest event-loop gap %lld ms",
          kLines, clock.elapsed(), turnsWithRows, qsizetype(seen.size()), qsizetype(redraws.count()),
          qsizetype(resets.count()), longestGap);
    QCOMPARE(o.kind, BenchOutcome::Kind::Completed);
    QCOMPARE(o.message, QStringLiteral("Done: %1 results.").arg(kLines));
    QCOMPARE(pane.tableModel()->rowCount(), kLines);
    QCOMPARE(int(pane.shownDocument().results.size()), kLines);
    QCOMPARE(pane.tableView()->verticalScrollBar()->value(), scrolledTo);
    QVERIFY2(seen.size() >= 10, qPrintable(QString::number(seen.size())));
    // No reset while streaming; one update at the end, and at most one per turn that brought rows.
    QCOMPARE(int(resets.count()), resetsBefore);
    QCOMPARE(resetsBefore, 1);
    QVERIFY2(redraws.count() <= turnsWithRows + 2,
             qPrintable(QStringLiteral("%1 updates, %2 turns with rows").arg(redraws.count()).arg(turnsWithRows)));
    if (streaming)
        QVERIFY2(redraws.count() > redrawsBefore, "the table was not updated after the scroll");
}

void TestBenchPane::statusFoldsOldLines_data()
{
    // The status list keeps the last kKeptLines lines that are not failures and counts
    // the older ones in a first line; every failure line stays.
    QTest::addColumn<int>("results");
    QTest::addColumn<int>("wrongEvery");  // every k-th result is a wrong one (0: none)
    QTest::addColumn<int>("folded");
    QTest::addColumn<QString>("first");   // the first status line ("" = no fold line)
    constexpr int keep = app::BenchRunPanel::kKeptLines;
    QTest::addRow("few lines") << 10 << 0 << 0 << QString();
    QTest::addRow("exactly kept") << keep << 0 << 0 << QString();
    QTest::addRow("one over") << keep + 1 << 0 << 1 << QStringLiteral("… 1 earlier line folded (failures are kept)");
    QTest::addRow("1500 ok") << 1500 << 0 << 500 << QStringLiteral("… 500 earlier lines folded (failures are kept)");
    QTest::addRow("1500, every 100th wrong") << 1500 << 100 << 485
                                              << QStringLiteral("… 485 earlier lines folded (failures are kept)");
    QTest::addRow("3000, every 7th wrong") << 3000 << 7 << 3000 - 3000 / 7 - keep
                                            << QStringLiteral("… %1 earlier lines folded (failures are kept)").arg(3000 - 3000 / 7 - keep);
}

void TestBenchPane::statusFoldsOldLines()
{
    QFETCH(int, results);
    QFETCH(int, wrongEvery);
    QFETCH(int, folded);
    QFETCH(QString, first);
    QFile in(dataFile("fake_lines.jsonl"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QList<QByteArray> fake = in.readAll().split('\n');
    const QByteArray ok = fake.at(2), wrong = fake.at(4);  // coarsened OK; warp_shuffle WRONG
    QVERIFY(wrong.contains("\"status\":\"wrong\""));
    QByteArray out = fake.at(0) + '\n';
    int wrongs = 0;
    for (int i = 1; i <= results; ++i) {
        const bool bad = wrongEvery > 0 && i % wrongEvery == 0;
        wrongs += bad;
        out += (bad ? wrong : ok) + '\n';
    }
    out += fake.last().isEmpty() ? fake.at(fake.size() - 2) : fake.last();
    out += '\n';
    QTemporaryDir tmp;
    qputenv("FAKE_CLI_LINES", writeFile(tmp, QStringLiteral("lines.jsonl"), out).toUtf8());
    qputenv("FAKE_CLI_MODE", "stream");
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QVERIFY(pane.run());
    const BenchOutcome o = waitForFinish(finished, 240000);
    qunsetenv("FAKE_CLI_LINES");
    QCOMPARE(o.kind, BenchOutcome::Kind::Completed);  // the fake CLI exits 0
    QCOMPARE(pane.tableModel()->rowCount(), results);  // the table keeps every row
    const QStringList lines = pane.statusLines();
    const int plain = results - wrongs;
    const int kept = std::min(plain, int(app::BenchRunPanel::kKeptLines));
    QCOMPARE(plain - kept, folded);
    QCOMPARE(lines.size(), (first.isEmpty() ? 0 : 1) + kept + wrongs);
    QCOMPARE(first.isEmpty() ? QString() : lines.first(), first);
    QCOMPARE(int(lines.filter(QStringLiteral("✗ warp_shuffle: WRONG")).size()), wrongs);
    QCOMPARE(int(lines.filter(QStringLiteral("✓ coarsened")).size()), kept);
    QVERIFY(lines.last().startsWith(wrongEvery > 0 && results % wrongEvery == 0 ? QStringLiteral("✗") : QStringLiteral("✓")));
    const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR");
    if (!dir.isEmpty() && folded > 0) {
        pane.resize(1400, 900);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QApplication::processEvents();
        QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_status_folded_%1.png").arg(results))));
    }
}

void TestBenchPane::badSettingsDoNotStart()
{
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    auto* n = pane.settings()->findChild<QLineEdit*>();
    QVERIFY(n);
    n->setText(QStringLiteral("a lot"));
    QVERIFY(!pane.run());
    QVERIFY2(pane.message().contains(QStringLiteral("N: expected an integer 1 .. 2^31")), qPrintable(pane.message()));
    QVERIFY(!pane.isRunning());
    n->setText(QStringLiteral("2^20"));
    pane.settings()->setCheckedStrategies({});
    QVERIFY(!pane.run());
    QVERIFY(pane.message().contains(QStringLiteral("kernels: check at least one")));
    QCOMPARE(app::BenchSettings::parseCount(QStringLiteral("1M")), qint64(1048576));
    QCOMPARE(app::BenchSettings::parseCount(QStringLiteral("1,048,576")), qint64(1048576));
    QCOMPARE(app::BenchSettings::parseCount(QStringLiteral("2^30")), qint64(1) << 30);
    QCOMPARE(app::BenchSettings::parseCount(QStringLiteral("-5")), qint64(0));
    qputenv("REDUCESCOPE_CLI", "/nonexistent/reducescope-cli");
    pane.settings()->setCheckedStrategies({QStringLiteral("cub")});
    QVERIFY(pane.run());  // the path is taken as given; the start failure is reported
    const BenchOutcome o = waitForFinish(finished);
    QCOMPARE(o.kind, BenchOutcome::Kind::StartFailed);
    QVERIFY2(o.message.contains(QStringLiteral("/nonexistent/reducescope-cli")), qPrintable(o.message));
    QVERIFY(!pane.isRunning());
}

// The N field takes what `reducescope-cli bench --n` takes (the same parser and limit, 2^31), and
// refuses the rest naming the field, N, before any CLI runs.
void TestBenchPane::nField_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("n");  // 0: refused
    QTest::addRow("plain") << QStringLiteral("1048576") << qint64(1048576);
    QTest::addRow("1M") << QStringLiteral("1M") << (qint64(1) << 20);
    QTest::addRow("lower-case suffix") << QStringLiteral("4k") << qint64(4096);
    QTest::addRow("digit groups") << QStringLiteral("1,048,576") << qint64(1048576);
    QTest::addRow("2^31, the largest") << QStringLiteral("2^31") << (qint64(1) << 31);
    QTest::addRow("2G, the same") << QStringLiteral("2G") << (qint64(1) << 31);
    QTest::addRow("2^31 + 1") << QStringLiteral("2147483649") << qint64(0);
    QTest::addRow("3G") << QStringLiteral("3G") << qint64(0);
    QTest::addRow("2^36, the pane's old limit") << QStringLiteral("2^36") << qint64(0);
    QTest::addRow("2^99") << QStringLiteral("2^99") << qint64(0);
    QTest::addRow("zero") << QStringLiteral("0") << qint64(0);
    QTest::addRow("negative") << QStringLiteral("-5") << qint64(0);
    QTest::addRow("hex") << QStringLiteral("0x100") << qint64(0);
    QTest::addRow("words") << QStringLiteral("a lot") << qint64(0);
}

void TestBenchPane::nField()
{
    QFETCH(QString, text);
    QFETCH(qint64, n);
    qputenv("REDUCESCOPE_CLI", "/nonexistent/reducescope-cli");  // nothing may run
    BenchmarkPane pane;
    auto* field = pane.settings()->findChild<QLineEdit*>();
    QVERIFY(field);
    field->setText(text);
    QString error;
    const auto request = pane.settings()->request(&error);
    if (n > 0) {
        QVERIFY2(request, qPrintable(error));
        QCOMPARE(request->n, n);
        QVERIFY(request->validate().isEmpty());
        return;
    }
    QVERIFY(!request);
    QVERIFY2(error.startsWith(QStringLiteral("N: expected an integer 1 .. 2^31 (e.g. 1048576, 1M, 2^20), got \"")),
             qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("--")), qPrintable(error));  // the field, not a CLI flag
    QVERIFY(!pane.run());
    QCOMPARE(pane.message(), QStringLiteral("Not started: %1").arg(error));
    QVERIFY(!pane.isRunning());
}

void TestBenchPane::realCliWithoutGpu()
{
    const QString cli = QStringLiteral(REDUCESCOPE_BUILD_CLI);
    if (cli.isEmpty() || !QFileInfo(cli).isExecutable())
        QSKIP("reducescope-cli is not built in this tree");
    qputenv("REDUCESCOPE_CLI", cli.toUtf8());
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    pane.settings()->setCheckedStrategies({QStringLiteral("coarsened"), QStringLiteral("cpu")});
    QVERIFY(pane.run());
    const BenchOutcome o = waitForFinish(finished, 60000);
    if (o.kind == BenchOutcome::Kind::Completed || o.kind == BenchOutcome::Kind::SomeFailed)
        QSKIP("a GPU is present: the no-GPU path is not exercised here");
    QCOMPARE(o.kind, BenchOutcome::Kind::NoDevice);
    QVERIFY2(o.message.startsWith(QStringLiteral("No CUDA device (reducescope-cli exit 77): ")), qPrintable(o.message));
    QVERIFY(pane.deviceText().contains(QStringLiteral("no CUDA device")));
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
}

void TestBenchPane::multiGpuFile()
{
    QStringList files;
    QDirIterator it(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results"), {QStringLiteral("multi_gpu*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    QVERIFY2(!files.isEmpty(), "no multi-GPU recording (multi_gpu*.json) found in docs/results");
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(files.first(), &error), qPrintable(error));
    QVERIFY(!pane.scalingChart()->drawnCombines().isEmpty());
    // Export -> load: the multi-GPU figures come back (they did not in the pane's old export).
    const auto combines = pane.scalingChart()->drawnCombines();
    const auto sizes = pane.scalingChart()->sizes();
    const bench::ResultsFile before = pane.shownDocument();
    QTemporaryDir tmp;
    const QString exported = tmp.filePath(QStringLiteral("multi.json"));
    QVERIFY2(pane.exportData(exported, &error), qPrintable(error));
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QVERIFY(pane.scalingChart()->drawnCombines().isEmpty());
    QVERIFY2(pane.loadResults(exported, &error), qPrintable(error));
    QCOMPARE(pane.scalingChart()->drawnCombines(), combines);
    QCOMPARE(pane.scalingChart()->sizes(), sizes);
    QVERIFY(pane.shownDocument() == before);
    QVERIFY(pane.loadedDocument(exported) && !pane.loadedDocument(files.first()));
    // and a single-GPU file empties it again
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QVERIFY(pane.scalingChart()->drawnCombines().isEmpty());
}

void TestBenchPane::multiGpuResultsDrawn()
{
    // A file's multi-GPU results reach the Multi-GPU tab (single-GPU ones do not); only verified
    // ones are drawn, with the file's time, algbw and busbw; the others are flagged.
    QJsonObject doc = fixtureObject();
    QJsonArray results = doc[QStringLiteral("results")].toArray();
    // algbw = bytes / median time and busbw = algbw × 2(k-1)/k for an all-reduce: the reader
    // checks both against the time, so they are computed here, not made up.
    auto tag = [&](int i, int gpus, const char* combine, const char* status) {
        QJsonObject r = results[i].toObject();
        const double median = r[QStringLiteral("time_ms")].toObject()[QStringLiteral("median")].toDouble();
        const double alg = r[QStringLiteral("bytes_read")].toDouble() / (median * 1e6);
        const double bus = alg * 2 * (gpus - 1) / gpus;
        r[QStringLiteral("gpus")] = gpus;
        r[QStringLiteral("combine")] = QLatin1String(combine);
        r[QStringLiteral("status")] = QLatin1String(status);
        r[QStringLiteral("algbw_gbs")] = QString::fromLatin1(status) == QLatin1String("ok") ? QJsonValue(alg) : QJsonValue();
        r[QStringLiteral("busbw_gbs")] = QString::fromLatin1(status) == QLatin1String("ok") ? QJsonValue(bus) : QJsonValue();
        if (QString::fromLatin1(status) != QLatin1String("ok")) {
            for (const char* k : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})  // no speed unless ok (results_checks.h)
                r.remove(QLatin1String(k));
            r[QStringLiteral("bandwidth_gbs")] = QJsonValue();
            r[QStringLiteral("time_ms")] = QJsonValue();
        }
        r.remove(QStringLiteral("speedup_vs_cpu"));  // a multi-GPU result has no speed-ups (results_checks.h)
        r.remove(QStringLiteral("speedup_vs_cub"));
        r.remove(QStringLiteral("pct_peak"));  // its one-GPU figure, not of gpus × the peak
        results[i] = r;
    };
    tag(0, 1, "nccl_allreduce", "ok");
    tag(1, 2, "nccl_allreduce", "ok");
    tag(2, 2, "p2p", "skipped");
    doc[QStringLiteral("results")] = results;
    QTemporaryDir tmp;
    const QString path = writeFile(tmp, QStringLiteral("multi.json"), QJsonDocument(doc).toJson());
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    views::BenchScalingChart* chart = pane.scalingChart();
    QCOMPARE(chart->sizes(), QList<qint64>{1048576});
    QCOMPARE(chart->drawnCombines(), QStringList{QStringLiteral("nccl_allreduce")});
    QCOMPARE(chart->flags(), QStringList{QStringLiteral("K=2 p2p: skipped")});  // never drawn as a speed
    QVERIFY2(chart->message().contains(QStringLiteral("K = 1..2")), qPrintable(chart->message()));
    // The time chart (µs) and the bandwidth chart (algbw, then busbw, per combine), as drawn.
    const QList<QCustomPlot*> plots = chart->findChildren<QCustomPlot*>();
    QCOMPARE(plots.size(), 2);
    QCustomPlot* time = plots.at(0);
    QCustomPlot* bandwidth = plots.at(1);
    QCOMPARE(time->graphCount(), 1);
    QCOMPARE(bandwidth->graphCount(), 2);
    QCOMPARE(time->graph(0)->data()->size(), 2);  // K = 1 and K = 2
    const double alg2 = 4194304 / (0.0198 * 1e6);
    QCOMPARE(time->graph(0)->data()->at(1)->key, 2.0);
    QCOMPARE(time->graph(0)->data()->at(1)->value, 0.0198 * 1e3);
    QCOMPARE(bandwidth->graph(0)->data()->at(1)->value, alg2);
    QCOMPARE(bandwidth->graph(1)->data()->at(1)->value, alg2);  // k = 2: 2(k-1)/k = 1
    QCOMPARE(bandwidth->graph(1)->data()->at(0)->value, 0.0);  // k = 1: an all-reduce's bus factor is 0
}

void TestBenchPane::recordedMenu()
{
    BenchmarkPane pane;
    QToolButton* open = nullptr;
    for (QToolButton* b : pane.findChildren<QToolButton*>())
        if (b->text() == QStringLiteral("Open results…"))
            open = b;
    QVERIFY(open && open->menu());
    emit open->menu()->aboutToShow();
    const QList<QAction*> actions = open->menu()->actions();
    QVERIFY(!actions.isEmpty());
    if (!actions.first()->isEnabled())
        QSKIP("this test binary is not inside the source tree: no docs/results/ near it");
    QAction* pick = nullptr;
    for (QAction* a : actions)
        if (a->text().endsWith(QStringLiteral("bench_1m_graph_hot.json")))
            pick = a;
    if (!pick)
        pick = actions.first();
    pick->trigger();
    QVERIFY2(pane.message().startsWith(QStringLiteral("Loaded ")), qPrintable(pane.message()));
    QVERIFY(pane.tableModel()->rowCount() > 0);
}

// Open results lists each shipped file by what it holds, built from the file's device, date, N,
// mode and cache (and its sweep), not by its name; the lecture file comes first.
void TestBenchPane::openResultsListsWhatFilesHold()
{
    QString error;
    const auto fixture = app::BenchResultsReader::readDocument(dataFile("fixture_1m.json"), &error);
    QVERIFY2(fixture, qPrintable(error));
    QCOMPARE(app::resultsFileSummary(*fixture),
             QStringLiteral("NVIDIA H200 (fixture) · 2026-11-29 · N = 1,048,576 · graph mode, hot cache · 13 results"));
    const auto sweep = app::BenchResultsReader::readDocument(dataFile("fixture_sweep.json"), &error);
    QVERIFY2(sweep, qPrintable(error));
    QVERIFY2(app::resultsFileSummary(*sweep).contains(QStringLiteral(" · sweep over ")), qPrintable(app::resultsFileSummary(*sweep)));
    BenchmarkPane pane;
    const QList<app::RecordedResults> files = pane.recordedResults();
    if (files.isEmpty())
        QSKIP("this test binary is not inside the source tree: no docs/results/ near it");
    QVERIFY(files.first().lecture);
    QCOMPARE(files.first().label,
             QStringLiteral("Lecture: NVIDIA H200 · 2026-12-01 · N = 1,048,576 · graph mode, hot cache · 24 results"));
    QCOMPARE(files.first().relative, QStringLiteral("lecture/h200_1m_graph_hot.json"));
    for (const app::RecordedResults& f : files) {
        QVERIFY2(!f.label.contains(QStringLiteral(".json")), qPrintable(f.label));  // what it holds, not its name
        // ... and how many results, counted ("1 result", "24 results").
        static const QRegularExpression counted(QStringLiteral("\\b\\d+ results?\\b"));
        QVERIFY2(f.label.contains(QStringLiteral(" · ")) && counted.match(f.label).hasMatch(), qPrintable(f.label));
    }
    // The menu shows the same labels, with the file's path as the tooltip.
    QToolButton* open = nullptr;
    for (QToolButton* b : pane.findChildren<QToolButton*>())
        if (b->text() == QStringLiteral("Open results…"))
            open = b;
    QVERIFY(open && open->menu());
    emit open->menu()->aboutToShow();
    const QList<QAction*> actions = open->menu()->actions();
    QCOMPARE(actions.size(), files.size());
    QCOMPARE(actions.first()->text(), files.first().label);
    QCOMPARE(actions.first()->toolTip(), files.first().relative);
}

// No GPU here (the CLI exits 77): the pane opens the shipped lecture file by itself, and Run says
// why it cannot run (and asks for a GPU host) instead of doing nothing.
void TestBenchPane::lectureFileWithoutGpu()
{
    const QString lecture = app::lectureResultsPath();
    if (lecture.isEmpty())
        QSKIP("this test binary is not inside the source tree: no docs/results/ near it");
    QString error;
    const auto file = app::BenchResultsReader::readDocument(lecture, &error);
    QVERIFY2(file, qPrintable(error));
    QCOMPARE(int(file->results.size()), 24);
    QVERIFY(file->ceilings && file->ceilings->read_dot_gbs);  // the dot products' own ceiling
    for (const bench::Result& r : file->results)
        if (r.ceiling_ratio)
            QVERIFY2(*r.ceiling_ratio <= 1.0, r.strategy.c_str());  // nothing above the ceiling it is compared with
    qputenv("FAKE_CLI_MODE", "nodevice");
    BenchmarkPane pane;
    QSignalSpy probed(pane.runner(), &app::BenchRunner::deviceProbed);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    // A build without the CUDA kernels (the sanitizer build) asks the CLI nothing: it knows.
    const bool cudaBuild = REDUCESCOPE_HAVE_CUDA;
    if (cudaBuild)
        QVERIFY(probed.wait(10000));
    QTRY_COMPARE(pane.shownSource(), QStringLiteral("h200_1m_graph_hot.json"));
    QCOMPARE(pane.tableModel()->rowCount(), 24);
    QVERIFY2(pane.message().startsWith(QStringLiteral("No GPU on this machine: showing the lecture results")), qPrintable(pane.message()));
    QSignalSpy wanted(&pane, &BenchmarkPane::gpuHostWanted);
    QVERIFY(!pane.run());
    QVERIFY(!pane.isRunning());
    QCOMPARE(wanted.count(), 1);
    QVERIFY2(pane.message().startsWith(cudaBuild ? QStringLiteral("Cannot run here: this machine has no CUDA device")
                                                 : QStringLiteral("Cannot run here: this build of ReduceScope has no CUDA kernels")),
             qPrintable(pane.message()));
    QCOMPARE(pane.tableModel()->rowCount(), 24);  // what was shown stays
    // A file the user opened first is not replaced by the lecture file.
    BenchmarkPane other;
    QVERIFY(other.loadResults(dataFile("fixture_1m.json"), &error));
    QVERIFY(!other.openLectureResults());
    QCOMPARE(other.shownSource(), QStringLiteral("fixture_1m.json"));
}

// "预期错误" on the bandwidth chart reads upright, one character a line; "expected wrong" is
// turned a quarter to run up the bar.
void TestBenchPane::chineseFlagUpright()
{
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(app::setLanguage(lang));
        BenchmarkPane pane;
        QString error;
        QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
        BenchChart* chart = pane.chart(BenchChart::Kind::Bandwidth);
        int flags = 0;
        for (int i = 0; i < chart->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(chart->item(i))) {
                const QString plain = QString(t->text()).remove(QLatin1Char('\n'));
                if (plain == QStringLiteral("expected wrong")) {
                    ++flags;
                    QCOMPARE(t->rotation(), -90.0);
                } else if (plain == QStringLiteral("预期错误")) {
                    ++flags;
                    QCOMPARE(t->rotation(), 0.0);
                    QCOMPARE(t->text(), QStringLiteral("预\n期\n错\n误"));
                }
            }
        QCOMPARE(flags, 1);
    }
    QVERIFY(app::setLanguage(QStringLiteral("en")));
}

// The file the README recommended before: its dot products stand at 104 % of the one-vector read
// ceiling; the chart says which, by how much, and why.
// Presentation mode raises the application font; the charts' text grows with it and comes back.
void TestBenchPane::chartTextFollowsTheWindowFont()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    BenchChart* chart = pane.chart(BenchChart::Kind::Bandwidth);
    const QFont desktop = QApplication::font();
    const qreal tickPt = chart->xAxis->tickLabelFont().pointSizeF();
    QCOMPARE(chart->textScale(), 1.0);
    QFont big = desktop;
    big.setPixelSize(2 * QFontInfo(desktop).pixelSize());
    QApplication::setFont(big);
    QCoreApplication::sendPostedEvents();
    QVERIFY2(std::abs(chart->textScale() - 2.0) < 0.2, qPrintable(QString::number(chart->textScale())));
    QVERIFY(chart->xAxis->tickLabelFont().pointSizeF() > 1.8 * tickPt);
    QApplication::setFont(desktop);
    QCoreApplication::sendPostedEvents();
    QCOMPARE(chart->textScale(), 1.0);
    QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), tickPt);
}

// Presentation mode's text (about 1.7x) grew the title, both legends and the rotated names of
// the lecture file's 24 strategies until the bars had a 30 px strip of a 1920x1080 screen; the
// chart's least height now grows with its text, so its plot keeps room (the tab scrolls).
void TestBenchPane::presentationChartKeepsItsPlot()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results/lecture/h200_1m_graph_hot.json"), &error),
             qPrintable(error));
    BenchChart* chart = pane.chart(BenchChart::Kind::Bandwidth);
    QCOMPARE(chart->minimumHeight(), 320);
    const QFont desktop = QApplication::font();
    QFont big = desktop;
    big.setPixelSize(int(std::lround(1.7 * QFontInfo(desktop).pixelSize())));
    QApplication::setFont(big);
    QCoreApplication::sendPostedEvents();
    QVERIFY2(chart->minimumHeight() >= 320 + 520 * 0.6, qPrintable(QString::number(chart->minimumHeight())));
    // The pane as a 1920x1080 window in presentation mode shows it; the chart at its least height.
    pane.showChart(BenchChart::Kind::Bandwidth);
    pane.resize(1900, 960);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    chart->resize(chart->width(), chart->minimumHeight());
    QCoreApplication::sendPostedEvents();
    chart->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY2(chart->axisRect()->height() >= 150,
             qPrintable(QStringLiteral("plot %1 px tall in a chart of %2").arg(chart->axisRect()->height()).arg(chart->height())));
    // race's flag, turned up its bar, is no longer than the plot is tall (smaller text, not cut).
    QCoreApplication::processEvents();
    chart->replot(QCustomPlot::rpImmediateRefresh);
    int flags = 0;
    for (int i = 0; i < chart->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(chart->item(i)); t && t->text() == QStringLiteral("expected wrong")) {
            ++flags;
            QVERIFY2(QFontMetricsF(t->font()).horizontalAdvance(t->text()) <= chart->axisRect()->height(),
                     qPrintable(QStringLiteral("flag %1 px long in a plot %2 px tall")
                                    .arg(QFontMetricsF(t->font()).horizontalAdvance(t->text()))
                                    .arg(chart->axisRect()->height())));
        }
    QCOMPARE(flags, 1);
    QApplication::setFont(desktop);
    QCoreApplication::sendPostedEvents();
    QCOMPARE(chart->minimumHeight(), 320);
}

void TestBenchPane::dotProductsAboveOneVectorCeilingExplained()
{
    const QString old = QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results/h200-2026-11-29/final-b0b23a5/bench_1m_graph_hot.json");
    if (!QFileInfo::exists(old))
        QSKIP("docs/results is not in this tree");
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(old, &error), qPrintable(error));
    const QString note = pane.chart(BenchChart::Kind::Bandwidth)->ceilingNote();
    QVERIFY2(note.startsWith(QStringLiteral("Above the read ceiling: dot_coarsened at 104 % of it, dot_fma at 104 % of it.")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("one vector of N floats (4.2 MB); a dot product reads two (x and y, 8.4 MB)")), qPrintable(note));
    // The lecture file has the two-vector ceiling: nothing above it, no note.
    QVERIFY(pane.loadResults(app::lectureResultsPath(), &error));
    QCOMPARE(pane.chart(BenchChart::Kind::Bandwidth)->ceilingNote(), QString());
    // The time chart's title and its legend say the same about the whiskers: the lecture file is
    // format 1 (median, min, max), so neither promises any.
    const BenchChart* time = pane.chart(BenchChart::Kind::Time);
    QVERIFY2(time->titleText().contains(QStringLiteral("no quartiles recorded, no whiskers")), qPrintable(time->titleText()));
    QVERIFY2(!time->noiseLegend().isEmpty() && time->noiseLegend().front().startsWith(QStringLiteral("no quartiles recorded, no whiskers")),
             qPrintable(time->noiseLegend().join(QLatin1Char('|'))));
}

void TestBenchPane::devicePanel_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("scaling");  // what the Multi-GPU tab says about this machine ("" = nothing)
    QTest::addRow("a GPU") << QStringLiteral("ok") << QStringLiteral("This machine: NVIDIA H200 (fixture) · 132 SMs · L2 60 MiB · peak 4915 GB/s · driver 13.0")
                           << QStringLiteral("Only one GPU here: scaling needs 2 or more");
    QTest::addRow("no CUDA device") << QStringLiteral("nodevice") << QStringLiteral("This machine: no CUDA device (no CUDA device (cudaGetDeviceCount")
                                    << QStringLiteral("No CUDA device here");
    QTest::addRow("CLI missing") << QStringLiteral("missing") << QStringLiteral("This machine: GPU unknown (cannot start /nonexistent/reducescope-cli")
                                 << QString();
}

void TestBenchPane::devicePanel()
{
    QFETCH(QString, mode);
    QFETCH(QString, expected);
    qputenv("FAKE_CLI_MODE", mode.toUtf8());
    if (mode == QLatin1String("missing"))
        qputenv("REDUCESCOPE_CLI", "/nonexistent/reducescope-cli");
    BenchmarkPane pane;
    QSignalSpy probed(pane.runner(), &app::BenchRunner::deviceProbed);
    pane.runner()->probeDevice();
    QVERIFY(probed.wait(10000));
    QVERIFY2(pane.deviceText().contains(expected), qPrintable(pane.deviceText()));
    QFETCH(QString, scaling);
    const QString said = pane.scalingChart()->message();
    if (scaling.isEmpty())
        QVERIFY2(!said.contains(QStringLiteral(" here")), qPrintable(said));  // the machine is unknown: no claim
    else
        QVERIFY2(said.contains(scaling), qPrintable(said));
    // with nothing loaded, the panel says how to get results
    QString error;
    QVERIFY(pane.loadResults(dataFile("fixture_1m.json"), &error));
    QVERIFY(pane.deviceText().startsWith(QStringLiteral("Showing fixture_1m.json: NVIDIA H200 (fixture)")));
    QVERIFY2(pane.deviceText().contains(expected), qPrintable(pane.deviceText()));
    QVERIFY2(!pane.deviceText().contains(QStringLiteral("also on this GPU")), qPrintable(pane.deviceText()));
}

void TestBenchPane::otherProcessesOnTheDeviceLine()
{
    // A file that records NVML's process list names each other process on the device line, with
    // its name and memory where NVML gave them.
    QFile in(dataFile("fixture_1m.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray text = in.readAll();
    const int brace = text.indexOf('{');
    text.insert(brace + 1, R"("gpu_processes": [{"pid": 4242, "name": "python3", "used_memory_bytes": 2147483648},)"
                           R"( {"pid": 77, "name": "", "used_memory_bytes": null}], )");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared_gpu.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(path, &error), qPrintable(error));
    QVERIFY2(pane.deviceText().contains(QStringLiteral("also on this GPU: pid 4242 (python3, 2048 MiB), pid 77")),
             qPrintable(pane.deviceText()));
}

void TestBenchPane::screenshots()
{
    const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set BENCHPANE_SCREENSHOT_DIR to write screenshots");
    const QString file1m = qEnvironmentVariable("BENCHPANE_1M", dataFile("fixture_1m.json"));
    const QString fileSweep = qEnvironmentVariable("BENCHPANE_SWEEP", dataFile("fixture_sweep.json"));
    qputenv("FAKE_CLI_MODE", "nodevice");
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(file1m, &error), qPrintable(error));
    showPane(pane);
    QTest::qWait(300);
    const QList<QPair<BenchChart::Kind, QString>> shots{{BenchChart::Kind::Time, QStringLiteral("bench_time.png")},
                                                        {BenchChart::Kind::Bandwidth, QStringLiteral("bench_bandwidth.png")},
                                                        {BenchChart::Kind::Speedup, QStringLiteral("bench_speedup.png")}};
    for (const auto& [kind, name] : shots) {
        pane.showChart(kind);
        QApplication::processEvents();
        QVERIFY(pane.grab().save(QDir(dir).filePath(name)));
        QVERIFY(pane.chart(kind)->exportTo(QDir(dir).filePath(QStringLiteral("chart_") + name), &error, 1200, 700));
    }
    QVERIFY2(pane.loadResults(fileSweep, &error), qPrintable(error));
    QApplication::processEvents();
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_sweep.png"))));
    QVERIFY(pane.chart(BenchChart::Kind::Sweep)->exportTo(QDir(dir).filePath(QStringLiteral("chart_bench_sweep.png")), &error, 1200, 700));

    // Overlay of two files and the dark palette (optional: BENCHPANE_OVERLAY names the second file).
    const QString second = qEnvironmentVariable("BENCHPANE_OVERLAY");
    if (!second.isEmpty()) {
        QVERIFY2(pane.loadResults(file1m, &error), qPrintable(error));
        QVERIFY2(pane.loadOverlay(second, &error), qPrintable(error));
        pane.showChart(BenchChart::Kind::Bandwidth);
        QApplication::processEvents();
        QVERIFY(pane.chart(BenchChart::Kind::Bandwidth)->exportTo(QDir(dir).filePath(QStringLiteral("chart_bench_overlay.png")), &error, 1200, 700));
        pane.clearOverlay();
    }
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    pane.setPalette(dark);
    QVERIFY2(pane.loadResults(file1m, &error), qPrintable(error));
    pane.showChart(BenchChart::Kind::Time);
    QApplication::processEvents();
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_dark.png"))));
}

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestBenchPane t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_bench_pane.moc"
