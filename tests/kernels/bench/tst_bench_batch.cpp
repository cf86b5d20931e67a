// SPDX-License-Identifier: GPL-3.0-or-later
// The timing's batch sizes (kernels/bench/batch.h): how many repetitions one sample holds in
// per-launch, loop and graph mode, how the launch multiple (1; 3 for zero_ahead's ring; the cold
// rotation's copies) rounds loop and graph batches and leaves per-launch at one launch, the graph
// batch captured again after a short warm-up replay, and in every row a divisor equal to the
// repetitions timed; graph mode's short batch, whose replay is subtracted from the long one's.
#include "bench/batch.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace reducescope::bench;

namespace {

BatchMode mode_of(const QString& name)
{
    return name == QLatin1String("per-launch") ? BatchMode::PerLaunch
         : name == QLatin1String("loop")       ? BatchMode::Loop
                                               : BatchMode::Graph;
}

} // namespace

class TstBenchBatch : public QObject {
    Q_OBJECT
private slots:
    void batch_size_data();
    void batch_size();
    void graph_recapture_data();
    void graph_recapture();
    void divisor_is_launches_everywhere();
    void graph_difference_data();
    void graph_difference();
    void graph_difference_cancels_a_fixed_cost();
};

void TstBenchBatch::batch_size_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("per_batch");  // asked for; 0 = chosen
    QTest::addColumn<int>("reps");
    QTest::addColumn<int>("batches");
    QTest::addColumn<bool>("adaptive");
    QTest::addColumn<double>("warm_ms");  // one eager warm-up repetition, ms (0 = unknown)
    QTest::addColumn<int>("multiple");
    QTest::addColumn<int>("launches");    // expected repetitions per sample (= the divisor)

    // Per-launch: one launch per sample, whatever is asked. zero_ahead (multiple 3) was timed as
    // one launch divided by 3 before the rule moved here.
    QTest::addRow("per-launch, multiple 1") << "per-launch" << 0 << 100 << 5 << false << 0.0 << 1 << 1;
    QTest::addRow("per-launch, zero_ahead (multiple 3)") << "per-launch" << 0 << 100 << 5 << false << 0.0 << 3 << 1;
    QTest::addRow("per-launch, zero_ahead, adaptive") << "per-launch" << 0 << 100 << 5 << true << 0.002 << 3 << 1;
    QTest::addRow("per-launch, a batch of 20 asked, multiple 3") << "per-launch" << 20 << 100 << 5 << false << 0.0 << 3 << 1;
    QTest::addRow("per-launch, multiple 30") << "per-launch" << 0 << 100 << 5 << false << 0.0 << 30 << 1;

    // Loop: reps / batches, rounded up to the multiple.
    QTest::addRow("loop, multiple 1") << "loop" << 0 << 100 << 5 << false << 0.0 << 1 << 20;
    QTest::addRow("loop, zero_ahead (multiple 3)") << "loop" << 0 << 100 << 5 << false << 0.0 << 3 << 21;
    QTest::addRow("loop, reps 7 of 5 batches") << "loop" << 0 << 7 << 5 << false << 0.0 << 1 << 1;
    QTest::addRow("loop, reps 7 of 5 batches, multiple 3") << "loop" << 0 << 7 << 5 << false << 0.0 << 3 << 3;
    QTest::addRow("loop, fewer reps than batches") << "loop" << 0 << 3 << 5 << false << 0.0 << 1 << 1;
    QTest::addRow("loop, fixed count ignores the warm-up") << "loop" << 0 << 100 << 5 << false << 0.002 << 1 << 20;
    // Adaptive: at least 400 µs of the warm-up's 2 µs repetitions = 200.
    QTest::addRow("loop, adaptive, multiple 1") << "loop" << 0 << 100 << 5 << true << 0.002 << 1 << 200;
    QTest::addRow("loop, adaptive, multiple 3") << "loop" << 0 << 100 << 5 << true << 0.002 << 3 << 201;
    QTest::addRow("loop, adaptive, slow repetitions") << "loop" << 0 << 100 << 5 << true << 1.0 << 1 << 20;
    QTest::addRow("loop, adaptive, warm-up unknown") << "loop" << 0 << 100 << 5 << true << 0.0 << 3 << 21;
    QTest::addRow("loop, adaptive, capped at 1000") << "loop" << 0 << 100 << 5 << true << 1e-6 << 1 << 1000;
    QTest::addRow("loop, adaptive, cap rounded up to 3") << "loop" << 0 << 100 << 5 << true << 1e-6 << 3 << 1002;
    QTest::addRow("loop, adaptive, tiny warm-up time") << "loop" << 0 << 100 << 5 << true << 1e-300 << 1 << 1000;
    QTest::addRow("loop, 85 asked, multiple 1") << "loop" << 85 << 100 << 5 << false << 0.0 << 1 << 85;
    QTest::addRow("loop, 85 asked, multiple 3") << "loop" << 85 << 100 << 5 << false << 0.0 << 3 << 87;
    QTest::addRow("loop, cold rotation of 30 with zero_ahead (lcm 30)") << "loop" << 0 << 100 << 5 << false << 0.0 << 30
                                                                        << 30;

    // Graph: the same batch, captured; multiples of three keep zero_ahead's numbers right.
    QTest::addRow("graph, multiple 1") << "graph" << 0 << 100 << 5 << false << 0.0 << 1 << 20;
    QTest::addRow("graph, zero_ahead (multiple 3)") << "graph" << 0 << 100 << 5 << false << 0.0 << 3 << 21;
    QTest::addRow("graph, adaptive, multiple 1") << "graph" << 0 << 100 << 5 << true << 0.002 << 1 << 200;
    QTest::addRow("graph, adaptive, zero_ahead") << "graph" << 0 << 100 << 5 << true << 0.002 << 3 << 201;
    QTest::addRow("graph, 1 asked, multiple 3") << "graph" << 1 << 100 << 5 << false << 0.0 << 3 << 3;
    QTest::addRow("graph, adaptive, cap rounded up to 3") << "graph" << 0 << 100 << 5 << true << 1e-6 << 3 << 1002;
    QTest::addRow("graph, multiple 0 counts as 1") << "graph" << 0 << 100 << 5 << false << 0.0 << 0 << 20;
    QTest::addRow("graph, cold rotation of 4") << "graph" << 0 << 100 << 5 << false << 0.0 << 4 << 20;
    QTest::addRow("graph, cold rotation of 6") << "graph" << 0 << 100 << 5 << false << 0.0 << 6 << 24;
}

