// SPDX-License-Identifier: GPL-3.0-or-later
// The multi-GPU benchmark's CPU side: shards, nccl-tests' algbw/busbw, the combine
// names, the extra JSON fields, and `bench --gpus K` argument errors and exit codes.
#include "bench/multi_gpu_metrics.h"
#include "bench/multi_gpu_results.h"
#include "cli/commands.h"
#include "cli/multi_gpu_command.h"

#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace reducescope::bench;

class TstMultiGpu : public QObject {
    Q_OBJECT
private slots:
    void shards_data();
    void shards();
    void bandwidth_data();
    void bandwidth();
    void combine_names();
    void result_json_ok();
    void result_json_not_ok();
    void args_range_data();
    void args_range();
    void cli_bad_gpus_data();
    void cli_bad_gpus();
    void cli_without_gpu();
};

void TstMultiGpu::shards_data()
{
    QTest::addColumn<qulonglong>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<QList<qulonglong>>("sizes");
    QTest::addRow("one GPU keeps everything") << 1000ull << 1 << QList<qulonglong>{1000};
    QTest::addRow("two, even") << 1048576ull << 2 << QList<qulonglong>{524288, 524288};
    QTest::addRow("two, odd n: last takes the rest") << 1001ull << 2 << QList<qulonglong>{504, 497};
    QTest::addRow("three: multiples of 4 first") << 10ull << 3 << QList<qulonglong>{4, 4, 2};
    QTest::addRow("more GPUs than groups of 4: empty tail") << 5ull << 4 << QList<qulonglong>{4, 1, 0, 0};
    QTest::addRow("n = 1") << 1ull << 2 << QList<qulonglong>{1, 0};
    QTest::addRow("eight, 2^28") << (1ull << 28) << 8 << QList<qulonglong>(8, 1ull << 25);
}

void TstMultiGpu::shards()
{
    QFETCH(qulonglong, n);
    QFETCH(int, k);
    QFETCH(QList<qulonglong>, sizes);
    const auto s = split_shards(n, k);
    QCOMPARE(int(s.size()), k);
    std::size_t at = 0;
    for (int g = 0; g < k; ++g) {
        QCOMPARE(s[g].offset, at);  // contiguous, in order
        QCOMPARE(qulonglong(s[g].size), sizes[g]);
        if (s[g].size > 0)
            QCOMPARE(s[g].offset % 4, std::size_t{0});  // float4-aligned starts (empty shards read nothing)
        at += s[g].size;
    }
    QCOMPARE(at, std::size_t(n));  // covers [0, n) exactly
    QVERIFY(split_shards(n, 0).empty());
}

void TstMultiGpu::bandwidth_data()
{
    QTest::addColumn<QString>("combine");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("ms");
    QTest::addColumn<double>("algbw");
    QTest::addColumn<double>("busbw");
    // nccl-tests: algbw = S / t; all-reduce busbw = algbw * 2(k-1)/k; reduce busbw = algbw.
    QTest::addRow("all-reduce, 1 GPU: busbw 0") << "nccl_allreduce" << 1 << 4e9 << 1000.0 << 4.0 << 0.0;
    QTest::addRow("all-reduce, 2 GPUs: factor 1") << "nccl_allreduce" << 2 << 1e9 << 1.0 << 1000.0 << 1000.0;
    QTest::addRow("all-reduce, 4 GPUs: factor 1.5") << "nccl_allreduce" << 4 << 1e9 << 2.0 << 500.0 << 750.0;
    QTest::addRow("all-reduce, 8 GPUs: factor 1.75") << "nccl_allreduce" << 8 << 1e9 << 1.0 << 1000.0 << 1750.0;
    QTest::addRow("baseline, 8 GPUs: as all-reduce") << "collective_baseline" << 8 << 8e9 << 4.0 << 2000.0 << 3500.0;
    QTest::addRow("reduce, 4 GPUs: factor 1") << "nccl_reduce" << 4 << 1e9 << 2.0 << 500.0 << 500.0;
    QTest::addRow("p2p, 2 GPUs: as reduce") << "p2p" << 2 << 4194304.0 << 0.004194304 << 1000.0 << 1000.0;
    QTest::addRow("zero time: 0, not inf") << "p2p" << 2 << 1e9 << 0.0 << 0.0 << 0.0;
}

void TstMultiGpu::bandwidth()
{
    QFETCH(QString, combine);
    QFETCH(int, k);
    QFETCH(double, bytes);
    QFETCH(double, ms);
    QFETCH(double, algbw);
    QFETCH(double, busbw);
    const auto c = parse_combine(combine.toStdString());
    QVERIFY(c);
    QVERIFY(std::fabs(algbw_gbs(bytes, ms) - algbw) <= 1e-9 * std::max(1.0, algbw));
    QVERIFY(std::fabs(busbw_gbs(*c, k, bytes, ms) - busbw) <= 1e-9 * std::max(1.0, busbw));
}

void TstMultiGpu::combine_names()
{
    QStringList names;
    for (const Combine c : kAllCombines) {
        names << QString::fromStdString(std::string{combine_name(c)});
        QCOMPARE(parse_combine(combine_name(c)), std::optional<Combine>{c});
    }
    QCOMPARE(names, (QStringList{"nccl_allreduce", "nccl_reduce", "p2p", "collective_baseline"}));
    QVERIFY(!parse_combine("allreduce"));
}

namespace {
Result sample_result(Status status)
{
    Result r;
    r.strategy = "vectorized";
    r.family = "warp_primitives";
    r.kernel = "vectorized_reduce_sum + ncclAllReduce (1 float per GPU)";
    r.n = 1 << 20;
    r.block_size = 256;
    r.coarse_factor = 4;
    r.mode = "loop";
    r.cache = "hot";
    r.status = status;
    r.bytes_read = 4 << 20;
    r.time_ms = Summary{0.004194304, 0.004, 0.005};
    return r;
}
} // namespace

