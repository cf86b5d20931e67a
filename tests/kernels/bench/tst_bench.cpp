// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark engine's CPU-only logic, and the CLI's argument errors (kernels/bench, kernels/cli).
#include "bench/plan.h"
#include "bench/reference.h"
#include "bench/results.h"
#include "bench/results_json.h"
#include "bench/stats.h"
#include "model/catalogue.h"

#include <QProcess>
#include <QDir>
#include <QFile>
#include <sys/stat.h>
#include <unistd.h>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace reducescope::bench;

namespace {
/// Every strategy id of the catalogue in its order, "simple, convergent, ..." (the list the CLI's
/// refusal names; taken from the catalogue so that a new strategy needs no edit here).
QString catalogueIds()
{
    QString s;
    for (const auto& st : reducescope::model::catalogue())
        s += (s.isEmpty() ? QString{} : QStringLiteral(", ")) + QString::fromLatin1(st.id.data(), qsizetype(st.id.size()));
    return s;
}
} // namespace

class TstBench : public QObject {
    Q_OBJECT
private slots:
    void summary_data();
    void summary();
    void tolerance_data();
    void tolerance();
    void input_is_prefix_stable();
    void reference_sums();
    void classify_data();
    void classify();
    void speeds_only_when_ok();
    void json_round_trip();
    void json_missing_field();
    void sizes_data();
    void sizes();
    void bad_sizes();
    void bad_sizes_no_wrap();
    void strategies();
    void plan_puts_baselines_first();
    void plan_counts_results_data();
    void plan_counts_results();
    void swept_parameters_data();
    void swept_parameters();
    void plan_two_parameter_product();
    void cli_accepts_two_parameter_sweep_data();
    void cli_accepts_two_parameter_sweep();
    void cli_bad_arguments_data();
    void cli_bad_arguments();
    void cli_json_checked_first();
    void cli_json_special_paths_data();
    void cli_json_special_paths();
    void cli_without_gpu();
};

void TstBench::summary_data()
{
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addRow("empty") << QList<double>{} << 0.0 << 0.0 << 0.0;
    QTest::addRow("one") << QList<double>{2.5} << 2.5 << 2.5 << 2.5;
    QTest::addRow("odd, unsorted") << QList<double>{3, 1, 2} << 2.0 << 1.0 << 3.0;
    QTest::addRow("even: mean of the middle two") << QList<double>{4, 1, 3, 2} << 2.5 << 1.0 << 4.0;
    QTest::addRow("outlier does not move the median") << QList<double>{1, 1, 1, 100} << 1.0 << 1.0 << 100.0;
}

void TstBench::summary()
{
    QFETCH(QList<double>, samples);
    QFETCH(double, median);
    QFETCH(double, min);
    QFETCH(double, max);
    const std::vector<double> v(samples.begin(), samples.end());
    const Summary s = summarize(v);
    QCOMPARE(s.median, median);
    QCOMPARE(s.min, min);
    QCOMPARE(s.max, max);
}

void TstBench::tolerance_data()
{
    QTest::addColumn<qulonglong>("n");
    QTest::addColumn<double>("abs_sum");
    QTest::addColumn<double>("expected");
    // c * (log2 n + 16) * 2^-24 * sum|x|, c = kToleranceC
    QTest::addRow("n=1") << 1ull << 1.0 << kToleranceC * 16.0 * std::ldexp(1.0, -24);
    QTest::addRow("n=1024") << 1024ull << 512.0 << kToleranceC * 26.0 * std::ldexp(1.0, -24) * 512.0;
    QTest::addRow("n=2^20") << (1ull << 20) << 524288.0 << kToleranceC * 36.0 * 0.03125;
    QTest::addRow("n=2^30") << (1ull << 30) << 536870912.0 << kToleranceC * 46.0 * 32.0;
    QTest::addRow("zero sum|x|") << 1000ull << 0.0 << 0.0;
}

void TstBench::tolerance()
{
    QFETCH(qulonglong, n);
    QFETCH(double, abs_sum);
    QFETCH(double, expected);
    QCOMPARE(sum_tolerance(n, abs_sum), expected);
    QCOMPARE(sum_tolerance(n, abs_sum, 1.0) * kToleranceC, expected);
}

void TstBench::input_is_prefix_stable()
{
    const auto small = make_input(1000, 7);
    const auto big = make_input(3u << 20, 7);  // large enough to use several threads
    for (std::size_t i = 0; i < small.size(); ++i)
        QCOMPARE(small[i], big[i]);
    const auto other = make_input(1000, 7, 1);
    int equal = 0, zeros = 0;
    for (std::size_t i = 0; i < small.size(); ++i) {
        equal += small[i] == other[i];
        QVERIFY(small[i] >= -1.0f && small[i] < 1.0f);
    }
    for (float v : big)
        zeros += v == 0.0f;
    QVERIFY(equal < 10);                       // an independent stream
    QVERIFY(zeros < 10);                       // never an array of zeros
    QCOMPARE(make_input(1000, 8)[0] == small[0], false);  // the seed matters
}

