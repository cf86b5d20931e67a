// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli list` and `trace`, run as a child process: JSON fields per docs/trace-format.md,
// the table, and bad input (one line on stderr naming the field, exit code 2, nothing on stdout).
// Lists of every strategy come from the catalogue (model::catalogue()), not from this file.
#include "cli_run.h"
#include "model/catalogue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <QtTest/QtTest>

namespace {

using reducescope::testing::Run;

Run run_cli(const QStringList& args) { return reducescope::testing::run_cli(args, {}, 30000); }

namespace m = reducescope::model;

/// The catalogue's ids for which `keep` holds, comma-joined in catalogue order (what `list --ids`
/// prints for the same filter).
QString catalogue_ids(bool (*keep)(const m::StrategyInfo&))
{
    QStringList ids;
    for (const m::StrategyInfo& s : m::catalogue())
        if (keep(s))
            ids << QString::fromLatin1(s.id.data(), qsizetype(s.id.size()));
    return ids.join(',');
}

qsizetype catalogue_size() { return qsizetype(m::catalogue().size()); }

QList<double> numbers(const QJsonArray& a)
{
    QList<double> v;
    for (const auto& x : a)
        v.append(x.toDouble());
    return v;
}

} // namespace

class TestCliTrace : public QObject {
    Q_OBJECT
private slots:
    void list();
    void list_ids_data();
    void list_ids();
    void list_json();
    void trace_json_data();
    void trace_json();
    void trace_table();
    void nan_inf_input();
    void underflow_to_nearest_float();
    void underflow_notes_data();
    void underflow_notes();
    void float_rules_and_atomic_order();
    void race_seeds();
    void bad_input_data();
    void bad_input();
};

void TestCliTrace::list()
{
    const Run r = run_cli({"list"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), catalogue_size()); // the whole catalogue, one line each
    QVERIFY(lines.front().startsWith(QByteArray(m::catalogue().front().id.data()) + " "));
    QVERIFY(r.out.contains("\nconvergent "));
    QVERIFY(r.out.contains("\nrace "));
    QVERIFY(r.out.contains("[benchmark only]"));
}

// `list --ids`: the catalogue's ids filtered by traits, one comma line (run_on_gpu.sh and the
// sanitizer tests take their strategy lists from it).
void TestCliTrace::list_ids_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("ids");
    // The filters `list --ids` offers, against the same filters applied to the catalogue here.
    QTest::addRow("all") << QStringList{} << catalogue_ids([](const m::StrategyInfo&) { return true; });
    QTest::addRow("counters: single-block kernels with a model")
        << QStringList{"--with", "single_block,model,kernel"}
        << catalogue_ids([](const m::StrategyInfo& s) { return s.single_block && s.has_model && s.has_kernel; });
    QTest::addRow("sanitizers: GPU kernels but race")
        << QStringList{"--with", "kernel", "--without", "expected_wrong"}
        << catalogue_ids([](const m::StrategyInfo& s) { return s.has_kernel && !s.expected_wrong; });
    QTest::addRow("benchmark only") << QStringList{"--without", "model"}
                                    << catalogue_ids([](const m::StrategyInfo& s) { return !s.has_model; });
    // Facts about named strategies (these stay as written when a strategy is added elsewhere).
    QTest::addRow("partials") << QStringList{"--with", "partials"} << "two_pass,grid_sync";
    QTest::addRow("in place, race") << QStringList{"--with", "in_place", "--with", "expected_wrong"} << "";
    QTest::addRow("whole warps, cooperative") << QStringList{"--with", "whole_warps,cooperative"} << "grid_sync";
}

void TestCliTrace::list_ids()
{
    QFETCH(QStringList, args);
    QFETCH(QString, ids);
    const Run r = run_cli(QStringList{"list", "--ids"} + args);
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(QString::fromUtf8(r.out), ids + "\n");
}

