// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli bench --counters` without a GPU (kernels/bench/ncu_counters.h):
// collect_counters() against a fake ncu put first on the PATH (tests/support/fake_ncu.h) that prints
// the H200 capture, prints an ncu error, exits non-zero or is missing; the figures must land in
// the counters JSON under the right strategies beside the model's totals. And the CLI's side that
// needs no GPU: the option's refusal with --gpus, and no ncu run when there is no GPU.
#include "bench/ncu_counters.h"
#include "bench/ncu_counters_json.h"
#include "bench/reference.h"
#include "fake_ncu.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace reducescope::bench;
using nlohmann::json;

namespace {

/// Sets an environment variable for this test process and the programs it starts; restores it.
class EnvGuard {
public:
    EnvGuard(const char* name, const QByteArray& value) : m_name(name), m_had(qEnvironmentVariableIsSet(name)),
                                                          m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~EnvGuard()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

private:
    const char* m_name;
    bool m_had;
    QByteArray m_old;
};

std::string capture_text() { return fake_ncu::read_file(REDUCESCOPE_NCU_CAPTURE); }

/// bench::counter_strategies() joined by `sep` ("simple,convergent,..." or "simple, convergent, ...").
std::string counter_ids(const char* sep, bool later_only = false)
{
    std::string out;
    for (const std::string_view s : counter_strategies()) {
        bool later = false;  // a strategy the H200 capture predates (fake_ncu::kLaterLaunches)
        for (const fake_ncu::LaterLaunch& l : fake_ncu::kLaterLaunches)
            later = later || std::string_view{l.kernel}.starts_with(std::string{s} + "_reduce_sum<");
        if (later_only && !later)
            continue;
        out += (out.empty() ? "" : sep) + std::string{s};
    }
    return out;
}

int counter_count() { return int(counter_strategies().size()); }

QByteArray path_with(const QString& dir) { return QFile::encodeName(dir) + ":" + qgetenv("PATH"); }

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in{text};
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}


} // namespace

class TstNcuCounters : public QObject {
    Q_OBJECT
private slots:
    void csv_text_is_valid_utf8_data();
    void csv_text_is_valid_utf8();
    void figures_land_beside_the_model_data();
    void figures_land_beside_the_model();
    void device_is_passed_on();
    void ncu_not_on_path_data();
    void ncu_not_on_path();
    void ncu_fails_data();
    void ncu_fails();
    void run_program_passes_argv_verbatim();
    void cli_refuses_counters_with_gpus();
    void cli_without_gpu_runs_no_ncu();
};

// ncu's text fields go into the results JSON, which nlohmann::json refuses to write when they are
// not UTF-8 (type_error 316 from dump(): bench --counters would have died after the whole run).
// Found by tests/fuzz/fuzz_ncu_csv: the H200 capture with one byte of a "µ" erased. Every
// ill-formed byte becomes U+FFFD; well-formed text is kept as it is.
void TstNcuCounters::csv_text_is_valid_utf8_data()
{
    QTest::addColumn<QByteArray>("kernel");    // the Kernel Name field as ncu would print it
    QTest::addColumn<QByteArray>("expected");  // as parse_ncu_csv() returns it
    const QByteArray name("void simple_reduce_sum<NoProbe>(float *, float *, T1)");
    const QByteArray fffd("\xEF\xBF\xBD");
    QTest::addRow("ASCII") << name << name;
    QTest::addRow("well-formed 2, 3, 4 bytes") << name + "\xC2\xB5 \xE2\x80\xA6 \xF0\x9F\x98\x80"
                                               << name + "\xC2\xB5 \xE2\x80\xA6 \xF0\x9F\x98\x80";
    QTest::addRow("lone continuation byte (fuzz crash)") << name + "\x9F" << name + fffd;
    QTest::addRow("lead byte cut by the end") << name + "\xE2\x80" << name + fffd + fffd;
    QTest::addRow("overlong '/'") << name + "\xC0\xAF" << name + fffd + fffd;
    QTest::addRow("overlong 3 bytes") << name + "\xE0\x80\xAF" << name + fffd + fffd + fffd;
    QTest::addRow("surrogate") << name + "\xED\xA0\x80" << name + fffd + fffd + fffd;
    QTest::addRow("above U+10FFFF") << name + "\xF4\x90\x80\x80" << name + fffd + fffd + fffd + fffd;
    QTest::addRow("byte FF") << name + "\xFF" << name + fffd;
}

