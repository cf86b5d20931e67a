// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark method's CPU side (docs/benchmarks.md): noise and the stopping rule, NVML clocks
// (against a fake library), the capped ceiling fraction, the library baselines' speed-ups, the
// check after the timed work, the runner's element limit, the plan order with cub_block_one_pass, the
// --table text, and the CLI's refusals of the new options.
#include "bench/clocks.h"
#include "bench/plan.h"
#include "bench/results.h"
#include "bench/results_json.h"
#include "bench/stopping.h"
#include "bench/table.h"
#include "cuda/reduce_api.h"

#include <QProcess>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace reducescope::bench;

class TstBenchMethod : public QObject {
    Q_OBJECT
private slots:
    void relative_mad_data();
    void relative_mad();
    void stop_rule_data();
    void stop_rule();
    void noise_checkpoints();
    void nvml_data();
    void nvml();
    void gpu_processes();
    void clocks_low_data();
    void clocks_low();
    void ceiling_fraction_capped_data();
    void ceiling_fraction_capped();
    void baseline_speedups_data();
    void baseline_speedups();
    void after_timing_data();
    void after_timing();
    void element_limit_data();
    void element_limit();
    void plan_has_single_pass_after_cub();
    void json_round_trip_new_fields();
    void table_text();
    void cli_refuses_data();
    void cli_refuses();
};

void TstBenchMethod::relative_mad_data()
{
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("expected");
    QTest::addRow("empty") << QList<double>{} << 0.0;
    QTest::addRow("one sample") << QList<double>{2.0} << 0.0;
    QTest::addRow("all equal") << QList<double>{2, 2, 2, 2} << 0.0;
    // median 10; deviations 1, 0, 1 -> median 1 -> 10 %
    QTest::addRow("odd") << QList<double>{9, 10, 11} << 0.1;
    // median 2.5; deviations 1.5, 0.5, 0.5, 1.5 -> median 1 -> 40 %
    QTest::addRow("even") << QList<double>{1, 2, 3, 4} << 0.4;
    // one outlier among five does not move it: median 1; deviations 0, 0, 0, 0.01, 99 -> median 0
    QTest::addRow("outlier ignored") << QList<double>{1.0, 1.0, 1.0, 1.01, 100.0} << 0.0;
    QTest::addRow("zero median") << QList<double>{0, 0, 0} << 0.0;
}

void TstBenchMethod::relative_mad()
{
    QFETCH(QList<double>, samples);
    QFETCH(double, expected);
    const std::vector<double> v(samples.begin(), samples.end());
    QVERIFY2(std::fabs(reducescope::bench::relative_mad(v) - expected) < 1e-12,
             qPrintable(QString::number(reducescope::bench::relative_mad(v))));
}

void TstBenchMethod::stop_rule_data()
{
    QTest::addColumn<int>("fixed");
    QTest::addColumn<int>("samples");
    QTest::addColumn<double>("gpu_s");
    QTest::addColumn<double>("noise");
    QTest::addColumn<double>("wall_s");
    QTest::addColumn<QString>("rule");  // "" = keep sampling
    // nvbench's defaults: 10 samples, 0.5 s of GPU time, 0.5 % noise; time-out 5 s here.
    QTest::addRow("fixed: not yet") << 100 << 99 << 9.0 << 1.0 << 99.0 << "";
    QTest::addRow("fixed: done, noise ignored") << 100 << 100 << 0.001 << 1.0 << 0.0 << "reps";
    QTest::addRow("all three met") << 0 << 10 << 0.5 << 0.005 << 0.6 << "noise";
    QTest::addRow("too few samples") << 0 << 9 << 9.0 << 0.0 << 1.0 << "";
    QTest::addRow("too little GPU time") << 0 << 1000 << 0.49 << 0.0 << 1.0 << "";
    QTest::addRow("too noisy") << 0 << 1000 << 1.0 << 0.0051 << 1.0 << "";
    QTest::addRow("too noisy, time-out") << 0 << 1000 << 1.0 << 0.02 << 5.0 << "timeout";
    QTest::addRow("time-out before min time") << 0 << 20 << 0.1 << 0.0 << 5.0 << "timeout";
    QTest::addRow("time-out needs 3 samples") << 0 << 2 << 4.0 << 0.0 << 6.0 << "";
    QTest::addRow("time-out with 3 slow samples") << 0 << 3 << 6.0 << 0.0 << 6.0 << "timeout";
}