void TstBench::reference_sums()
{
    const std::vector<float> x{6, -2, 7, 4, 5, -8, 3, 1};
    const Reference r = reference(x);
    QCOMPARE(r.sum, 16.0);
    QCOMPARE(r.abs_sum, 36.0);
    QCOMPARE(r.max, 7.0);
    const std::vector<float> y{1, 1, 1, 1, 1, 1, 1, 2};
    const Reference d = reference_dot(x, y);
    QCOMPARE(d.sum, 17.0);
    QCOMPARE(d.abs_sum, 37.0);
    QCOMPARE(cpu_sum(x), 16.0);
    // Threaded and sequential sums agree on a large input.
    const auto big = make_input(5u << 20, 3);
    QVERIFY(std::fabs(reference(big).sum - cpu_sum(big)) < 1e-6);
}

void TstBench::classify_data()
{
    QTest::addColumn<bool>("written");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("expected_wrong");
    QTest::addColumn<int>("status");
    QTest::addRow("within tolerance") << true << 10.05 << false << int(Status::Ok);
    QTest::addRow("on the edge") << true << 10.1 << false << int(Status::Ok);
    QTest::addRow("outside") << true << 10.2 << false << int(Status::Wrong);
    QTest::addRow("unwritten output") << false << 10.0 << false << int(Status::Wrong);
    QTest::addRow("nan") << true << std::numeric_limits<double>::quiet_NaN() << false << int(Status::Wrong);
    QTest::addRow("race, even when right") << true << 10.0 << true << int(Status::ExpectedWrong);
}

void TstBench::classify()
{
    QFETCH(bool, written);
    QFETCH(double, value);
    QFETCH(bool, expected_wrong);
    QFETCH(int, status);
    QCOMPARE(int(reducescope::bench::classify(written, value, 10.0, 0.1 + 1e-12, expected_wrong)), status);
}

void TstBench::speeds_only_when_ok()
{
    Result r;
    r.bytes_read = 4'000'000;
    r.time_ms = Summary{0.002, 0.001, 0.003};  // 4 MB in 2 us = 2000 GB/s
    r.status = Status::Ok;
    set_speeds(r, 4000.0, 2500.0, 1.0, 0.004);
    QVERIFY(r.bandwidth_gbs.has_value());
    QCOMPARE(qRound(*r.bandwidth_gbs), 2000);
    QCOMPARE(qRound(*r.pct_peak), 50);
    QCOMPARE(qRound(*r.pct_ceiling), 80);
    QCOMPARE(qRound(*r.speedup_vs_cpu), 500);
    QCOMPARE(qRound(*r.speedup_vs_cub), 2);
    r.status = Status::Wrong;
    set_speeds(r, 4000.0, 2500.0, 1.0, 0.004);
    QVERIFY(!r.bandwidth_gbs && !r.pct_peak && !r.pct_ceiling && !r.speedup_vs_cpu && !r.speedup_vs_cub);
    QCOMPARE(*r.ceiling_read_gbs, 2500.0);  // the ceiling is a fact of the run, kept
}

void TstBench::json_round_trip()
{
    Result r;
    r.strategy = "coarsened";
    r.family = "many_blocks";
    r.kernel = "coarsened_reduce_sum";
    r.n = 1048576;
    r.block_size = 256;
    r.coarse_factor = 4;
    r.grid_size = 512;
    r.mode = "graph";
    r.cache = "hot";
    r.status = Status::Ok;
    r.result = 524160.3;
    r.reference = 524160.28125;
    r.abs_error = 0.02;
    r.tolerance = 1.1;
    r.time_ms = Summary{0.0061, 0.0059, 0.0071};
    r.bytes_read = 4194304;
    r.samples = 5;
    r.subtracted_ms = 0.001;
    set_speeds(r, 4915.2, 4300.0, 1.0, 0.0076);
    const nlohmann::json j = to_json(r);
    QCOMPARE(QString::fromStdString(j.at("status").get<std::string>()), QStringLiteral("ok"));
    const Result back = result_from_json(nlohmann::json::parse(j.dump()));
    QCOMPARE(to_json(back).dump(), j.dump());
    // Null speed fields survive as null.
    r.status = Status::Skipped;
    r.time_ms.reset();
    r.result.reset();
    set_speeds(r, 4915.2, std::nullopt, std::nullopt, std::nullopt);
    const nlohmann::json k = to_json(r);
    QVERIFY(k.at("time_ms").is_null() && k.at("bandwidth_gbs").is_null() && k.at("result").is_null());
    QCOMPARE(to_json(result_from_json(k)).dump(), k.dump());
}

