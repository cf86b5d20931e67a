// SPDX-License-Identifier: GPL-3.0-or-later
// model::read_trace_file: every trace the model writes reads back unchanged (with and without
// lanes), the GPU-recording fixture reads as recorded, and each kind of bad file is refused with
// a message naming the field and its allowed range.
#include "model/catalogue.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#include <cmath>

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace reducescope;
using nlohmann::json;

namespace {

json modelJson(const char* strategy, std::vector<float> values, int block = 0, int warp = 32, int coarse = 4, int order = 0)
{
    model::Params p;
    p.block_size = block;
    p.warp_size = warp;
    p.coarse_factor = coarse;
    p.atomic_order = order;
    return model::trace_to_json(model::simulate(strategy, values, p));
}

std::vector<float> ramp(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float((i * 7) % 11) - 3.f;
    return v;
}

// Inputs where the float rules show (docs/trace-format.md, "Float rules"): kind 1 = subnormals,
// signed zeros and a cancellation (atomicAdd flushes, zeros keep their sign); kind 2 = NaN and
// both infinities; kind 3 = values whose sum depends on the order of the additions.
std::vector<float> special(int kind, int n)
{
    static const std::vector<std::vector<float>> sets{
        {},
        {1e-40f, -1e-40f, -0.f, 0.f, 1e30f, 1.f, -1e30f, -0.f},
        {1.f, std::nanf(""), -INFINITY, 3.f, INFINITY, -0.f, 2.f},
        {0.1f, 1e8f, -0.3f, 1.f, -1e8f, 0.7f, 3e-5f, 2.5f},
    };
    const std::vector<float>& set = sets[std::size_t(kind)];
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = set[std::size_t(i) % set.size()];
    return v;
}

} // namespace

class TestTraceFile : public QObject {
    Q_OBJECT
private slots:
    void everyModelTraceReadsBack_data();
    void everyModelTraceReadsBack();
    void recordedFixtureReads();
    void deepNestingIsRefusedWithoutRecursion();
    void shippedRecordingsRead_data();
    void shippedRecordingsRead();
    void badFilesNameTheField_data();
    void badFilesNameTheField();
    void gridBarrier_data();
    void gridBarrier();
    void atomicsAgreeWithResult_data();
    void atomicsAgreeWithResult();
    void atomicsFlushSubnormals();
    void byteOrderMarkAsTheResultsReader();
    void faultTextReadsBack();
};

// A UTF-8 byte order mark before the JSON is read, as the results reader reads it (both go
// through model::parse_json); one after a space, or two, is not JSON in both (tst_results_file).
// A fault's message as a message ("text", docs/trace-format.md) is written beside its English and
// read back with its id and arguments, nested ones included; a file without it (written before
// faults carried one) reads with an empty text and its English.
void TestTraceFile::faultTextReadsBack()
{
    const std::vector<float> input{6, 2, 7, 4, 5, 8, 3, 1};
    model::Trace t = model::simulate("shared", input);
    model::Fault f;
    f.kind = "out_of_bounds";
    f.text = model::make_text("simt.fault.lanes.run", model::make_text("simt.fault.out_of_bounds.floats", "sdata", 4, 16, 4),
                              4, 4, 7);
    f.message = model::render_english(f.text);
    f.line = 5;
    f.column = 9;
    f.step = 1;
    f.lanes = {4, 5, 6, 7};
    t.faults.push_back(f);
    QCOMPARE(f.message, std::string("access to sdata[4] (byte 16) outside its 4 floats; 4 threads do this (4-7)"));
    const json j = model::trace_to_json(t);
    QCOMPARE(j.at("faults").at(0).at("message").get<std::string>(), f.message);
    QCOMPARE(j.at("faults").at(0).at("text").dump(),
             std::string(R"({"args":[{"args":["sdata",4,16,4],"id":"simt.fault.out_of_bounds.floats"},4,4,7],"id":"simt.fault.lanes.run"})"));
    const model::TraceFileResult r = model::read_trace_file(j.dump());
    QVERIFY2(r.file, r.error.c_str());
    QCOMPARE(r.file->trace.faults.size(), std::size_t(1));
    const model::Fault& back = r.file->trace.faults[0];
    QCOMPARE(back.text.id, std::string("simt.fault.lanes.run"));
    QCOMPARE(back.text.args.size(), std::size_t(4));
    QCOMPARE(back.text.args[0].kind, model::TextArg::Kind::Nested);
    const model::Text& inner = back.text.args[0].nested.front();
    QCOMPARE(inner.id, std::string("simt.fault.out_of_bounds.floats"));
    QCOMPARE(inner.args[0].kind, model::TextArg::Kind::Code);
    QCOMPARE(inner.args[0].code, std::string("sdata"));
    QCOMPARE(inner.args[3].kind, model::TextArg::Kind::Count);
    QCOMPARE(inner.args[3].count, 4LL);
    QCOMPARE(back.text.args[1].count, 4LL);
    QCOMPARE(model::render_english(back.text), f.message);
    QCOMPARE(model::trace_to_json(r.file->trace).dump(), j.dump());
    // An older file: "message" only.
    json old = j;
    old["faults"][0].erase("text");
    const model::TraceFileResult o = model::read_trace_file(old.dump());
    QVERIFY2(o.file, o.error.c_str());
    QVERIFY(o.file->trace.faults[0].text.empty());
    QCOMPARE(o.file->trace.faults[0].message, f.message);
    QVERIFY(!model::trace_to_json(o.file->trace).at("faults").at(0).contains("text"));
}