void TstBenchMethod::stop_rule()
{
    QFETCH(int, fixed);
    QFETCH(int, samples);
    QFETCH(double, gpu_s);
    QFETCH(double, noise);
    QFETCH(double, wall_s);
    QFETCH(QString, rule);
    StopCriteria c;
    c.fixed_samples = fixed;
    const auto r = stop_now(c, samples, gpu_s, noise, wall_s);
    QCOMPARE(r ? QString::fromLatin1(stop_rule_name(*r).data()) : QString(), rule);
}

void TstBenchMethod::noise_checkpoints()
{
    StopCriteria c;
    QVERIFY(!noise_check_due(c, 9, 1.0));    // fewer than min samples
    QVERIFY(!noise_check_due(c, 100, 0.4));  // not enough GPU time yet
    QVERIFY(noise_check_due(c, 10, 0.5));
    QVERIFY(noise_check_due(c, 64, 0.5));
    // Past 64: each time the count grew by about 1/16: 16 ln(10^5 / 65), about 117 checks.
    int checks = 0;
    for (long s = 65; s <= 100000; ++s)
        checks += noise_check_due(c, s, 1.0);
    QVERIFY2(checks >= 110 && checks <= 125, qPrintable(QString::number(checks)));
    c.fixed_samples = 100;
    QVERIFY(!noise_check_due(c, 100, 1.0));  // fixed counts never need it during sampling
}

void TstBenchMethod::nvml_data()
{
    QTest::addColumn<QString>("library");  // "fake" = the test's libfake_nvml.so
    QTest::addColumn<QString>("bus");
    QTest::addColumn<int>("index");
    QTest::addColumn<QByteArray>("sm_env");
    QTest::addColumn<bool>("init_fails");
    QTest::addColumn<bool>("available");
    QTest::addColumn<QString>("why");
    QTest::addColumn<int>("sm");
    QTest::addColumn<int>("mem");
    QTest::addRow("found by bus id") << "fake" << "0000:AA:00.0" << -1 << QByteArray("1400") << false << true << ""
                                     << 1400 << 3201;
    QTest::addRow("unknown bus, no fallback") << "fake" << "0000:BB:00.0" << -1 << QByteArray() << false << false
                                              << "NVML has no device with PCI bus id 0000:BB:00.0: Not Found (6)" << -1
                                              << -1;
    QTest::addRow("unknown bus, index 0") << "fake" << "0000:BB:00.0" << 0 << QByteArray() << false << true << ""
                                          << 1980 << 3201;
    QTest::addRow("init fails") << "fake" << "0000:AA:00.0" << -1 << QByteArray() << true << false
                                << "nvmlInit_v2: Unknown Error (999)" << -1 << -1;
    QTest::addRow("no library") << "/nonexistent/libnvidia-ml.so.1" << "0000:AA:00.0" << 0 << QByteArray() << false
                                << false << "NVML not loaded (/nonexistent/libnvidia-ml.so.1: " << -1 << -1;
}

