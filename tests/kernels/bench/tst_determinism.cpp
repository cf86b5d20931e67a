// SPDX-License-Identifier: GPL-3.0-or-later
// The determinism view, Qt-free half (kernels/bench/determinism.h): the exact text of a
// float result, the ulp at the reference, the merge order from catalogue traits, the counts and
// verdicts of a repeat, its JSON (the one reader and writer) and the --table lines.
#include "bench/determinism.h"
#include "bench/results_file.h"
#include "bench/results_json.h"
#include "bench/table.h"
#include "model/catalogue.h"

#include <QFile>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace reducescope::bench;
using nlohmann::json;

namespace {
std::vector<RepeatValue> floats(std::initializer_list<float> v)
{
    std::vector<RepeatValue> out;
    for (const float f : v)
        out.push_back({true, f});
    return out;
}
json fixture()
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_repeat.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString());
}
} // namespace

class TstDeterminism : public QObject {
    Q_OBJECT
private slots:
    void bitsText_data();
    void bitsText();
    void bitsRefused_data();
    void bitsRefused();
    void ulp_data();
    void ulp();
    void order_data();
    void order();
    void summary_data();
    void summary();
    void fileRoundTrip();
    void fileRefused_data();
    void fileRefused();
    void tableLines();
};

void TstDeterminism::bitsText_data()
{
    QTest::addColumn<float>("value");
    QTest::addColumn<bool>("written");
    QTest::addColumn<QString>("text");
    QTest::addRow("12") << 12.0f << true << "0x1.8p+3";
    QTest::addRow("-0") << -0.0f << true << "-0x0p+0";
    QTest::addRow("+0") << 0.0f << true << "0x0p+0";
    QTest::addRow("smallest subnormal") << 0x1p-149f << true << "0x1p-149";
    QTest::addRow("largest float") << std::numeric_limits<float>::max() << true << "0x1.fffffep+127";
    QTest::addRow("1M sum") << 524160.3125f << true << "0x1.ffe014p+18";
    QTest::addRow("nan") << std::numeric_limits<float>::quiet_NaN() << true << "nan";
    QTest::addRow("-inf") << -std::numeric_limits<float>::infinity() << true << "-inf";
    QTest::addRow("unwritten") << 0.0f << false << "unwritten";
}

void TstDeterminism::bitsText()
{
    QFETCH(float, value);
    QFETCH(bool, written);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(float_bits_text(value, written)), text);
    const auto back = parse_float_bits(text.toStdString());
    QVERIFY(back);
    QCOMPARE(back->written, written);
    if (written && !std::isnan(value))  // bit for bit: -0 stays -0
        QCOMPARE(std::bit_cast<std::uint32_t>(back->value), std::bit_cast<std::uint32_t>(value));
}

void TstDeterminism::bitsRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addRow("decimal") << "12.5";
    QTest::addRow("trailing space") << "0x1.8p+3 ";
    QTest::addRow("upper X") << "0X1.8p+3";
    QTest::addRow("no exponent") << "0x1.8";
    QTest::addRow("between floats") << "0x1.000001p+0";
    QTest::addRow("beyond float") << "0x1p+128";
    QTest::addRow("below subnormals") << "0x1p-150";
    QTest::addRow("empty") << "";
    QTest::addRow("Inf") << "Infinity";
}

void TstDeterminism::bitsRefused()
{
    QFETCH(QString, text);
    QVERIFY(!parse_float_bits(text.toStdString()));
}

void TstDeterminism::ulp_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("ulp");
    QTest::addRow("1") << 1.0 << 0x1p-23;
    QTest::addRow("1.5") << 1.5 << 0x1p-23;
    QTest::addRow("-2") << -2.0 << 0x1p-22;
    QTest::addRow("1M sum") << 524160.28125 << 0x1p-5;  // in [2^18, 2^19)
    QTest::addRow("2^24") << 16777216.0 << 2.0;
    QTest::addRow("0") << 0.0 << 0x1p-149;
    QTest::addRow("subnormal") << 1e-40 << 0x1p-149;
    QTest::addRow("2^-126") << 0x1p-126 << 0x1p-149;
}

void TstDeterminism::ulp()
{
    QFETCH(double, x);
    QFETCH(double, ulp);
    QCOMPARE(float_ulp(x), ulp);
}

