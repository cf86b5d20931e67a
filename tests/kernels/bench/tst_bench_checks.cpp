// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU side of issue 27's benchmark method: the samples' spread (stats.h: quartiles by type 7,
// p95, nvbench's noise = stdev / mean), the exact positive input (verify.h: small positive integers
// whose sum is exact in any order), the check of every launch of a validation replay — with a lost
// warp partial and a lost block partial injected, both must fail —, the contracts (contract.h),
// the throttle rule (clocks.h), the speed-ups against every library baseline and against the
// fastest deterministic one (results.h), and the old id cub_single_pass still loading.
#include "bench/clocks.h"
#include "bench/contract.h"
#include "bench/plan.h"
#include "bench/results.h"
#include "bench/results_file.h"
#include "bench/stats.h"
#include "bench/stopping.h"
#include "bench/verify.h"
#include "model/catalogue.h"

#include <QtTest>

#include <cmath>
#include <numeric>
#include <vector>

using namespace reducescope;
using namespace reducescope::bench;

namespace {

/// A float32 sum in the order of a one-pass reduction kernel: each "block" of `tile` consecutive
/// elements summed in float (warps of `warp` elements, then the block's warps), the blocks' sums
/// added one by one (the atomics); `lost_warp` / `lost_block` >= 0 drop that warp's (block's)
/// partial, as a missing barrier or a lost atomic would.
float kernel_like_sum(const std::vector<float>& x, std::size_t warp, std::size_t tile, long lost_warp, long lost_block)
{
    float total = 0;
    long w = 0;
    for (std::size_t b = 0; b * tile < x.size(); ++b) {
        float block = 0;
        for (std::size_t s = b * tile; s < std::min(x.size(), (b + 1) * tile); s += warp, ++w) {
            float part = 0;
            for (std::size_t i = s; i < std::min(x.size(), s + warp); ++i)
                part += x[i];
            if (w != lost_warp)
                block += part;
        }
        if (static_cast<long>(b) != lost_block)
            total += block;
    }
    return total;
}

} // namespace

class TstBenchChecks : public QObject {
    Q_OBJECT
private slots:
    void spread_of_samples();
    void noise_is_stdev_over_mean();
    void exact_positive_input_data();
    void exact_positive_input();
    void lost_partials_fail_data();
    void lost_partials_fail();
    void every_launch_checked();
    void contracts_data();
    void contracts();
    void throttle_rule_data();
    void throttle_rule();
    void baseline_speedups();
    void old_id_loads();
};

void TstBenchChecks::spread_of_samples()
{
    const std::vector<double> v{10, 1, 9, 2, 8, 3, 7, 4, 6, 5};  // 1..10, shuffled
    const Summary s = summarize(v);
    QVERIFY(s.spread);
    QCOMPARE(s.median, 5.5);
    QCOMPARE(s.min, 1.0);
    QCOMPARE(s.max, 10.0);
    // Type 7: h = q (n - 1): q1 at h = 2.25 -> 3.25, q3 at 6.75 -> 7.75, p95 at 8.55 -> 9.55.
    QVERIFY(std::fabs(s.q1 - 3.25) < 1e-12);
    QVERIFY(std::fabs(s.q3 - 7.75) < 1e-12);
    QVERIFY(std::fabs(s.p95 - 9.55) < 1e-12);
    QVERIFY(std::fabs(s.iqr() - 4.5) < 1e-12);
    QCOMPARE(s.mean, 5.5);
    QVERIFY(std::fabs(s.stdev - std::sqrt(82.5 / 9.0)) < 1e-12);  // Σ(x - 5.5)^2 = 82.5
    const Summary one = summarize(std::vector<double>{2.0});
    QCOMPARE(one.q1, 2.0);
    QCOMPARE(one.p95, 2.0);
    QCOMPARE(one.stdev, 0.0);
    QVERIFY(!summarize(std::vector<double>{}).spread);
}