void TstBenchMethod::nvml()
{
    QFETCH(QString, library);
    QFETCH(QString, bus);
    QFETCH(int, index);
    QFETCH(QByteArray, sm_env);
    QFETCH(bool, init_fails);
    QFETCH(bool, available);
    QFETCH(QString, why);
    QFETCH(int, sm);
    QFETCH(int, mem);
    qputenv("REDUCESCOPE_NVML_LIBRARY", library == QLatin1String("fake") ? QByteArray(REDUCESCOPE_FAKE_NVML)
                                                                         : library.toUtf8());
    if (sm_env.isEmpty())
        qunsetenv("FAKE_NVML_SM_MHZ");
    else
        qputenv("FAKE_NVML_SM_MHZ", sm_env);
    qputenv("FAKE_NVML_INIT_FAILS", init_fails ? "1" : "0");
    {
        const Nvml nvml(bus.toStdString(), index);
        QCOMPARE(nvml.available(), available);
        QVERIFY2(QString::fromStdString(nvml.why_not()).startsWith(why), nvml.why_not().c_str());
        const Clocks now = nvml.current();
        QCOMPARE(now.sm_mhz, sm);
        QCOMPARE(now.mem_mhz, mem);
        if (available) {
            QCOMPARE(nvml.max().sm_mhz, 1980);
            QCOMPARE(nvml.max().mem_mhz, 3201);
        }
    }
    qunsetenv("REDUCESCOPE_NVML_LIBRARY");
    qunsetenv("FAKE_NVML_SM_MHZ");
    qunsetenv("FAKE_NVML_INIT_FAILS");
}

void TstBenchMethod::gpu_processes()
{
    // NVML's process list through the fake: names where NVML has one, memory in bytes or unknown,
    // this process left out, each pid once; a failing call is "not listed", not "none".
    qputenv("REDUCESCOPE_NVML_LIBRARY", QByteArray(REDUCESCOPE_FAKE_NVML));
    qputenv("FAKE_NVML_INIT_FAILS", "0");
    qputenv("FAKE_NVML_PROCESSES", "4242:python3:2147483648,77::,31337:reducescope-cli:1048576");
    {
        const Nvml nvml("0000:AA:00.0");
        const auto list = nvml.compute_processes();
        QVERIFY(list);
        QCOMPARE(list->size(), std::size_t(3));
        QCOMPARE((*list)[0], (GpuProcess{4242, "python3", 2147483648LL}));
        QCOMPARE((*list)[1], (GpuProcess{77, "", -1}));
        QCOMPARE((*list)[2], (GpuProcess{31337, "reducescope-cli", 1048576}));
        std::vector<GpuProcess> seen = *list;
        seen.push_back({4242, "", 3221225472LL});  // seen again after the run, holding more
        const auto others = other_processes(seen, 31337);
        QCOMPARE(others.size(), std::size_t(2));
        QCOMPARE(others[0], (GpuProcess{77, "", -1}));
        QCOMPARE(others[1], (GpuProcess{4242, "python3", 3221225472LL}));
        QCOMPARE(QString::fromStdString(other_processes_text(others, 0)),
                 QStringLiteral("GPU 0 is also used by pid 77, pid 4242 (python3, 3072 MiB): its kernels share the GPU "
                                "with the ones timed here"));
        qputenv("FAKE_NVML_PROCESSES", "");
        QCOMPARE(nvml.compute_processes()->size(), std::size_t(0));
        qputenv("FAKE_NVML_PROCESSES_FAIL", "1");
        QVERIFY(!nvml.compute_processes());
        // 300 processes: more than the 64 asked for first; NVML answers INSUFFICIENT_SIZE with the
        // count it needs, and the list is asked again with room for all.
        qunsetenv("FAKE_NVML_PROCESSES_FAIL");
        QByteArray many;
        for (int i = 1; i <= 300; ++i)
            many += QByteArray::number(i) + "::" + (i < 300 ? "," : "");
        qputenv("FAKE_NVML_PROCESSES", many);
        const auto all = nvml.compute_processes();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(300));
        QCOMPARE(all->back().pid, 300u);
    }
    qunsetenv("REDUCESCOPE_NVML_LIBRARY");
    qunsetenv("FAKE_NVML_PROCESSES");
    qunsetenv("FAKE_NVML_INIT_FAILS");
    // Without NVML: not listed.
    qputenv("REDUCESCOPE_NVML_LIBRARY", "/nonexistent/libnvidia-ml.so.1");
    QVERIFY(!Nvml("0000:AA:00.0").compute_processes());
    qunsetenv("REDUCESCOPE_NVML_LIBRARY");
}