void TstBench::json_missing_field()
{
    Result r;
    r.strategy = "shared";
    r.family = "shared_memory";
    r.n = 1024;
    r.block_size = 256;   // a consistent result (results_checks.h): block >= 1, 4 bytes per element
    r.bytes_read = 4096;
    nlohmann::json j = to_json(r);
    QCOMPARE(result_from_json(j).strategy, std::string{"shared"});
    j.erase("bytes_read");  // a required member (results-format.md); `tolerance` may be absent
    QString message;
    try {
        result_from_json(j);
    } catch (const std::invalid_argument& e) {
        message = QString::fromUtf8(e.what());
    }
    QCOMPARE(message, QStringLiteral("bytes_read: missing (expected an integer >= 0)"));
    j = to_json(r);
    j["status"] = "fast";
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, result_from_json(j));
}

void TstBench::sizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qulonglong>>("expected");
    QTest::addRow("plain") << "1000" << QList<qulonglong>{1000};
    QTest::addRow("K") << "1K" << QList<qulonglong>{1024};
    QTest::addRow("M") << "4M" << QList<qulonglong>{4ull << 20};
    QTest::addRow("G") << "1G" << QList<qulonglong>{1ull << 30};
    QTest::addRow("2^") << "2^20" << QList<qulonglong>{1ull << 20};
    QTest::addRow("list") << "1000, 4096" << QList<qulonglong>{1000, 4096};
    QTest::addRow("range") << "1K..8K" << QList<qulonglong>{1024, 2048, 4096, 8192};
    QTest::addRow("range 2^10..2^30") << "2^10..2^30" << [] {
        QList<qulonglong> v;
        for (int e = 10; e <= 30; ++e)
            v << (1ull << e);
        return v;
    }();
}

void TstBench::sizes()
{
    QFETCH(QString, text);
    QFETCH(QList<qulonglong>, expected);
    const auto got = parse_sizes(text.toStdString());
    QCOMPARE(QList<qulonglong>(got.begin(), got.end()), expected);
}

void TstBench::bad_sizes()
{
    for (const char* bad : {"", "abc", "1X", "8K..1K", "-5", "1..", "2^99", "3..100", "1..17179869183G", "0x10",
                            "1K,0", "1K,4G", "K", "+5"})
        QVERIFY2((!parse_size(bad) && std::string_view{bad}.find("..") == std::string_view::npos) ||
                     [&] {
                         try {
                             parse_sizes(bad);
                             return false;
                         } catch (const std::invalid_argument&) {
                             return true;
                         }
                     }(),
                 bad);
}

void TstBench::bad_sizes_no_wrap()
{
    // Overflow saturates instead of wrapping: 17179869185G = 2^64 + 2^30 is not 1G.
    QCOMPARE(parse_size("17179869185G"), std::optional<std::size_t>{std::numeric_limits<std::size_t>::max()});
    QCOMPARE(parse_size("99999999999999999999999"), std::optional<std::size_t>{std::numeric_limits<std::size_t>::max()});
    QCOMPARE(parse_size("2^64"), std::optional<std::size_t>{std::numeric_limits<std::size_t>::max()});
    QCOMPARE(parse_size("2G"), std::optional<std::size_t>{std::size_t{2} << 30});
    // The doubling stops at the upper end: 1..2G is 32 sizes, and the largest N is allowed.
    const auto all = parse_sizes("1..2G");
    QCOMPARE(all.size(), std::size_t{32});
    QCOMPARE(all.back(), kMaxN);
}

void TstBench::strategies()
{
    const auto all = parse_strategies("all");
    QCOMPARE(all.front(), std::string{"simple"});
    QCOMPARE(all.back(), std::string{"cpu"});
    const auto some = parse_strategies("cub,coarsened, simple");
    QCOMPARE(some, (std::vector<std::string>{"simple", "coarsened", "cub"}));  // catalogue order
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_strategies("coarsened,fastest"));
}

void TstBench::plan_puts_baselines_first()
{
    const auto runs = plan_runs({"coarsened", "coarsened_max", "cub", "cpu"}, {1024, 2048}, {256}, {4});
    QCOMPARE(runs.size(), std::size_t{10});
    QCOMPARE(runs[0].strategy, std::string{"cpu"});
    QCOMPARE(runs[1].strategy, std::string{"cub"});
    QVERIFY(!runs[1].max);
    QVERIFY(runs[2].max);  // CUB Max, because coarsened_max is there
    QCOMPARE(runs[3].strategy, std::string{"coarsened"});
    QCOMPARE(runs[5].n, std::size_t{2048});
}