void TstNcuCounters::csv_text_is_valid_utf8()
{
    QFETCH(QByteArray, kernel);
    QFETCH(QByteArray, expected);
    const std::string csv = "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                            "\"0\",\"" + kernel.toStdString() + "\",\"(512, 1, 1)\",\"(1, 1, 1)\",\"" +
                            kCounterMetrics[0] + "\",\"\",\"7\"\n";
    const std::vector<ProfiledLaunch> launches = parse_ncu_csv(csv);
    QCOMPARE(launches.size(), std::size_t(1));
    QCOMPARE(QByteArray::fromStdString(launches[0].kernel), expected);
    QCOMPARE(launches[0].strategy, std::string("simple"));
    QCOMPARE(launches[0].metrics.at(kCounterMetrics[0]), 7.0);
    const json j = counters_json(launches, {});
    std::string dumped;
    try {
        dumped = j.dump();
    } catch (const json::exception& e) {
        QFAIL(e.what());
    }
    QVERIFY(dumped.find(expected.toStdString()) != std::string::npos);
}

void TstNcuCounters::figures_land_beside_the_model_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(fake_ncu::kH200Table)); ++i)
        QTest::addRow("%s", fake_ncu::kH200Table[i].strategy) << i;
}

void TstNcuCounters::figures_land_beside_the_model()
{
    QFETCH(int, index);
    const fake_ncu::H200Row& row = fake_ncu::kH200Table[index];
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path d = dir.path().toStdString();
    const auto ncu = fake_ncu::write_script(d);
    {
        std::ofstream f{d / "out.csv"};
        f << fake_ncu::complete_csv(capture_text());
    }
    EnvGuard path("PATH", path_with(dir.path()));
    EnvGuard args("FAKE_NCU_ARGS", QFile::encodeName(dir.filePath("args.txt")));
    EnvGuard out("FAKE_NCU_STDOUT", QFile::encodeName(dir.filePath("out.csv")));

    const CountersOutcome c = collect_counters("/opt/rs/reducescope-cli");
    QCOMPARE(int(c.status), int(CountersStatus::Ok));
    QCOMPARE(c.message, std::string{});
    const json& j = c.json;
    QCOMPARE(j["status"], "ok");
    QCOMPARE(j["message"], "");
    QCOMPARE(j["ncu"], ncu.string());
    QCOMPARE(j["exit_code"], 0);
    QCOMPARE(j["n"], 1024);
    QCOMPARE(j["block_size"], 512);
    QCOMPARE(j["seed"], kDefaultSeed);
    QCOMPARE(j["device"], 0);
    QCOMPARE(j["metrics"].size(), std::size(kCounterMetrics));

    // ncu got the documented command, as separate arguments, and the file records it.
    const std::vector<std::string> expected = ncu_arguments(ncu.string(), "/opt/rs/reducescope-cli", 1024, 512);
    QCOMPARE(j["command"].get<std::vector<std::string>>(), expected);
    const std::vector<std::string> got = lines(fake_ncu::read_file(d / "args.txt"));
    QCOMPARE(got, std::vector<std::string>(expected.begin() + 1, expected.end()));
    QCOMPARE(got.at(0), "--clock-control");
    QCOMPARE(got.at(1), "none");
    QCOMPARE(got.at(2), "--csv");
    QCOMPARE(got.at(3), "--print-units");
    QCOMPARE(got.at(4), "base");
    QCOMPARE(got.at(9), "/opt/rs/reducescope-cli");
    QCOMPARE(got.at(10), "bench");
    QCOMPARE(got.at(22), counter_ids(","));

    // Every counter strategy's kernel, in the catalogue's order; this row's figures on both sides.
    QCOMPARE(j["kernels"].size(), counter_strategies().size());
    QCOMPARE(std::size(fake_ncu::kH200Table), counter_strategies().size());
    const json& k = j["kernels"][std::size_t(index)];
    QCOMPARE(k["strategy"], row.strategy);
    QVERIFY(k["kernel"].get<std::string>().find(std::string{row.strategy} + "_reduce_sum<NoProbe>") != std::string::npos);
    QCOMPARE(k["block_size"], "(512, 1, 1)");
    QCOMPARE(k["grid_size"], "(1, 1, 1)");
    QCOMPARE(k["launches"], 2);
    QCOMPARE(k["hardware_all_launches_equal"], true);
    const json& h = k["hardware"];
    QCOMPARE(h["smsp__sass_branch_targets_threads_divergent.sum"].get<double>(), row.hw[0]);
    QCOMPARE(h["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"].get<double>(), row.hw[1]);
    QCOMPARE(h["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"].get<double>(), row.hw[2]);
    QCOMPARE(h["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"].get<double>(), row.hw[3]);
    QCOMPARE(h["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"].get<double>(),
             double(fake_ncu::made_up_st_wavefronts(row.first_launch)));
    const json& m = k["model"];
    QCOMPARE(m["divergent_warp_steps"].get<long long>(), row.model[0]);
    QCOMPARE(m["shared_ld_wavefronts"].get<long long>(), row.model[1]);
    QCOMPARE(m["shared_st_wavefronts"].get<long long>(), row.model[2]);
    QCOMPARE(m["extra_shared_ld_wavefronts"].get<long long>(), row.model[3]);
    QCOMPARE(m["extra_shared_st_wavefronts"].get<long long>(), row.model[4]);
}