void TstBenchMethod::clocks_low_data()
{
    QTest::addColumn<int>("sm_before");
    QTest::addColumn<int>("sm_after");
    QTest::addColumn<int>("mem_before");
    QTest::addColumn<bool>("low");
    // max SM 1980 MHz (75 %: 1485), max memory 3201 MHz (75 %: 2400.75)
    QTest::addRow("at max") << 1980 << 1980 << 3201 << false;
    QTest::addRow("just at 75 %") << 1485 << 1980 << 3201 << false;
    QTest::addRow("SM below before") << 1484 << 1980 << 3201 << true;
    QTest::addRow("SM below after") << 1980 << 345 << 3201 << true;
    QTest::addRow("memory below") << 1980 << 1980 << 1593 << true;
    QTest::addRow("unknown readings never flag") << -1 << -1 << -1 << false;
}

void TstBenchMethod::clocks_low()
{
    QFETCH(int, sm_before);
    QFETCH(int, sm_after);
    QFETCH(int, mem_before);
    QFETCH(bool, low);
    QCOMPARE(reducescope::bench::clocks_low({sm_before, mem_before}, {sm_after, 3201}, {1980, 3201}), low);
    QCOMPARE(reducescope::bench::clocks_low({sm_before, mem_before}, {sm_after, 3201}, {-1, -1}), false);
}

void TstBenchMethod::ceiling_fraction_capped_data()
{
    QTest::addColumn<double>("ceiling_gbs");
    QTest::addColumn<double>("pct");    // -1: null
    QTest::addColumn<double>("ratio");
    // 4 MB in 2 us = 2000 GB/s
    QTest::addRow("below the ceiling") << 2500.0 << 80.0 << 0.8;
    QTest::addRow("at the ceiling") << 2000.0 << 100.0 << 1.0;
    QTest::addRow("above: no percentage") << 1923.0 << -1.0 << 2000.0 / 1923.0;  // the dot kernels' 104 %
}

void TstBenchMethod::ceiling_fraction_capped()
{
    QFETCH(double, ceiling_gbs);
    QFETCH(double, pct);
    QFETCH(double, ratio);
    Result r;
    r.bytes_read = 4'000'000;
    r.time_ms = Summary{0.002, 0.002, 0.002};
    r.status = Status::Ok;
    set_speeds(r, 4800.0, ceiling_gbs, std::nullopt, std::nullopt);
    QVERIFY(r.ceiling_ratio.has_value());
    QVERIFY(std::fabs(*r.ceiling_ratio - ratio) < 1e-9);
    if (pct < 0)
        QVERIFY(!r.pct_ceiling.has_value());
    else
        QVERIFY(std::fabs(*r.pct_ceiling - pct) < 1e-9);
    ResultsFile file;
    file.results = {r};
    const std::string table = format_table(file);
    QCOMPARE(table.find("ABOVE-CEILING") != std::string::npos, pct < 0);
}

void TstBenchMethod::baseline_speedups_data()
{
    QTest::addColumn<double>("cub_ms");          // <= 0: unknown
    QTest::addColumn<double>("one_pass_ms");  // <= 0: unknown
    QTest::addColumn<QString>("best");
    QTest::addColumn<double>("speedup_best");
    QTest::addColumn<double>("speedup_sp");      // -1: null
    // this kernel: 2 us
    QTest::addRow("two-kernel CUB faster") << 0.003 << 0.004 << "cub" << 1.5 << 2.0;
    QTest::addRow("single pass faster") << 0.003 << 0.0025 << "cub_block_one_pass" << 1.25 << 1.25;
    QTest::addRow("equal: cub named") << 0.003 << 0.003 << "cub" << 1.5 << 1.5;
    QTest::addRow("only cub") << 0.003 << -1.0 << "cub" << 1.5 << -1.0;
    QTest::addRow("only single pass") << -1.0 << 0.0025 << "cub_block_one_pass" << 1.25 << 1.25;
    QTest::addRow("none") << -1.0 << -1.0 << "" << -1.0 << -1.0;
}