// plan_runs is both what run_benchmark runs (one result per point) and what the CLI counts against
// the results-file limit: a strategy that ignores a swept parameter still runs once per value, and
// cub twice per point when coarsened_max asks for CUB's max.
void TstBench::plan_counts_results_data()
{
    QTest::addColumn<QStringList>("strategies");
    QTest::addColumn<int>("sizes");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<int>("results");
    QTest::addRow("cub alone") << QStringList{"cub"} << 3 << 1 << 1 << 3;
    QTest::addRow("cub with coarsened_max") << QStringList{"cub", "coarsened_max"} << 3 << 1 << 1 << 9;
    QTest::addRow("cub over coarse factors it ignores") << QStringList{"cub", "shared"} << 1 << 1 << 4 << 8;
    QTest::addRow("cpu over block sizes it ignores") << QStringList{"cpu", "shared"} << 1 << 5 << 1 << 10;
    QTest::addRow("heat map, cub sum and max") << QStringList{"coarsened", "coarsened_max", "cub"} << 1 << 4 << 3 << 48;
}

void TstBench::plan_counts_results()
{
    QFETCH(QStringList, strategies);
    QFETCH(int, sizes);
    QFETCH(int, blocks);
    QFETCH(int, coarse);
    QFETCH(int, results);
    std::vector<std::string> ids;
    for (const QString& s : strategies)
        ids.push_back(s.toStdString());
    std::vector<std::size_t> ns;
    for (int i = 0; i < sizes; ++i)
        ns.push_back(std::size_t{1024} << i);
    std::vector<unsigned> bs, cs;
    for (int i = 0; i < blocks; ++i)
        bs.push_back(32u << i);
    for (int i = 0; i < coarse; ++i)
        cs.push_back(1u << i);
    const auto runs = plan_runs(ids, ns, bs, cs);
    QCOMPARE(int(runs.size()), results);
    QCOMPARE(int(std::count_if(runs.begin(), runs.end(), [](const RunPoint& r) { return r.strategy == "cub" && r.max; })),
             strategies.contains(QStringLiteral("coarsened_max")) && strategies.contains(QStringLiteral("cub"))
                 ? sizes * blocks * coarse : 0);
}

void TstBench::swept_parameters_data()
{
    QTest::addColumn<int>("sizes");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<QStringList>("swept");
    QTest::addColumn<QString>("refusal");
    QTest::addRow("no sweep") << 1 << 1 << 1 << QStringList{} << QString();
    QTest::addRow("N") << 5 << 1 << 1 << QStringList{"n"} << QString();
    QTest::addRow("block size") << 1 << 3 << 1 << QStringList{"block_size"} << QString();
    QTest::addRow("coarse factor") << 1 << 1 << 4 << QStringList{"coarse_factor"} << QString();
    QTest::addRow("block size × coarse factor") << 1 << 3 << 4 << QStringList{"block_size", "coarse_factor"} << QString();
    const QString tail = QStringLiteral(": sweep N alone, or block size, coarse factor, or block size × coarse factor "
                                        "(--block-size and --coarse-factor lists) at one --n");
    QTest::addRow("N × block size") << 2 << 2 << 1 << QStringList{}
                                    << "--sweep-n cannot be combined with a list of --block-size" + tail;
    QTest::addRow("N × coarse factor") << 2 << 1 << 2 << QStringList{}
                                       << "--sweep-n cannot be combined with a list of --coarse-factor" + tail;
    QTest::addRow("all three") << 2 << 2 << 2 << QStringList{}
                               << "--sweep-n cannot be combined with a list of --block-size and --coarse-factor" + tail;
}

void TstBench::swept_parameters()
{
    QFETCH(int, sizes);
    QFETCH(int, blocks);
    QFETCH(int, coarse);
    QFETCH(QStringList, swept);
    QFETCH(QString, refusal);
    try {
        const auto got = reducescope::bench::swept_parameters(sizes, blocks, coarse);
        QVERIFY2(refusal.isEmpty(), "expected a refusal");
        QStringList names;
        for (const auto& p : got)
            names << QString::fromStdString(p);
        QCOMPARE(names, swept);
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()), refusal);
    }
}

