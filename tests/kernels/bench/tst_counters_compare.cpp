// SPDX-License-Identifier: GPL-3.0-or-later
// The model beside Nsight Compute's counters (kernels/bench/counters_compare.h), Qt-free logic:
// the model column at the measured configuration, agreement and the reason of each row, on the
// H200 figures of docs/hardware-counters.md ("Side by side": n = 1024, block 512) and made-up
// variations of them.
#include "bench/counters_compare.h"
#include "bench/ncu_counters.h"
#include "model/simulate.h"

#include <QTest>

using namespace reducescope;
using R = bench::CounterReason;

Q_DECLARE_METATYPE(bench::ModelColumn)

namespace {

constexpr double kNone = -1;  // metric not in the file

// One kernel of a counters file: the five metrics of kCounterMetrics (kNone: not collected).
bench::MeasuredCounters file(const char* strategy, long long n, int block, std::array<double, 5> hw,
                             std::map<std::string, long long> fileModel = {})
{
    bench::MeasuredCounters c;
    c.n = n;
    bench::MeasuredKernel k;
    k.strategy = strategy;
    k.block_size = block;
    k.grid_size = "(1, 1, 1)";
    k.launches = 2;
    for (int i = 0; i < 5; ++i)
        if (hw[std::size_t(i)] != kNone)
            k.hardware[bench::kCounterMetrics[i]] = hw[std::size_t(i)];
    k.file_model = std::move(fileModel);
    c.kernels.push_back(k);
    bench::MeasuredKernel other = k;
    other.strategy = "convergent_reversed";
    c.kernels.push_back(other);
    return c;
}

QString text(const std::optional<long long>& v) { return v ? QString::number(*v) : QStringLiteral("-"); }

} // namespace

class TestCountersCompare : public QObject {
    Q_OBJECT
private slots:
    void rows_data();
    void rows();
    void noEntryForStrategy();
    void shownConfiguration_data();
    void shownConfiguration();
};

void TestCountersCompare::rows_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<qlonglong>("n");
    QTest::addColumn<QList<double>>("hardware");
    QTest::addColumn<QVariantMap>("fileModel");
    QTest::addColumn<QStringList>("model");        // expected model column ("-": none)
    QTest::addColumn<QList<int>>("reasons");       // bench::CounterReason per row
    QTest::addColumn<QList<bool>>("agree");
    QTest::addColumn<bench::ModelColumn>("column");
    // docs/hardware-counters.md, "Side by side" (the H200 run did not collect store wavefronts).
    QTest::addRow("simple H200") << "simple" << 1024LL << QList<double>{95, 0, 0, 0, kNone} << QVariantMap{}
        << QStringList{"96", "0", "0", "0", "0"}
        << QList<int>{int(R::BranchesFinalExit), int(R::SharedNoConflicts), int(R::SharedNoConflicts), int(R::SharedNoTraffic), int(R::NotCollected)}
        << QList<bool>{false, true, true, true, false} << bench::ModelColumn::Today;
    QTest::addRow("convergent H200") << "convergent" << 1024LL << QList<double>{5, 0, 0, 0, kNone} << QVariantMap{}
        << QStringList{"6", "0", "0", "0", "0"}
        << QList<int>{int(R::BranchesFinalExit), int(R::SharedNoConflicts), int(R::SharedNoConflicts), int(R::SharedNoTraffic), int(R::NotCollected)}
        << QList<bool>{false, true, true, true, false} << bench::ModelColumn::Today;
    QTest::addRow("interleaved_strided H200") << "interleaved_strided" << 1024LL << QList<double>{0, 150, 75, 191, kNone} << QVariantMap{}
        << QStringList{"6", "150", "75", "191", "111"}
        << QList<int>{int(R::BranchesPredicated), int(R::ConflictsSame), int(R::ConflictsSame), int(R::WavefrontsSame), int(R::NotCollected)}
        << QList<bool>{false, true, true, true, false} << bench::ModelColumn::Today;
    QTest::addRow("shared H200") << "shared" << 1024LL << QList<double>{0, 0, 0, 41, kNone} << QVariantMap{}
        << QStringList{"6", "0", "0", "41", "36"}
        << QList<int>{int(R::BranchesPredicated), int(R::SharedNoConflicts), int(R::SharedNoConflicts), int(R::WavefrontsSame), int(R::NotCollected)}
        << QList<bool>{false, true, true, true, false} << bench::ModelColumn::Today;
    // Made up: every figure equal; then figures that differ the other ways.
    QTest::addRow("shared, all equal") << "shared" << 1024LL << QList<double>{6, 0, 0, 41, 36} << QVariantMap{}
        << QStringList{"6", "0", "0", "41", "36"}
        << QList<int>{int(R::BranchesSame), int(R::SharedNoConflicts), int(R::SharedNoConflicts), int(R::WavefrontsSame), int(R::WavefrontsSame)}
        << QList<bool>{true, true, true, true, true} << bench::ModelColumn::Today;
    QTest::addRow("interleaved_strided, fused") << "interleaved_strided" << 1024LL << QList<double>{3, 149, 75, 100, 111} << QVariantMap{}
        << QStringList{"6", "150", "75", "191", "111"}
        << QList<int>{int(R::BranchesCountOther), int(R::SharedDiffer), int(R::ConflictsSame), int(R::SharedDiffer), int(R::WavefrontsSame)}
        << QList<bool>{false, false, true, false, true} << bench::ModelColumn::Today;
    // The file's model differs from today's: today's is the column.
    QTest::addRow("file model differs") << "shared" << 1024LL << QList<double>{0, 0, 0, 41, kNone}
        << QVariantMap{{"divergent_warp_steps", 7}}
        << QStringList{"6", "0", "0", "41", "36"}
        << QList<int>{int(R::BranchesPredicated), int(R::SharedNoConflicts), int(R::SharedNoConflicts), int(R::WavefrontsSame), int(R::NotCollected)}
        << QList<bool>{false, true, true, true, false} << bench::ModelColumn::TodayDiffersFromFile;
    // n past the step model's 4096 values: the file's own model figures, where it has them.
    QTest::addRow("n too large for the model") << "shared" << 8192LL << QList<double>{0, 0, 0, 90, kNone}
        << QVariantMap{{"divergent_warp_steps", 14}, {"shared_ld_wavefronts", 90}}
        << QStringList{"14", "-", "-", "90", "-"}
        << QList<int>{int(R::BranchesPredicated), int(R::NoModelFigure), int(R::NoModelFigure), int(R::WavefrontsSame), int(R::NotCollected)}
        << QList<bool>{false, false, false, true, false} << bench::ModelColumn::FromFile;
}