// `list --json`: every entry with every trait, in catalogue order.
void TestCliTrace::list_json()
{
    const Run r = run_cli({"list", "--json"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    const QJsonArray a = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(a.size(), catalogue_size());
    QStringList ids;
    QMap<QString, QJsonObject> entry;
    for (const auto& e : a) {
        ids << e.toObject()["id"].toString();
        entry[ids.back()] = e.toObject();
    }
    QCOMPARE(ids.join(','), QString::fromUtf8(run_cli({"list", "--ids"}).out.trimmed()));
    const QJsonObject two_pass = entry["two_pass"];
    QCOMPARE(two_pass["family"].toString(), "warp_primitives");
    QCOMPARE(two_pass["kernels"].toString(), "two_pass_partials+two_pass_final");
    QCOMPARE(two_pass["source_file"].toString(), "reduce_warp.cu");
    QCOMPARE(two_pass["operation"].toString(), "sum");
    QCOMPARE(two_pass["elements_per_thread"].toInt(), 1);
    QCOMPARE(two_pass["merge"].toString(), "store");
    for (const char* yes : {"coarse_factor", "partials", "whole_warps", "model", "kernel", "recording", "bench"})
        QVERIFY2(two_pass[yes].toBool(), yes);
    for (const char* no : {"single_block", "in_place", "cooperative", "expected_wrong"})
        QVERIFY2(!two_pass[no].toBool(), no);
    const QJsonObject max = entry["coarsened_max"];
    QCOMPARE(max["operation"].toString(), "max");
    QCOMPARE(max["kernels"].toString(), "coarsened_reduce_max");
    const QJsonObject dot = entry["dot_fma"];
    QCOMPARE(dot["operation"].toString(), "dot");
    QVERIFY(!dot["model"].toBool());
    const QJsonObject cpu = entry["cpu"];
    QCOMPARE(ids.back(), "cpu");
    QVERIFY(!cpu["kernel"].toBool());
    QVERIFY(cpu["bench"].toBool());
}

void TestCliTrace::trace_json_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<QList<double>>>("values");
    QTest::addColumn<QList<int>>("divergent_per_step");
    // PMPP exercise 6 (seed 002) with warp size 32: one warp of 4 threads; divergent once fewer
    // than all 4 lanes add (and in the final store by thread 0).
    QTest::addRow("simple") << "simple"
                            << QList<QList<double>>{{8, 2, 11, 4, 13, 8, 4, 1}, {19, 2, 11, 4, 17, 8, 4, 1},
                                                    {36, 2, 11, 4, 17, 8, 4, 1}}
                            << QList<int>{0, 1, 1, 1};
    QTest::addRow("convergent") << "convergent"
                                << QList<QList<double>>{{11, 10, 10, 5, 5, 8, 3, 1}, {21, 15, 10, 5, 5, 8, 3, 1},
                                                        {36, 15, 10, 5, 5, 8, 3, 1}}
                                << QList<int>{0, 1, 1, 1};
}

void TestCliTrace::trace_json()
{
    QFETCH(QString, strategy);
    QFETCH(QList<QList<double>>, values);
    QFETCH(QList<int>, divergent_per_step);
    const Run r = run_cli({"trace", "--strategy", strategy, "--input", "6,2,7,4,5,8,3,1", "--json"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
    QCOMPARE(e.error, QJsonParseError::NoError);
    const QJsonObject o = doc.object();
    QCOMPARE(o["strategy"].toString(), strategy);
    const QJsonObject params = o["params"].toObject();
    QCOMPARE(params["block_size"].toInt(), 4);
    QCOMPARE(params["warp_size"].toInt(), 32);
    QCOMPARE(params["coarse_factor"].toInt(), 4);
    QCOMPARE(params["banks"].toInt(), 32);
    QCOMPARE(params["n"].toInt(), 8);
    QCOMPARE(o["result"].toDouble(), 36.0);
    const QJsonArray steps = o["steps"].toArray();
    QCOMPARE(steps.size(), values.size() + 1);
    QList<int> divergent;
    for (qsizetype k = 0; k < steps.size(); ++k) {
        const QJsonObject s = steps[k].toObject();
        QVERIFY(!s["label"].toString().isEmpty());
        if (k < values.size()) {
            QCOMPARE(numbers(s["values"].toArray()), values[k]);
            QVERIFY(s["stride"].isDouble());
        } else {
            QVERIFY(s["stride"].isNull()); // the store to *output has no stride
        }
        QCOMPARE(s["shared_wavefronts"].toInt(), 0);
        QVERIFY(s["max_conflict_ways"].isNull()); // no shared memory access
        int d = 0;
        for (const auto& w : s["warps"].toArray()) {
            const QJsonObject wo = w.toObject();
            QVERIFY(wo.contains("warp"));
            QVERIFY(wo["active_lanes"].isArray());
            d += wo["divergent"].toBool() ? 1 : 0;
        }
        divergent.append(d);
    }
    QCOMPARE(divergent, divergent_per_step);
    const QJsonObject totals = o["totals"].toObject();
    QCOMPARE(totals["divergent_warp_steps"].toInt(), 3);
    QCOMPARE(totals["extra_shared_wavefronts"].toInt(), 0);
    QCOMPARE(totals["barriers"].toInt(), 3);
    QCOMPARE(totals["atomics"].toInt(), 0);
    // The first step of convergent: lanes 0..3 active.
    if (strategy == QLatin1String("convergent"))
        QCOMPARE(steps[0].toObject()["warps"].toArray()[0].toObject()["active_lanes"].toArray(),
                 (QJsonArray{0, 1, 2, 3}));
}

void TestCliTrace::trace_table()
{
    const Run r = run_cli({"trace", "--strategy", "interleaved_strided", "--input", "1 1 1 1 1 1 1 1", "--warp-size",
                           "4", "--banks", "4"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QVERIFY(r.out.contains("strategy interleaved_strided"));
    QVERIFY(r.out.contains("teaching aid"));
    QVERIFY(r.out.contains("result   8 "));
    QVERIFY(r.out.contains("stride 1: index = 2*tid < 4"));
}

void TestCliTrace::nan_inf_input()
{
    const Run r = run_cli({"trace", "--strategy", "shared", "--input", "1,inf,3,-inf", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["result"].toString(), QStringLiteral("nan")); // inf + -inf
    QCOMPARE(o["input"].toArray()[1].toString(), QStringLiteral("inf"));
    const Run m = run_cli({"trace", "--strategy", "coarsened_max", "--input", "1,nan,3", "--json"});
    QCOMPARE(m.code, 0);
    QCOMPARE(QJsonDocument::fromJson(m.out).object()["result"].toDouble(), 3.0); // fmaxf drops NaN
}

// On the command line: a global atomicAdd flushes 1e-40 + 1e-40 to 0 (the H200's answer),
// a multi-block max of zeros of both signs is "±0", and --atomic-order replays another order.
void TestCliTrace::float_rules_and_atomic_order()
{
    const Run a = run_cli({"trace", "--strategy", "atomic_naive", "--input", "1e-40,1e-40", "--block-size", "32", "--json"});
    QCOMPARE(a.code, 0);
    QCOMPARE(QJsonDocument::fromJson(a.out).object()["result"].toDouble(), 0.0);
    const Run z = run_cli({"trace", "--strategy", "coarsened_max", "--input", "0,-0,-0", "--block-size", "1",
                           "--coarse-factor", "1"});
    QCOMPARE(z.code, 0);
    QVERIFY2(z.out.contains("result   \xC2\xB1" "0   (float64 reference \xC2\xB1" "0): the sign of the zero depends on the atomic order"),
             z.out.constData());
    const Run j = run_cli({"trace", "--strategy", "coarsened_max", "--input", "0,-0,-0", "--block-size", "1",
                           "--coarse-factor", "1", "--json"});
    QCOMPARE(QJsonDocument::fromJson(j.out).object()["zero_sign_depends_on_order"].toBool(), true);
    // [1e8, 1, -1e8, 1] one element per block of atomic_naive: order 0 gives 1e8+1-1e8+1 = 1, and
    // some other order a different float sum; the JSON carries the order.
    QSet<double> sums;
    for (int order = 0; order < 8; ++order) {
        const Run r = run_cli({"trace", "--strategy", "atomic_naive", "--input", "1e8,1,-1e8,1", "--block-size", "1",
                               "--atomic-order", QString::number(order), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["params"].toObject()["atomic_order"].toInt(), order);
        sums.insert(o["result"].toDouble());
    }
    QVERIFY2(sums.size() >= 2, "other atomic orders give other float sums");
}

// `race` on 1024 ones under the atomic-order seed (model::race_schedule): each seed another
// interleaving, so another result; the updates the JSON marks lost are exactly 1024 - result (every
// surviving update adds one 1), and the table says the same count.
void TestCliTrace::race_seeds()
{
    const QString ones = QStringLiteral("1,").repeated(1023) + QStringLiteral("1");
    QSet<double> results;
    for (const int seed : {0, 7, 42, 1234, 99999}) {
        const QString order = QString::number(seed);
        const Run r = run_cli({"trace", "--strategy", "race", "--input", ones, "--atomic-order", order, "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const double result = j.value("result").toDouble();
        int lost = 0, updates = 0;
        for (const auto& step : j.value("steps").toArray())
            for (const auto& a : step.toObject().value("atomics").toArray()) {
                ++updates;
                lost += a.toObject().value("lost").toBool() ? 1 : 0;
            }
        QCOMPARE(updates, 1024);
        QCOMPARE(double(lost), 1024.0 - result);
        QCOMPARE(j.value("lost_value").toDouble(), 1024.0 - result);
        QVERIFY2(!results.contains(result), qPrintable(QStringLiteral("seed %1 repeats result %2").arg(order).arg(result)));
        results.insert(result);
        const Run t = run_cli({"trace", "--strategy", "race", "--input", ones, "--atomic-order", order});
        QCOMPARE(t.code, 0);
        QVERIFY2(t.out.contains(QStringLiteral("expected wrong: %1 of 1024 updates lost").arg(lost).toUtf8()), t.out.constData());
        if (seed == 0)
            QCOMPARE(result, 32.0);  // one survivor per warp of 32, warps one after another
    }
}

void TestCliTrace::underflow_to_nearest_float()
{
    // Below the smallest float32: the nearest float (0, or a denormal), as strtof gives it; the
    // values that became zeros are said on stderr (underflow_notes).
    const Run r = run_cli({"trace", "--strategy", "simple", "--input", "1e-50,1e-40,-1e-400", "--json"});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.err.count('\n'), 2);
    const QJsonArray in = QJsonDocument::fromJson(r.out).object()["input"].toArray();
    QVERIFY(in.size() >= 3);  // padded to a power of two with the identity
    QCOMPARE(in[0].toDouble(), 0.0);
    QCOMPARE(static_cast<float>(in[1].toDouble()), 1e-40f);  // a denormal
    QCOMPARE(in[2].toDouble(), 0.0);
}

// A value float32 rounds to ±0 is read and said on stderr, one line each; stdout is the trace as
// without the note (JSON or table), exit 0. A subnormal value (1e-40) is a float: no note.
void TestCliTrace::underflow_notes_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("json");
    QTest::addColumn<QStringList>("notes");
    const QString head = QStringLiteral("reducescope-cli: note: input: value ");
    const QString tail = QStringLiteral(" in float32 (its magnitude is below half the smallest subnormal, 1.40129846e-45)");
    QTest::addRow("1e-46, json") << "1,2,1e-46" << true << QStringList{head + "3 '1e-46' rounds to 0" + tail};
    QTest::addRow("1e-46, table") << "1,2,1e-46" << false << QStringList{head + "3 '1e-46' rounds to 0" + tail};
    QTest::addRow("two, with a sign") << "1e-50,1e-40,-1e-400" << true
                                      << QStringList{head + "1 '1e-50' rounds to 0" + tail, head + "3 '-1e-400' rounds to -0" + tail};
    QTest::addRow("subnormal: no note") << "1e-40,1e-45" << true << QStringList{};
    QTest::addRow("zeros: no note") << "0,-0,0e-50" << true << QStringList{};
}

void TestCliTrace::underflow_notes()
{
    QFETCH(QString, input);
    QFETCH(bool, json);
    QFETCH(QStringList, notes);
    QStringList args{"trace", "--strategy", "atomic_naive", "--input", input};
    if (json)
        args << "--json";
    const Run r = run_cli(args);
    QCOMPARE(r.code, 0);
    const QString err = QString::fromUtf8(r.err);
    QCOMPARE(err.split(QLatin1Char('\n'), Qt::SkipEmptyParts), notes);
    if (json)
        QVERIFY(QJsonDocument::fromJson(r.out).isObject());
    // stdout is what the same values written as the floats they are give.
    QString exact = input;
    exact.replace(QStringLiteral("-1e-400"), QStringLiteral("-0")).replace(QStringLiteral("1e-50"), QStringLiteral("0"))
         .replace(QStringLiteral("1e-46"), QStringLiteral("0"));
    QStringList again{"trace", "--strategy", "atomic_naive", "--input", exact};
    if (json)
        again << "--json";
    const Run plain = run_cli(again);
    QCOMPARE(plain.code, 0);
    QVERIFY(plain.err.isEmpty());
    QCOMPARE(r.out, plain.out);
}

void TestCliTrace::bad_input_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("names");
    const QString in = "6,2,7,4,5,8,3,1";
    QTest::addRow("non-number") << QStringList{"trace", "--strategy", "simple", "--input", "1,x,3"} << "input";
    QTest::addRow("empty input") << QStringList{"trace", "--strategy", "simple", "--input", ""} << "input";
    QTest::addRow("4097 values") << QStringList{"trace", "--strategy", "simple", "--input", QString("1,").repeated(4096) + "1"}
                                 << "4096";
    QTest::addRow("unknown id") << QStringList{"trace", "--strategy", "fastest", "--input", in} << "strategy";
    QTest::addRow("benchmark-only id") << QStringList{"trace", "--strategy", "cub", "--input", in} << "strategy";
    QTest::addRow("block 3") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "3"}
                             << "block-size must be a power of two in 1..1024 (got 3)";
    QTest::addRow("block 2048") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "2048"}
                                << "block-size";
    QTest::addRow("block text") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "big"}
                                << "block-size";
    QTest::addRow("warp 64") << QStringList{"trace", "--strategy", "simple", "--input", in, "--warp-size", "64"}
                             << "warp-size";
    QTest::addRow("coarse 0") << QStringList{"trace", "--strategy", "coarsened", "--input", in, "--coarse-factor", "0"}
                              << "coarse-factor";
    QTest::addRow("banks 7") << QStringList{"trace", "--strategy", "shared", "--input", in, "--banks", "7"} << "banks";
    QTest::addRow("missing --input") << QStringList{"trace", "--strategy", "shared"} << "input";
    QTest::addRow("unknown option") << QStringList{"trace", "--strategy", "shared", "--input", in, "--fast"} << "fast";
    // 0 is the model's internal "default", not a block size; decimal only (CLI11 alone takes hex).
    QTest::addRow("block 0") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "0"}
                             << "block-size must be a power of two in 1..1024 (got 0)";
    QTest::addRow("block empty") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", ""}
                                 << "block-size must be a power of two in 1..1024 (got '')";
    QTest::addRow("block hex") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "0x10"}
                               << "block-size must be a power of two in 1..1024 (got 0x10)";
    QTest::addRow("block +4") << QStringList{"trace", "--strategy", "simple", "--input", in, "--block-size", "+4"}
                              << "block-size must be a power of two in 1..1024 (got +4)";
    QTest::addRow("warp hex") << QStringList{"trace", "--strategy", "simple", "--input", in, "--warp-size", "0x20"}
                              << "warp-size must be 32, or 4, 8 or 16 as a teaching aid (got 0x20)";
    QTest::addRow("coarse hex") << QStringList{"trace", "--strategy", "coarsened", "--input", in, "--coarse-factor", "0x4"}
                                << "coarse-factor must be in 1..64 (got 0x4)";
    QTest::addRow("banks hex") << QStringList{"trace", "--strategy", "shared", "--input", in, "--banks", "0x20"}
                               << "banks must be 32, or 4, 8 or 16 (got 0x20)";
    QTest::addRow("coarse huge") << QStringList{"trace", "--strategy", "coarsened", "--input", in, "--coarse-factor",
                                                "99999999999999999999"}
                                 << "coarse-factor must be in 1..64 (got 99999999999999999999)";
    // Echoed text: control characters escaped, long values capped at 40 characters and "…".
    QTest::addRow("strategy with newline") << QStringList{"trace", "--strategy", "sim\nple", "--input", in}
                                           << "(got 'sim\\nple')";
    QTest::addRow("strategy with tab and CR") << QStringList{"trace", "--strategy", "a\tb\rc", "--input", in}
                                              << "(got 'a\\tb\\rc')";
    QTest::addRow("long strategy") << QStringList{"trace", "--strategy", QString(200, QLatin1Char('x')), "--input", in}
                                   << "(got '" + QString(40, QLatin1Char('x')) + QChar(0x2026) + "')";
    QTest::addRow("120000 nines") << QStringList{"trace", "--strategy", "simple", "--input", QString(120000, QLatin1Char('9'))}
                                  << "input: value 1 '" + QString(40, QLatin1Char('9')) + QChar(0x2026)
                                         + "' is out of float32 range";
    QTest::addRow("1e400") << QStringList{"trace", "--strategy", "simple", "--input", "1,1e400"}
                           << "input: value 2 '1e400' is out of float32 range";
    QTest::addRow("-1e400") << QStringList{"trace", "--strategy", "simple", "--input", "-1e400"}
                            << "out of float32 range";
    QTest::addRow("bad number with control byte") << QStringList{"trace", "--strategy", "simple", "--input", "1\x01x"}
                                                  << "'1\\x01x' is not a float32 number";
    QTest::addRow("unknown option with newline") << QStringList{"trace", "--strategy", "shared", "--input", in, "--fa\nst"}
                                                 << "--fa\\nst";
    // Strict number syntax (docs/trace-format.md): one sign at most, no hex, no bare exponent.
    for (const char* bad : {"+-1", "--1", "+-inf", "+-0", "-nan", "1e", "0x10"})
        QTest::addRow("input %s", bad) << QStringList{"trace", "--strategy", "shared", "--input", QString("1,") + bad}
                                       << QString("value 2 '") + bad + "' is not a float32 number";
    QTest::addRow("input 1,,2") << QStringList{"trace", "--strategy", "shared", "--input", "1,,2"} << "empty value";
    QTest::addRow("atomic order -1") << QStringList{"trace", "--strategy", "segmented", "--input", in, "--atomic-order", "-1"}
                                     << "atomic-order must be in 0..1000000";
    QTest::addRow("atomic order too big") << QStringList{"trace", "--strategy", "segmented", "--input", in,
                                                         "--atomic-order", "1000001"}
                                          << "atomic-order must be in 0..1000000 (0: by block, warp and lane) (got 1000001)";
    QTest::addRow("atomic order with --on-gpu") << QStringList{"trace", "--strategy", "segmented", "--input", in,
                                                               "--atomic-order", "2", "--on-gpu"}
                                                << "atomic-order must be 0 with --on-gpu";
    QTest::addRow("list: unknown trait") << QStringList{"list", "--ids", "--with", "kernel,fast"}
                                         << "--with must be a comma list of model, kernel, recording";
    QTest::addRow("list: --with without --ids") << QStringList{"list", "--with", "kernel"} << "--ids";
    QTest::addRow("list: --json and --ids") << QStringList{"list", "--json", "--ids"} << "--json and --ids";
    QTest::addRow("CLI11 conversion, long value") << QStringList{"trace", "--strategy", "shared", "--input", in,
                                                                 QString(100, QLatin1Char('y'))}
                                                  << QString(40, QLatin1Char('y')) + QChar(0x2026);
}

void TestCliTrace::bad_input()
{
    QFETCH(QStringList, args);
    QFETCH(QString, names);
    const Run r = run_cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QByteArray err = r.err.trimmed();
    QVERIFY(!err.isEmpty());
    QVERIFY2(!err.contains('\n'), err.constData()); // one line
    QVERIFY2(!err.contains('\r') && !err.contains('\t'), err.constData());
    QVERIFY2(err.size() < 600, err.left(600).constData()); // short: echoed values are capped
    QVERIFY2(err.contains(names.toUtf8()), err.constData());
}

QTEST_APPLESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