void TstBenchBatch::batch_size()
{
    QFETCH(QString, mode);
    QFETCH(int, per_batch);
    QFETCH(int, reps);
    QFETCH(int, batches);
    QFETCH(bool, adaptive);
    QFETCH(double, warm_ms);
    QFETCH(int, multiple);
    QFETCH(int, launches);
    BatchRequest r;
    r.mode = mode_of(mode);
    r.per_batch = per_batch;
    r.reps = reps;
    r.batches = batches;
    r.adaptive = adaptive;
    r.warm_ms_per_rep = warm_ms;
    r.min_batch_us = 400.0;
    r.multiple = multiple;
    const BatchSize b = reducescope::bench::batch_size(r);
    QCOMPARE(b.launches, launches);
    QCOMPARE(b.divisor, b.launches);  // the sample is divided by exactly what it timed
    if (r.mode != BatchMode::PerLaunch && multiple > 1)
        QCOMPARE(b.launches % multiple, 0);
}

void TstBenchBatch::graph_recapture_data()
{
    QTest::addColumn<int>("captured");
    QTest::addColumn<double>("replay_us");
    QTest::addColumn<int>("multiple");
    QTest::addColumn<int>("launches");  // expected new batch; 0 = keep the captured one
    // min_batch_us = 400 in every row.
    QTest::addRow("long enough") << 201 << 450.0 << 3 << 0;
    QTest::addRow("exactly the minimum") << 201 << 400.0 << 3 << 0;
    QTest::addRow("already at the cap") << 1000 << 100.0 << 1 << 0;
    QTest::addRow("above the cap (rounded to 3)") << 1002 << 100.0 << 3 << 0;
    // 20 repetitions took 70 µs: 20 × 400 / 70 = 114.3 -> 115.
    QTest::addRow("scaled up, multiple 1") << 20 << 70.0 << 1 << 115;
    QTest::addRow("scaled up, zero_ahead (multiple 3)") << 21 << 70.0 << 3 << 120;
    QTest::addRow("scaled up, just short") << 21 << 399.0 << 3 << 24;
    QTest::addRow("capped at 1000") << 500 << 10.0 << 1 << 1000;
    QTest::addRow("capped, rounded up to 3") << 501 << 10.0 << 3 << 1002;
    QTest::addRow("replay under 1 ns") << 20 << 0.0 << 1 << 1000;
}