void TstBenchMethod::baseline_speedups()
{
    QFETCH(double, cub_ms);
    QFETCH(double, one_pass_ms);
    QFETCH(QString, best);
    QFETCH(double, speedup_best);
    QFETCH(double, speedup_sp);
    Result r;
    r.time_ms = Summary{0.002, 0.002, 0.002};
    r.status = Status::Ok;
    auto opt = [](double v) { return v > 0 ? std::optional<double>{v} : std::nullopt; };
    set_baseline_speedups(r, opt(cub_ms), opt(one_pass_ms));
    QCOMPARE(QString::fromStdString(r.best_baseline), best);
    QCOMPARE(r.speedup_vs_best_baseline.has_value(), speedup_best > 0);
    if (speedup_best > 0)
        QVERIFY(std::fabs(*r.speedup_vs_best_baseline - speedup_best) < 1e-9);
    QCOMPARE(r.speedup_vs_cub_block_one_pass.has_value(), speedup_sp > 0);
    if (speedup_sp > 0)
        QVERIFY(std::fabs(*r.speedup_vs_cub_block_one_pass - speedup_sp) < 1e-9);
    r.status = Status::Wrong;  // never a speed-up for a wrong result
    set_baseline_speedups(r, opt(cub_ms), opt(one_pass_ms));
    QVERIFY(r.best_baseline.empty() && !r.speedup_vs_best_baseline && !r.speedup_vs_cub_block_one_pass);
}

void TstBenchMethod::after_timing_data()
{
    QTest::addColumn<bool>("written");
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("status");
    // reference 10, tolerance 0.1
    QTest::addRow("right") << true << 10.05 << int(Status::Ok);
    QTest::addRow("a launch lost (self_reset zeroed late)") << true << 9.5 << int(Status::Wrong);
    QTest::addRow("doubled (reset missing in the graph)") << true << 20.0 << int(Status::Wrong);
    QTest::addRow("not written") << false << 10.0 << int(Status::Wrong);
    QTest::addRow("NaN (grid-size error)") << true << std::numeric_limits<double>::quiet_NaN() << int(Status::Wrong);
}

void TstBenchMethod::after_timing()
{
    QFETCH(bool, written);
    QFETCH(double, value);
    QFETCH(int, status);
    QCOMPARE(int(classify_after_timing(written, value, 10.0, 0.1)), status);
}

void TstBenchMethod::element_limit_data()
{
    QTest::addColumn<qulonglong>("n");
    QTest::addColumn<bool>("refused");
    QTest::addRow("2^31") << (1ull << 31) << false;
    QTest::addRow("2^31 + 1") << (1ull << 31) + 1 << true;
    QTest::addRow("2^32 (would truncate to 0)") << (1ull << 32) << true;
    QTest::addRow("2^32 + 5 (would truncate to 5)") << (1ull << 32) + 5 << true;
}

void TstBenchMethod::element_limit()
{
    QFETCH(qulonglong, n);
    QFETCH(bool, refused);
    const std::string e = reducescope::cuda::element_count_error(n);
    QCOMPARE(!e.empty(), refused);
    if (refused)
        QVERIFY2(QString::fromStdString(e).contains(QStringLiteral("2^31")), e.c_str());
    QCOMPARE(reducescope::cuda::kMaxElements, kMaxN);  // the CLI's --n limit is the runner's
}

void TstBenchMethod::plan_has_single_pass_after_cub()
{
    const auto ids = parse_strategies("vectorized,cub_block_one_pass,cub,cpu");
    const auto runs = plan_runs(ids, {1024}, {256}, {4});
    QCOMPARE(runs.size(), std::size_t{4});
    QCOMPARE(runs[0].strategy, std::string{"cpu"});
    QCOMPARE(runs[1].strategy, std::string{"cub"});
    QCOMPARE(runs[2].strategy, std::string{"cub_block_one_pass"});
    QCOMPARE(runs[3].strategy, std::string{"vectorized"});
    const auto all = parse_strategies("all");
    QVERIFY(std::find(all.begin(), all.end(), "cub_block_one_pass") != all.end());
}