void TstBenchChecks::noise_is_stdev_over_mean()
{
    const std::vector<double> v{2.0, 2.0, 2.0, 2.0, 2.4};  // one outlier: the MAD ignores it, nvbench's noise does not
    QCOMPARE(relative_mad(v), 0.0);
    const double mean = 2.08, sd = std::sqrt((4 * 0.08 * 0.08 + 0.32 * 0.32) / 4.0);
    QVERIFY(std::fabs(relative_stdev(v) - sd / mean) < 1e-12);
    QVERIFY(std::fabs(summarize(v).noise() - sd / mean) < 1e-12);
}

void TstBenchChecks::exact_positive_input_data()
{
    QTest::addColumn<qulonglong>("n");
    QTest::addColumn<qulonglong>("run");
    QTest::newRow("1") << 1ull << 1ull;
    QTest::newRow("1000") << 1000ull << 1ull;
    QTest::newRow("2^23") << (1ull << 23) << 1ull;
    QTest::newRow("2^23+1") << (1ull << 23) + 1 << 2ull;
    QTest::newRow("2^24+3") << (1ull << 24) + 3 << 3ull;
}

void TstBenchChecks::exact_positive_input()
{
    QFETCH(qulonglong, n);
    QFETCH(qulonglong, run);
    QCOMPARE(static_cast<qulonglong>(exact_positive_run(n)), run);
    const std::vector<float> x = make_exact_positive_input(n, 42);
    QCOMPARE(static_cast<qulonglong>(x.size()), n);
    double sum = 0;
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        QVERIFY(x[i] == 0.0f || x[i] == 1.0f || x[i] == 2.0f);
        sum += x[i];
        nonzero += x[i] != 0.0f;
    }
    // One non-zero per run of `run` elements, and at most 2^24 in all: exact in float32.
    QCOMPARE(static_cast<qulonglong>(nonzero), (n + run - 1) / run);
    QVERIFY(sum <= 0x1p24);
    for (std::size_t r = 0; r * run < x.size(); ++r) {
        std::size_t here = 0;
        for (std::size_t i = r * run; i < std::min<std::size_t>(x.size(), (r + 1) * run); ++i)
            here += x[i] != 0.0f;
        QCOMPARE(here, std::size_t{1});
    }
    // Any order gives the same float: sequential and block order (vectorized at B 256, C 4).
    float seq = 0;
    for (const float v : x)
        seq += v;
    QCOMPARE(static_cast<double>(seq), sum);
    QCOMPARE(static_cast<double>(kernel_like_sum(x, 512, 4096, -1, -1)), sum);
    QCOMPARE(make_exact_positive_input(n, 42), x);  // reproducible
}

void TstBenchChecks::lost_partials_fail_data()
{
    QTest::addColumn<qulonglong>("n");
    QTest::newRow("2^20") << (1ull << 20);
    QTest::newRow("2^24+3") << (1ull << 24) + 3;
}

void TstBenchChecks::lost_partials_fail()
{
    // vectorized at B 256, C 4: a warp's 32 threads x 4 float4 = 512 consecutive floats, a block's
    // 4096. Every one of them, lost, must fail the exact check of bench (zero tolerance) — on the
    // exact positive input a partial can never sum to 0.
    QFETCH(qulonglong, n);
    const std::vector<float> x = make_exact_positive_input(n, 7);
    const double reference = std::accumulate(x.begin(), x.end(), 0.0);
    const std::size_t warps = (x.size() + 511) / 512, blocks = (x.size() + 4095) / 4096;
    for (std::size_t w = 0; w < warps; w += std::max<std::size_t>(1, warps / 97)) {
        const double got = kernel_like_sum(x, 512, 4096, static_cast<long>(w), -1);
        const LaunchCheck c = check_launches(std::vector<double>{reference, got}, {true, true}, reference, 0.0);
        QVERIFY2(c.wrong == 1 && c.first_wrong == 1, qPrintable(QStringLiteral("lost warp %1 passed").arg(w)));
    }
    for (std::size_t b = 0; b < blocks; b += std::max<std::size_t>(1, blocks / 97)) {
        const double got = kernel_like_sum(x, 512, 4096, -1, static_cast<long>(b));
        const LaunchCheck c = check_launches(std::vector<double>{got}, {true}, reference, 0.0);
        QVERIFY2(c.wrong == 1 && c.first_wrong == 0, qPrintable(QStringLiteral("lost block %1 passed").arg(b)));
    }
    // The intact order passes exactly.
    QCOMPARE(check_launches(std::vector<double>{kernel_like_sum(x, 512, 4096, -1, -1)}, {true}, reference, 0.0).wrong, 0);
}

