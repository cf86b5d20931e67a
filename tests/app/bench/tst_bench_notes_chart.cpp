// SPDX-License-Identifier: GPL-3.0-or-later
// In the benchmark pane: the Comparison tab shows the notes of `reducescope-cli compare`
// (worded from bench::CompareNote, in English and Chinese) and a failed run's own message; the
// bandwidth chart names its reference lines where no bar figure can be covered (checked on every
// shipped results file at 1920×1080 and 1280×800); the time and bandwidth charts draw each cell's
// quartiles as whiskers (q1..q3, format 2; none for a format-1 file), say so in the title and the
// legend alike (en, zh_CN), and hatch the cells above the run's noise limit.
#include "views/bench/bench_comparison_view.h"
#include "app/bench/bench_results.h"
#include "app/bench/benchmark_pane.h"
#include "app/common/language.h"
#include "bench/compare.h"
#include "bench_pane_test_data.h"
#include "views/bench/bench_display.h"

#include <algorithm>
#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace reducescope;
using app::BenchComparisonView;
using app::BenchmarkPane;
using views::BenchChart;

namespace {

using testdata::dataFile;
using testdata::fixtureObject;

QString writeJson(const QTemporaryDir& dir, const QString& name, const QJsonObject& o)
{
    return testdata::writeFile(dir, name, QJsonDocument(o).toJson());
}

/// The fixture edited as a row of the tests says: "b-empty", "b-loop", "b-a100" (on B only).
QJsonObject edited(const QString& edit)
{
    QJsonObject o = fixtureObject();
    if (edit.contains(QLatin1String("empty")))
        o.insert(QStringLiteral("results"), QJsonArray());
    if (edit.contains(QLatin1String("a100"))) {
        QJsonObject d = o.value(QStringLiteral("device")).toObject();
        d.insert(QStringLiteral("name"), QStringLiteral("NVIDIA A100"));
        o.insert(QStringLiteral("device"), d);
    }
    if (edit.contains(QLatin1String("loop"))) {
        QJsonObject p = o.value(QStringLiteral("params")).toObject();
        p.insert(QStringLiteral("mode"), QStringLiteral("loop"));
        o.insert(QStringLiteral("params"), p);
        QJsonArray rs = o.value(QStringLiteral("results")).toArray();
        for (qsizetype i = 0; i < rs.size(); ++i) {
            QJsonObject r = rs.at(i).toObject();
            r.insert(QStringLiteral("mode"), QStringLiteral("loop"));
            rs.replace(i, r);
        }
        o.insert(QStringLiteral("results"), rs);
    }
    return o;
}

/// Every shipped results file (docs/results/**.json): one GPU, sweeps and multi-GPU, each of which
/// draws bandwidth bars.
QStringList shippedResultsFiles()
{
    QStringList files;
    QDirIterator it(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

class TestBenchNotesChart : public QObject {
    Q_OBJECT
private slots:
    void cleanup();
    void comparisonNotes_data();
    void comparisonNotes();
    void sameFileNote();
    void failedRunMessage_data();
    void failedRunMessage();
    void referenceLabelsNeverCoverBars_data();
    void referenceLabelsNeverCoverBars();
    void noiseWhiskersAndHatching_data();
    void noiseWhiskersAndHatching();
    void screenshots_data();
    void screenshots();
};

void TestBenchNotesChart::cleanup() { app::setLanguage(QStringLiteral("en")); }

void TestBenchNotesChart::comparisonNotes_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("lines");
    const QString twoGpusEn = QStringLiteral("The shown file ran on NVIDIA H200 (fixture), the compared file on NVIDIA A100: "
                                             "the verdicts compare two GPUs, not two versions of the code.");
    QTest::addRow("none") << "" << "en" << QStringList{};
    QTest::addRow("B empty") << "b-empty" << "en"
                             << QStringList{QStringLiteral("The compared file holds no results: nothing to compare.")};
    QTest::addRow("loop against graph") << "b-loop" << "en"
        << QStringList{QStringLiteral("No cell is in both files (a cell is strategy, operation, n, block size, coarse factor, "
                                      "mode and cache; shown: graph, compared: loop).")};
    QTest::addRow("two GPUs") << "b-a100" << "en" << QStringList{twoGpusEn};
    QTest::addRow("B empty on another GPU") << "b-empty-a100" << "en"
        << QStringList{QStringLiteral("The compared file holds no results: nothing to compare."), twoGpusEn};
    QTest::addRow("B empty, zh_CN") << "b-empty" << "zh_CN" << QStringList{QStringLiteral("对比文件没有结果：无可比较。")};
    QTest::addRow("loop against graph, zh_CN") << "b-loop" << "zh_CN"
        << QStringList{QStringLiteral("没有两个文件共有的单元（单元由策略、运算、n、线程块大小、粗化因子、计时模式和缓存确定；"
                                      "当前：graph，对比：loop）。")};
    QTest::addRow("two GPUs, zh_CN") << "b-a100" << "zh_CN"
        << QStringList{QStringLiteral("当前文件在 NVIDIA H200 (fixture) 上运行，对比文件在 NVIDIA A100 上：这些判定比较的是两块 "
                                      "GPU，而不是代码的两个版本。")};
}

void TestBenchNotesChart::comparisonNotes()
{
    QFETCH(QString, edit);
    QFETCH(QString, language);
    QFETCH(QStringList, lines);
    QVERIFY(app::setLanguage(language));
    QTemporaryDir tmp;
    const QString b = writeJson(tmp, QStringLiteral("b.json"), edited(edit));
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY2(pane.loadOverlay(b, &error), qPrintable(error));
    const BenchComparisonView* view = pane.comparisonView();
    // The same notes as data as the CLI's (compare_note_list), worded in the pane's language.
    const auto doc = app::BenchResultsReader::readDocument(b, &error);
    QVERIFY(doc);
    const auto expected = bench::compare_note_list(pane.shownDocument(), *doc, view->rows(), false);
    QVERIFY(view->notes() == expected);
    QCOMPARE(view->noteLines(), lines);
}

void TestBenchNotesChart::sameFileNote()
{
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY2(pane.loadOverlay(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QCOMPARE(pane.comparisonView()->noteLines(),
             QStringList{QStringLiteral("The shown file and the compared file are the same file.")});
    // A copy is another file: no note, every verified cell SAME.
    QTemporaryDir tmp;
    const QString copy = tmp.filePath(QStringLiteral("copy.json"));
    QVERIFY(QFile::copy(dataFile("fixture_1m.json"), copy));
    QVERIFY2(pane.loadOverlay(copy, &error), qPrintable(error));
    QVERIFY(pane.comparisonView()->noteLines().isEmpty());
    pane.clearOverlay();
    QVERIFY(pane.comparisonView()->notes().empty());
}

void TestBenchNotesChart::failedRunMessage_data()
{
    QTest::addColumn<int>("index");       // the fixture's result
    QTest::addColumn<bool>("inCompared");  // the failed run is the compared file's (else the shown file's)
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("verdict");
    QTest::addRow("shown: wrong") << 7 << false << "en"
        << "not compared: the shown run is wrong: result 157286.4 outside tolerance 1.1";
    QTest::addRow("shown: skipped") << 8 << false << "en"
        << "not compared: the shown run is skipped: cooperative launch unavailable";
    QTest::addRow("compared: error") << 0 << true << "en"
        << "not compared: the compared run is error: cudaErrorLaunchOutOfResources: too many resources requested";
    QTest::addRow("shown: wrong, zh_CN") << 7 << false << "zh_CN"
        << "未比较：当前运行的状态是“错误”：result 157286.4 outside tolerance 1.1";
    QTest::addRow("compared: error, zh_CN") << 0 << true << "zh_CN"
        << "未比较：对比运行的状态是“出错”：cudaErrorLaunchOutOfResources: too many resources requested";
}

void TestBenchNotesChart::failedRunMessage()
{
    QFETCH(int, index);
    QFETCH(bool, inCompared);
    QFETCH(QString, language);
    QFETCH(QString, verdict);
    QVERIFY(app::setLanguage(language));
    QJsonObject o = fixtureObject();
    if (inCompared) {
        QJsonArray rs = o.value(QStringLiteral("results")).toArray();
        QJsonObject r = rs.at(index).toObject();
        r.insert(QStringLiteral("status"), QStringLiteral("error"));
        r.insert(QStringLiteral("message"), QStringLiteral("cudaErrorLaunchOutOfResources: too many resources requested"));
        for (const char* k : {"time_ms", "result", "abs_error", "bandwidth_gbs", "pct_peak", "pct_ceiling", "speedup_vs_cpu",
                              "speedup_vs_cub"})
            r.insert(QLatin1String(k), QJsonValue::Null);
        rs.replace(index, r);
        o.insert(QStringLiteral("results"), rs);
    }
    QTemporaryDir tmp;
    const QString b = writeJson(tmp, QStringLiteral("b.json"), o);
    BenchmarkPane pane;
    QString error;
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY2(pane.loadOverlay(b, &error), qPrintable(error));
    QCOMPARE(pane.comparison()[std::size_t(index)].verdict, bench::Verdict::NotCompared);
    const QTableWidgetItem* item = pane.comparisonTable()->item(index, BenchComparisonView::VerdictColumn);
    QCOMPARE(item->text(), verdict);
    // The whole message in the tooltip, as the file holds it.
    QCOMPARE(item->toolTip(), QString::fromStdString(pane.comparison()[std::size_t(index)].failed_message));
}

void TestBenchNotesChart::referenceLabelsNeverCoverBars_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QSize>("size");
    for (const QString& f : shippedResultsFiles())
        for (const QSize size : {QSize(1920, 1080), QSize(1280, 800)})
            QTest::addRow("%s %dx%d", qPrintable(QDir(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results")).relativeFilePath(f)),
                          size.width(), size.height())
                << f << size;
}

void TestBenchNotesChart::referenceLabelsNeverCoverBars()
{
    QFETCH(QString, file);
    QFETCH(QSize, size);
    BenchmarkPane pane;
    pane.resize(size);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QString error;
    QVERIFY2(pane.loadResults(file, &error), qPrintable(error));
    pane.showChart(BenchChart::Kind::Bandwidth);
    BenchChart* chart = pane.chart(BenchChart::Kind::Bandwidth);
    QApplication::processEvents();
    chart->replot();
    QVERIFY2(!chart->bars().isEmpty(), "no bandwidth bars drawn for this file");
    const QList<QRectF> references = chart->referenceLabelRects();
    const QList<QRectF> values = chart->valueLabelRects();
    // Every bar has its figure (the shipped files have room for them at both sizes); the read
    // ceiling (and the peak) are named when the file has them.
    QVERIFY(chart->valueLabelFit().way != BenchChart::ValueLabelFit::Way::Dropped);
    QCOMPARE(values.size(), chart->bars().size());
    // No two figures overlap, nor touch: at least 2 px apart (2492 and 2489 on neighbouring bars
    // nearly touched at 1280 px), each at least the floor size, inside the chart.
    QVERIFY(chart->valueLabelFit().pointSize >= BenchChart::kValueFloorPt);
    for (qsizetype i = 0; i < values.size(); ++i) {
        QVERIFY(QRectF(chart->rect()).contains(values.at(i)));
        for (qsizetype j = i + 1; j < values.size(); ++j)
            QVERIFY2(!values.at(i).adjusted(-1, 0, 1, 0).intersects(values.at(j)),
                     qPrintable(QStringLiteral("figures %1 and %2 overlap (way %3, %4 pt)")
                                    .arg(i).arg(j).arg(int(chart->valueLabelFit().way)).arg(chart->valueLabelFit().pointSize)));
    }
    const auto doc = app::BenchResultsReader::readDocument(file, &error);
    QVERIFY(doc);
    // The dot products' two-vector ceiling is a line of its own where the file has it.
    const bool dots = std::any_of(doc->results.begin(), doc->results.end(),
                                  [](const bench::Result& r) { return r.operation == "dot" && views::hasSpeed(r); });
    QCOMPARE(references.size(), int(doc->device.peak_bandwidth_gbs > 0) + int(views::readCeiling(*doc).has_value()) +
                                    int(dots && doc->ceilings && doc->ceilings->read_dot_gbs.has_value()));
    // The time chart's title (what the whiskers and the noise are, N, mode and cache) fits the
    // chart at its smallest title size.
    pane.showChart(BenchChart::Kind::Time);
    BenchChart* time = pane.chart(BenchChart::Kind::Time);
    QApplication::processEvents();
    time->replot();
    int titleWidth = 0;
    for (const QString& line : time->shownTitle().split(QLatin1Char('\n')))
        titleWidth = std::max(titleWidth, QFontMetrics(time->titleFont()).horizontalAdvance(line));
    QVERIFY2(titleWidth <= time->width(),
             qPrintable(QStringLiteral("%1 (%2 px wide)").arg(time->shownTitle()).arg(time->width())));
    pane.showChart(BenchChart::Kind::Bandwidth);
    QApplication::processEvents();
    // No legend entry is cut: each has at least the room its icon and text need, inside the chart.
    for (QCPLegend* l : chart->findChildren<QCPLegend*>())
    for (int i = 0; i < l->itemCount(); ++i) {
        QCPAbstractLegendItem* item = l->item(i);
        if (!item)
            continue;  // an empty cell of the legend's grid
        auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
        QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
                 qPrintable(entry ? entry->plottable()->name() : QString()));
        QVERIFY(chart->rect().contains(item->outerRect()));
    }
    const QRectF plot = QRectF(chart->axisRect()->rect());
    for (const QRectF& ref : references) {
        QVERIFY(!ref.isEmpty());
        QVERIFY2(!ref.intersects(plot), "a reference label lies over the plot");
        QVERIFY(QRectF(chart->rect()).contains(ref));
        for (const QRectF& v : values)
            QVERIFY2(!ref.intersects(v), "a reference label covers a bar's figure");
        for (const QRectF& other : references)
            QVERIFY(&other == &ref || !ref.intersects(other));
    }
}

void TestBenchNotesChart::noiseWhiskersAndHatching_data()
{
    QTest::addColumn<int>("kind");          // BenchChart::Kind
    QTest::addColumn<bool>("quartiles");    // time_ms has q1, q3, p95, mean, stdev (results format 2)
    QTest::addColumn<bool>("recorded");     // the file records `noise`
    QTest::addColumn<bool>("limit");        // params.stopping with max_noise 0.5 %
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("titleSays"); // what the title says the whiskers are
    QTest::addColumn<QStringList>("legend");
    QTest::addColumn<QString>("noiseSays"); // what the time chart's title says the noise is (bandwidth: nothing)
    const QString iqr = QStringLiteral("whiskers: q1–q3");
    const QString none = QStringLiteral("no quartiles recorded, no whiskers");
    const QString timeIqr = iqr + QStringLiteral(", the middle half of the timing samples (interquartile range)");
    const QString bandwidthIqr = iqr + QStringLiteral(", the bandwidth at the q3 and q1 times (interquartile range)");
    const QString noneNote = none + QStringLiteral(" (this file has median, min and max only: results format 1)");
    const QString hatched = QStringLiteral("hatched: noise above the run's limit of 0.5 %");
    // The noise as each results format records it: version 2 stdev / mean, version 1 the relative MAD.
    const QString v2 = QStringLiteral("noise: stdev / mean");
    const QString v1 = QStringLiteral("noise: MAD / median");
    const QString unrecorded = QStringLiteral("no noise recorded");
    const QString v2Note = v2 + QStringLiteral(" of the samples (results format 2)");
    const QString v1Note = v1 + QStringLiteral(" of the samples (results format 1)");
    const QString unrecordedNote = unrecorded + QStringLiteral(" in this file");
    const int time = int(BenchChart::Kind::Time), bandwidth = int(BenchChart::Kind::Bandwidth);
    QTest::addRow("v2 time, recorded, limit") << time << true << true << true << "en" << iqr << QStringList{timeIqr, v2Note, hatched} << v2;
    QTest::addRow("v2 bandwidth, recorded, limit") << bandwidth << true << true << true << "en" << iqr
                                                   << QStringList{bandwidthIqr, hatched} << QString();
    QTest::addRow("v2 bandwidth, recorded, no limit") << bandwidth << true << true << false << "en" << iqr
                                                      << QStringList{bandwidthIqr, QStringLiteral("hatched: noise above the run's limit")} << QString();
    QTest::addRow("v2 time, no noise") << time << true << false << false << "en" << iqr << QStringList{timeIqr, unrecordedNote} << unrecorded;
    QTest::addRow("v1 time, recorded, limit") << time << false << true << true << "en" << none << QStringList{noneNote, v1Note, hatched} << v1;
    QTest::addRow("v1 time, no noise") << time << false << false << false << "en" << none << QStringList{noneNote, unrecordedNote} << unrecorded;
    // The bandwidth chart says it in its title; its legend holds no whisker entry (none drawn).
    QTest::addRow("v1 bandwidth") << bandwidth << false << false << false << "en" << none << QStringList{} << QString();
    // In Chinese the title and the legend say it with the same words too.
    QTest::addRow("v2 time, zh_CN") << time << true << true << false << "zh_CN" << QStringLiteral("误差线：q1–q3")
                                    << QStringList{QStringLiteral("误差线：q1–q3，即计时样本的中间一半（四分位距）"),
                                                   QStringLiteral("噪声：标准差 / 均值（按样本计算，结果格式 2）"),
                                                   QStringLiteral("斜线填充：噪声高于本次运行的上限")}
                                    << QStringLiteral("噪声：标准差 / 均值");
    QTest::addRow("v1 time, zh_CN") << time << false << false << false << "zh_CN" << QStringLiteral("未记录四分位数，无误差线")
                                    << QStringList{QStringLiteral("未记录四分位数，无误差线（此文件只有中位数、最小值和最大值：结果格式 1）"),
                                                   QStringLiteral("未记录噪声（本文件中）")}
                                    << QStringLiteral("未记录噪声");
}

// The time and bandwidth charts' whiskers are the recorded quartiles (q1..q3 of the samples, a
// bandwidth at the q3 and q1 times); a file without them (format 1) gets none. The title and the
// notes legend name the same statistic, in both languages; cells above the noise limit are hatched.
void TestBenchNotesChart::noiseWhiskersAndHatching()
{
    QFETCH(int, kind);
    QFETCH(bool, quartiles);
    QFETCH(bool, recorded);
    QFETCH(bool, limit);
    QFETCH(QString, language);
    QFETCH(QString, titleSays);
    QFETCH(QStringList, legend);
    QFETCH(QString, noiseSays);
    QVERIFY(app::setLanguage(language));
    // simple: noise 0.2 %; convergent: 0.9 % (flagged noisy); the others 0.1 %. Quartiles: q1 =
    // median - 2 % of it, q3 = median + 5 %, p95 = max, mean = median, stdev 3 %.
    QJsonObject o = fixtureObject();
    if (quartiles)
        o.insert(QStringLiteral("version"), 2);
    QJsonArray rs = o.value(QStringLiteral("results")).toArray();
    for (qsizetype i = 0; i < rs.size(); ++i) {
        QJsonObject r = rs.at(i).toObject();
        if (r.value(QStringLiteral("status")).toString() == QLatin1String("ok")) {
            if (recorded) {
                const double noise = i == 0 ? 0.002 : i == 1 ? 0.009 : 0.001;
                r.insert(QStringLiteral("noise"), noise);
                r.insert(QStringLiteral("noisy"), i == 1);
            }
            if (quartiles && r.value(QStringLiteral("time_ms")).isObject()) {
                QJsonObject t = r.value(QStringLiteral("time_ms")).toObject();
                const double m = t.value(QStringLiteral("median")).toDouble();
                t.insert(QStringLiteral("min"), std::min(t.value(QStringLiteral("min")).toDouble(), 0.98 * m));
                t.insert(QStringLiteral("max"), std::max(t.value(QStringLiteral("max")).toDouble(), 1.05 * m));
                t.insert(QStringLiteral("q1"), 0.98 * m);
                t.insert(QStringLiteral("q3"), 1.05 * m);
                t.insert(QStringLiteral("p95"), t.value(QStringLiteral("max")).toDouble());
                t.insert(QStringLiteral("mean"), m);
                t.insert(QStringLiteral("stdev"), 0.03 * m);
                r.insert(QStringLiteral("time_ms"), t);
            }
        }
        rs.replace(i, r);
    }
    o.insert(QStringLiteral("results"), rs);
    if (limit) {
        QJsonObject p = o.value(QStringLiteral("params")).toObject();
        p.insert(QStringLiteral("stopping"), QJsonObject{{QStringLiteral("rule"), QStringLiteral("adaptive")},
                                                         {QStringLiteral("fixed_reps"), QJsonValue::Null},
                                                         {QStringLiteral("min_samples"), 10},
                                                         {QStringLiteral("min_time_s"), 0.5},
                                                         {QStringLiteral("max_noise"), 0.005},
                                                         {QStringLiteral("timeout_s"), 15},
                                                         {QStringLiteral("min_batch_us"), 100}});
        o.insert(QStringLiteral("params"), p);
    }
    QTemporaryDir tmp;
    const QString path = writeJson(tmp, QStringLiteral("noise.json"), o);
    QString error;
    const auto doc = app::BenchResultsReader::readDocument(path, &error);
    QVERIFY2(doc, qPrintable(error));
    BenchChart chart{BenchChart::Kind(kind)};
    chart.resize(1400, 800);
    chart.setSeries({views::BenchSeries{&*doc, path, {}}}, QStringLiteral("cub"));
    QCOMPARE(chart.noiseLegend(), legend);
    for (const QString& l : legend)
        QVERIFY2(chart.seriesNames().contains(l), qPrintable(chart.seriesNames().join(QLatin1Char('|'))));
    // Title and legend agree: both name the statistic drawn (or that there is none).
    QVERIFY2(chart.titleText().contains(titleSays), qPrintable(chart.titleText()));
    QVERIFY2(legend.isEmpty() || legend.front().startsWith(titleSays), qPrintable(legend.value(0)));
    QVERIFY(!legend.isEmpty() || !chart.seriesNames().join(QLatin1Char('|')).contains(QStringLiteral("whiskers")));
    QVERIFY(!chart.titleText().contains(QStringLiteral("± noise")));
    // ... and the time chart about the noise: its title names it as the file's format records it,
    // and one legend entry starts with the same words (never "± noise" beside "no noise recorded").
    if (!noiseSays.isEmpty()) {
        QVERIFY2(chart.titleText().contains(noiseSays), qPrintable(chart.titleText()));
        QVERIFY2(std::any_of(legend.begin(), legend.end(), [&](const QString& l) { return l.startsWith(noiseSays); }),
                 qPrintable(legend.join(QLatin1Char('|'))));
    }
    for (const QString& other : {QStringLiteral("noise: stdev / mean"), QStringLiteral("noise: MAD / median"), QStringLiteral("no noise recorded")})
        if (language == QLatin1String("en") && other != noiseSays)
            QVERIFY2(!chart.titleText().contains(other) && !legend.join(QLatin1Char('|')).contains(other),
                     qPrintable(chart.titleText() + QLatin1Char('|') + legend.join(QLatin1Char('|'))));
    int hatched = 0;
    for (const views::BenchBar& bar : chart.bars()) {
        const bench::Result* r = nullptr;
        for (const bench::Result& x : doc->results)
            if (views::resultLabel(x) == bar.strategy && views::hasSpeed(x))
                r = &x;
        QVERIFY(r);
        if (!quartiles) {
            QCOMPARE(bar.minus, 0.0);
            QCOMPARE(bar.plus, 0.0);
        } else if (kind == int(BenchChart::Kind::Time)) {
            // µs: median - q1 = 2 % of the median below, q3 - median = 5 % above.
            QVERIFY2(qAbs(bar.minus - 0.02 * bar.value) <= 1e-9 * bar.value, qPrintable(bar.strategy));
            QVERIFY2(qAbs(bar.plus - 0.05 * bar.value) <= 1e-9 * bar.value, qPrintable(bar.strategy));
        } else {
            // Bandwidth B = bytes / median: from B / 1.05 (the q3 time) to B / 0.98 (the q1 time).
            QVERIFY2(qAbs(bar.minus - (bar.value - bar.value / 1.05)) <= 1e-9 * bar.value, qPrintable(bar.strategy));
            QVERIFY2(qAbs(bar.plus - (bar.value / 0.98 - bar.value)) <= 1e-9 * bar.value, qPrintable(bar.strategy));
        }
        QCOMPARE(bar.noisy, recorded && bar.strategy == QLatin1String("convergent"));
        hatched += bar.noisy;
    }
    QCOMPARE(hatched, recorded ? 1 : 0);
    // The tooltip words the noise (by the file's format) and the limit, and the quartiles.
    if (recorded && limit && language == QLatin1String("en")) {
        const int c = int(chart.categories().indexOf(QStringLiteral("convergent")));
        QVERIFY(c >= 0);
        chart.replot();
        const QString tip = chart.hoverText(chart.categoryPosition(c));
        const QString noise = quartiles ? QStringLiteral("noise: 0.9 % (standard deviation / mean) — <b>above the run's limit of 0.5 %</b>")
                                        : QStringLiteral("noise: 0.9 % (relative median absolute deviation) — <b>above the run's limit of 0.5 %</b>");
        QVERIFY2(tip.contains(noise), qPrintable(tip));
        QCOMPARE(tip.contains(QStringLiteral("middle half of the samples: q1 ")), quartiles);
    }
}

// With BENCHPANE_SCREENSHOT_DIR set: the Comparison tab with notes and a failed run, and the
// bandwidth chart of a shipped file, in English and Chinese, at 1920×1080 and 1280×800.
void TestBenchNotesChart::screenshots_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char* lang : {"en", "zh_CN"})
        for (const QSize size : {QSize(1920, 1080), QSize(1280, 800)})
            QTest::addRow("%s %dx%d", lang, size.width(), size.height()) << QString::fromLatin1(lang) << size;
}

void TestBenchNotesChart::screenshots()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    const QString dir = qEnvironmentVariable("BENCHPANE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set BENCHPANE_SCREENSHOT_DIR to write the screenshots");
    QVERIFY(app::setLanguage(language));
    const QString tag = QStringLiteral("%1_%2x%3").arg(language).arg(size.width()).arg(size.height());
    BenchmarkPane pane;
    pane.resize(size);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QString error;
    const QString shipped = QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results/h200-2026-12-01/aa2_a.json");
    QVERIFY2(pane.loadResults(shipped, &error), qPrintable(error));
    pane.showChart(BenchChart::Kind::Bandwidth);
    QTest::qWait(100);
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_bandwidth_%1.png").arg(tag))));
    pane.showChart(BenchChart::Kind::Time);
    QTest::qWait(100);
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_time_%1.png").arg(tag))));
    // The comparison: the fixture against a copy run on another GPU in loop mode, where one run failed.
    QJsonObject o = edited(QStringLiteral("b-loop-a100"));
    QTemporaryDir tmp;
    const QString b = writeJson(tmp, QStringLiteral("a100_loop.json"), o);
    QVERIFY2(pane.loadResults(dataFile("fixture_1m.json"), &error), qPrintable(error));
    QVERIFY2(pane.loadOverlay(b, &error), qPrintable(error));
    auto* tabs = pane.findChild<QTabWidget*>();
    QVERIFY(tabs);
    tabs->setCurrentWidget(pane.comparisonView());
    QTest::qWait(100);
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_compare_notes_%1.png").arg(tag))));
    // Same GPU and mode: verdicts, with the failed runs' messages.
    QVERIFY2(pane.loadOverlay(writeJson(tmp, QStringLiteral("again.json"), fixtureObject()), &error), qPrintable(error));
    QTest::qWait(100);
    QVERIFY(pane.grab().save(QDir(dir).filePath(QStringLiteral("bench_compare_failed_%1.png").arg(tag))));
}

QTEST_MAIN(TestBenchNotesChart)
#include "tst_bench_notes_chart.moc"
