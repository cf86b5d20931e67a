// SPDX-License-Identifier: GPL-3.0-or-later
// The results schema's one reader and one writer (kernels/bench/results_file.h,
// docs/results-format.md): every file the CLI recorded reads and writes back byte for byte;
// single-GPU, sweep, multi-GPU and counters files survive read -> write -> read whole; bad fields
// are refused with one line naming the field and its range; JSON lines; the atomic write.
#include "bench/multi_gpu_results.h"
#include "bench/results_file.h"
#include "bench/results_json.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

#include <sys/stat.h>

using namespace reducescope::bench;
using nlohmann::json;

namespace {

QString source(const QString& relative) { return QStringLiteral(REDUCESCOPE_SOURCE_DIR "/") + relative; }

std::string readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return f.readAll().toStdString();
}

json fixture() { return json::parse(readText(source(QStringLiteral("tests/app/bench/data/fixture_1m.json")))); }

/// The message read_results gives for `j`, or "" when it reads.
QString refusal(const json& j)
{
    try {
        read_results(j.dump());
    } catch (const SchemaError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

json edited(const std::function<void(json&)>& edit)
{
    json j = fixture();
    edit(j);
    return j;
}

/// A two-parameter sweep (synthetic, made here from the fixture's results): shared and coarsened
/// at block sizes 128, 256 × coarse factors 1, 2, in the engine's order (block size outer,
/// coarse factor inner, strategies inner-most); results[0..3] at block 128, results[4..7] at 256.
json sweep2d()
{
    json j = fixture();
    const json shared = j["results"][2];
    const json coarsened = j["results"][4];
    json results = json::array();
    for (const int b : {128, 256})
        for (const int c : {1, 2})
            for (json r : {shared, coarsened}) {
                r["block_size"] = b;
                r["coarse_factor"] = c;
                results.push_back(r);
            }
    j["results"] = results;
    j["params"]["strategies"] = {"shared", "coarsened"};
    j["params"]["block_size"] = 128;
    j["params"]["coarse_factor"] = 1;
    j["params"]["sweep"] = {{"param", "block_size"},
                            {"values", {128, 256}},
                            {"second", {{"param", "coarse_factor"}, {"values", {1, 2}}}}};
    return j;
}

json edited2d(const std::function<void(json&)>& edit)
{
    json j = sweep2d();
    edit(j);
    return j;
}

} // namespace

class TstResultsFile : public QObject {
    Q_OBJECT
private slots:
    void recordedFilesRoundTripExactly_data();
    void recordedFilesRoundTripExactly();
    void everyKindSurvivesReadWriteRead_data();
    void everyKindSurvivesReadWriteRead();
    void multiGpuFieldsKept();
    void countersKept();
    void gpuProcessesKept();
    void unknownMembersKept();
    void badCountersKeepTheResults();
    void countersOkNeedEveryMetric();
    void consistentFilesLoad_data();
    void consistentFilesLoad();
    void everyShippedResultsFileLoads_data();
    void everyShippedResultsFileLoads();
    void byteOrderMarkAsTheTraceReader();
    void twoParameterSweepRoundTrip();
    void twoParameterSweepWrittenFromStruct();
    void oneParameterFormStillReads_data();
    void oneParameterFormStillReads();
    void incompleteRunReads_data();
    void incompleteRunReads();
    void refused_data();
    void refused();
    void deepNestingRefused();
    void lines_data();
    void lines();
    void lineRoundTrip();
    void devicesList_data();
    void devicesList();
    void atomicWrite();
    void atomicWriteFailureLeavesFile();
};

void TstResultsFile::recordedFilesRoundTripExactly_data()
{
    // Written by `reducescope-cli bench --json` (one GPU, sweeps, --counters, --gpus 2): the one
    // writer must give the very same bytes, so the CLI's format has not changed.
    QTest::addColumn<QString>("path");
    QDirIterator it(source(QStringLiteral("docs/results")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    QVERIFY2(!files.isEmpty(), "no recorded results (*.json) found in docs/results");
    for (const QString& f : files)
        QTest::addRow("%s", qPrintable(QDir(source(QStringLiteral("docs/results"))).relativeFilePath(f))) << f;
}

void TstResultsFile::recordedFilesRoundTripExactly()
{
    QFETCH(QString, path);
    const std::string text = readText(path);
    const ResultsFile f = read_results(text);
    QVERIFY(!f.results.empty());
    // The same members, values and number types (an integer stays an integer, 4300.0 stays a
    // float): the compact dumps of the two are equal byte for byte.
    const std::string file = json::parse(text).dump();
    const std::string again = json::parse(write_results(f)).dump();
    if (again != file) {
        std::size_t at = 0;
        while (at < file.size() && at < again.size() && file[at] == again[at])
            ++at;
        QFAIL(qPrintable(QStringLiteral("differs at byte %1: file \"%2\", written \"%3\"")
                             .arg(at)
                             .arg(QString::fromStdString(file.substr(at > 40 ? at - 40 : 0, 80)))
                             .arg(QString::fromStdString(again.substr(at > 40 ? at - 40 : 0, 80)))));
    }
    // And what the CLI writes is indented by one space, one member per line.
    QVERIFY(write_results(f).rfind("{\n \"ceilings\": {\n  \"copy_gbs\": ", 0) == 0 || !f.ceilings);
}

void TstResultsFile::everyKindSurvivesReadWriteRead_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("results");
    QTest::addRow("single GPU (hand-made fixture)") << source(QStringLiteral("tests/app/bench/data/fixture_1m.json")) << 13;
    QTest::addRow("sweep over N (hand-made fixture)") << source(QStringLiteral("tests/app/bench/data/fixture_sweep.json")) << 33;
    QTest::addRow("multi-GPU, 2 x H200")
        << source(QStringLiteral("docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json")) << 16;
    QTest::addRow("counters, with a member of its own")
        << source(QStringLiteral("tests/app/step/data/counters_h200_1024.json")) << 21;
    QTest::addRow("counters, bench --counters on the H200")
        << source(QStringLiteral("docs/results/h200-2026-11-29/final-b0b23a5/bench_counters.json")) << 3;
}

void TstResultsFile::everyKindSurvivesReadWriteRead()
{
    QFETCH(QString, path);
    QFETCH(int, results);
    const std::string text = readText(path);
    const ResultsFile f = read_results(text);
    QCOMPARE(int(f.results.size()), results);
    const ResultsFile again = read_results(write_results(f));
    QVERIFY(again == f);
    // And as JSON: every member of the file is written back with its value (hand-made fixtures
    // lack a few members the engine adds, e.g. `samples`; those are the only additions).
    const std::function<bool(const json&, const json&)> kept = [&](const json& in, const json& out) {
        if (in.is_object()) {
            for (auto it = in.begin(); it != in.end(); ++it)
                if (!out.is_object() || !out.contains(it.key()) || !kept(it.value(), out[it.key()])) {
                    qWarning("member %s not written back", it.key().c_str());
                    return false;
                }
            return true;
        }
        if (in.is_array()) {
            if (!out.is_array() || out.size() != in.size())
                return false;
            for (std::size_t i = 0; i < in.size(); ++i)
                if (!kept(in[i], out[i]))
                    return false;
            return true;
        }
        return in.dump() == out.dump();
    };
    QVERIFY(kept(json::parse(text), json::parse(write_results(f))));
}

void TstResultsFile::multiGpuFieldsKept()
{
    const ResultsFile f = read_results(readText(source(QStringLiteral("docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json"))));
    QCOMPARE(f.gpus.value_or(0), 2);
    QCOMPARE(int(f.devices.size()), 2);
    QVERIFY(f.peer_access && (*f.peer_access)[0][1]);
    QCOMPARE(f.params.gpus, (std::vector<int>{1, 2}));
    QCOMPARE(f.params.nccl_version.value_or(""), std::string{"2.28.9"});
    QVERIFY(!f.ceilings);
    const Result& r = f.results.at(0);
    QVERIFY(r.multi_gpu);
    QCOMPARE(r.multi_gpu->combine, std::string{"nccl_allreduce"});
    QCOMPARE(r.multi_gpu->gpus, 1);
    QCOMPARE(r.multi_gpu->size_bytes, 4194304LL);
    QCOMPARE(*r.multi_gpu->algbw_gbs, 340.9781536658725);
    QCOMPARE(*r.multi_gpu->busbw_gbs, 0.0);
    // The writer of a multi-GPU result is the one writer too.
    Result plain = r;
    plain.multi_gpu.reset();
    const json j = multi_gpu_result_json(plain, Combine::NcclAllReduce, 1);
    QCOMPARE(j, to_json(r));
}

void TstResultsFile::gpuProcessesKept()
{
    // `gpu_processes`: absent (not recorded), empty (none seen), or the processes with their
    // memory (null: unknown); the file and the start line carry them alike.
    QVERIFY(!read_results(fixture().dump()).gpu_processes);
    const json j = edited([](json& f) {
        f["gpu_processes"] = {{{"pid", 4242}, {"name", "python3"}, {"used_memory_bytes", 2147483648LL}},
                              {{"pid", 77}, {"name", ""}, {"used_memory_bytes", nullptr}}};
    });
    const ResultsFile f = read_results(j.dump());
    QVERIFY(f.gpu_processes);
    QCOMPARE(f.gpu_processes->size(), std::size_t(2));
    QCOMPARE((*f.gpu_processes)[0], (GpuProcess{4242, "python3", 2147483648LL}));
    QCOMPARE((*f.gpu_processes)[1], (GpuProcess{77, "", -1}));
    QCOMPARE(json::parse(write_results(f))["gpu_processes"], j["gpu_processes"]);
    QVERIFY(!f.extra.contains("gpu_processes"));  // read as a field, not kept as an unknown member
    const ResultsFile none = read_results(edited([](json& f) { f["gpu_processes"] = json::array(); }).dump());
    QVERIFY(none.gpu_processes && none.gpu_processes->empty());
    QCOMPARE(read_line(start_line(f, 3)).header.gpu_processes, f.gpu_processes);
}

void TstResultsFile::countersKept()
{
    const ResultsFile f = read_results(readText(source(QStringLiteral("tests/app/step/data/counters_h200_1024.json"))));
    QVERIFY(f.counters);
    QVERIFY(f.counters_problem.empty());
    QCOMPARE(f.counters->status, std::optional<CountersStatus>{CountersStatus::Ok});
    QCOMPARE(f.counters->n, 1024LL);
    QCOMPARE(int(f.counters->kernels.size()), 5);
    const CounterKernel& k = f.counters->kernels.at(3);
    QCOMPARE(k.strategy, std::string{"interleaved_strided"});
    QCOMPARE(k.block_threads(), 512);
    QCOMPARE(k.hardware.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 150.0);
    QCOMPARE(k.model->at("extra_shared_ld_wavefronts"), 150LL);
    QVERIFY(f.extra.contains("description"));  // a member of its own, kept
}

void TstResultsFile::unknownMembersKept()
{
    const json in = edited([](json& j) {
        j["note"] = "made by hand";
        j["device"]["fan_rpm"] = 1200;
        j["params"]["clock_lock"] = true;
        j["results"][0]["noise_pct"] = 0.5;
    });
    const ResultsFile f = read_results(in.dump());
    const json out = to_json(f);
    QCOMPARE(out["note"], in["note"]);
    QCOMPARE(out["device"]["fan_rpm"], in["device"]["fan_rpm"]);
    QCOMPARE(out["params"]["clock_lock"], in["params"]["clock_lock"]);
    QCOMPARE(out["results"][0]["noise_pct"], in["results"][0]["noise_pct"]);
}

void TstResultsFile::badCountersKeepTheResults()
{
    json in = json::parse(readText(source(QStringLiteral("tests/app/step/data/counters_h200_1024.json"))));
    in["counters"]["kernels"][0]["hardware"]["smsp__sass_branch_targets_threads_divergent.sum"] = 36.5;
    const ResultsFile f = read_results(in.dump());
    QCOMPARE(int(f.results.size()), 21);
    QVERIFY(!f.counters);
    QCOMPARE(QString::fromStdString(f.counters_problem),
             QStringLiteral("counters.kernels[0].hardware.smsp__sass_branch_targets_threads_divergent.sum: expected a "
                            "whole number in 0..2^53 (a count), got 36.5"));
    // What could not be read is written back as it was.
    QCOMPARE(to_json(f)["counters"], in["counters"]);
}

// A counters section that says "ok" has every metric it asked for (issue 28): one missing is the
// counters' problem (the results still load; the app's --counters refuses it).
void TstResultsFile::countersOkNeedEveryMetric()
{
    json in = json::parse(readText(source(QStringLiteral("tests/app/step/data/counters_h200_1024.json"))));
    QVERIFY(read_results(in.dump()).counters);
    in["counters"]["kernels"][2]["hardware"].erase("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
    ResultsFile f = read_results(in.dump());
    QCOMPARE(int(f.results.size()), 21);
    QVERIFY(!f.counters);
    QCOMPARE(QString::fromStdString(f.counters_problem),
             QStringLiteral("counters.kernels[2].hardware: lacks l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum "
                            "(of counters.metrics), but the status is \"ok\": a complete capture has every metric asked for "
                            "(else status \"error\")"));
    // Without `metrics`, the metrics the engine asks for (kCounterMetrics, five) are the list.
    in = json::parse(readText(source(QStringLiteral("tests/app/step/data/counters_h200_1024.json"))));
    in["counters"].erase("metrics");
    f = read_results(in.dump());
    QVERIFY(!f.counters);
    QVERIFY2(f.counters_problem.find("lacks l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") != std::string::npos,
             f.counters_problem.c_str());
    // The same capture with status "error" is what it says: read.
    in["counters"]["status"] = "error";
    in["counters"]["message"] = "ncu's CSV has no number for l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
    QVERIFY(read_results(in.dump()).counters);
}

// Files that agree with themselves still load, however they got there.
void TstResultsFile::consistentFilesLoad_data()
{
    QTest::addColumn<QString>("text");
    const auto add = [](const char* name, const json& j) { QTest::addRow("%s", name) << QString::fromStdString(j.dump()); };
    add("the fixture as it is", fixture());
    add("wrong within tolerance for another reason", edited([](json& j) {
            j["results"][7]["result"] = 524288.5;
            j["results"][7]["abs_error"] = 0.5;
            j["results"][7]["message"] = "the output still holds the poison: the kernel did not write it";
        }));
    add("wrong: the output after the timing", edited([](json& j) {
            j["results"][7]["result"] = 524288.5;
            j["results"][7]["abs_error"] = 0.5;
            j["results"][7]["checked_after_timing"] = true;
            j["results"][7]["result_after_timing"] = 3.0;
            j["results"][7]["message"] = "";
        }));
    add("expected_wrong that happened to match", edited([](json& j) {
            j["results"][6]["result"] = 524288.0;
            j["results"][6]["abs_error"] = 0.0;
        }));
    add("no ceilings and no ceiling figures", edited([](json& j) {
            j["ceilings"] = nullptr;
            for (json& r : j["results"]) {
                r["ceiling_read_gbs"] = nullptr;
                r["pct_ceiling"] = nullptr;
            }
        }));
    add("speed-ups without the baselines in the file", edited([](json& j) {
            json kept = json::array();
            for (const json& r : j["results"])
                if (r["strategy"] != "cpu" && r["strategy"] != "cub")
                    kept.push_back(r);
            j["results"] = kept;
            j["params"]["strategies"] = json::array();
            for (const json& r : kept)
                j["params"]["strategies"].push_back(r["strategy"]);
        }));
    add("abs_error rounded as in docs/results-format.md", edited([](json& j) {
            j["results"][0]["result"] = 524288.3;
            j["results"][0]["reference"] = 524288.28125;
            j["results"][0]["abs_error"] = 0.02;
        }));
}

void TstResultsFile::consistentFilesLoad()
{
    QFETCH(QString, text);
    QCOMPARE(refusal(json::parse(text.toStdString())), QString());
}

// Every results file the project ships (docs/, resources/, tests/): the multi-GPU files with
// "ceilings" absent and pct_ceiling null, the older files whose pct_ceiling is above 100 %, the
// rounded fixtures, the counters captures.
void TstResultsFile::everyShippedResultsFileLoads_data()
{
    QTest::addColumn<QString>("path");
    int n = 0;
    for (const char* dir : {"docs", "resources", "tests"}) {
        QDirIterator it(source(QString::fromLatin1(dir)), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (f.contains(QStringLiteral("/fuzz/")) || !QByteArray::fromStdString(readText(f)).contains("\"reducescope-results\""))
                continue;
            QTest::addRow("%s", qPrintable(QDir(source(QString())).relativeFilePath(f))) << f;
            ++n;
        }
    }
    QVERIFY2(n >= 60, qPrintable(QStringLiteral("only %1 shipped results files found").arg(n)));
}

void TstResultsFile::everyShippedResultsFileLoads()
{
    QFETCH(QString, path);
    try {
        const ResultsFile f = read_results(readText(path));
        QVERIFY(!f.results.empty());
        QVERIFY2(f.counters_problem.empty(), f.counters_problem.c_str());
    } catch (const SchemaError& e) {
        QFAIL(e.what());
    }
}

// A UTF-8 byte order mark before the JSON: read, as the trace reader reads it (one parser,
// model::parse_json); anywhere else it is not JSON, in both readers alike (tst_trace_file).
void TstResultsFile::byteOrderMarkAsTheTraceReader()
{
    const std::string text = fixture().dump();
    QCOMPARE(int(read_results("\xEF\xBB\xBF" + text).results.size()), 13);
    QCOMPARE(refusal(json::parse(text)), QString());
    QString message;
    try {
        read_results(" \xEF\xBB\xBF" + text);
    } catch (const SchemaError& e) {
        message = QString::fromUtf8(e.what());
    }
    QCOMPARE(message, QStringLiteral("not JSON: line 1, column 2: invalid literal"));
}

void TstResultsFile::twoParameterSweepRoundTrip()
{
    // params.sweep with `second` reads, writes back as it was, and reads again equal.
    const ResultsFile f = read_results(sweep2d().dump());
    QVERIFY(f.params.sweep.has_value());
    QCOMPARE(f.params.sweep->param, std::string{"block_size"});
    QCOMPARE(f.params.sweep->values, (std::vector<std::uint64_t>{128, 256}));
    QVERIFY(f.params.sweep->second.has_value());
    QCOMPARE(f.params.sweep->second->param, std::string{"coarse_factor"});
    QCOMPARE(f.params.sweep->second->values, (std::vector<std::uint64_t>{1, 2}));
    QCOMPARE(f.results.size(), std::size_t{8});
    const std::string text = write_results(f);
    const json written = json::parse(text)["params"]["sweep"];
    QCOMPARE(QString::fromStdString(written.dump()),
             QStringLiteral(R"({"param":"block_size","second":{"param":"coarse_factor","values":[1,2]},"values":[128,256]})"));
    QVERIFY(read_results(text) == f);
    QCOMPARE(write_results(read_results(text)), text);
}

void TstResultsFile::twoParameterSweepWrittenFromStruct()
{
    // write -> read -> equal, from the struct the engine fills (run.cpp).
    ResultsFile f = read_results(sweep2d().dump());
    f.params.sweep = Sweep{"block_size", {128, 256}};
    f.params.sweep->second = SweepAxis{"coarse_factor", {1, 2}};
    const ResultsFile back = read_results(write_results(f));
    QVERIFY(back == f);
    QVERIFY(back.params.sweep->second == (SweepAxis{"coarse_factor", {1, 2}}));
    // Without `second` it is a one-parameter sweep again (what an older tool reads).
    f.params.sweep->second.reset();
    const json one = json::parse(write_results(f))["params"]["sweep"];
    QVERIFY(!one.contains("second"));
    QVERIFY(read_results(write_results(f)) == f);
}

void TstResultsFile::oneParameterFormStillReads_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("param");
    QTest::addRow("sweep over N, fixture") << QString::fromStdString(readText(source(QStringLiteral("tests/app/bench/data/fixture_sweep.json"))))
                                           << QStringLiteral("n");
    // The 2-D file as an older tool writes it back (it drops `second`): a sweep over block size.
    QTest::addRow("2-D file without second") << QString::fromStdString(edited2d([](json& j) { j["params"]["sweep"].erase("second"); }).dump())
                                             << QStringLiteral("block_size");
    QTest::addRow("sweep over coarse factor")
        << QString::fromStdString(edited2d([](json& j) {
                                      json keep = json::array();
                                      for (const json& r : j["results"])
                                          if (r["block_size"] == 128)
                                              keep.push_back(r);
                                      j["results"] = keep;
                                      j["params"]["sweep"] = {{"param", "coarse_factor"}, {"values", {1, 2}}};
                                  }).dump())
        << QStringLiteral("coarse_factor");
}

void TstResultsFile::oneParameterFormStillReads()
{
    QFETCH(QString, text);
    QFETCH(QString, param);
    const ResultsFile f = read_results(text.toStdString());
    QVERIFY(f.params.sweep.has_value());
    QCOMPARE(QString::fromStdString(f.params.sweep->param), param);
    QVERIFY(!f.params.sweep->second.has_value());
    QVERIFY(read_results(write_results(f)) == f);
}

/// The 2-D sweep cut after its first `keep` results, as a run cancelled there leaves it.
json cut2d(std::size_t keep, bool incomplete)
{
    json j = sweep2d();
    j["results"].erase(j["results"].begin() + static_cast<std::ptrdiff_t>(keep), j["results"].end());
    if (incomplete)
        j["incomplete"] = "cancelled after " + std::to_string(keep) + " of 8 results";
    return j;
}

/// The N-sweep fixture cut after its first `keep` results.
json cut1d(std::size_t keep)
{
    json j = json::parse(readText(source(QStringLiteral("tests/app/bench/data/fixture_sweep.json"))));
    j["results"].erase(j["results"].begin() + static_cast<std::ptrdiff_t>(keep), j["results"].end());
    j["incomplete"] = "cancelled after " + std::to_string(keep) + " of 33 results";
    return j;
}

void TstResultsFile::incompleteRunReads_data()
{
    // An incomplete run's file (the app's export of a cancelled or stopped run): params.sweep is
    // the plan, values and cells after the stop have no result, and the file reads, writes back
    // as it was and reads again equal.
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("results");
    QTest::addColumn<QString>("incomplete");
    const auto add = [](const char* name, const json& j, int n) {
        QTest::addRow("%s", name) << QString::fromStdString(j.dump()) << n << QString::fromStdString(j["incomplete"].get<std::string>());
    };
    add("N sweep, stopped in the first N", cut1d(2), 2);
    add("N sweep, stopped after 12 of 33", cut1d(12), 12);
    add("2-D, stopped in the first cell", cut2d(1, true), 1);
    add("2-D, stopped mid-row (block 256 has no result)", cut2d(3, true), 3);
    add("2-D, stopped at block 256, C 1", cut2d(5, true), 5);
    add("2-D, nothing finished", cut2d(0, true), 0);
    add("2-D, stopped after the last cell", cut2d(8, true), 8);
}

void TstResultsFile::incompleteRunReads()
{
    QFETCH(QString, text);
    QFETCH(int, results);
    QFETCH(QString, incomplete);
    const ResultsFile f = read_results(text.toStdString());
    QCOMPARE(int(f.results.size()), results);
    QVERIFY(f.incomplete.has_value());
    QCOMPARE(QString::fromStdString(*f.incomplete), incomplete);
    QVERIFY(f.params.sweep.has_value());  // the plan is kept whole
    const std::string written = write_results(f);
    QCOMPARE(QString::fromStdString(json::parse(written)["incomplete"].get<std::string>()), incomplete);
    QVERIFY(read_results(written) == f);
    QCOMPARE(write_results(read_results(written)), written);
}

void TstResultsFile::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");  // the whole message, or its start when it ends in "…"
    auto add = [](const char* name, const json& j, const QString& expected) {
        QTest::addRow("%s", name) << QString::fromStdString(j.dump()) << expected;
    };
    // One reader of JSON text for every file (model::parse_json, as the trace reader): where and why.
    QTest::addRow("not JSON") << QStringLiteral("{\"schema\": ")
                              << QStringLiteral("not JSON: line 1, column 12: unexpected end of input; expected '[', '{', or a literal");
    QTest::addRow("not JSON, line 3") << QStringLiteral("{\n\"schema\": \"reducescope-results\",\n\"version\": 1,,}")
                                      << QStringLiteral("not JSON: line 3, column 14: unexpected ','; expected string literal");
    QTest::addRow("number overflow") << QStringLiteral("{\"version\": 1e400}")
                                     << QStringLiteral("not JSON: line 1, column 17: number overflow parsing '1e400'");
    QTest::addRow("empty") << QString() << QStringLiteral("not JSON: line 1, column 1: unexpected end of input; expected '[', '{', or a literal");
    QTest::addRow("an array") << QStringLiteral("[1, 2]") << QStringLiteral("expected a JSON object (a results file), got an array");
    add("no schema", edited([](json& j) { j.erase("schema"); }),
        QStringLiteral("schema: missing: not a ReduceScope results file (expected \"reducescope-results\")"));
    add("another schema", edited([](json& j) { j["schema"] = "chrome-trace"; }),
        QStringLiteral("schema: expected \"reducescope-results\", got the string \"chrome-trace\": not a ReduceScope results file"));
    add("version 3", edited([](json& j) { j["version"] = 3; }), QStringLiteral("version: this app reads versions 1..2, the file is version 3"));
    add("version as text", edited([](json& j) { j["version"] = "1"; }),
        QStringLiteral("version: expected the integer 2, got the string \"1\""));
    add("no device", edited([](json& j) { j.erase("device"); }), QStringLiteral("device: missing (expected an object)"));
    add("gpu_processes not an array", edited([](json& j) { j["gpu_processes"] = 3; }),
        QStringLiteral("gpu_processes: expected an array, got 3"));
    add("gpu process pid 0", edited([](json& j) { j["gpu_processes"] = {{{"pid", 0}, {"name", "x"}}}; }),
        QStringLiteral("gpu_processes[0].pid: expected an integer in 1..4294967295, got 0"));
    add("gpu process memory negative",
        edited([](json& j) { j["gpu_processes"] = {{{"pid", 9}, {"used_memory_bytes", -5}}}; }),
        QStringLiteral("gpu_processes[0].used_memory_bytes: expected an integer >= 0, got -5"));
    add("gpu process not an object", edited([](json& j) { j["gpu_processes"] = {"python3"}; }),
        QStringLiteral("gpu_processes[0]: expected an object {pid, name, used_memory_bytes}, got the string \"python3\""));
    add("sms as text", edited([](json& j) { j["device"]["sms"] = "132"; }),
        QStringLiteral("device.sms: expected an integer in 0..100000, got the string \"132\""));
    add("negative peak", edited([](json& j) { j["device"]["peak_bandwidth_gbs"] = -1; }),
        QStringLiteral("device.peak_bandwidth_gbs: expected a number >= 0, got -1"));
    add("mode", edited([](json& j) { j["params"]["mode"] = "turbo"; }),
        QStringLiteral("params.mode: expected one of per-launch | loop | graph, got \"turbo\""));
    add("reps 0", edited([](json& j) { j["params"]["reps"] = 0; }),
        QStringLiteral("params.reps: expected an integer in 1..1000000, got 0"));
    add("short graph as long as the batch", edited([](json& j) {
            j["results"][0]["reps_per_sample"] = 100;
            j["results"][0]["short_reps_per_sample"] = 100;
        }),
        QStringLiteral("results[0].short_reps_per_sample: 100 must be below reps_per_sample (100): the short graph "
                       "is subtracted from the long one"));
    add("short graph negative", edited([](json& j) {
            j["results"][0]["reps_per_sample"] = 100;
            j["results"][0]["short_reps_per_sample"] = -25;
        }),
        QStringLiteral("results[0].short_reps_per_sample: expected an integer in 0..1048576, got -25"));
    // A null where the format writes a value whenever it writes the field is refused
    // (it was read as absent: the default); fields the format writes as null stay nullable.
    add("repeat null", edited([](json& j) { j["results"][0]["repeat"] = nullptr; }),
        QStringLiteral("results[0].repeat: null (expected an object, or the field left out)"));
    add("samples null", edited([](json& j) { j["results"][0]["samples"] = nullptr; }),
        QStringLiteral("results[0].samples: null (expected an integer in 0..2147483648, or the field left out)"));
    add("subtracted_ms null", edited([](json& j) { j["results"][0]["subtracted_ms"] = nullptr; }),
        QStringLiteral("results[0].subtracted_ms: null (expected a number >= 0, or the field left out)"));
    add("grid_size null", edited([](json& j) { j["results"][0]["grid_size"] = nullptr; }),
        QStringLiteral("results[0].grid_size: null (expected an integer in 0..4294967295, or the field left out)"));
    add("warmup null", edited([](json& j) { j["params"]["warmup"] = nullptr; }),
        QStringLiteral("params.warmup: null (expected an integer in 0..1000000, or the field left out)"));
    add("seed null", edited([](json& j) { j["params"]["seed"] = nullptr; }),
        QStringLiteral("params.seed: null (expected …"));
    add("memory_bytes null", edited([](json& j) { j["device"]["memory_bytes"] = nullptr; }),
        QStringLiteral("device.memory_bytes: null (expected an integer >= 0, or the field left out)"));
    add("reps null", edited([](json& j) { j["params"]["reps"] = nullptr; }),
        QStringLiteral("params.reps: null (expected an integer in 1..1000000)"));
    add("sweep param", edited([](json& j) { j["params"]["sweep"] = {{"param", "warp"}, {"values", {1}}}; }),
        QStringLiteral("params.sweep.param: expected one of n | block_size | coarse_factor, got \"warp\""));
    add("sweep value 0", edited([](json& j) { j["params"]["sweep"] = {{"param", "n"}, {"values", {1024, 0}}}; }),
        QStringLiteral("params.sweep.values[1]: expected an integer >= 1, got 0"));
    add("results an object", edited([](json& j) { j["results"] = json::object(); }),
        QStringLiteral("results: expected an array of result objects, got an object"));
    add("result not an object", edited([](json& j) { j["results"][1] = 3; }),
        QStringLiteral("results[1]: expected an object, got 3"));
    add("no strategy", edited([](json& j) { j["results"][0].erase("strategy"); }),
        QStringLiteral("results[0].strategy: missing (expected a string)"));
    add("empty strategy", edited([](json& j) { j["results"][0]["strategy"] = ""; }),
        QStringLiteral("results[0].strategy: empty (expected a strategy id)"));
    add("n as text", edited([](json& j) { j["results"][2]["n"] = "1M"; }),
        QStringLiteral("results[2].n: expected an integer >= 1, got the string \"1M\""));
    add("fractional n", edited([](json& j) { j["results"][0]["n"] = 10.5; }),
        QStringLiteral("results[0].n: expected an integer >= 1, got 10.5"));
    add("block 2^21", edited([](json& j) { j["results"][0]["block_size"] = 1 << 21; }),
        QStringLiteral("results[0].block_size: expected an integer in 0..1048576, got 2097152"));
    add("status", edited([](json& j) { j["results"][0]["status"] = "fast"; }),
        QStringLiteral("results[0].status: expected one of ok | wrong | expected_wrong | error | skipped, got \"fast\""));
    add("family", edited([](json& j) { j["results"][0]["family"] = "misc"; }),
        QStringLiteral("results[0].family: expected one of basics | shared_memory | many_blocks | warp_primitives | "
                       "dot_product | baseline | own, got \"misc\""));
    add("negative time", edited([](json& j) { j["results"][0]["time_ms"]["median"] = -0.5; }),
        QStringLiteral("results[0].time_ms.median: expected a number >= 0, got -0.5"));
    add("min above median", edited([](json& j) { j["results"][0]["time_ms"]["min"] = 1.0; }),
        QStringLiteral("results[0].time_ms: expected min <= median <= max, got min 1, median 0.0412, max 0.04738"));
    add("ok without a time", edited([](json& j) { j["results"][0]["time_ms"] = nullptr; }),
        QStringLiteral("results[0].time_ms: null, but status is \"ok\" (a verified run has a time)"));
    add("no bandwidth member", edited([](json& j) { j["results"][0].erase("bandwidth_gbs"); }),
        QStringLiteral("results[0].bandwidth_gbs: missing (expected a number >= 0)"));
    add("combine", edited([](json& j) { j["results"][0]["gpus"] = 2; j["results"][0]["combine"] = "mpi"; }),
        QStringLiteral("results[0].combine: expected one of nccl_allreduce | nccl_reduce | p2p | collective_baseline, got \"mpi\""));
    add("gpus 0", edited([](json& j) { j["results"][0]["gpus"] = 0; j["results"][0]["combine"] = "p2p"; }),
        QStringLiteral("results[0].gpus: expected an integer in 1..4096, got 0"));
    add("peer access", edited([](json& j) { j["peer_access"] = {{true, 1}}; }),
        QStringLiteral("peer_access[0][1]: expected true or false, got 1"));
    add("newline in a value", edited([](json& j) { j["params"]["mode"] = "loop\nSECOND LINE"; }),
        QStringLiteral("params.mode: expected one of per-launch | loop | graph, got \"loop\\nSECOND LINE\""));
    add("long value", edited([](json& j) { j["params"]["mode"] = std::string(100000, 'm'); }),
        QStringLiteral("params.mode: expected one of per-launch | loop | graph, got \"") + QString(40, QLatin1Char('m')) +
            QStringLiteral("…\""));
    // Absurd values and files that contradict themselves, each naming its field.
    add("bandwidth 1.7e308", edited([](json& j) { j["results"][0]["bandwidth_gbs"] = 1.7e308; }),
        QStringLiteral("results[0].bandwidth_gbs: expected a number in 0..1000000 GB/s, got 1.7e+308"));
    add("bandwidth not bytes / time", edited([](json& j) { j["results"][0]["bandwidth_gbs"] = 202.0; }),
        QStringLiteral("results[0].bandwidth_gbs: expected bytes_read / time_ms.median = 101.8034951 GB/s (within 1 % + 0.05), got 202"));
    add("peak 1.7e308", edited([](json& j) { j["device"]["peak_bandwidth_gbs"] = 1.7e308; }),
        QStringLiteral("device.peak_bandwidth_gbs: expected a number in 0..1000000 GB/s, got 1.7e+308"));
    add("strategy id of 10^6 characters", edited([](json& j) { j["results"][0]["strategy"] = std::string(1000000, 'a'); }),
        QStringLiteral("results[0].strategy: a string of 1000000 bytes, over the limit of 200"));
    add("strategy id of 100 characters", edited([](json& j) { j["results"][0]["strategy"] = std::string(100, 'a'); }),
        QStringLiteral("results[0].strategy: a strategy id of 100 characters, over the limit of 64"));
    add("strategy id with a space", edited([](json& j) { j["results"][0]["strategy"] = "two pass"; }),
        QStringLiteral("results[0].strategy: expected a strategy id (lowercase letters, digits and _), got \"two pass\""));
    add("bytes_read against n", edited([](json& j) { j["results"][0]["bytes_read"] = 4096; }),
        QStringLiteral("results[0].bytes_read: expected n × 4 = 4194304 bytes, got 4096"));
    add("block_size 0", edited([](json& j) { j["results"][0]["block_size"] = 0; }),
        QStringLiteral("results[0].block_size: expected an integer in 1..1048576 (0 only for a library baseline), got 0"));
    add("sweep value matching no result", edited([](json& j) { j["params"]["sweep"] = {{"param", "n"}, {"values", {1048576, 4096}}}; }),
        QStringLiteral("params.sweep.values[1]: 4096 matches no result's n"));
    add("sweep value twice", edited([](json& j) { j["params"]["sweep"] = {{"param", "n"}, {"values", {1048576, 1048576}}}; }),
        QStringLiteral("params.sweep.values[1]: 1048576 is listed twice"));
    // Sweeps, both ways: every result's value listed, every listed value matched.
    add("result's n not listed", edited([](json& j) { j["results"][3]["n"] = 4096; j["results"][3]["bytes_read"] = 16384;
                                                      j["results"][3]["bandwidth_gbs"] = nullptr;
                                                      j["results"][3]["pct_ceiling"] = nullptr;  // no bandwidth, no fraction of one
                                                      j["params"]["sweep"] = {{"param", "n"}, {"values", {1048576}}}; }),
        QStringLiteral("results[3].n: 4096 is not among params.sweep.values (1048576)"));
    // Two-parameter sweeps: block size × coarse factor only, both lists against the results, and
    // every pair of the product held by a result.
    add("2-D: second param n", edited2d([](json& j) { j["params"]["sweep"]["second"]["param"] = "n"; }),
        QStringLiteral("params.sweep.second.param: expected \"coarse_factor\" with params.sweep.param \"block_size\" (the "
                       "one two-parameter sweep: block size × coarse factor), got \"n\" with \"block_size\""));
    add("2-D: second param unknown", edited2d([](json& j) { j["params"]["sweep"]["second"]["param"] = "warp"; }),
        QStringLiteral("params.sweep.second.param: expected one of n | block_size | coarse_factor, got \"warp\""));
    add("2-D: coarse factor first", edited2d([](json& j) {
            j["params"]["sweep"] = {{"param", "coarse_factor"}, {"values", {1, 2}},
                                    {"second", {{"param", "block_size"}, {"values", {128, 256}}}}};
        }),
        QStringLiteral("params.sweep.second.param: expected \"coarse_factor\" with params.sweep.param \"block_size\" (the "
                       "one two-parameter sweep: block size × coarse factor), got \"block_size\" with \"coarse_factor\""));
    add("2-D: second not an object", edited2d([](json& j) { j["params"]["sweep"]["second"] = 3; }),
        QStringLiteral("params.sweep.second: expected an object, got 3"));
    add("2-D: no second values", edited2d([](json& j) { j["params"]["sweep"]["second"].erase("values"); }),
        QStringLiteral("params.sweep.second.values: missing (expected an array)"));
    add("2-D: coarse factor 0", edited2d([](json& j) { j["params"]["sweep"]["second"]["values"] = {1, 0}; }),
        QStringLiteral("params.sweep.second.values[1]: expected an integer >= 1, got 0"));
    add("2-D: coarse factor twice", edited2d([](json& j) { j["params"]["sweep"]["second"]["values"] = {1, 2, 1}; }),
        QStringLiteral("params.sweep.second.values[2]: 1 is listed twice"));
    // Incomplete runs: only the missing values and cells are accepted.
    add("complete 2-D file missing a cell", cut2d(3, false),
        QStringLiteral("params.sweep.values[1]: 256 matches no result's block_size"));
    add("incomplete: a result's value not in the plan", edited2d([](json& j) {
            j["incomplete"] = "cancelled after 8 of 8 results";
            j["results"][7]["coarse_factor"] = 4; }),
        QStringLiteral("results[7].coarse_factor: 4 is not among params.sweep.second.values (1, 2)"));
    add("incomplete: empty", edited2d([](json& j) { j["incomplete"] = ""; }),
        QStringLiteral("incomplete: expected why the run stopped early (e.g. \"cancelled after 5 of 12 results\"), got \"\""));
    add("incomplete: a number", edited2d([](json& j) { j["incomplete"] = 3; }),
        QStringLiteral("incomplete: expected a string, got 3"));
    add("2-D: coarse factor matching no result", edited2d([](json& j) { j["params"]["sweep"]["second"]["values"] = {1, 2, 8}; }),
        QStringLiteral("params.sweep.second.values[2]: 8 matches no result's coarse_factor"));
    add("2-D: result's coarse factor not listed", edited2d([](json& j) { j["params"]["sweep"]["second"]["values"] = {1}; }),
        QStringLiteral("results[2].coarse_factor: 2 is not among params.sweep.second.values (1)"));
    add("2-D: result's block size not listed", edited2d([](json& j) { j["params"]["sweep"]["values"] = {128}; }),
        QStringLiteral("results[4].block_size: 256 is not among params.sweep.values (128)"));
    add("2-D: block size matching no result", edited2d([](json& j) { j["params"]["sweep"]["values"] = {128, 256, 512}; }),
        QStringLiteral("params.sweep.values[2]: 512 matches no result's block_size"));
    add("2-D: a cell without a result", edited2d([](json& j) {
            json keep = json::array();
            for (const json& r : j["results"])
                if (!(r["block_size"] == 256 && r["coarse_factor"] == 2))
                    keep.push_back(r);
            j["results"] = keep;
        }),
        QStringLiteral("params.sweep.second.values[1]: coarse factor 2 with block size 256 (params.sweep.values[1]) "
                       "matches no result: a two-parameter sweep has a result in every cell"));
    add("version 1e300", edited([](json& j) { j["version"] = 1e300; }),
        QStringLiteral("version: this app reads versions 1..2, the file is version 1e+300"));
    add("time_ms {}", edited([](json& j) { j["results"][0]["time_ms"] = json::object(); }),
        QStringLiteral("results[0].time_ms.median: missing (expected a number >= 0)"));
    // Found by a breaker pass (2026-12-01): an absurd noise widened the table and passed compare;
    // a second result of one cell was silently ignored (the first won).
    add("noise 1e300", edited([](json& j) { j["results"][0]["noise"] = 1e300; }),
        QStringLiteral("results[0].noise: expected a relative noise in 0..10 (0.005 = 0.5 %), got 1e+300"));
    add("the same cell twice", edited([](json& j) { j["results"].push_back(j["results"][0]); }),
        QStringLiteral("results[13]: the same cell as results[0] (simple sum, n 1048576, block 256, C 4): a file holds each cell once"));
    const json multi = json::parse(readText(source(QStringLiteral("docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json"))));
    auto multiEdited = [&](const std::function<void(json&)>& edit) {
        json j = multi;
        edit(j);
        return j;
    };
    add("algbw 1e300", multiEdited([](json& j) { j["results"][0]["algbw_gbs"] = 1e300; }),
        QStringLiteral("results[0].algbw_gbs: expected a number in 0..1000000 GB/s, got 1e+300"));
    add("algbw not size / time", multiEdited([](json& j) { j["results"][0]["algbw_gbs"] = 1.0; }),
        QStringLiteral("results[0].algbw_gbs: expected size_bytes / time_ms.median = …"));
    add("busbw not algbw × factor", multiEdited([](json& j) { j["results"][0]["busbw_gbs"] = 1.0; }),
        QStringLiteral("results[0].busbw_gbs: expected algbw × the bus factor of nccl_allreduce on 1 GPUs = …"));
    add("size_bytes against bytes_read", multiEdited([](json& j) { j["results"][0]["size_bytes"] = 1; }),
        QStringLiteral("results[0].size_bytes: expected bytes_read = 4194304, got 1"));
    add("result gpus above the file's", multiEdited([](json& j) { j["results"][0]["gpus"] = 3; j["results"][0]["busbw_gbs"] = nullptr; }),
        QStringLiteral("results[0].gpus: expected 1..2 (the file's gpus), got 3"));
    add("algbw on a failed run", multiEdited([](json& j) { j["results"][0]["status"] = "error"; }),
        QStringLiteral("results[0].algbw_gbs: expected null: the status is \"error\", not \"ok\""));
    // Figures the file derives, recomputed (issue 28): a file that contradicts itself is refused,
    // naming the field. The fixture's results[0..5] are ok, [7] wrong, [12] the cpu baseline.
    add("ok, value far from the reference (abs_error kept)", edited([](json& j) { j["results"][0]["result"] = 1e30; }),
        QStringLiteral("results[0].abs_error: expected |result - reference| = |1e+30 - 524288| = 1e+30, got 0.02"));
    add("ok, value far from the reference (abs_error matching)", edited([](json& j) {
            j["results"][0]["result"] = 1e30;
            j["results"][0]["abs_error"] = 1e30 - 524288.0;
        }),
        QStringLiteral("results[0].status: \"ok\" (verified), but result 1e+30 is 1e+30 from the reference 524288, "
                       "outside the tolerance 1.1: expected \"wrong\""));
    add("ok, 84.7 against 84.8 (the issue's case at the cpu's scale)", edited([](json& j) {
            j["results"][0]["reference"] = 84.7;
            j["results"][0]["result"] = 85.9;
            j["results"][0]["abs_error"] = 1.2;
        }),
        QStringLiteral("results[0].status: \"ok\" (verified), but result 85.9 is 1.2 from the reference 84.7, outside the "
                       "tolerance 1.1: expected \"wrong\""));
    add("abs_error off", edited([](json& j) { j["results"][1]["abs_error"] = 0.5; }),
        QStringLiteral("results[1].abs_error: expected |result - reference| = |524288.02 - 524288| = 0.02000000002, got 0.5"));
    add("ok, output after the timing wrong", edited([](json& j) {
            j["results"][2]["checked_after_timing"] = true;
            j["results"][2]["result_after_timing"] = 1.0;
        }),
        QStringLiteral("results[2].status: \"ok\" (verified), but result_after_timing 1 is outside the tolerance 1.1 of "
                       "the reference 524288: expected \"wrong\""));
    add("wrong, but within tolerance", edited([](json& j) {
            j["results"][7]["result"] = 524288.5;
            j["results"][7]["abs_error"] = 0.5;
        }),
        QStringLiteral("results[7].status: \"wrong\", but result 524288.5 is within the tolerance 1.1 of the reference "
                       "524288 and nothing else made it wrong: expected \"ok\""));
    add("wrong, with a bandwidth", edited([](json& j) { j["results"][7]["bandwidth_gbs"] = 4194304 / (0.0103 * 1e6); }),
        QStringLiteral("results[7].bandwidth_gbs: expected null: no speed is measured where the status is \"wrong\", not "
                       "\"ok\", got 407.2139806"));
    add("wrong, with a speed-up", edited([](json& j) { j["results"][7]["speedup_vs_cub"] = 1.5; }),
        QStringLiteral("results[7].speedup_vs_cub: expected null: no speed is measured where the status is \"wrong\", not "
                       "\"ok\", got 1.5"));
    add("skipped, with pct_peak", edited([](json& j) { j["results"][8]["pct_peak"] = 3; }),
        QStringLiteral("results[8].pct_peak: expected null: no speed is measured where the status is \"skipped\", not "
                       "\"ok\", got 3"));
    add("expected_wrong, with best_baseline", edited([](json& j) { j["results"][6]["best_baseline"] = "cub"; }),
        QStringLiteral("results[6].best_baseline: expected null: no speed is measured where the status is "
                       "\"expected_wrong\", not \"ok\", got \"cub\""));
    add("ceilings null beside pct_ceiling", edited([](json& j) {
            j["ceilings"] = nullptr;
            for (json& r : j["results"])
                r["ceiling_read_gbs"] = nullptr;
        }),
        QStringLiteral("results[0].pct_ceiling: expected null: ceiling_read_gbs is null (no ceiling to be a fraction of), got 2.4"));
    add("ceilings null beside ceiling_read_gbs", edited([](json& j) { j["ceilings"] = nullptr; }),
        QStringLiteral("results[0].ceiling_read_gbs: expected null: the file has no ceilings (\"ceilings\" is null or "
                       "absent), got 4300"));
    add("pct_ceiling off", edited([](json& j) { j["results"][4]["pct_ceiling"] = 50.0; }),
        QStringLiteral("results[4].pct_ceiling: expected 100 × bandwidth_gbs / ceiling_read_gbs = 15.99069767 %, got 50"));
    add("ceiling_ratio off", edited([](json& j) { j["results"][4]["ceiling_ratio"] = 0.5; }),
        QStringLiteral("results[4].ceiling_ratio: expected bandwidth_gbs / ceiling_read_gbs = 0.1599069767, got 0.5"));
    add("pct_ceiling above 100 beside ceiling_ratio", edited([](json& j) {
            j["ceilings"]["read_gbs"] = 500.0;
            j["results"][4]["ceiling_read_gbs"] = 500.0;
            j["results"][4]["ceiling_ratio"] = 687.6 / 500.0;
            j["results"][4]["pct_ceiling"] = 100 * 687.6 / 500.0;
        }),
        QStringLiteral("results[4].pct_ceiling: expected null: bandwidth_gbs is 1.3752 × ceiling_read_gbs (a fraction "
                       "of a bandwidth is never above 100 %), got 137.52"));
    add("pct_peak off", edited([](json& j) { j["results"][4]["pct_peak"] = 40.0; }),
        QStringLiteral("results[4].pct_peak: expected 100 × bandwidth_gbs / device.peak_bandwidth_gbs = 13.98925781 %, got 40"));
    add("speedup_vs_cpu off", edited([](json& j) { j["results"][4]["speedup_vs_cpu"] = 16.0; }),
        QStringLiteral("results[4].speedup_vs_cpu: expected the median of cpu at n 1048576, block 256, C 4 / "
                       "time_ms.median = …"));
    add("speedup_vs_cub off", edited([](json& j) { j["results"][4]["speedup_vs_cub"] = 3.0; }),
        QStringLiteral("results[4].speedup_vs_cub: expected the median of cub at n 1048576, block 256, C 4 / "
                       "time_ms.median = …"));
    json many = fixture();
    many["results"] = json::array();
    for (std::size_t i = 0; i <= kMaxResults; ++i)
        many["results"].push_back(json::object());
    add("20001 results", many, QStringLiteral("results: 20001 results, over the limit of 20000 per file"));
}

void TstResultsFile::refused()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QString message;
    try {
        read_results(text.toStdString());
    } catch (const SchemaError& e) {
        message = QString::fromUtf8(e.what());
    }
    if (expected.endsWith(QStringLiteral("…")))
        QVERIFY2(message.startsWith(expected.chopped(1)), qPrintable(message));
    else
        QCOMPARE(message, expected);
    QVERIFY(!message.contains(QLatin1Char('\n')));
}