void TstBench::plan_two_parameter_product()
{
    // Block size × coarse factor at one N: every pair, block size outer, coarse factor inner, and at
    // each pair the baseline first, then the kernels in the order given.
    const auto runs = plan_runs({"shared", "coarsened", "cub"}, {1048576}, {128, 256, 512}, {1, 2});
    QCOMPARE(runs.size(), std::size_t{3 * 2 * 3});
    const std::vector<std::pair<unsigned, unsigned>> cells{{128, 1}, {128, 2}, {256, 1}, {256, 2}, {512, 1}, {512, 2}};
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const std::vector<std::string> order{"cub", "shared", "coarsened"};
        for (std::size_t k = 0; k < order.size(); ++k) {
            const RunPoint& p = runs[c * 3 + k];
            QCOMPARE(p.strategy, order[k]);
            QCOMPARE(p.n, std::size_t{1048576});
            QCOMPARE(p.block_size, cells[c].first);
            QCOMPARE(p.coarse_factor, cells[c].second);
            QVERIFY(!p.max);
        }
    }
}

void TstBench::cli_accepts_two_parameter_sweep_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("block size × coarse factor") << QStringList{"--block-size", "128,256", "--coarse-factor", "1,2"};
    QTest::addRow("coarse factor first, at --n") << QStringList{"--coarse-factor", "4,1,2", "--n", "4096", "--block-size",
                                                                "64,1024,32"};
    QTest::addRow("the heat map's hint")
        << QStringList{"--block-size", "64,128,256", "--coarse-factor", "1,2,4,8"};
}

void TstBench::cli_accepts_two_parameter_sweep()
{
    // Accepted = not refused as bad input (exit 2): here without a GPU the bench exits 77 with one
    // line; on a GPU machine it runs (small: 1024 elements, one kernel, 2 reps).
    QFETCH(QStringList, args);
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI),
            QStringList{"bench", "--strategies", "shared", "--reps", "2", "--warmup", "0"} + args +
                (args.contains(QStringLiteral("--n")) ? QStringList{} : QStringList{"--n", "1024"}));
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0 || p.exitCode() == 77, qPrintable(QString::number(p.exitCode()) + ": " + err));
    if (p.exitCode() == 77)
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
}