void TestTraceFile::byteOrderMarkAsTheResultsReader()
{
    const std::string text = modelJson("shared", {6, 2, 7, 4, 5, 8, 3, 1}).dump();
    const model::TraceFileResult plain = model::read_trace_file(text);
    QVERIFY2(plain.file, plain.error.c_str());
    const model::TraceFileResult bom = model::read_trace_file("\xEF\xBB\xBF" + text);
    QVERIFY2(bom.file, bom.error.c_str());
    QCOMPARE(model::trace_to_json(bom.file->trace).dump(), model::trace_to_json(plain.file->trace).dump());
    QCOMPARE(QString::fromStdString(model::read_trace_file(" \xEF\xBB\xBF" + text).error),
             QStringLiteral("not JSON: line 1, column 2: invalid literal"));
    QCOMPARE(QString::fromStdString(model::read_trace_file("\xEF\xBB\xBF\xEF\xBB\xBF" + text).error),
             QStringLiteral("not JSON: line 1, column 4: invalid literal"));
}

void TestTraceFile::everyModelTraceReadsBack_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<int>("values");  // 0: ramp(), else special()
    QTest::addColumn<int>("order");   // params.atomic_order
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (!s.has_model)
            continue;
        const QString id = QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
        QTest::addRow("%s seed", qPrintable(id)) << id << 8 << 0 << 32 << 4 << 0 << 0;
        QTest::addRow("%s 70 b32", qPrintable(id)) << id << 70 << 32 << 32 << 1 << 0 << 0;
        QTest::addRow("%s 37 b8 w4", qPrintable(id)) << id << 37 << 8 << 4 << 2 << 0 << 0;
        QTest::addRow("%s 1000 b256", qPrintable(id)) << id << 1000 << 256 << 32 << 4 << 0 << 0;
        // The reader's self-checks (result, wavefronts) hold for the float rules' corner cases and
        // for other atomic orders (every trace the model writes is one the reader accepts).
        QTest::addRow("%s subnormals b1 order 3", qPrintable(id)) << id << 16 << 1 << 32 << 1 << 1 << 3;
        QTest::addRow("%s nan inf b2 w4 order 9", qPrintable(id)) << id << 21 << 2 << 4 << 1 << 2 << 9;
        QTest::addRow("%s order-dependent b32 order 12345", qPrintable(id)) << id << 300 << 32 << 32 << 2 << 3 << 12345;
        QTest::addRow("%s order-dependent b4 banks-like w8", qPrintable(id)) << id << 64 << 4 << 8 << 1 << 3 << 1;
    }
}