void TstBenchBatch::graph_recapture()
{
    QFETCH(int, captured);
    QFETCH(double, replay_us);
    QFETCH(int, multiple);
    QFETCH(int, launches);
    const std::optional<BatchSize> b = reducescope::bench::graph_recapture({captured, captured}, replay_us, 400.0, multiple);
    QCOMPARE(b.has_value(), launches > 0);
    if (!b)
        return;
    QCOMPARE(b->launches, launches);
    QCOMPARE(b->divisor, b->launches);
    QVERIFY(b->launches > captured);
    if (multiple > 1)
        QCOMPARE(b->launches % multiple, 0);
}

void TstBenchBatch::divisor_is_launches_everywhere()
{
    for (const BatchMode mode : {BatchMode::PerLaunch, BatchMode::Loop, BatchMode::Graph})
        for (int multiple = 0; multiple <= 30; ++multiple)
            for (const int per_batch : {-1, 0, 1, 2, 7, 999, 1000, 5000})
                for (const bool adaptive : {false, true}) {
                    BatchRequest r;
                    r.mode = mode;
                    r.per_batch = per_batch;
                    r.adaptive = adaptive;
                    r.warm_ms_per_rep = 0.003;
                    r.multiple = multiple;
                    const BatchSize b = reducescope::bench::batch_size(r);
                    QVERIFY(b.launches >= 1);
                    QCOMPARE(b.divisor, b.launches);
                    if (mode == BatchMode::PerLaunch)
                        QCOMPARE(b.launches, 1);
                    else if (multiple > 1)
                        QCOMPARE(b.launches % multiple, 0);
                }
}


void TstBenchBatch::graph_difference_data()
{
    QTest::addColumn<int>("launches");
    QTest::addColumn<int>("multiple");
    QTest::addColumn<int>("short_launches");  // 0 = no difference: the plain sample
    QTest::addColumn<int>("part");            // the short graph's share: 1 / part
    QTest::addRow("one repetition") << 1 << 1 << 0 << 4;
    QTest::addRow("two repetitions") << 2 << 1 << 1 << 4;
    QTest::addRow("ten (the slope runs' smallest)") << 10 << 1 << 2 << 4;
    QTest::addRow("three of zero_ahead's ring") << 3 << 3 << 0 << 4;
    QTest::addRow("six of the ring") << 6 << 3 << 3 << 4;
    QTest::addRow("zero_ahead, 138") << 138 << 3 << 33 << 4;
    QTest::addRow("cold rotation of 5, 400") << 400 << 5 << 100 << 4;
    QTest::addRow("the cap") << 1000 << 1 << 250 << 4;
    QTest::addRow("multiple 0 counts as 1") << 8 << 0 << 2 << 4;
    QTest::addRow("multiple 12 (lcm 3, 4), 36") << 36 << 12 << 12 << 4;
    QTest::addRow("multiple 12, 23: too few") << 23 << 12 << 0 << 4;
    QTest::addRow("a half (part 2), 10") << 10 << 1 << 5 << 2;
    QTest::addRow("a half of zero_ahead's 138") << 138 << 3 << 69 << 2;
    QTest::addRow("part 1 counts as 2") << 100 << 1 << 50 << 1;
}

void TstBenchBatch::graph_difference()
{
    QFETCH(int, launches);
    QFETCH(int, multiple);
    QFETCH(int, short_launches);
    QFETCH(int, part);
    const std::optional<GraphDifference> d = reducescope::bench::graph_difference(launches, multiple, part);
    QCOMPARE(d.has_value(), short_launches > 0);
    if (!d)
        return;
    QCOMPARE(d->short_launches, short_launches);
    QCOMPARE(d->divisor, launches - short_launches);
    QVERIFY(d->divisor >= 1);
    QCOMPARE(d->short_launches % std::max(1, multiple), 0);
}

void TstBenchBatch::graph_difference_cancels_a_fixed_cost()
{
    // A replay of k repetitions of t ms each, with a fixed cost c per replay: k t + c. The plain
    // sample is t + c / k (its slope against 1 / k is c); the difference's is t exactly.
    const double t = 0.0030, c = 0.0021;
    for (const int launches : {10, 30, 100, 300, 1000}) {
        const std::optional<GraphDifference> d = reducescope::bench::graph_difference(launches, 1);
        QVERIFY(d);
        const double long_ms = launches * t + c, short_ms = d->short_launches * t + c;
        QVERIFY(std::abs((long_ms - short_ms) / d->divisor - t) < 1e-12);
        QVERIFY(long_ms / launches - t > 0.9 * c / launches);
    }
}

QTEST_APPLESS_MAIN(TstBenchBatch)
#include "tst_bench_batch.moc"