void TstBenchChecks::every_launch_checked()
{
    const std::vector<double> v{10.0, 10.0, 9.5, 10.0, std::nan(""), 10.0};
    const LaunchCheck c = check_launches(v, {true, true, true, false, true, true}, 10.0, 0.25);
    QCOMPARE(c.checked, 6);
    QCOMPARE(c.wrong, 3);  // 9.5 is out, the unwritten one, the NaN
    QCOMPARE(c.first_wrong, 2);
    QCOMPARE(c.first_wrong_value, 9.5);
    QVERIFY(!c.first_unwritten);
    const LaunchCheck u = check_launches(std::vector<double>{10.0}, {false}, 10.0, 1.0);
    QVERIFY(u.first_unwritten && u.wrong == 1);
    QCOMPARE(check_launches(std::vector<double>{}, {}, 1.0, 0.0), LaunchCheck{});
}

void TstBenchChecks::contracts_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<uint>("grid");
    QTest::addColumn<QString>("determinism");
    QTest::addColumn<bool>("keeps");
    QTest::newRow("cpu") << "cpu" << 0u << "gpu_to_gpu" << false;
    QTest::newRow("cub") << "cub" << 0u << "run_to_run" << false;
    QTest::newRow("cub_run_to_run") << "cub_run_to_run" << 0u << "run_to_run" << false;
    QTest::newRow("cub_gpu_to_gpu") << "cub_gpu_to_gpu" << 0u << "gpu_to_gpu" << false;
    QTest::newRow("cub_not_guaranteed") << "cub_not_guaranteed" << 0u << "not_guaranteed" << false;
    QTest::newRow("cub_block_one_pass") << "cub_block_one_pass" << 264u << "not_guaranteed" << true;
    QTest::newRow("cub_block_ring") << "cub_block_ring" << 264u << "not_guaranteed" << true;
    QTest::newRow("two_pass") << "two_pass" << 1024u << "run_to_run" << false;
    QTest::newRow("zero_ahead") << "zero_ahead" << 512u << "not_guaranteed" << true;
    QTest::newRow("self_reset") << "self_reset" << 512u << "not_guaranteed" << true;
    QTest::newRow("simple one block") << "simple" << 1u << "run_to_run" << false;
    QTest::newRow("simple many blocks") << "simple" << 8u << "not_guaranteed" << true;
}

void TstBenchChecks::contracts()
{
    QFETCH(QString, id);
    QFETCH(uint, grid);
    QFETCH(QString, determinism);
    QFETCH(bool, keeps);
    const Contract c = contract_of(id.toStdString(), grid);
    QCOMPARE(QString::fromStdString(c.determinism), determinism);
    QCOMPARE(!c.caller_keeps.empty(), keeps);
    if (id == QLatin1String("zero_ahead") || id == QLatin1String("cub_block_ring"))
        QCOMPARE(QString::fromStdString(c.caller_keeps), QStringLiteral("a ring of 3 outputs and the launch number"));
    QVERIFY(is_fixed_order_baseline("cub") && is_fixed_order_baseline("cub_gpu_to_gpu") &&
            !is_fixed_order_baseline("cub_not_guaranteed") && !is_fixed_order_baseline("cub_block_ring"));
    QCOMPARE(contract_text({"run_to_run", ""}), std::string{"deterministic (run_to_run)"});
    QCOMPARE(contract_text({"not_guaranteed", "x"}), std::string{"not deterministic; caller keeps x"});
}