void TstDeterminism::order_data()
{
    // The expected orders are what the H200 showed (docs/benchmarks.md); the code reads only
    // traits.
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<uint>("grid");
    QTest::addColumn<QString>("order");
    QTest::addRow("segmented") << "segmented" << 2048u << "atomic";
    QTest::addRow("coarsened") << "coarsened" << 512u << "atomic";
    QTest::addRow("block_reduce") << "block_reduce" << 1024u << "atomic";
    QTest::addRow("vectorized") << "vectorized" << 264u << "atomic";
    QTest::addRow("self_reset") << "self_reset" << 264u << "atomic";
    QTest::addRow("warp_shuffle one block") << "warp_shuffle" << 1u << "atomic";
    QTest::addRow("cub_block_one_pass") << "cub_block_one_pass" << 264u << "atomic";
    QTest::addRow("two_pass") << "two_pass" << 1024u << "fixed";
    QTest::addRow("grid_sync") << "grid_sync" << 264u << "fixed";
    QTest::addRow("cub") << "cub" << 0u << "fixed";
    QTest::addRow("simple one block") << "simple" << 1u << "fixed";
    QTest::addRow("simple many blocks") << "simple" << 512u << "atomic";
}

void TstDeterminism::order()
{
    QFETCH(QString, strategy);
    QFETCH(uint, grid);
    QFETCH(QString, order);
    const auto* info = reducescope::model::find_strategy(strategy.toStdString());
    QVERIFY(info);
    QCOMPARE(QString::fromUtf8(sum_order_name(sum_order(*info, grid)).data()), order);
}

void TstDeterminism::summary_data()
{
    QTest::addColumn<int>("order");
    QTest::addColumn<QList<float>>("values");
    QTest::addColumn<int>("distinct");
    QTest::addColumn<double>("spread");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("line");
    const float a = 524160.3125f, u = 0.03125f;  // one ulp in [2^18, 2^19)
    QTest::addRow("fixed, one") << 0 << QList<float>{a, a, a, a, a} << 1 << 0.0 << "deterministic"
                                << "deterministic (fixed tree order): 5 runs, 1 distinct";
    QTest::addRow("atomic, one") << 1 << QList<float>{a, a, a} << 1 << 0.0 << "order_not_fixed"
                                 << "1 distinct in 3 runs (order not fixed: atomic order)";
    QTest::addRow("atomic, four") << 1 << QList<float>{a, a - u, a + u, a, a - 2 * u} << 4 << 3.0 << "varies_with_order"
                                  << "5 runs, 4 distinct sums, spread 3 ulp (atomic order)";
    QTest::addRow("fixed, two") << 0 << QList<float>{a, a + u} << 2 << 1.0 << "varies_fixed_order"
                                << "2 runs, 2 distinct sums, spread 1 ulp (NOT deterministic although the order is fixed)";
    QTest::addRow("+0 and -0") << 1 << QList<float>{0.0f, -0.0f} << 2 << 0.0 << "varies_with_order"
                               << "2 runs, 2 distinct sums, spread 0 ulp (atomic order)";
    QTest::addRow("one run") << 1 << QList<float>{a} << 1 << 0.0 << "order_not_fixed"
                             << "1 distinct in 1 run (order not fixed: atomic order)";
}

void TstDeterminism::summary()
{
    QFETCH(int, order);
    QFETCH(QList<float>, values);
    QFETCH(int, distinct);
    QFETCH(double, spread);
    QFETCH(QString, verdict);
    QFETCH(QString, line);
    Repeat r;
    r.order = order ? SumOrder::Atomic : SumOrder::Fixed;
    for (const float v : values)
        r.values.push_back({true, v});
    const RepeatSummary s = summarize_repeat(r, 524160.28125);
    QCOMPARE(s.runs, int(values.size()));
    QCOMPARE(s.distinct, distinct);
    QVERIFY(s.spread_ulp);
    QCOMPARE(*s.spread_ulp, spread);
    QCOMPARE(QString::fromUtf8(verdict_name(s.verdict).data()), verdict);
    QCOMPARE(QString::fromStdString(verdict_text(s, "sum")), line);
}