void TstBench::cli_bad_arguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addRow("n zero") << QStringList{"bench", "--n", "0"} << "--n must be in 1..2147483648 (got 0)";
    QTest::addRow("n too large") << QStringList{"bench", "--n", "4G"} << "--n must be in 1..2147483648 (got 4G)";
    QTest::addRow("n not a number") << QStringList{"bench", "--n", "many"} << "--n must be in 1..2147483648 (got many)";
    QTest::addRow("block size") << QStringList{"bench", "--block-size", "100"}
                                << "--block-size must be a power of two in 32..1024 (got 100)";
    QTest::addRow("coarse factor") << QStringList{"bench", "--coarse-factor", "128"}
                                   << "--coarse-factor must be a power of two in 1..64 (got 128)";
    QTest::addRow("mode") << QStringList{"bench", "--mode", "fast"} << "--mode must be per-launch, loop or graph (got fast)";
    QTest::addRow("cache") << QStringList{"bench", "--cache", "warm"} << "--cache must be hot or cold (got warm)";
    QTest::addRow("reps") << QStringList{"bench", "--reps", "0"} << "--reps must be in 1..100000 (got 0)";
    QTest::addRow("strategy") << QStringList{"bench", "--strategies", "coarsened,turbo"}
                              << "--strategies: unknown strategy 'turbo' (see reducescope-cli list); allowed: all, or a "
                                 "comma list of " + catalogueIds();
    // Sweeps of two parameters: block size × coarse factor only; N is swept alone.
    const QString alone = QStringLiteral(": sweep N alone, or block size, coarse factor, or block size × coarse factor "
                                         "(--block-size and --coarse-factor lists) at one --n");
    QTest::addRow("N × block size") << QStringList{"bench", "--sweep-n", "1K..4K", "--block-size", "64,128"}
                                    << "--sweep-n cannot be combined with a list of --block-size" + alone;
    QTest::addRow("N × coarse factor") << QStringList{"bench", "--sweep-n", "1K,2K", "--coarse-factor", "1,2"}
                                       << "--sweep-n cannot be combined with a list of --coarse-factor" + alone;
    QTest::addRow("N × block size × coarse factor")
        << QStringList{"bench", "--sweep-n", "1K,2K", "--block-size", "64,128", "--coarse-factor", "1,2"}
        << "--sweep-n cannot be combined with a list of --block-size and --coarse-factor" + alone;
    QTest::addRow("2-D: block size out of range") << QStringList{"bench", "--block-size", "64,2048", "--coarse-factor", "1,2"}
                                                  << "--block-size must be a power of two in 32..1024 (got 2048)";
    QTest::addRow("2-D: coarse factor not a power of two")
        << QStringList{"bench", "--block-size", "64,128", "--coarse-factor", "1,3"}
        << "--coarse-factor must be a power of two in 1..64 (got 3)";
    QTest::addRow("2-D: coarse factor twice") << QStringList{"bench", "--block-size", "64,128", "--coarse-factor", "1,2,1"}
                                              << "--coarse-factor lists 1 twice (each sweep value once)";
    QTest::addRow("2-D: block size twice") << QStringList{"bench", "--block-size", "128,64,128", "--coarse-factor", "1,2"}
                                           << "--block-size lists 128 twice (each sweep value once)";
    QTest::addRow("2-D: with --gpus") << QStringList{"bench", "--gpus", "1", "--block-size", "64,128", "--coarse-factor", "1,2"}
                                      << "--block-size and --coarse-factor take one value each with --gpus";
    QTest::addRow("selftest max-n") << QStringList{"selftest", "--max-n", "0"} << "--max-n must be in 1..2147483648 (got 0)";
    // Sizes: overflow is out of range, never a wrapped size or an endless sweep.
    QTest::addRow("n overflows to 1G") << QStringList{"bench", "--n", "17179869185G"}
                                       << "--n must be in 1..2147483648 (got 17179869185G)";
    QTest::addRow("n 2^64") << QStringList{"bench", "--n", "2^64"} << "--n must be in 1..2147483648 (got 2^64)";
    QTest::addRow("n hex") << QStringList{"bench", "--n", "0x10"} << "--n must be in 1..2147483648 (got 0x10)";
    QTest::addRow("n empty") << QStringList{"bench", "--n", ""} << "--n must be in 1..2147483648 (got )";
    QTest::addRow("sweep past the largest N") << QStringList{"bench", "--sweep-n", "1..17179869183G"}
                                              << "--sweep-n: sizes must be in 1..2147483648 (got '1..17179869183G')";
    QTest::addRow("sweep to 4G") << QStringList{"bench", "--sweep-n", "1K..4G"}
                                 << "--sweep-n: sizes must be in 1..2147483648 (got '1K..4G')";
    QTest::addRow("sweep not powers of two") << QStringList{"bench", "--sweep-n", "3..100"}
                                             << "--sweep-n: a range lo..hi takes powers of two, e.g. 1K..1G; list other "
                                                "sizes with commas (got '3..100')";
    QTest::addRow("sweep list 0") << QStringList{"bench", "--sweep-n", "1K,0"}
                                  << "--sweep-n: sizes must be in 1..2147483648 (got '0')";
    QTest::addRow("sweep empty") << QStringList{"bench", "--sweep-n", ""}
                                 << "--sweep-n must be sizes in 1..2147483648, e.g. 1K..1G (powers of two) or 1000,4096 "
                                    "(got '')";
    // Decimal numbers only, in range; empty values rejected.
    QTest::addRow("seed -1") << QStringList{"bench", "--seed", "-1"}
                             << "--seed must be in 0..18446744073709551615 (got -1)";
    QTest::addRow("seed 2^64") << QStringList{"bench", "--seed", "18446744073709551616"}
                               << "--seed must be in 0..18446744073709551615 (got 18446744073709551616)";
    QTest::addRow("seed hex") << QStringList{"bench", "--seed", "0x10"} << "--seed must be in 0..18446744073709551615 (got 0x10)";
    QTest::addRow("seed empty") << QStringList{"bench", "--seed", ""} << "--seed must be in 0..18446744073709551615 (got '')";
    QTest::addRow("reps hex") << QStringList{"bench", "--reps", "0x10"} << "--reps must be in 1..100000 (got 0x10)";
    QTest::addRow("warmup -1") << QStringList{"bench", "--warmup", "-1"} << "--warmup must be in 0..10000 (got -1)";
    QTest::addRow("batches 1e3") << QStringList{"bench", "--batches", "1e3"} << "--batches must be in 1..1000 (got 1e3)";
    QTest::addRow("repeat 0") << QStringList{"bench", "--repeat", "0"} << "--repeat must be in 1..1000 (got 0)";
    QTest::addRow("repeat 1001") << QStringList{"bench", "--repeat", "1001"} << "--repeat must be in 1..1000 (got 1001)";
    QTest::addRow("repeat 1e2") << QStringList{"bench", "--repeat", "1e2"} << "--repeat must be in 1..1000 (got 1e2)";
    QTest::addRow("repeat with gpus") << QStringList{"bench", "--repeat", "5", "--gpus", "2"}
                                      << "--repeat cannot be combined with --gpus (the determinism view is of one GPU's kernels)";
    QTest::addRow("device hex") << QStringList{"bench", "--device", "0x1"} << "--device must be in 0..63 (got 0x1)";
    QTest::addRow("gpus hex") << QStringList{"bench", "--gpus", "0x2"}
                              << "--gpus must be in 1..64 (at most the number of CUDA devices) (got 0x2)";
    QTest::addRow("block size hex") << QStringList{"bench", "--block-size", "0x100"}
                                    << "--block-size must be a power of two in 32..1024 (got 0x100)";
    QTest::addRow("block size empty") << QStringList{"bench", "--block-size", ""}
                                      << "--block-size must be a power of two in 32..1024 (got '')";
    QTest::addRow("selftest seed -1") << QStringList{"selftest", "--seed", "-1"}
                                      << "--seed must be in 0..18446744073709551615 (got -1)";
    QTest::addRow("selftest device hex") << QStringList{"selftest", "--device", "0x1"} << "--device must be in 0..63 (got 0x1)";
    // --json: checked first (before --n here), never created on a failure path.
    QTest::addRow("json empty") << QStringList{"bench", "--json", ""} << "--json must be a writable file path (got '')";
    QTest::addRow("json no directory") << QStringList{"bench", "--n", "0", "--json", "/nonexistent/dir/x.json"}
                                       << "--json must be a writable file path (got /nonexistent/dir/x.json: no such directory)";
    QTest::addRow("json a directory") << QStringList{"bench", "--json", "/"}
                                      << "--json must be a writable file path (got /: a directory)";
    QTest::addRow("json /dev/full") << QStringList{"bench", "--json", "/dev/full"}
                                    << "--json must be a writable file path (got /dev/full: a device; results are written to a regular file)";
    // Sweeps (docs/reliability.md): duplicates refused, and sweeps the app could not open.
    QTest::addRow("sweep-n duplicate") << QStringList{"bench", "--sweep-n", "1024,1024"}
                                       << "--sweep-n lists 1024 twice (each sweep value once)";
    QTest::addRow("block size duplicate") << QStringList{"bench", "--block-size", "64,64"}
                                          << "--block-size lists 64 twice (each sweep value once)";
    QTest::addRow("coarse factor duplicate") << QStringList{"bench", "--coarse-factor", "4,8,4"}
                                             << "--coarse-factor lists 4 twice (each sweep value once)";
    {
        // The count is the run's own plan (plan_runs: one result per point): with "all", cub runs
        // sum and max (coarsened_max is in), one run more per point than there are strategies.
        const auto sizeList = [](int count) {
            QStringList sizes;
            for (int i = 1; i <= count; ++i)
                sizes << QString::number(i * 1000);
            return sizes.join(',');
        };
        const auto all = reducescope::bench::parse_strategies("all");
        const std::size_t perPoint = reducescope::bench::plan_runs(all, {1024}, {256}, {4}).size();
        QCOMPARE(perPoint, all.size() + 1);
        QTest::addRow("sweep over 20000 results")
            << QStringList{"bench", "--strategies", "all", "--sweep-n", sizeList(1000)}
            << QStringLiteral("the sweep would write %1 results (%2 runs per point × 1000 N × 1 block sizes × 1 coarse "
                              "factors), over the limit of 20000 per results file")
                   .arg(1000 * perPoint)
                   .arg(perPoint);
        // 2 strategies × 6667 N = 13334 < 20000, but cub runs twice: 20001 results.
        QTest::addRow("cub sum and max: 20001 results")
            << QStringList{"bench", "--strategies", "cub,coarsened_max", "--sweep-n", sizeList(6667)}
            << "the sweep would write 20001 results (3 runs per point × 6667 N × 1 block sizes × 1 coarse factors), "
               "over the limit of 20000 per results file";
        // --gpus K: every GPU count 1..K × N × the four combines (strategies do not apply).
        QTest::addRow("multi-GPU: GPU counts × N × combines")
            << QStringList{"bench", "--gpus", "5", "--sweep-n", sizeList(1001)}
            << "the run would write 20020 results (5 GPU counts × 1001 N × 4 combines), over the limit of 20000 per "
               "results file";
    }
    // Echoed text: one line, control characters escaped, capped at 40 characters and "…".
    QTest::addRow("strategy with newline") << QStringList{"bench", "--strategies", "simple\nx"}
                                           << "--strategies: unknown strategy 'simple\\nx' (see reducescope-cli list); allowed: all, "
                                              "or a comma list of " + catalogueIds();
    QTest::addRow("mode with CR") << QStringList{"bench", "--mode", "a\rb"} << "--mode must be per-launch, loop or graph (got a\\rb)";
    QTest::addRow("long n") << QStringList{"bench", "--n", QString(120000, QLatin1Char('9'))}
                            << "--n must be in 1..2147483648 (got " + QString(40, QLatin1Char('9')) + QChar(0x2026) + ")";
    QTest::addRow("CLI11 error, newline") << QStringList{"bench", "--b\nogus"}
                                          << "unexpected argument '--b\\nogus' for bench (its options: --n, --sweep-n, "
                                             "--strategies, --reps, --min-samples, --min-time, --max-noise, --timeout, "
                                             "--repeat, --table, --warmup, --batches, --mode, --cache, --block-size, "
                                             "--coarse-factor, --seed, --device, --json, --gpus, --counters, --gpu-host, --gpu-host-cli, --srun) "
                                             "(see --help)";
}

