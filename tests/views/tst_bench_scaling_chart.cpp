// SPDX-License-Identifier: GPL-3.0-or-later
// The multi-GPU scaling chart (issue 7): what it reads from a results file, what it draws, and
// the messages for one GPU / no NCCL.
#include "views/bench_scaling_chart.h"

#include "gui_test_main.h"
#include "reducescope/config.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace reducescope::views;

namespace {
QJsonObject result(int gpus, const char* combine, qint64 n, const char* status, double ms, double alg, double bus)
{
    QJsonObject o{{"strategy", "vectorized"}, {"gpus", gpus}, {"combine", combine}, {"n", n}, {"status", status}};
    if (QByteArray{status} == "ok") {
        o["time_ms"] = QJsonObject{{"median", ms}, {"min", ms}, {"max", ms}};
        o["algbw_gbs"] = alg;
        o["busbw_gbs"] = bus;
    } else {
        o["time_ms"] = QJsonValue::Null;
        o["algbw_gbs"] = QJsonValue::Null;
        o["busbw_gbs"] = QJsonValue::Null;
    }
    return o;
}

QJsonObject sampleFile()
{
    const qint64 big = qint64{1} << 28;
    QJsonArray results{result(1, "nccl_allreduce", big, "ok", 0.254, 4223, 0),
                       result(2, "nccl_allreduce", big, "ok", 0.138, 7778, 7778),
                       result(1, "p2p", big, "ok", 0.254, 4224, 4224),
                       result(2, "p2p", big, "skipped", 0, 0, 0),
                       result(1, "nccl_allreduce", 1 << 20, "ok", 0.0123, 341, 0),
                       QJsonObject{{"strategy", "cub"}, {"n", 1 << 20}, {"status", "ok"}}};  // single-GPU: ignored
    return QJsonObject{{"schema", "reducescope-results"}, {"results", results}};
}
} // namespace

class TstBenchScalingChart : public QObject {
    Q_OBJECT
private slots:
    void parsesOnlyMultiGpuResults();
    void drawsLargestSizeFirst();
    void messages_data();
    void messages();
    void defaultSaysWhetherBuiltWithNccl();
};

void TstBenchScalingChart::parsesOnlyMultiGpuResults()
{
    const auto points = scalingPointsFromJson(sampleFile());
    QCOMPARE(points.size(), 5);
    QCOMPARE(points[1].gpus, 2);
    QCOMPARE(points[1].combine, QStringLiteral("nccl_allreduce"));
    QVERIFY(points[1].ok);
    QCOMPARE(points[1].algbw_gbs, 7778.0);
    QVERIFY(!points[3].ok);  // skipped: never drawn as a speed
}

void TstBenchScalingChart::drawsLargestSizeFirst()
{
    BenchScalingChart chart;
    chart.resize(600, 500);
    chart.setPoints(scalingPointsFromJson(sampleFile()));
    QCOMPARE(chart.sizes(), (QList<qint64>{1 << 20, qint64{1} << 28}));
    QCOMPARE(chart.currentN(), qint64{1} << 28);
    QCOMPARE(chart.drawnCombines(), (QStringList{"nccl_allreduce", "p2p"}));
    QCOMPARE(chart.flags(), QStringList{"K=2 p2p: skipped"});
    chart.setCurrentN(1 << 20);
    QCOMPARE(chart.drawnCombines(), QStringList{"nccl_allreduce"});
    QVERIFY(chart.flags().isEmpty());
}

void TstBenchScalingChart::messages_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<bool>("nccl");
    QTest::addColumn<QString>("contains");
    QTest::addRow("no NCCL") << 2 << false << "Built without NCCL";
    QTest::addRow("one GPU") << 1 << true << "Only one GPU here";
    QTest::addRow("no GPU") << 0 << true << "No CUDA device here";
    QTest::addRow("two GPUs") << 2 << true << "2 GPUs here";
}

void TstBenchScalingChart::messages()
{
    QFETCH(int, gpus);
    QFETCH(bool, nccl);
    QFETCH(QString, contains);
    BenchScalingChart chart;
    chart.setAvailability(gpus, nccl);
    QVERIFY2(chart.message().contains(contains), qPrintable(chart.message()));
    QVERIFY2(chart.message().contains(QStringLiteral("No multi-GPU results loaded")), qPrintable(chart.message()));
    chart.setPoints(scalingPointsFromJson(sampleFile()));
    QVERIFY2(chart.message().contains(QStringLiteral("K = 1..2")), qPrintable(chart.message()));
}

void TstBenchScalingChart::defaultSaysWhetherBuiltWithNccl()
{
    BenchScalingChart chart;  // nobody told it anything: this build's NCCL state
    QCOMPARE(chart.message().contains(QStringLiteral("Built without NCCL")), !REDUCESCOPE_HAVE_NCCL);
    QJsonArray one{result(1, "p2p", 1000, "ok", 0.01, 0.4, 0.4)};
    chart.setPoints(scalingPointsFromJson(QJsonObject{{"results", one}}));
    QVERIFY2(chart.message().contains(QStringLiteral("Only one GPU in these results")), qPrintable(chart.message()));
}

REDUCESCOPE_GUI_TEST_MAIN(TstBenchScalingChart)
#include "tst_bench_scaling_chart.moc"