void TstDeterminism::fileRoundTrip()
{
    const json doc = fixture();
    QVERIFY(doc.is_object());
    const ResultsFile f = read_results(doc.dump());
    QCOMPARE(f.results.size(), std::size_t{5});
    const Result& seg = f.results[0];
    QVERIFY(seg.repeat);
    QCOMPARE(seg.repeat->order, SumOrder::Atomic);
    QCOMPARE(seg.repeat->values.size(), std::size_t{5});
    const RepeatSummary s = summarize_repeat(*seg.repeat, seg.reference);
    QCOMPARE(s.distinct, 4);
    QCOMPARE(*s.spread_ulp, 6.0);
    QCOMPARE(*s.error_ulp_min, -3.0);
    QCOMPARE(*s.error_ulp_max, 3.0);
    QVERIFY(!f.results[4].repeat);  // cpu: no repeat
    // Written back as read, and read again equal.
    for (std::size_t i = 0; i < f.results.size(); ++i)
        QCOMPARE(to_json(f).at("results")[i].value("repeat", json{}), doc.at("results")[i].value("repeat", json{}));
    QCOMPARE(read_results(write_results(f)), f);
    // A NaN and an unwritten launch survive too.
    Result r = f.results[2];
    r.repeat->values = floats({1.0f, std::numeric_limits<float>::quiet_NaN()});
    r.repeat->values.push_back({false, 0});
    const Result back = result_from_json(to_json(r));
    QCOMPARE(back.repeat->values.size(), std::size_t{3});
    QVERIFY(std::isnan(back.repeat->values[1].value));
    QVERIFY(!back.repeat->values[2].written);
    QCOMPARE(summarize_repeat(*back.repeat, back.reference).distinct, 3);
}

void TstDeterminism::fileRefused_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<QString>("value");  // JSON
    QTest::addColumn<QString>("message");
    const QString p = QStringLiteral("results[0].repeat.");
    QTest::addRow("runs 0") << "runs" << "0" << p + "runs: expected an integer in 1..1000, got 0";
    QTest::addRow("runs 1001") << "runs" << "1001" << p + "runs:";
    QTest::addRow("count") << "runs" << "4" << p + "values: expected 4 values (repeat.runs), got 5";
    QTest::addRow("decimal value") << "values" << R"(["524160.3125","0x1p+0","0x1p+0","0x1p+0","0x1p+0"])"
                                   << p + "values[0]: expected a float's exact value as a hex float";
    QTest::addRow("number value") << "values" << "[1,2,3,4,5]" << p + "values[0]: expected a float's exact value";
    QTest::addRow("distinct") << "distinct" << "3" << p + "distinct: expected 4 (the distinct values of repeat.values), got 3";
    QTest::addRow("spread") << "spread_ulp" << "2" << p + "spread_ulp: expected 6 ";
    QTest::addRow("verdict") << "verdict" << R"("deterministic")"
                             << p + R"(verdict: expected "varies_with_order" (from repeat.order and repeat.distinct), got "deterministic")";
    QTest::addRow("order") << "order" << R"("tree")" << p + "order: expected one of fixed | atomic";
}

void TstDeterminism::fileRefused()
{
    QFETCH(QString, member);
    QFETCH(QString, value);
    QFETCH(QString, message);
    json doc = fixture();
    doc["results"][0]["repeat"][member.toStdString()] = json::parse(value.toStdString());
    try {
        read_results(doc.dump());
        QFAIL("read");
    } catch (const SchemaError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
    }
}

void TstDeterminism::tableLines()
{
    const std::string t = format_table(read_results_json(fixture()));
    const QString text = QString::fromStdString(t);
    QVERIFY2(text.contains("segmented (sum, n 1048576, B 256, C 4): 5 runs, 4 distinct sums, spread 6 ulp (atomic order); "
                           "error -3.00..3.00 ulp"), t.c_str());
    QVERIFY2(text.contains("block_reduce (sum, n 1048576, B 256, C 4): 1 distinct in 5 runs (order not fixed: atomic order)"),
             t.c_str());
    QVERIFY2(text.contains("two_pass (sum, n 1048576, B 256, C 4): deterministic (fixed tree order): 5 runs, 1 distinct"),
             t.c_str());
    QVERIFY(!text.contains("cpu (sum"));
    // A file without repeat data has no determinism block.
    json plain = fixture();
    for (json& r : plain["results"])
        r.erase("repeat");
    QVERIFY(!QString::fromStdString(format_table(read_results_json(plain))).contains("determinism"));
}

QTEST_APPLESS_MAIN(TstDeterminism)
#include "tst_determinism.moc"