void TstBench::cli_json_checked_first()
{
    // A bad argument after a good --json path: exit 2, and the file is not created.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.json"));
    for (const QStringList& extra : {QStringList{"--n", "0"}, QStringList{"--sweep-n", "3..100"},
                                     QStringList{"--seed", "-1"}, QStringList{"--n", "1000", "--gpus", "0"}}) {
        QProcess p;
        p.start(QStringLiteral(REDUCESCOPE_CLI), QStringList{"bench", "--json", path} + extra);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(!QFileInfo::exists(path), qPrintable(extra.join(' ')));
    }
    // Without a GPU (exit 77) the file is not created either.
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {"bench", "--json", path, "--n", "1000", "--reps", "2", "--strategies", "shared"});
    QVERIFY(p.waitForFinished(120000));
    if (p.exitCode() != 0)
        QVERIFY(!QFileInfo::exists(path));
}

void TstBench::cli_json_special_paths_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("why");
    QTest::addRow("FIFO") << "fifo" << "a FIFO; results are written to a regular file";
    QTest::addRow("symbolic link loop") << "loop" << "a loop of symbolic links";
    QTest::addRow("dangling symbolic link") << "dangling" << "a symbolic link to nothing (dangling)";
    QTest::addRow("directory") << "dir" << "a directory";
    QTest::addRow("link to a directory") << "linkdir" << "a directory";
}