void TstBenchChecks::throttle_rule_data()
{
    QTest::addColumn<int>("sm");
    QTest::addColumn<qlonglong>("reasons");
    QTest::addColumn<bool>("throttled");
    QTest::newRow("full clock, no reason") << 1980 << 0ll << false;
    QTest::newRow("idle reason only") << 1980 << 0x1ll << false;
    QTest::newRow("SW power cap (seen on the H200: gpu_to_gpu at 2^30)") << 1425 << 0x4ll << true;
    QTest::newRow("HW slowdown at full clock") << 1980 << 0x8ll << true;
    QTest::newRow("SW thermal") << 1980 << 0x20ll << true;
    QTest::newRow("below 75 % of 1980 (1485)") << 1484 << 0ll << true;
    QTest::newRow("at 75 %") << 1485 << 0ll << false;
    QTest::newRow("unknown") << -1 << -1ll << false;
}

void TstBenchChecks::throttle_rule()
{
    QFETCH(int, sm);
    QFETCH(qlonglong, reasons);
    QFETCH(bool, throttled);
    ClockState s;
    s.clocks.sm_mhz = sm;
    s.event_reasons = reasons;
    QCOMPARE(clock_throttled(s, Clocks{1980, 3201}), throttled);
}

void TstBenchChecks::baseline_speedups()
{
    Result r;
    r.status = Status::Ok;
    r.time_ms = Summary{0.00212, 0.00211, 0.00213};
    set_baseline_speedups(r, {{"cub", 0.0028}, {"cub_block_one_pass", 0.00281}, {"cub_block_ring", 0.00216},
                              {"cub_not_guaranteed", 0.00318}, {"cub_run_to_run", 0.00318}});
    QCOMPARE(QString::fromStdString(r.best_baseline), QStringLiteral("cub_block_ring"));
    QVERIFY(std::fabs(*r.speedup_vs_best_baseline - 0.00216 / 0.00212) < 1e-12);
    QCOMPARE(QString::fromStdString(r.best_deterministic_baseline), QStringLiteral("cub"));
    QVERIFY(std::fabs(*r.speedup_vs_best_deterministic_baseline - 0.0028 / 0.00212) < 1e-12);
    QVERIFY(std::fabs(*r.speedup_vs_cub_block_one_pass - 0.00281 / 0.00212) < 1e-12);
    Result wrong = r;
    wrong.status = Status::Wrong;
    set_baseline_speedups(wrong, {{"cub", 0.0028}});
    QVERIFY(wrong.best_baseline.empty() && !wrong.speedup_vs_best_deterministic_baseline);
}

void TstBenchChecks::old_id_loads()
{
    QCOMPARE(QString::fromUtf8(model::current_id("cub_single_pass").data()), QStringLiteral("cub_block_one_pass"));
    QCOMPARE(parse_strategies("cub_single_pass,cub"), (std::vector<std::string>{"cub", "cub_block_one_pass"}));
    // A version-1 file recorded on the H200 with cub_single_pass loads, under the new id.
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results/h200-2026-12-01/zero_ahead/final_1m_graph_hot.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ResultsFile file = read_results(f.readAll().toStdString());
    int renamed = 0;
    for (const Result& r : file.results) {
        QVERIFY(r.strategy != "cub_single_pass" && r.best_baseline != "cub_single_pass");
        renamed += r.strategy == "cub_block_one_pass";
        if (r.status == Status::Ok && r.strategy == "zero_ahead")
            QVERIFY(r.speedup_vs_cub_block_one_pass.has_value());
        QVERIFY(!r.time_ms || !r.time_ms->spread);  // version 1: no spread recorded
    }
    QVERIFY(renamed > 0);
}

QTEST_APPLESS_MAIN(TstBenchChecks)
#include "tst_bench_checks.moc"