void TstMultiGpu::result_json_ok()
{
    const auto j = multi_gpu_result_json(sample_result(Status::Ok), Combine::NcclAllReduce, 4);
    QCOMPARE(j.at("gpus").get<int>(), 4);
    QCOMPARE(j.at("combine").get<std::string>(), std::string{"nccl_allreduce"});
    QCOMPARE(j.at("size_bytes").get<long long>(), 4ll << 20);
    QVERIFY(std::fabs(j.at("algbw_gbs").get<double>() - 1000.0) < 1e-6);
    QVERIFY(std::fabs(j.at("busbw_gbs").get<double>() - 1500.0) < 1e-6);
    // The version-1 fields are all still there (readers that ignore the new ones keep working).
    for (const char* key : {"strategy", "family", "n", "status", "time_ms", "bytes_read", "bandwidth_gbs"})
        QVERIFY2(j.contains(key), key);
    QCOMPARE(result_from_json(j).strategy, std::string{"vectorized"});
}

void TstMultiGpu::result_json_not_ok()
{
    for (const Status s : {Status::Wrong, Status::Error, Status::Skipped}) {
        const auto j = multi_gpu_result_json(sample_result(s), Combine::P2p, 2);
        QVERIFY(j.at("algbw_gbs").is_null());
        QVERIFY(j.at("busbw_gbs").is_null());
        QCOMPARE(j.at("combine").get<std::string>(), std::string{"p2p"});
    }
}

void TstMultiGpu::args_range_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("devices");
    QTest::addColumn<QString>("message");  // empty: accepted
    QTest::addRow("1 of 2") << 1 << 2 << "";
    QTest::addRow("2 of 2") << 2 << 2 << "";
    QTest::addRow("3 of 2") << 3 << 2 << "--gpus must be in 1..2 (the number of CUDA devices) (got 3)";
    QTest::addRow("0 of 8") << 0 << 8 << "--gpus must be in 1..8 (the number of CUDA devices) (got 0)";
    QTest::addRow("unknown count") << 65 << -1 << "--gpus must be in 1..64 (at most the number of CUDA devices) (got 65)";
}

void TstMultiGpu::args_range()
{
    QFETCH(int, gpus);
    QFETCH(int, devices);
    QFETCH(QString, message);
    reducescope::cli::MultiGpuArgs a;
    a.gpus = gpus;
    a.sizes = {1000};
    a.blocks = {256};
    a.coarse = {4};
    try {
        reducescope::cli::check_multi_gpu_args(a, devices);
        QVERIFY2(message.isEmpty(), "accepted, but should have been refused");
    } catch (const reducescope::cli::BadInput& e) {
        QCOMPARE(QString::fromStdString(e.message), message);
    }
}

void TstMultiGpu::cli_bad_gpus_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString range = QStringLiteral("must be in 1..64 (at most the number of CUDA devices)");
    QTest::addRow("zero") << QStringList{"bench", "--gpus", "0"} << "--gpus " + range + " (got 0)";
    QTest::addRow("negative") << QStringList{"bench", "--gpus", "-2"} << "--gpus " + range + " (got -2)";
    QTest::addRow("too many") << QStringList{"bench", "--gpus", "65"} << "--gpus " + range + " (got 65)";
    QTest::addRow("graph mode") << QStringList{"bench", "--gpus", "1", "--mode", "graph"}
                                << "--mode must be per-launch or loop with --gpus (got graph)";
    QTest::addRow("cold cache") << QStringList{"bench", "--gpus", "1", "--cache", "cold"}
                                << "--cache must be hot with --gpus (got cold)";
    QTest::addRow("other strategy") << QStringList{"bench", "--gpus", "1", "--strategies", "coarsened"}
                                    << "--strategies must be all or vectorized with --gpus: each GPU runs vectorized (got coarsened)";
    QTest::addRow("block sweep") << QStringList{"bench", "--gpus", "1", "--block-size", "128,256"}
                                 << "--block-size and --coarse-factor take one value each with --gpus";
}

void TstMultiGpu::cli_bad_gpus()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), args);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    QCOMPARE(p.readAllStandardOutput(), QByteArray{});
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QCOMPARE(err.trimmed(), QStringLiteral("reducescope-cli: ") + message);
}

void TstMultiGpu::cli_without_gpu()
{
    // Without a GPU (or without NCCL for K > 1): one line on stderr, nothing on stdout, exit 77.
    QProcess devices;
    devices.start(QStringLiteral(REDUCESCOPE_CLI), {"devices"});
    QVERIFY(devices.waitForFinished(30000));
    if (devices.exitCode() == 0)
        QSKIP("a GPU is present: the no-GPU path is not exercised here");
    for (const char* k : {"1", "2"}) {
        QProcess p;
        p.start(QStringLiteral(REDUCESCOPE_CLI), {"bench", "--gpus", k, "--n", "1000", "--reps", "2"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 77);
        QCOMPARE(p.readAllStandardOutput(), QByteArray{});
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        if (!REDUCESCOPE_BUILT_WITH_CUDA)
            QVERIFY2(err.contains(QStringLiteral("no CUDA kernels")), qPrintable(err));
        else if (!REDUCESCOPE_BUILT_WITH_NCCL && QByteArray{k} == "2")
            QVERIFY2(err.contains(QStringLiteral("built without NCCL")), qPrintable(err));
        else
            QVERIFY2(err.contains(QStringLiteral("CUDA")), qPrintable(err));
    }
}

QTEST_APPLESS_MAIN(TstMultiGpu)
#include "tst_multi_gpu.moc"