void TstBenchMethod::json_round_trip_new_fields()
{
    Result r;
    r.strategy = "self_reset";
    r.family = "warp_primitives";  // the fields the reader (results_file.h) requires
    r.n = 1048576;
    r.block_size = 256;
    r.coarse_factor = 4;
    r.status = Status::Ok;
    r.time_ms = Summary{0.00236, 0.00235, 0.0024};
    r.bytes_read = 4194304;
    r.noise = 0.0031;
    r.stop_rule = "noise";
    r.gpu_time_s = 0.51;
    r.reps_per_sample = 85;
    r.host_enqueue_us = 2.5;
    r.cold_method = "rotate";
    r.cold_buffers = 30;
    r.sm_mhz_before = 1980;
    r.sm_mhz_after = 1965;
    r.mem_mhz_before = 3201;
    r.mem_mhz_after = 3201;
    r.sm_max_mhz = 1980;
    r.mem_max_mhz = 3201;
    r.checked_after_timing = true;
    r.result_after_timing = 12.5;
    set_speeds(r, 4814.0, 2300.0, std::nullopt, 0.00307);
    set_baseline_speedups(r, 0.00307, 0.00290);
    const nlohmann::json j = to_json(r);
    QCOMPARE(j.at("stop_rule").get<std::string>(), std::string{"noise"});
    QCOMPARE(j.at("clocks").at("sm_mhz_after").get<int>(), 1965);
    QCOMPARE(j.at("best_baseline").get<std::string>(), std::string{"cub_block_one_pass"});
    const Result back = result_from_json(nlohmann::json::parse(j.dump()));
    QCOMPARE(to_json(back).dump(), j.dump());
    // A file without the new fields still reads (older results).
    nlohmann::json old = j;
    for (const char* k : {"noise", "stop_rule", "noisy", "clocks", "low_clock", "cold_method", "cold_buffers",
                          "checked_after_timing", "result_after_timing", "ceiling_ratio", "best_baseline",
                          "speedup_vs_best_baseline", "speedup_vs_cub_block_one_pass", "gpu_time_s",
                          "reps_per_sample", "host_enqueue_us"})
        old.erase(k);
    const Result o = result_from_json(old);
    QVERIFY(!o.noise && o.stop_rule.empty() && o.sm_mhz_before == -1 && o.best_baseline.empty());
}

