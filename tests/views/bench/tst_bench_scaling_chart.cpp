// SPDX-License-Identifier: GPL-3.0-or-later
// The multi-GPU scaling chart: what it draws of the results it is given, and the
// messages for one GPU / no NCCL. (A results file read and drawn in the pane:
// tests/app/bench/tst_bench_pane.cpp multiGpuResultsDrawn.)
#include "views/bench/bench_scaling_chart.h"

#include "gui_test_main.h"
#include "reducescope/config.h"

#include <QtTest>

using namespace reducescope;
using namespace reducescope::views;

namespace {
/// A multi-GPU result as the reader gives it: a status, and for "ok" its time, algbw and busbw.
bench::Result point(int gpus, const char* combine, std::size_t n, const char* status, double ms, double alg, double bus)
{
    bench::Result r;
    r.strategy = "vectorized";
    r.family = "many_blocks";
    r.n = n;
    r.status = *bench::parse_status(status);
    bench::MultiGpuFields m;
    m.gpus = gpus;
    m.combine = combine;
    m.size_bytes = 4 * static_cast<long long>(n);
    if (r.status == bench::Status::Ok) {
        r.time_ms = bench::Summary{ms, ms, ms};
        m.algbw_gbs = alg;
        m.busbw_gbs = bus;
    }
    r.multi_gpu = m;
    return r;
}

bench::ResultsFile fileOf(std::vector<bench::Result> results)
{
    bench::ResultsFile f;
    f.results = std::move(results);
    return f;
}

// A 2-GPU file's results (the view reads no file), and one single-GPU result it leaves out.
bench::ResultsFile sampleFile()
{
    const std::size_t big = std::size_t{1} << 28;
    bench::Result single = point(1, "p2p", big, "ok", 0.1, 1, 1);
    single.multi_gpu.reset();
    return fileOf({point(1, "nccl_allreduce", big, "ok", 0.254, 4223, 0), point(2, "nccl_allreduce", big, "ok", 0.138, 7778, 7778),
                   point(1, "p2p", big, "ok", 0.254, 4224, 4224), point(2, "p2p", big, "skipped", 0, 0, 0),
                   point(1, "nccl_allreduce", 1 << 20, "ok", 0.0123, 341, 0), single});
}
} // namespace

class TstBenchScalingChart : public QObject {
    Q_OBJECT
private slots:
    void drawsLargestSizeFirst();
    void messages_data();
    void messages();
    void defaultSaysWhetherBuiltWithNccl();
};

void TstBenchScalingChart::drawsLargestSizeFirst()
{
    BenchScalingChart chart;
    chart.resize(600, 500);
    chart.setResults(sampleFile());
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
    chart.setResults(sampleFile());
    QVERIFY2(chart.message().contains(QStringLiteral("K = 1..2")), qPrintable(chart.message()));
}

void TstBenchScalingChart::defaultSaysWhetherBuiltWithNccl()
{
    BenchScalingChart chart;  // nobody told it anything: this build's NCCL state
    QCOMPARE(chart.message().contains(QStringLiteral("Built without NCCL")), !REDUCESCOPE_HAVE_NCCL);
    chart.setResults(fileOf({point(1, "p2p", 1000, "ok", 0.01, 0.4, 0.4)}));
    QVERIFY2(chart.message().contains(QStringLiteral("Only one GPU in these results")), qPrintable(chart.message()));
}

REDUCESCOPE_GUI_TEST_MAIN(TstBenchScalingChart)
#include "tst_bench_scaling_chart.moc"