void TstResultsFile::deepNestingRefused()
{
    // A member of its own nested a million deep: refused quickly, never a stack overflow.
    json j = fixture();
    std::string text = j.dump();
    text.pop_back();
    text += ",\"deep\":" + std::string(1000000, '[') + std::string(1000000, ']') + "}";
    QString message;
    try {
        read_results(text);
    } catch (const SchemaError& e) {
        message = QString::fromUtf8(e.what());
    }
    QVERIFY2(message.contains(QStringLiteral("nested deeper than 64 levels")), qPrintable(message));
    QVERIFY(refusal(fixture()).isEmpty());
}

void TstResultsFile::lines_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("type");          // -1: refused
    QTest::addColumn<QString>("expected");  // refused: the message
    using T = StreamLine::Type;
    QTest::addRow("progress") << R"({"type":"progress","index":2,"total":5,"strategy":"cub","n":1024})" << int(T::Progress) << "";
    QTest::addRow("multi-GPU progress")
        << R"({"type":"progress","index":0,"total":8,"strategy":"vectorized","combine":"p2p","gpus":2,"n":1024})"
        << int(T::Progress) << "";
    QTest::addRow("done") << R"({"type":"done","elapsed_s":1.5,"failures":0})" << int(T::Done) << "";
    QTest::addRow("error") << R"({"type":"error","message":"cudaMalloc: out of memory"})" << int(T::Error) << "";
    QTest::addRow("unknown type") << R"({"type":"hello"})" << -1
                                  << "type: expected start | progress | result | done | error, got \"hello\"";
    QTest::addRow("no type") << R"({"index":2})" << -1 << "type: missing (expected a string)";
    QTest::addRow("a crash") << "Segmentation fault" << -1 << "not JSON: line 1, column 1: invalid literal";
    QTest::addRow("string index") << R"({"type":"progress","index":"2","total":5,"strategy":"cub"})" << -1
                                  << "index: expected an integer in 0..16777216, got the string \"2\"";
    QTest::addRow("result without strategy") << R"({"type":"result","family":"basics"})" << -1
                                             << "strategy: missing (expected a string)";
}