void TstBenchMethod::table_text()
{
    Result ok;
    ok.strategy = "self_reset";
    ok.operation = "sum";
    ok.n = 1048576;
    ok.block_size = 256;
    ok.coarse_factor = 4;
    ok.mode = "graph";
    ok.cache = "cold";
    ok.cold_method = "rotate";
    ok.cold_buffers = 30;
    ok.status = Status::Ok;
    ok.time_ms = Summary{0.00236, 0.00235, 0.0024};
    ok.bytes_read = 4194304;
    ok.samples = 120;
    ok.reps_per_sample = 85;
    ok.stop_rule = "timeout";
    ok.noise = 0.012;
    ok.noisy = true;
    ok.low_clock = true;
    set_speeds(ok, 4814.0, 2300.0, std::nullopt, 0.00307);
    set_baseline_speedups(ok, 0.00307, 0.0029);
    Result wrong = ok;
    wrong.strategy = "coarsened";
    wrong.status = Status::Wrong;
    wrong.message = "result 10 differs from the float64 reference 36 by more than the tolerance";
    wrong.n = 1048576;
    wrong.noisy = false;
    wrong.low_clock = false;
    set_speeds(wrong, 4814.0, 2300.0, std::nullopt, std::nullopt);
    ResultsFile file;
    file.device.name = "NVIDIA H200";
    file.params.mode = "graph";
    file.params.cache = "cold";
    file.params.cold = "input copies take turns";
    file.params.clocks = "nvml";
    file.params.stopping = Stopping{};
    file.params.stopping->max_noise = 0.005;
    file.ceilings = Ceilings{};
    file.ceilings->read_gbs = 2300.0;
    file.ceilings->read_kernel = "one pass";
    file.results = {ok, wrong};
    const QString t = QString::fromStdString(format_table(file));
    const QStringList lines = t.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // header line, column heads, two rows, the legend of the contract and checked columns, why the wrong row is wrong
    QCOMPARE(lines.size(), 6);
    QCOMPARE(lines[5], QStringLiteral("wrong: coarsened at n = 1048576: result 10 differs from the float64 reference 36 by "
                                      "more than the tolerance"));
    QVERIFY(lines[1].contains(QStringLiteral("iqr_us")) && lines[1].contains(QStringLiteral("p95_us")) &&
            lines[1].contains(QStringLiteral("contract")) && lines[1].contains(QStringLiteral("sm_MHz")));
    QVERIFY2(lines[4].startsWith(QStringLiteral("contract: g2g")), qPrintable(lines[4]));
    QVERIFY2(lines[0].contains(QStringLiteral("cache cold (input copies take turns)")), qPrintable(lines[0]));
    QVERIFY2(lines[0].contains(QStringLiteral("noise limit 0.50 %")), qPrintable(lines[0]));
    QVERIFY(lines[1].contains(QStringLiteral("noise_%")) && lines[1].contains(QStringLiteral("cache")));
    QVERIFY2(lines[2].contains(QStringLiteral("cold/rot30")), qPrintable(lines[2]));
    QVERIFY2(lines[2].contains(QStringLiteral("2.360")), qPrintable(lines[2]));          // median in us
    QVERIFY2(lines[2].contains(QStringLiteral("1.20")), qPrintable(lines[2]));           // noise in %
    QVERIFY2(lines[2].contains(QStringLiteral("120x85")), qPrintable(lines[2]));         // samples x batch
    QVERIFY2(lines[2].contains(QStringLiteral("cub_block_one_pass")), qPrintable(lines[2])); // the faster baseline
    QVERIFY2(lines[2].contains(QStringLiteral("NOISY,LOW-CLOCK")), qPrintable(lines[2]));
    QVERIFY2(lines[3].contains(QStringLiteral("WRONG")), qPrintable(lines[3]));
}

void TstBenchMethod::cli_refuses_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addRow("reps with max-noise") << QStringList{"bench", "--reps", "10", "--max-noise", "1"}
                                         << "--reps fixes the number of samples; --min-samples, --min-time, --max-noise "
                                            "and --timeout apply only without it";
    QTest::addRow("max-noise text") << QStringList{"bench", "--max-noise", "low"}
                                    << "--max-noise must be a number in 0..100 % (got low)";
    QTest::addRow("max-noise above 100") << QStringList{"bench", "--max-noise", "101"}
                                         << "--max-noise must be a number in 0..100 % (got 101)";
    QTest::addRow("min-time negative") << QStringList{"bench", "--min-time", "-1"}
                                       << "--min-time must be a number in 0..600 s (got -1)";
    QTest::addRow("min-time exponent") << QStringList{"bench", "--min-time", "1e3"}
                                       << "--min-time must be a number in 0..600 s (got 1e3)";
    QTest::addRow("timeout zero") << QStringList{"bench", "--timeout", "0"}
                                  << "--timeout must be a number in 0.001..3600 s (got 0)";
    QTest::addRow("min-samples 2") << QStringList{"bench", "--min-samples", "2"}
                                   << "--min-samples must be in 3..100000 (got 2)";
}

void TstBenchMethod::cli_refuses()
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

QTEST_APPLESS_MAIN(TstBenchMethod)
#include "tst_bench_method.moc"