void TstBench::cli_json_special_paths()
{
    // Refused up front (exit 2, one line), for bench and for the multi-GPU command: a FIFO would
    // block the writer and the others would fail only after the whole benchmark.
    QFETCH(QString, kind);
    QFETCH(QString, why);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.json"));
    const QByteArray p = QFile::encodeName(path);
    if (kind == QLatin1String("fifo"))
        QCOMPARE(::mkfifo(p.constData(), 0600), 0);
    else if (kind == QLatin1String("loop"))
        QCOMPARE(::symlink(p.constData(), p.constData()), 0);
    else if (kind == QLatin1String("dangling"))
        QCOMPARE(::symlink(QFile::encodeName(dir.filePath(QStringLiteral("nothing/here.json"))).constData(), p.constData()), 0);
    else if (kind == QLatin1String("dir"))
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("out.json")));
    else if (kind == QLatin1String("linkdir"))
        QCOMPARE(::symlink(QFile::encodeName(dir.path()).constData(), p.constData()), 0);
    for (const QStringList& extra : {QStringList{}, QStringList{"--gpus", "2"}}) {
        QProcess cli;
        cli.start(QStringLiteral(REDUCESCOPE_CLI), QStringList{"bench", "--json", path, "--n", "1000"} + extra);
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 2);
        QCOMPARE(cli.readAllStandardOutput(), QByteArray{});
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QVERIFY2(err.trimmed().startsWith(QStringLiteral("reducescope-cli: --json must be a writable file path (got ")),
                 qPrintable(err));
        QVERIFY2(err.trimmed().endsWith(QStringLiteral(": ") + why + QLatin1Char(')')), qPrintable(err));
    }
}

void TstBench::cli_bad_arguments()
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

void TstBench::cli_without_gpu()
{
    // Here (CI, no GPU) bench says so in one line and exits 77; on a GPU machine it runs.
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {"bench", "--n", "1000", "--reps", "2", "--strategies", "shared,cub"});
    QVERIFY(p.waitForFinished(120000));
    if (p.exitCode() == 0)
        QSKIP("a GPU is present: the no-GPU path is not exercised here");
    QCOMPARE(p.exitCode(), 77);
    QCOMPARE(p.readAllStandardOutput(), QByteArray{});
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    if (REDUCESCOPE_BUILT_WITH_CUDA)
        QVERIFY2(err.contains(QStringLiteral("CUDA")), qPrintable(err));
    else
        QVERIFY2(err.contains(QStringLiteral("no CUDA kernels")), qPrintable(err));
}

QTEST_APPLESS_MAIN(TstBench)
#include "tst_bench.moc"