void TstResultsFile::lines()
{
    QFETCH(QString, line);
    QFETCH(int, type);
    QFETCH(QString, expected);
    try {
        const StreamLine l = read_line(line.toStdString());
        QCOMPARE(int(l.type), type);
        if (l.type == StreamLine::Type::Progress) {
            QCOMPARE(l.progress.index, line.contains(QStringLiteral("\"index\":2")) ? 2u : 0u);
            QVERIFY(l.progress.n == 1024);
        }
        if (l.type == StreamLine::Type::Done)
            QCOMPARE(l.elapsed_s, 1.5);
        if (l.type == StreamLine::Type::Error)
            QCOMPARE(l.message, std::string{"cudaMalloc: out of memory"});
    } catch (const SchemaError& e) {
        QCOMPARE(type, -1);
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(expected), e.what());
    }
}

void TstResultsFile::lineRoundTrip()
{
    // What the run writes, the app reads: each writer against the one reader.
    const ResultsFile f = read_results(readText(source(QStringLiteral("tests/app/step/data/counters_h200_1024.json"))));
    const StreamLine start = read_line(start_line(f, 21));
    QCOMPARE(start.total, std::size_t{21});
    QVERIFY(start.header.device == f.device);
    QVERIFY(start.header.params == f.params);
    QVERIFY(start.header.ceilings == f.ceilings);
    for (const Result& r : f.results) {
        const StreamLine l = read_line(result_line(r));
        QCOMPARE(int(l.type), int(StreamLine::Type::Result));
        Result back = l.result;
        back.format2 = r.format2;  // a stream line does not say which file version it came from
        QVERIFY(back == r);
    }
    const StreamLine p = read_line(progress_line({3, 21, "shared", 1048576, std::nullopt, std::nullopt}));
    QCOMPARE(p.progress.strategy, std::string{"shared"});
    QCOMPARE(p.progress.n, std::size_t{1048576});
    const StreamLine done = read_line(done_line(0.75, 1, &*f.counters));
    QCOMPARE(done.failures, 1);
    QVERIFY(done.counters && *done.counters == *f.counters);
    QCOMPARE(read_line(error_line("cudaMalloc: out of memory")).message, std::string{"cudaMalloc: out of memory"});
}