void TestTraceFile::everyModelTraceReadsBack()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, coarse);
    QFETCH(int, values);
    QFETCH(int, order);
    const json j = modelJson(qPrintable(strategy), values == 0 ? ramp(n) : special(values, n), block, warp, coarse, order);
    for (bool lanes : {true, false}) {
        json written = j;
        if (!lanes)
            written = model::trace_to_json(model::trace_from_json(j), false);
        const model::TraceFileResult r = model::read_trace_file(written.dump());
        QVERIFY2(r.file, r.error.c_str());
        QVERIFY(!r.file->recorded_on_gpu);
        QCOMPARE(model::trace_to_json(r.file->trace, lanes).dump(), written.dump());
    }
}

void TestTraceFile::recordedFixtureReads()
{
    QFile f(QStringLiteral(REDUCESCOPE_TEST_DATA "/recorded_shared_seed.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const model::TraceFileResult r = model::read_trace_file(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY2(r.file, r.error.c_str());
    QVERIFY(r.file->recorded_on_gpu);
    QCOMPARE(r.file->recording.records, 8LL);
    QVERIFY(!r.file->recording.device.empty());
    QVERIFY(!r.file->recording.not_recorded.empty());
    QVERIFY(r.file->description.find("Not from a GPU") != std::string::npos);
    QCOMPARE(r.file->trace.strategy, std::string("shared"));
    QCOMPARE(r.file->trace.result, 36.f);
    QVERIFY(r.file->trace.steps.front().label.find("recorded on the GPU") == 0);
}

// 100000 nested arrays, at the top and inside a field: a message, no stack overflow (the error
// text used to print the value, recursing once per level).
void TestTraceFile::deepNestingIsRefusedWithoutRecursion()
{
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    model::TraceFileResult r = model::read_trace_file(deep);
    QVERIFY(!r.file);
    QCOMPARE(QString::fromStdString(r.error), QStringLiteral("the file must be an object (got an array of 1 entries)"));
    json good = modelJson("shared", {6, 2, 7, 4, 5, 8, 3, 1});
    std::string text = good.dump();
    const std::string key = "\"strategy\":\"shared\"";
    const auto at = text.find(key);
    QVERIFY(at != std::string::npos);
    text.replace(at, key.size(), "\"strategy\":" + deep);
    r = model::read_trace_file(text);
    QVERIFY(!r.file);
    QCOMPARE(QString::fromStdString(r.error), QStringLiteral("strategy must be a string (got an array of 1 entries)"));
}

// Every trace docs/traces/ ships (README: "Open one in the app") opens, as a GPU recording whose
// lane utilisation is a fraction.
void TestTraceFile::shippedRecordingsRead_data()
{
    QTest::addColumn<QString>("path");
    QDirIterator it(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/traces"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int count = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        QTest::addRow("%s", qPrintable(it.fileName())) << path;
        ++count;
    }
    QVERIFY2(count >= 3, "docs/traces/ should hold the H200 recordings of shared, vectorized, self_reset");
}

void TestTraceFile::shippedRecordingsRead()
{
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const model::TraceFileResult r = model::read_trace_file(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY2(r.file, r.error.c_str());
    QVERIFY(r.file->recorded_on_gpu);
    QVERIFY(r.file->trace.totals.lane_utilisation > 0 && r.file->trace.totals.lane_utilisation <= 1);
    QVERIFY(std::fabs(r.file->trace.result - r.file->trace.reference) <= 1e-3);  // the seed array: 36
}

void TestTraceFile::badFilesNameTheField_data()
{
    QTest::addColumn<QString>("patch");     // JSON Patch (RFC 6902) applied to a good trace, or raw text
    QTest::addColumn<QString>("expected");  // part of the message
    auto row = [](const char* name, const char* patch, const char* expected) {
        QTest::newRow(name) << QString::fromUtf8(patch) << QString::fromUtf8(expected);
    };
    // One reader of JSON text for every file (model::parse_json): where, and why in a few words.
    row("not json", "RAW:{\"format\": ", "not JSON: line 1, column 12: unexpected end of input; expected '[', '{', or a literal");
    row("not json, line 2", "RAW:{\"format\":\n  \"x\" \"y\"}", "not JSON: line 2, column 9: unexpected string literal; expected '}'");
    row("array", "RAW:[1,2]", "the file must be an object");
    row("empty", "RAW:", "the file is empty");
    row("number out of range", "RAW:{\"format\": 1e999}", "not JSON: line 1, column 16: number overflow parsing '1e999'");
    row("format", R"([{"op":"replace","path":"/format","value":"reducescope-results"}])", "format must be \"reducescope-trace\"");
    row("no format", R"([{"op":"remove","path":"/format"}])", "format is missing");
    row("version", R"([{"op":"replace","path":"/format_version","value":2}])", "format_version must be 1 (got 2)");
    row("strategy", R"([{"op":"replace","path":"/strategy","value":"cub"}])", "strategy must be one of simple");
    row("block size", R"([{"op":"replace","path":"/params/block_size","value":3}])", "params.block_size must be a power of two in 1..1024 (got 3)");
    row("block size float", R"([{"op":"replace","path":"/params/block_size","value":4.5}])", "params.block_size must be an integer in 1..1024 (got 4.5)");
    row("warp size", R"([{"op":"replace","path":"/params/warp_size","value":64}])", "params.warp_size must be an integer in 4..32 (got 64)");
    row("warp size 12", R"([{"op":"replace","path":"/params/warp_size","value":12}])", "params.warp_size must be 32, or 4, 8 or 16 as a teaching aid (got 12)");
    row("n", R"([{"op":"replace","path":"/params/n","value":5000}])", "params.n must be an integer in 1..4096 (got 5000)");
    row("n huge", R"([{"op":"replace","path":"/params/n","value":18446744073709551615}])", "params.n must be an integer in 1..4096");
    row("input short", R"([{"op":"remove","path":"/input/0"}])", "input must hold padded_n = 8 values (got 7)");
    row("input text", R"([{"op":"replace","path":"/input/2","value":"seven"}])", "input[2] must be a number, \"nan\", \"inf\" or \"-inf\"");
    // A file that contradicts itself (the reference against the input, totals against steps).
    row("reference against the input", R"([{"op":"replace","path":"/reference","value":99}])", "reference must be the float64 sum of the input, ");
    row("totals against the steps", R"([{"op":"replace","path":"/totals/barriers","value":1000}])", "totals.barriers must be the sum over the steps, ");
    // Result against what the steps leave in *output (shared: the write step stores
    // sdata[0] = 36), wavefronts against the words the accesses touch (step 1's first access reads
    // words 0 and 1: one wavefront).
    row("result against the steps", R"([{"op":"replace","path":"/result","value":35}])", "result must be what the steps leave in *output, 36 (steps[3].output; got 35)");
    row("stored output against the value", R"([{"op":"replace","path":"/steps/3/output","value":35},{"op":"replace","path":"/result","value":35}])", "steps[3].output must be the value the step stores, values[0] = 36 (got 35)");
    row("no output after the last step", R"([{"op":"replace","path":"/steps/3/output","value":null}])", "steps[3].output must be what the kernel leaves in *output, the result 36 (got null)");
    row("wavefronts against the words", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/wavefronts","value":2}])", "steps[1].shared_accesses[0].wavefronts must be 1, the most distinct words its lanes touch in one bank (got 2)");
    row("a conflict not counted", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/words/1","value":32},{"op":"replace","path":"/steps/1/shared_accesses/0/bank_of_lane/1","value":0}])", "steps[1].shared_accesses[0].wavefronts must be 2, the most distinct words its lanes touch in one bank (got 1)");
    row("bank against the word", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/bank_of_lane/1","value":5}])", "steps[1].shared_accesses[0].bank_of_lane[1] must be 1, word 1 mod 32 banks (got 5)");
    row("bank of a lane taking no part", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/bank_of_lane/2","value":2}])", "steps[1].shared_accesses[0].bank_of_lane[2] must be -1 (the lane takes no part) (got 2)");
    row("broadcast not marked", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/words/1","value":0},{"op":"replace","path":"/steps/1/shared_accesses/0/bank_of_lane/1","value":0}])", "steps[1].shared_accesses[0].broadcast must be true: lanes read the same word (got false)");
    row("conflict ways of an access", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/max_conflict_ways","value":3}])", "steps[1].shared_accesses[0].max_conflict_ways must be the access's wavefronts, 1 (got 3)");
    row("step wavefronts against the accesses", R"([{"op":"replace","path":"/steps/1/counters/shared_wavefronts","value":7},{"op":"replace","path":"/steps/1/shared_wavefronts","value":7}])", "steps[1].counters.shared_wavefronts must be the sum of the step's shared accesses' wavefronts, 3 (got 7)");
    row("step extra wavefronts", R"([{"op":"replace","path":"/steps/1/counters/extra_shared_wavefronts","value":1}])", "steps[1].counters.extra_shared_wavefronts must be the sum of the step's shared accesses' wavefronts beyond the first, 0 (got 1)");
    row("step wavefronts against its counters", R"([{"op":"replace","path":"/steps/1/shared_wavefronts","value":9}])", "steps[1].shared_wavefronts must be counters.shared_wavefronts, 3 (got 9)");
    row("step conflict ways", R"([{"op":"replace","path":"/steps/1/max_conflict_ways","value":4}])", "steps[1].max_conflict_ways must be the worst of the step's shared accesses' wavefronts, 1 (got 4)");
    row("step conflict ways null", R"([{"op":"replace","path":"/steps/1/max_conflict_ways","value":null}])", "steps[1].max_conflict_ways must be the worst of its shared accesses' wavefronts, not null (got null)");
    // Breaker pass (2026-12-01): values no float32 holds, which the CLI refuses as input.
    row("input beyond float32", R"([{"op":"replace","path":"/input/0","value":1e39}])", "input[0] must be a float32 value (magnitude at most 3.40282347e+38, or \"inf\")");
    row("result beyond float32", R"([{"op":"replace","path":"/result","value":-1e300}])", "result must be a float32 value (magnitude at most 3.40282347e+38, or \"inf\")");
    row("source file", R"([{"op":"replace","path":"/source_file","value":"../../etc/passwd"}])", "source_file must be \"reduce_basic.cu\" for shared");
    row("teaching", R"([{"op":"replace","path":"/teaching_warp_size","value":true}])", "teaching_warp_size must be false with params.warp_size 32");
    row("no steps", R"([{"op":"replace","path":"/steps","value":[]}])", "steps must hold 1..20000 entries (got 0)");
    row("step label", R"([{"op":"replace","path":"/steps/1/label","value":5}])", "steps[1].label must be a string (got 5)");
    row("source line", R"([{"op":"replace","path":"/steps/0/source_lines/0","value":0}])", "steps[0].source_lines[0] must be an integer in 1..");
    row("block dim", R"([{"op":"replace","path":"/steps/0/block_dim","value":2048}])", "steps[0].block_dim must be an integer in 1..1024 (got 2048)");
    row("warp index", R"([{"op":"replace","path":"/steps/0/warps/0/warp","value":99}])", "steps[0].warps[0].warp must be 0 (got 99)");
    row("warp block", R"([{"op":"replace","path":"/steps/0/warps/0/block","value":-1}])", "steps[0].warps[0].block must be 0 (got -1)");
    row("active lane", R"([{"op":"replace","path":"/steps/1/warps/0/active_lanes/0","value":32}])", "steps[1].warps[0].active_lanes[0] must be an integer in 0..3 (got 32)");  // 4 live lanes (block 4)
    row("active lanes twice", R"([{"op":"replace","path":"/steps/1/warps/0/active_lanes","value":[1,1]}])", "steps[1].warps[0].active_lanes[1] must be greater than the lane before it");
    row("padding past n", R"([{"op":"replace","path":"/params/n","value":5}])", "input[5] must be the padding 0 (past params.n = 5) (got 8");
    row("operation of another strategy", R"([{"op":"replace","path":"/operation","value":"max"}])", "operation must be \"sum\" for shared");
    row("step of another strategy", R"([{"op":"replace","path":"/steps/0/source_markers/0","value":"@convergent.tree"}])", "steps[0].source_markers[0] must start with \"@shared.\"");
    row("launch of a step", R"([{"op":"replace","path":"/params/block_size","value":64}])", "steps[0].block_dim x grid_dim must be params.block_size x grid_size = 64 x 1 (got 4 x 1)");
    // A values array of another length than the other steps' over the same array is the field
    // blamed (issue 28), before the lanes' indices into it.
    row("values emptied", R"([{"op":"replace","path":"/steps/1/values","value":[]}])",
        "steps[1].values must hold 4 values, as 3 of the 4 steps over the same array (values_space shared, block_dim 4, grid_dim 1) do (got 0)");
    row("values: 1 entry instead of 4", R"([{"op":"replace","path":"/steps/0/values","value":[1.5]}])",
        "steps[0].values must hold 4 values, as 3 of the 4 steps over the same array (values_space shared, block_dim 4, grid_dim 1) do (got 1)");
    row("read index names the array it points into", R"([{"op":"replace","path":"/steps/1/lanes/0/reads","value":[0, 9]}])",
        "steps[1].lanes[0].reads[1] must be an integer in 0..3 (got 9) (an index into steps[1].values, which holds 4 values)");
    row("active lanes over slots", R"([{"op":"replace","path":"/steps/1/counters/active_lanes","value":1000000}])", "steps[1].counters.active_lanes must be at most counters.lane_slots");
    row("lanes count", R"([{"op":"remove","path":"/steps/1/lanes/0"}])", "steps[1].lanes must hold block_dim x grid_dim = 4 entries (got 3)");
    row("lane state", R"([{"op":"replace","path":"/steps/1/lanes/0/state","value":"asleep"}])", "steps[1].lanes[0].state must be one of \"active\", \"idle\", \"exited\"");
    row("write index", R"([{"op":"replace","path":"/steps/1/lanes/0/writes","value":[100]}])", "steps[1].lanes[0].writes[0] must be an integer in 0..3 (got 100)");
    row("read index", R"([{"op":"replace","path":"/steps/1/lanes/0/reads","value":[-5]}])", "steps[1].lanes[0].reads[0] must be an integer in 0..3 (got -5)");
    row("values space", R"([{"op":"replace","path":"/steps/0/values_space","value":"texture"}])", "steps[0].values_space must be one of \"global\", \"shared\", \"registers\"");
    row("bank", R"([{"op":"replace","path":"/steps/1/shared_accesses/0/bank_of_lane/0","value":40}])", "steps[1].shared_accesses[0].bank_of_lane[0] must be an integer in -1..31 (got 40)");
    row("atomic lane", R"([{"op":"add","path":"/steps/3/atomics/-","value":{"order":0,"block":0,"lane":9,"target":"*output","before":0,"operand":1,"after":1,"lost":false}}])", "steps[3].atomics[0].lane must be an integer in 0..3 (got 9)");
    row("recorded no recording", R"([{"op":"add","path":"/recorded_on_gpu","value":true}])", "recording is missing");
    row("recording without flag", R"([{"op":"add","path":"/recording","value":{"device":"x","records":1}}])", "recorded_on_gpu must be true in a file that has a \"recording\" object");
    row("recording device", R"([{"op":"add","path":"/recorded_on_gpu","value":true},{"op":"add","path":"/recording","value":{"device":"","records":1}}])", "recording.device must name the GPU");
    row("recording records", R"([{"op":"add","path":"/recorded_on_gpu","value":true},{"op":"add","path":"/recording","value":{"device":"GPU","records":-1}}])", "recording.records must be an integer in 0..");
    row("grid barrier", R"([{"op":"replace","path":"/steps/1/grid_barrier","value":"yes"}])", "steps[1].grid_barrier must be true or false (got \"yes\")");
    row("warp barrier", R"([{"op":"add","path":"/steps/1/warp_barrier","value":1}])", "steps[1].warp_barrier must be true or false (got 1)");
    row("warp and grid barrier", R"([{"op":"replace","path":"/steps/1/grid_barrier","value":true},{"op":"add","path":"/steps/1/warp_barrier","value":true}])", "steps[1].warp_barrier and steps[1].grid_barrier cannot both be true");
    row("utilisation", R"([{"op":"replace","path":"/totals/lane_utilisation","value":2}])", "totals.lane_utilisation must be a number in 0..1 (got 2)");
    // A fault's text is checked as a step's messages are (optional: older files have only "message").
    row("fault text id", R"([{"op":"add","path":"/faults","value":[{"kind":"misaligned","message":"m","line":1,"column":1,"step":0,"lanes":[0],"text":{"id":"simt.fault.nope","args":[]}}]}])",
        "faults[0].text.id must be a message id of this version (got \"simt.fault.nope\")");
    row("fault text args", R"([{"op":"add","path":"/faults","value":[{"kind":"misaligned","message":"m","line":1,"column":1,"step":0,"lanes":[0],"text":{"id":"simt.fault.misaligned","args":["s",4]}}]}])",
        "faults[0].text.args must hold 3 arguments for message \"simt.fault.misaligned\" (got 2)");
    row("fault text plural", R"([{"op":"add","path":"/faults","value":[{"kind":"endless_loop","message":"m","line":1,"column":1,"step":0,"lanes":[0],"text":{"id":"simt.fault.endless_loop.steps","args":["many"]}}]}])",
        "faults[0].text.args[0] must be an integer (the count message \"simt.fault.endless_loop.steps\" agrees with) (got \"many\")");
    row("control chars echoed", R"([{"op":"replace","path":"/strategy","value":"a\nb"}])", "(got \"a\\nb\")");
}

void TestTraceFile::badFilesNameTheField()
{
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    std::string text;
    if (patch.startsWith(QStringLiteral("RAW:"))) {
        text = patch.mid(4).toStdString();
    } else {
        const json good = modelJson("shared", {6, 2, 7, 4, 5, 8, 3, 1});
        text = good.patch(json::parse(patch.toStdString())).dump();
    }
    const model::TraceFileResult r = model::read_trace_file(text);
    QVERIFY(!r.file);
    QVERIFY2(QString::fromStdString(r.error).contains(expected), r.error.c_str());
    QVERIFY(r.error.find('\n') == std::string::npos);
}

void TestTraceFile::gridBarrier_data()
{
    // grid_sync over 1..64, block 32: step 15 (index 14) is the grid.sync(); step 7 (index 6)
    // ends in __syncthreads(). Files written before the field existed have none: false.
    QTest::addColumn<int>("step");
    QTest::addColumn<bool>("removed");
    QTest::addColumn<bool>("expected");
    QTest::addRow("grid.sync") << 14 << false << true;
    QTest::addRow("__syncthreads") << 6 << false << false;
    QTest::addRow("grid.sync, field absent") << 14 << true << false;
}

void TestTraceFile::gridBarrier()
{
    QFETCH(int, step);
    QFETCH(bool, removed);
    QFETCH(bool, expected);
    json j = modelJson("grid_sync", ramp(64), 32);
    QCOMPARE(j.at("steps").at(std::size_t(step)).at("grid_barrier").get<bool>(), step == 14);
    QVERIFY(j.at("steps").at(std::size_t(step)).at("counters").at("barriers").get<int>() > 0);
    if (removed)
        for (json& s : j.at("steps"))
            s.erase("grid_barrier");
    const model::TraceFileResult r = model::read_trace_file(j.dump());
    QVERIFY2(r.file, r.error.c_str());
    QCOMPARE(r.file->trace.steps[std::size_t(step)].grid_barrier, expected);
}

// Self-check: the atomics a merge step records are the *output the result comes from. Inputs
// 1..8, block 2, coarse factor 1: atomic_naive's step 1 adds 1, 2, ..., 8 in order (afters 1, 3,
// 6, ..., 36); race's step 1 loses every other update (result 20); coarsened_max's step 2 stores 4
// then 8 by compare-and-swap.
void TestTraceFile::atomicsAgreeWithResult_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected");  // empty: the file is accepted
    auto row = [](const char* name, const char* strategy, const char* patch, const char* expected) {
        QTest::newRow(name) << QString::fromUtf8(strategy) << QString::fromUtf8(patch) << QString::fromUtf8(expected);
    };
    row("atomic_naive as written", "atomic_naive", "[]", "");
    row("race as written", "race", "[]", "");
    row("coarsened_max as written", "coarsened_max", "[]", "");
    row("after against atomicAdd", "atomic_naive", R"([{"op":"replace","path":"/steps/1/atomics/1/after","value":99}])", "steps[1].atomics[1].after must be atomicAdd(before, operand), 3 (got 99)");
    row("before against the previous after", "atomic_naive", R"([{"op":"replace","path":"/steps/1/atomics/2/before","value":0}])", "steps[1].atomics[2].before must be *output before it, 3 (got 0)");
    row("order", "atomic_naive", R"([{"op":"replace","path":"/steps/1/atomics/3/order","value":7}])", "steps[1].atomics[3].order must be 3 (the atomics in serialisation order, counted over the whole trace) (got 7)");
    row("a lost atomicAdd", "atomic_naive", R"([{"op":"replace","path":"/steps/1/atomics/0/lost","value":true}])", "steps[1].atomics[0].lost must be false: only race's plain stores lose updates (got true)");
    row("step output against the atomics", "atomic_naive", R"([{"op":"replace","path":"/steps/1/output","value":35},{"op":"replace","path":"/result","value":35}])", "steps[1].output must be what the step's last atomic left in *output, 36 (got 35)");
    row("result against the atomics", "atomic_naive", R"([{"op":"replace","path":"/result","value":35}])", "result must be what the steps leave in *output, 36 (steps[1].output; got 35)");
    row("race: a lost update kept", "race", R"([{"op":"replace","path":"/steps/1/atomics/0/lost","value":false}])", "steps[1].atomics[1].before must be *output before it, 1 (got 0)");
    row("race: plain add", "race", R"([{"op":"replace","path":"/steps/1/atomics/2/after","value":4}])", "steps[1].atomics[2].after must be before + operand, 5 (got 4)");
    row("race: result", "race", R"([{"op":"replace","path":"/result","value":36},{"op":"replace","path":"/lost_value","value":0}])", "result must be what the steps leave in *output, 20 (steps[1].output; got 36)");
    row("max: CAS of a smaller value", "coarsened_max", R"([{"op":"replace","path":"/steps/2/atomics/1/operand","value":3},{"op":"replace","path":"/steps/2/atomics/1/after","value":3}])", "steps[2].atomics[1].operand must be greater than before, 4: the max's compare-and-swap stores only then (got 3)");
    row("max: first before is -inf", "coarsened_max", R"([{"op":"replace","path":"/steps/2/atomics/0/before","value":0}])", "steps[2].atomics[0].before must be *output before it, -inf (got 0)");
    row("max: after is the operand", "coarsened_max", R"([{"op":"replace","path":"/steps/2/atomics/1/after","value":9}])", "steps[2].atomics[1].after must be operand (the CAS stores it), 8 (got 9)");
}

void TestTraceFile::atomicsAgreeWithResult()
{
    QFETCH(QString, strategy);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    const json good = modelJson(qPrintable(strategy), {1, 2, 3, 4, 5, 6, 7, 8}, 2, 32, 1);
    const model::TraceFileResult r = model::read_trace_file(good.patch(json::parse(patch.toStdString())).dump());
    if (expected.isEmpty()) {
        QVERIFY2(r.file, r.error.c_str());
        return;
    }
    QVERIFY(!r.file);
    QCOMPARE(QString::fromStdString(r.error), expected);
}

// Subnormals: atomicAdd on global memory flushes them (gpu_float.h), so a file whose atomics keep
// 1e-40 + 1e-40 = 2e-40, as a plain add would, contradicts the kernel it names.
void TestTraceFile::atomicsFlushSubnormals()
{
    json j = modelJson("atomic_naive", {1e-40f, 1e-40f}, 2);
    const model::TraceFileResult good = model::read_trace_file(j.dump());
    QVERIFY2(good.file, good.error.c_str());
    QCOMPARE(good.file->trace.result, 0.0f);
    json& a = j.at("steps").at(1).at("atomics").at(1);
    a["before"] = 0.0;
    a["after"] = double(1e-40f) + double(1e-40f);
    const model::TraceFileResult r = model::read_trace_file(j.dump());
    QVERIFY(!r.file);
    QCOMPARE(QString::fromStdString(r.error),
             QStringLiteral("steps[1].atomics[1].after must be atomicAdd(before, operand), 0 (got 1.99998922e-40)"));
}

QTEST_APPLESS_MAIN(TestTraceFile)
#include "tst_trace_file.moc"