void TestCountersCompare::rows()
{
    QFETCH(QString, strategy);
    QFETCH(qlonglong, n);
    QFETCH(QList<double>, hardware);
    QFETCH(QVariantMap, fileModel);
    QFETCH(QStringList, model);
    QFETCH(QList<int>, reasons);
    QFETCH(QList<bool>, agree);
    QFETCH(bench::ModelColumn, column);
    std::map<std::string, long long> fm;
    for (auto it = fileModel.cbegin(); it != fileModel.cend(); ++it)
        fm[it.key().toStdString()] = it.value().toLongLong();
    const auto counters = file(qPrintable(strategy), n, 512, {hardware[0], hardware[1], hardware[2], hardware[3], hardware[4]}, fm);
    const bench::CounterComparison c = bench::compare_counters(counters, strategy.toStdString(), nullptr);
    QVERIFY(c.kernel);
    QCOMPARE(c.n, n);
    QCOMPARE(c.model_column, column);
    QVERIFY(!c.shown_differs);
    QCOMPARE(int(c.rows.size()), 5);
    QStringList gotModel;
    QList<int> gotReasons;
    QList<bool> gotAgree;
    for (int i = 0; i < 5; ++i) {
        const bench::CounterRow& r = c.rows[std::size_t(i)];
        QCOMPARE(int(r.kind), i);
        QCOMPARE(r.metric, std::string(bench::kCounterMetrics[i]));
        QCOMPARE(r.hardware.has_value(), hardware[i] != kNone);
        if (r.hardware)
            QCOMPARE(*r.hardware, hardware[i]);
        gotModel << text(r.model);
        gotReasons << int(r.reason);
        gotAgree << r.agree;
    }
    QCOMPARE(gotModel, model);
    QCOMPARE(gotReasons, reasons);
    QCOMPARE(gotAgree, agree);
}

void TestCountersCompare::noEntryForStrategy()
{
    const auto counters = file("shared", 1024, 512, {0, 0, 0, 41, kNone});
    const bench::CounterComparison c = bench::compare_counters(counters, "coarsened", nullptr);
    QVERIFY(!c.kernel);
    QVERIFY(c.rows.empty());
    QCOMPARE(c.strategies_in_file, (std::vector<std::string>{"shared", "convergent_reversed"}));
    QCOMPARE(c.n, 1024LL);
}

void TestCountersCompare::shownConfiguration_data()
{
    QTest::addColumn<QString>("strategy");   // of the trace on screen
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<bool>("differs");
    QTest::addColumn<bool>("notGpuShape");
    QTest::addRow("the measured configuration") << "shared" << 1024 << 512 << 32 << false << false;
    QTest::addRow("the seed array") << "shared" << 8 << 4 << 32 << true << false;
    QTest::addRow("other block size") << "shared" << 1024 << 256 << 32 << true << false;
    QTest::addRow("teaching warp size") << "shared" << 1024 << 512 << 8 << true << true;
    QTest::addRow("another strategy on screen") << "simple" << 8 << 4 << 32 << false << false;
}

void TestCountersCompare::shownConfiguration()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(bool, differs);
    QFETCH(bool, notGpuShape);
    model::Params p;
    p.block_size = block;
    p.warp_size = warp;
    const model::Trace shown = model::simulate(strategy.toStdString(), std::vector<float>(std::size_t(n), 1.0f), p);
    const auto counters = file("shared", 1024, 512, {0, 0, 0, 41, kNone});
    const bench::CounterComparison c = bench::compare_counters(counters, "shared", &shown);
    QCOMPARE(c.shown_differs.has_value(), differs);
    if (differs) {
        QCOMPARE(c.shown_differs->n, n);
        QCOMPARE(c.shown_differs->block_size, block);
        QCOMPARE(c.shown_differs->not_gpu_shape, notGpuShape);
    }
    // The model column is the measured configuration's whatever is on screen.
    QCOMPARE(c.rows[3].model, std::optional<long long>(41));
}

QTEST_APPLESS_MAIN(TestCountersCompare)
#include "tst_counters_compare.moc"