void TstResultsFile::devicesList_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("count");  // -1: refused
    const QString d = QStringLiteral(R"({"index":0,"name":"GPU","sms":132,"l2_bytes":1,"peak_bandwidth_gbs":4.5})");
    QTest::addRow("array (devices --json)") << QStringLiteral("[%1,%1]").arg(d) << 2;
    QTest::addRow("object with devices") << QStringLiteral(R"({"devices":[%1]})").arg(d) << 1;
    QTest::addRow("one object") << d << 1;
    QTest::addRow("one per line") << d + QLatin1Char('\n') + QStringLiteral(R"({"device":%1})").arg(d) + QLatin1Char('\n') << 2;
    QTest::addRow("empty array") << QStringLiteral("[]") << 0;
    QTest::addRow("bad sms") << QStringLiteral(R"([{"name":"GPU","sms":-1,"l2_bytes":1,"peak_bandwidth_gbs":1}])") << -1;
}

void TstResultsFile::devicesList()
{
    QFETCH(QString, text);
    QFETCH(int, count);
    try {
        const auto list = read_device_list(text.toStdString());
        QCOMPARE(int(list.size()), count);
        if (count > 0)
            QCOMPARE(list.front().sms, 132);
    } catch (const SchemaError& e) {
        QCOMPARE(count, -1);
        QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("devices[0].sms: expected an integer in 0..100000, got -1"));
    }
}