void TstNcuCounters::device_is_passed_on()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path d = dir.path().toStdString();
    fake_ncu::write_script(d);
    {
        std::ofstream f{d / "out.csv"};
        f << fake_ncu::complete_csv(capture_text());
    }
    EnvGuard path("PATH", path_with(dir.path()));
    EnvGuard args("FAKE_NCU_ARGS", QFile::encodeName(dir.filePath("args.txt")));
    EnvGuard out("FAKE_NCU_STDOUT", QFile::encodeName(dir.filePath("out.csv")));
    const CountersOutcome c = collect_counters("/opt/rs/reducescope-cli", 3);
    QCOMPARE(int(c.status), int(CountersStatus::Ok));
    QCOMPARE(c.json["device"], 3);
    const std::vector<std::string> got = lines(fake_ncu::read_file(d / "args.txt"));
    QVERIFY(got.size() >= 2);
    QCOMPARE(got[got.size() - 2], "--device");
    QCOMPARE(got.back(), "3");
}

void TstNcuCounters::ncu_not_on_path_data()
{
    QTest::addColumn<bool>("non_executable_ncu");
    QTest::addRow("no ncu at all") << false;
    QTest::addRow("a file named ncu without execute permission") << true;
}

void TstNcuCounters::ncu_not_on_path()
{
    QFETCH(bool, non_executable_ncu);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (non_executable_ncu) {
        const auto p = fake_ncu::write_script(dir.path().toStdString());
        std::filesystem::permissions(p, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    }
    EnvGuard path("PATH", QFile::encodeName(dir.path()));  // only this directory
    const CountersOutcome c = collect_counters("/opt/rs/reducescope-cli");
    QCOMPARE(int(c.status), int(CountersStatus::Skipped));
    QCOMPARE(c.message, "ncu (Nsight Compute) was not found on the PATH: hardware counters skipped");
    QCOMPARE(c.json["status"], "skipped");
    QCOMPARE(c.json["message"], c.message);
    QVERIFY(c.json["ncu"].is_null());
    QVERIFY(c.json["command"].is_null());
    QVERIFY(c.json["exit_code"].is_null());
    QCOMPARE(c.json["kernels"], json::array());
}

void TstNcuCounters::ncu_fails_data()
{
    QTest::addColumn<QByteArray>("stdout_text");  // "CAPTURE" / "CAPTURE-<strategy>": the H200 file
    QTest::addColumn<QByteArray>("stderr_text");
    QTest::addColumn<QByteArray>("signal");
    QTest::addColumn<int>("exit_code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("kernels");

    const QByteArray perm = "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU "
                            "Performance Counters on the target device 0.";
    QTest::addRow("ERR_NVGPUCTRPERM, exit 1")
        << QByteArray("==PROF== Connected to process 4242 (/opt/rs/reducescope-cli)\n{\"type\":\"start\"}\n" + perm +
                      "\n==PROF== Disconnected from process 4242\n")
        << QByteArray() << QByteArray() << 1 << QString::fromUtf8("ncu exited with code 1: " + perm) << 0;
    QTest::addRow("error on stderr only, exit 2")
        << QByteArray() << QByteArray("ncu: unrecognised option '--bogus'") << QByteArray() << 2
        << "ncu exited with code 2: ncu: unrecognised option '--bogus'" << 0;
    QTest::addRow("killed by SIGKILL")
        << QByteArray() << QByteArray() << QByteArray("KILL") << 0 << "ncu exited with code 137: (ncu printed nothing)" << 0;
    QTest::addRow("exit 0, no kernel profiled")
        << QByteArray("==PROF== Connected to process 7\n==WARNING== No kernels were profiled.\n") << QByteArray()
        << QByteArray() << 0
        << "ncu printed no counters (ncu CSV: no header line (\"ID\",...) found): ==WARNING== No kernels were profiled."
        << 0;
    QTest::addRow("the H200 capture: no store wavefronts collected")
        << QByteArray("CAPTURE") << QByteArray() << QByteArray() << 0
        << QString::fromStdString("ncu's CSV has no number for l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum (" +
                                  counter_ids(", ") + ")")
        << counter_count();
    QTest::addRow("no launch of shared")
        << QByteArray("CAPTURE-shared") << QByteArray() << QByteArray() << 0 << "ncu's CSV has no launch of shared"
        << counter_count() - 1;
    QTest::addRow("the H200 capture alone: no launch of the strategies it predates")
        << QByteArray("CAPTURE-raw") << QByteArray() << QByteArray() << 0
        << QString::fromStdString("ncu's CSV has no launch of " + counter_ids(", ", true))
        << counter_count() - int(std::size(fake_ncu::kLaterLaunches));
    QTest::addRow("n/a for one figure")
        << QByteArray("CAPTURE-n/a") << QByteArray() << QByteArray() << 0
        << "ncu's CSV has no number for smsp__sass_branch_targets_threads_divergent.sum (simple)" << counter_count();
}

void TstNcuCounters::ncu_fails()
{
    QFETCH(QByteArray, stdout_text);
    QFETCH(QByteArray, stderr_text);
    QFETCH(QByteArray, signal);
    QFETCH(int, exit_code);
    QFETCH(QString, message);
    QFETCH(int, kernels);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path d = dir.path().toStdString();
    fake_ncu::write_script(d);
    std::string text = stdout_text.toStdString();
    if (stdout_text.startsWith("CAPTURE")) {
        text = fake_ncu::complete_csv(capture_text());
        if (stdout_text == "CAPTURE")
            text = fake_ncu::with_later_launches(capture_text());
        if (stdout_text == "CAPTURE-raw")
            text = capture_text();
        std::string kept;
        for (const std::string& l : lines(text)) {
            if (stdout_text == "CAPTURE-shared" && l.find("void shared_reduce_sum") != std::string::npos)
                continue;
            if (stdout_text == "CAPTURE-n/a" && l.rfind("\"0\",", 0) == 0 &&
                l.find("threads_divergent.sum\",\"branches\",\"95\"") != std::string::npos) {
                kept += l.substr(0, l.size() - 4) + "\"n/a\"\n";  // launch 0 (simple) only
                continue;
            }
            kept += l + '\n';
        }
        text = kept;
    }
    {
        std::ofstream f{d / "out.txt"};
        f << text;
    }
    EnvGuard path("PATH", path_with(dir.path()));
    EnvGuard out("FAKE_NCU_STDOUT", QFile::encodeName(dir.filePath("out.txt")));
    EnvGuard err("FAKE_NCU_STDERR", stderr_text);
    EnvGuard sig("FAKE_NCU_SIGNAL", signal);
    EnvGuard code("FAKE_NCU_EXIT", QByteArray::number(exit_code));

    const CountersOutcome c = collect_counters("/opt/rs/reducescope-cli");
    QCOMPARE(int(c.status), int(CountersStatus::Error));
    QCOMPARE(QString::fromStdString(c.message), message);
    QCOMPARE(c.json["status"], "error");
    QCOMPARE(c.json["message"], c.message);
    QCOMPARE(c.json["ncu"], (d / "ncu").string());
    QCOMPARE(c.json["exit_code"].get<int>(), signal.isEmpty() ? exit_code : 137);
    QCOMPARE(int(c.json["kernels"].size()), kernels);
    if (kernels >= 5) {
        // The figures that are there still land, beside the model: interleaved_strided's conflicts.
        const json& k = c.json["kernels"][3];
        QCOMPARE(k["strategy"], "interleaved_strided");
        QCOMPARE(k["hardware"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"].get<double>(), 150.0);
        QCOMPARE(k["model"]["extra_shared_ld_wavefronts"].get<long long>(), 150LL);
    }
    if (stdout_text == "CAPTURE-n/a") {  // left out, never 0; the other figures of the launch stay
        const json& h = c.json["kernels"][0]["hardware"];
        QVERIFY(!h.contains("smsp__sass_branch_targets_threads_divergent.sum"));
        QCOMPARE(h["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"].get<double>(), 0.0);
        QCOMPARE(c.json["kernels"][0]["hardware_all_launches_equal"], false);
    }
}

void TstNcuCounters::run_program_passes_argv_verbatim()
{
    // No shell between us and the program: quotes, semicolons and $(...) arrive as typed.
    const std::vector<std::string> argv{"/bin/sh", "-c", "printf '%s|' \"$@\"; echo oops >&2; exit 3", "sh",
                                        "a b", "; rm -rf /nonexistent", "$(echo injected)", "'"};
    const ProgramRun r = run_program(argv);
    QCOMPARE(r.spawn_error, std::string{});
    QCOMPARE(r.exit_code, 3);
    QCOMPARE(r.out, "a b|; rm -rf /nonexistent|$(echo injected)|'|");
    QCOMPARE(r.err, "oops\n");
    const ProgramRun missing = run_program({"/nonexistent/ncu", "--version"});
    QCOMPARE(missing.spawn_error, "No such file or directory");
    QCOMPARE(missing.exit_code, -1);
    QVERIFY(!run_program({}).spawn_error.empty());
}

void TstNcuCounters::cli_refuses_counters_with_gpus()
{
    QProcess p;
    p.start(QStringLiteral(REDUCESCOPE_CLI), {"bench", "--counters", "--gpus", "2"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    QCOMPARE(p.readAllStandardOutput(), QByteArray{});
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()),
             "reducescope-cli: --counters cannot be combined with --gpus (the counters are taken on one GPU: "
             "--device)\n");
}

void TstNcuCounters::cli_without_gpu_runs_no_ncu()
{
    // The counters run after the benchmark, so without a GPU bench stops at 77 (one line) before
    // ncu: the fake ncu must not have been started. With a GPU the whole path is
    // gpu_bench_counters (tests/kernels/bench/gpu_bench_counters.cpp).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    fake_ncu::write_script(dir.path().toStdString());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PATH", QString::fromLocal8Bit(path_with(dir.path())));
    env.insert("FAKE_NCU_ARGS", dir.filePath("args.txt"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REDUCESCOPE_CLI),
            {"bench", "--n", "1024", "--reps", "2", "--strategies", "shared", "--counters", "--json", dir.filePath("r.json")});
    QVERIFY(p.waitForFinished(120000));
    if (p.exitCode() != 77)
        QSKIP("a GPU is present: gpu_bench_counters covers this path");
    QCOMPARE(p.readAllStandardOutput(), QByteArray{});
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()).count(QLatin1Char('\n')), 1);
    QVERIFY(!QFileInfo::exists(dir.filePath("args.txt")));
    QVERIFY(!QFileInfo::exists(dir.filePath("r.json")));
}

QTEST_APPLESS_MAIN(TstNcuCounters)
#include "tst_ncu_counters.moc"