void TstResultsFile::atomicWrite()
{
    QTemporaryDir dir;
    const ResultsFile f = read_results(fixture().dump());
    const std::string path = dir.filePath(QStringLiteral("out.json")).toStdString();
    write_results_file(path, f);
    QCOMPARE(readText(QString::fromStdString(path)), write_results(f));
    // Replacing a file keeps its mode; nothing else is left in the folder.
    QVERIFY(::chmod(path.c_str(), 0640) == 0);
    ResultsFile g = f;
    g.results.resize(2);
    write_results_file(path, g);
    QVERIFY(read_results(readText(QString::fromStdString(path))) == g);
    struct stat st {};
    QVERIFY(::stat(path.c_str(), &st) == 0);
    QCOMPARE(int(st.st_mode & 0777), 0640);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("out.json")});
    // Through a symbolic link: the file it points to is replaced, the link stays.
    const QString link = dir.filePath(QStringLiteral("link.json"));
    QVERIFY(QFile::link(QString::fromStdString(path), link));
    write_results_file(link.toStdString(), f);
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(readText(QString::fromStdString(path)), write_results(f));
}

void TstResultsFile::atomicWriteFailureLeavesFile()
{
    QTemporaryDir dir;
    const ResultsFile f = read_results(fixture().dump());
    QString message;
    try {
        write_results_file(dir.filePath(QStringLiteral("missing/out.json")).toStdString(), f);
    } catch (const std::runtime_error& e) {
        message = QString::fromUtf8(e.what());
    }
    QVERIFY2(message.startsWith(QStringLiteral("cannot write ")) && message.endsWith(QStringLiteral(": No such file or directory")),
             qPrintable(message));
    QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
}

QTEST_APPLESS_MAIN(TstResultsFile)
#include "tst_results_file.moc"
