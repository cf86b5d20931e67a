// SPDX-License-Identifier: GPL-3.0-or-later
// The step model follows the GPU's float rules and memory traffic, by kind:
//  - gpu_float.h, op by op: add_rn keeps subnormals, a global atomicAdd flushes them, fmaxf /
//    fminf order -0 < +0 and ignore NaN, fmaf rounds once, the CAS loop's `<` orders no zeros;
//  - every strategy on the H200's counter-examples (1e-40 + 1e-40, max of -0 and 0), and the sign
//    of a multi-block max of zeros reported as order-dependent;
//  - no strategy records a global access the kernel's guard does not let happen, and the sectors
//    of `shared`'s load at n = 1000 are what ncu measured (125);
//  - the atomic order (Params::atomic_order): other orders change a float sum with cancellation,
//    never a sum of small integers;
//  - the strict input syntax (`+-1` and friends refused).
#include "model/catalogue.h"
#include "model/gpu_float.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "special_values.h"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

using namespace reducescope::model;
namespace gf = reducescope::model::gpu_float;

Q_DECLARE_METATYPE(std::vector<float>)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

std::vector<std::string> modelled()
{
    std::vector<std::string> ids;
    for (const auto& s : catalogue())
        if (s.has_model)
            ids.emplace_back(s.id);
    return ids;
}

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }

/// Bitwise equality, NaN payload aside.
bool same(float a, float b) { return (std::isnan(a) && std::isnan(b)) || bits(a) == bits(b); }

QString show(float x)
{
    return QString::number(static_cast<double>(x), 'g', 9) + QStringLiteral(" (0x%1)").arg(bits(x), 8, 16, QChar('0'));
}

bool in_place(const std::string& s) { return find_strategy(s)->in_place; }

/// The strategies whose result reaches *output through float atomicAdd on global memory when the
/// grid has `grid` blocks (merge_step, warp_shuffle, atomic_naive), from the catalogue's traits:
/// not the stores (two_pass, grid_sync), not a max (its CAS loop), not race (a plain FADD); the
/// single-block kernels store with one block and add atomically with several.
bool adds_atomically(const std::string& s, int grid)
{
    const StrategyInfo& info = *find_strategy(s);
    if (info.expected_wrong || info.operation == Reduction::Max || info.merge == Merge::Store)
        return false;
    return info.single_block ? grid > 1 : true;
}

int atomics_of(const Trace& t)
{
    int k = 0;
    for (const Step& s : t.steps)
        k += static_cast<int>(s.atomics.size());
    return k;
}

const float kSub = 1e-40f;  // a subnormal (the smallest normal float is 1.17549435e-38)
const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

} // namespace

class TestFloatRules : public QObject {
    Q_OBJECT
private slots:
    void ops_data();
    void ops();
    void global_atomics_flush_subnormals_data();
    void global_atomics_flush_subnormals();
    void max_of_zeros();
    void sum_of_negative_zeros_data();
    void sum_of_negative_zeros();
    void no_access_past_n_data();
    void no_access_past_n();
    void load_sectors_by_hand_data();
    void load_sectors_by_hand();
    void atomic_order_changes_float_sums_data();
    void atomic_order_changes_float_sums();
    void atomic_order_keeps_integer_sums_data();
    void atomic_order_keeps_integer_sums();
    void atomic_order_is_a_permutation();
    void atomic_order_in_json();
    void strict_input_syntax_data();
    void strict_input_syntax();
    void input_notes_data();
    void input_notes();
    void flush_note_by_hand_data();
    void flush_note_by_hand();
    void output_accesses_data();
    void output_accesses();
    void special_sets_keep_their_claim_data();
    void special_sets_keep_their_claim();
};

// One row per rule of gpu_float.h: the op, its operands and the exact bits the GPU gives.
void TestFloatRules::ops_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<float>("a");
    QTest::addColumn<float>("b");
    QTest::addColumn<float>("c");
    QTest::addColumn<float>("expected");
    const float one = 1.0f, tiny = std::ldexp(1.0f, -12);
    // add.f32 keeps subnormals (nvcc -ftz=false).
    QTest::addRow("add_rn: subnormal + subnormal") << "add_rn" << kSub << kSub << 0.0f << kSub + kSub;
    QTest::addRow("add_rn: -0 + +0 = +0") << "add_rn" << -0.0f << 0.0f << 0.0f << 0.0f;
    QTest::addRow("add_rn: -0 + -0 = -0") << "add_rn" << -0.0f << -0.0f << 0.0f << -0.0f;
    QTest::addRow("add_rn: inf + -inf = nan") << "add_rn" << kInf << -kInf << 0.0f << kNaN;
    QTest::addRow("add_rn: 3e38 + 3e38 = inf") << "add_rn" << 3e38f << 3e38f << 0.0f << kInf;
    // atomicAdd on global memory flushes inputs and results to a zero of their sign.
    QTest::addRow("atomic global: 1e-40 + 1e-40 = +0") << "atomic_global" << kSub << kSub << 0.0f << 0.0f;
    QTest::addRow("atomic global: +0 + 1e-40 = +0") << "atomic_global" << 0.0f << kSub << 0.0f << 0.0f;
    QTest::addRow("atomic global: -0 + -1e-40 = -0") << "atomic_global" << -0.0f << -kSub << 0.0f << -0.0f;
    QTest::addRow("atomic global: 1 + 1e-40 = 1") << "atomic_global" << one << kSub << 0.0f << one;
    // A subnormal result of two normal operands is flushed too, keeping its sign.
    QTest::addRow("atomic global: subnormal result -> -0")
        << "atomic_global" << 1.5e-38f << -1.6e-38f << 0.0f << -0.0f;
    QTest::addRow("atomic global: normal result kept") << "atomic_global" << 1.5e-38f << 1.5e-38f << 0.0f << 2 * 1.5e-38f;
    // atomicAdd on shared memory keeps subnormals.
    QTest::addRow("atomic shared: 1e-40 + 1e-40") << "atomic_shared" << kSub << kSub << 0.0f << kSub + kSub;
    // fmaxf / fminf: -0 < +0 in either order; a NaN operand is ignored; both NaN: NaN.
    QTest::addRow("fmaxf(-0, +0) = +0") << "fmaxf" << -0.0f << 0.0f << 0.0f << 0.0f;
    QTest::addRow("fmaxf(+0, -0) = +0") << "fmaxf" << 0.0f << -0.0f << 0.0f << 0.0f;
    QTest::addRow("fminf(+0, -0) = -0") << "fminf" << 0.0f << -0.0f << 0.0f << -0.0f;
    QTest::addRow("fminf(-0, +0) = -0") << "fminf" << -0.0f << 0.0f << 0.0f << -0.0f;
    QTest::addRow("fmaxf(nan, 1) = 1") << "fmaxf" << kNaN << one << 0.0f << one;
    QTest::addRow("fmaxf(-inf, nan) = -inf") << "fmaxf" << -kInf << kNaN << 0.0f << -kInf;
    QTest::addRow("fmaxf(nan, nan) = nan") << "fmaxf" << kNaN << kNaN << 0.0f << kNaN;
    QTest::addRow("fminf(1, nan) = 1") << "fminf" << one << kNaN << 0.0f << one;
    QTest::addRow("fmaxf keeps a subnormal") << "fmaxf" << kSub << 0.0f << 0.0f << kSub;
    // fmaf rounds once: (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; a separate multiply rounds
    // the product to 1 + 2^-11 first and gives 0.
    QTest::addRow("fmaf rounds once") << "fmaf" << one + tiny << one + tiny << -(one + 2 * tiny)
                                      << std::ldexp(1.0f, -24);
    QTest::addRow("multiply then add rounds twice")
        << "mul_add" << one + tiny << one + tiny << -(one + 2 * tiny) << 0.0f;
    // The CAS loop's `<` (1.0f: the loop stores, 0.0f: it does not).
    QTest::addRow("CAS: -inf < 1 stores") << "cas" << -kInf << one << 0.0f << 1.0f;
    QTest::addRow("CAS: 2 < 1 does not") << "cas" << 2.0f << one << 0.0f << 0.0f;
    QTest::addRow("CAS: -0 < +0 does not") << "cas" << -0.0f << 0.0f << 0.0f << 0.0f;
    QTest::addRow("CAS: +0 < -0 does not") << "cas" << 0.0f << -0.0f << 0.0f << 0.0f;
    QTest::addRow("CAS: x < nan does not") << "cas" << -kInf << kNaN << 0.0f << 0.0f;
}

void TestFloatRules::ops()
{
    QFETCH(QString, op);
    QFETCH(float, a);
    QFETCH(float, b);
    QFETCH(float, c);
    QFETCH(float, expected);
    float got = 0;
    if (op == "add_rn")
        got = gf::add_rn(a, b);
    else if (op == "atomic_global")
        got = gf::atomic_add_global_f32(a, b);
    else if (op == "atomic_shared")
        got = gf::atomic_add_shared_f32(a, b);
    else if (op == "fmaxf")
        got = gf::fmaxf(a, b);
    else if (op == "fminf")
        got = gf::fminf(a, b);
    else if (op == "fmaf")
        got = gf::fmaf(a, b, c);
    else if (op == "mul_add") {
        const volatile float product = a * b;  // rounded to float, as a separate FMUL would
        got = gf::add_rn(product, c);
    } else if (op == "cas")
        got = gf::cas_max_stores(a, b) ? 1.0f : 0.0f;
    QVERIFY2(same(got, expected), qPrintable(show(got) + " expected " + show(expected)));
}

// The H200's counter-example, `trace --input "1e-40,1e-40" --block-size 32`, for every strategy:
// the GPU gives 0 where the sum reaches *output by atomicAdd on global memory, 2e-40 where it is
// stored (or added by race's plain FADD); a max keeps the subnormal (the CAS stores bits).
void TestFloatRules::global_atomics_flush_subnormals_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("n");
    for (const auto& id : modelled()) {
        QTest::addRow("%s n=2 block 32", id.c_str()) << QString::fromStdString(id) << 32 << 2;
        QTest::addRow("%s n=100 block 4", id.c_str()) << QString::fromStdString(id) << 4 << 100;
    }
}

void TestFloatRules::global_atomics_flush_subnormals()
{
    QFETCH(QString, strategy);
    QFETCH(int, block);
    QFETCH(int, n);
    const std::string id = strategy.toStdString();
    Params p;
    p.block_size = block;
    const std::vector<float> x(static_cast<std::size_t>(n), kSub);
    const Trace t = simulate(id, x, p);
    float expected = 0;
    if (id == "coarsened_max")
        expected = kSub;
    else if (adds_atomically(id, t.grid_size))
        expected = 0.0f;  // every block's (or warp's, thread's) subnormal partial is flushed
    else if (id == "race")
        expected = t.result;  // lost updates: checked below only for its flush-free add
    else {
        float s = 0;  // a store: the sum in the kernel's exact arithmetic (subnormal sums are exact)
        for (int k = 0; k < n; ++k)
            s += kSub;
        expected = s;
    }
    QVERIFY2(same(t.result, expected), qPrintable(show(t.result) + " expected " + show(expected)));
    if (id == "race")
        QVERIFY2(t.result > 0, "race adds with a plain FADD: no flush");
    // Every atomicAdd record shows the flush: `after` is never a subnormal. And the step says so:
    // its "atomic.flush" sentence counts exactly the atomicAdds that flushed something.
    for (const Step& s : t.steps) {
        int flushed = 0;
        for (const AtomicOp& a : s.atomics)
            if (a.target == "*output" && id != "race" && id != "coarsened_max") {
                QVERIFY(std::fpclassify(static_cast<float>(a.after)) != FP_SUBNORMAL);
                flushed += gpu_float::atomic_add_global_flushes(static_cast<float>(a.before), static_cast<float>(a.operand)) ? 1 : 0;
            }
        const auto note = std::find_if(s.explanation_text.begin(), s.explanation_text.end(),
                                       [](const Text& x) { return x.id == "atomic.flush"; });
        QCOMPARE(note != s.explanation_text.end(), flushed > 0);
        if (flushed > 0) {
            QCOMPARE(int(note->args.at(0).count), flushed);
            QVERIFY(s.explanation.find("flushed a subnormal to zero") != std::string::npos);
        }
    }
}

// Which atomicAdds flush, said in the step's words: the count, the first one's operands, what it
// gave and what IEEE addition gives (1e-40 is 9.999946e-41 in float32).
void TestFloatRules::flush_note_by_hand_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("flushed");     // atomics of the atomic step that flush; 0: no note
    QTest::addColumn<QString>("sentence"); // the note's English; empty: not checked
    QTest::addRow("atomic_naive: two subnormals") << "atomic_naive" << "1e-40,1e-40" << 2
        << "2 atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX "
           "atom.global.add.f32); the first: 0 + 9.999946e-41 gave 0, where IEEE addition gives 9.999946e-41.";
    QTest::addRow("atomic_naive: 1 + subnormal") << "atomic_naive" << "1,1e-40" << 1
        << "One atomicAdd of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX "
           "atom.global.add.f32): 1 + 9.999946e-41 gave 1, where IEEE addition gives 1.";
    QTest::addRow("atomic_naive: subnormal result of normals") << "atomic_naive" << "1.5e-38,-1.6e-38" << 1
        << "One atomicAdd of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX "
           "atom.global.add.f32): 1.5e-38 + -1.6e-38 gave -0, where IEEE addition gives -1e-39.";
    QTest::addRow("atomic_naive: normal values") << "atomic_naive" << "1,2,3" << 0 << "";
    QTest::addRow("race: a plain add keeps them") << "race" << "1e-40,1e-40" << 0 << "";
    QTest::addRow("coarsened_max: no add") << "coarsened_max" << "1e-40,1e-40" << 0 << "";
    QTest::addRow("warp_shuffle: one warp's subnormal sum") << "warp_shuffle" << "1e-40,1e-40,1e-40,1e-40" << 1 << "";
    QTest::addRow("segmented: one block's subnormal sum") << "segmented" << "1e-40,1e-40,1e-40,1e-40" << 1 << "";
}

void TestFloatRules::flush_note_by_hand()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, flushed);
    QFETCH(QString, sentence);
    const ParsedInput in = parse_input(input.toStdString());
    QVERIFY(!in.error);
    const Trace t = simulate(strategy.toStdString(), in.values, Params{});
    int notes = 0;
    for (const Step& s : t.steps)
        for (const Text& x : s.explanation_text)
            if (x.id == "atomic.flush") {
                ++notes;
                QCOMPARE(int(x.args.at(0).count), flushed);
                if (!sentence.isEmpty())
                    QCOMPARE(QString::fromStdString(render_english(x)), sentence);
                // The note travels in the trace file and reads back.
                QVERIFY(s.explanation.find(render_english(x)) != std::string::npos);
            }
    QCOMPARE(notes, flushed > 0 ? 1 : 0);
    const TraceFileResult back = read_trace_file(trace_to_json(t).dump());
    QVERIFY2(back.file, back.error.c_str());
}

// An input value with a non-zero digit that float32 rounds to ±0 is read, and said: one note each.
// One past the largest float is refused instead (error.input.range).
void TestFloatRules::input_notes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("notes");
    QTest::addColumn<QString>("error");   // non-empty: refused with this message
    const QString tail = QStringLiteral(" in float32 (its magnitude is below half the smallest subnormal, 1.40129846e-45)");
    QTest::addRow("1e-46 rounds to 0") << "1,2,1e-46" << QStringList{"input: value 3 '1e-46' rounds to 0" + tail} << "";
    QTest::addRow("-1e-46 rounds to -0") << "-1e-46" << QStringList{"input: value 1 '-1e-46' rounds to -0" + tail} << "";
    QTest::addRow("two of them") << "1e-50 5 -0.1e-45"
                                 << QStringList{"input: value 1 '1e-50' rounds to 0" + tail,
                                                "input: value 3 '-0.1e-45' rounds to -0" + tail}
                                 << "";
    QTest::addRow("7.1e-46 rounds up to the smallest subnormal") << "7.1e-46" << QStringList{} << "";
    QTest::addRow("1e-45 is a subnormal") << "1e-45" << QStringList{} << "";
    QTest::addRow("0 is 0") << "0,-0,0.000,0e-99" << QStringList{} << "";
    QTest::addRow("1e39 is refused") << "1e-46,1e39" << QStringList{}
                                     << "input: value 2 '1e39' is out of float32 range (magnitude at most 3.40282347e38)";
    QTest::addRow("-3.5e38 is refused") << "-3.5e38" << QStringList{}
                                        << "input: value 1 '-3.5e38' is out of float32 range (magnitude at most 3.40282347e38)";
}

void TestFloatRules::input_notes()
{
    QFETCH(QString, text);
    QFETCH(QStringList, notes);
    QFETCH(QString, error);
    const ParsedInput got = parse_input(text.toStdString());
    QCOMPARE(got.error.has_value(), !error.isEmpty());
    if (got.error) {
        QCOMPARE(QString::fromStdString(got.error->message), error);
        QVERIFY(got.notes.empty());
        return;
    }
    QStringList said;
    for (const Text& n : got.notes)
        said << QString::fromStdString(render_english(n));
    QCOMPARE(said, notes);
}

// max of -0 and +0 within a block is +0 (fmaxf); across blocks the CAS loop keeps the first zero,
// so the trace says the sign depends on the atomic order (the H200 gave -0 for "0,-0,-0").
void TestFloatRules::max_of_zeros()
{
    Params p;
    p.block_size = 1;
    p.coarse_factor = 1;
    {
        const Trace t = simulate("coarsened_max", std::vector<float>{-0.0f, 0.0f}, p);
        QCOMPARE(t.grid_size, 1);
        QVERIFY2(same(t.result, 0.0f), qPrintable(show(t.result)));  // the GPU's +0
        QVERIFY(!t.zero_sign_depends_on_order);
        QVERIFY(t.reference == 0 && !std::signbit(t.reference));
    }
    std::set<std::uint32_t> signs;
    for (int order = 0; order < 16; ++order) {
        p.atomic_order = order;
        const Trace t = simulate("coarsened_max", std::vector<float>{0.0f, -0.0f, -0.0f}, p);
        QCOMPARE(t.grid_size, 2);  // block 0: fmaxf(0, -0) = +0; block 1: -0
        QVERIFY(t.zero_sign_depends_on_order);
        QVERIFY(t.result == 0);
        QVERIFY(t.reference == 0 && !std::signbit(t.reference));  // the reference's rule: -0 < +0
        signs.insert(bits(t.result));
        const nlohmann::json j = trace_to_json(t);
        QCOMPARE(j.at("zero_sign_depends_on_order").get<bool>(), true);
    }
    QCOMPARE(signs.size(), std::size_t{2});  // some order stores -0 first, some +0
    // Zeros of one sign only, or a positive value: the order does not matter.
    p.atomic_order = 0;
    QVERIFY(!simulate("coarsened_max", std::vector<float>{-0.0f, -0.0f, -0.0f}, p).zero_sign_depends_on_order);
    QVERIFY(!simulate("coarsened_max", std::vector<float>{0.0f, -0.0f, 1.0f}, p).zero_sign_depends_on_order);
    // NaN is never stored by the CAS loop: an all-NaN input leaves -inf, as the reference says.
    const Trace all_nan = simulate("coarsened_max", std::vector<float>{kNaN, kNaN, kNaN}, p);
    QCOMPARE(all_nan.result, -kInf);
    QCOMPARE(all_nan.reference, -std::numeric_limits<double>::infinity());
}

void TestFloatRules::sum_of_negative_zeros_data()
{
    // sign of the result of 8 x -0: the kernels that load the input into their tree keep -0
    // (-0 + -0 = -0 under round to nearest); those whose threads start a running sum at 0.0f
    // give +0 (0 + -0 = +0), as the GPU does.
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("negative");
    QTest::addRow("simple: tree over the input") << "simple" << true;
    QTest::addRow("convergent: tree over the input") << "convergent" << true;
    QTest::addRow("shared: tree over the loaded input") << "shared" << true;
    QTest::addRow("warp_shuffle: sum starts at 0.0f") << "warp_shuffle" << false;
    QTest::addRow("two_pass: sum starts at 0.0f") << "two_pass" << false;
}

void TestFloatRules::sum_of_negative_zeros()
{
    // The float64 reference starts at -0 (the identity of addition), not at +0, so the reference of
    // only -0 is -0. One +0 in the input makes every result and the reference +0.
    QFETCH(QString, strategy);
    QFETCH(bool, negative);
    const Trace t = simulate(strategy.toStdString(), std::vector<float>(8, -0.0f));
    QVERIFY2(same(t.result, negative ? -0.0f : 0.0f), qPrintable(show(t.result)));
    QVERIFY(t.reference == 0 && std::signbit(t.reference));
    std::vector<float> one_plus(8, -0.0f);
    one_plus[5] = 0.0f;
    const Trace u = simulate(strategy.toStdString(), one_plus);
    QVERIFY2(same(u.result, 0.0f), qPrintable(show(u.result)));
    QVERIFY(u.reference == 0 && !std::signbit(u.reference));
}

void TestFloatRules::no_access_past_n_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("coarse");
    for (const auto& id : modelled())
        for (int n : {1, 3, 5, 33, 100, 1000})
            for (int block : {1, 4, 32, 512})
                for (int coarse : {1, 4})
                    QTest::addRow("%s n=%d block %d C=%d", id.c_str(), n, block, coarse)
                        << QString::fromStdString(id) << n << block << coarse;
}

// Memory traffic comes from the guarded accesses alone: no global read of the input at or past
// n (the in-place kernels work on a padded copy, so they may read up to padded_n), no lane read
// of the input past n, and every recorded sector is one a lane's element lies in.
void TestFloatRules::no_access_past_n()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, coarse);
    const std::string id = strategy.toStdString();
    Params p;
    p.block_size = block;
    p.coarse_factor = coarse;
    std::vector<float> x(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        x[static_cast<std::size_t>(k)] = static_cast<float>(k + 1);
    const Trace t = simulate(id, x, p);
    const long long limit = in_place(id) ? t.padded_n : n;
    for (std::size_t si = 0; si < t.steps.size(); ++si) {
        const Step& s = t.steps[si];
        for (const GlobalAccess& a : s.global_accesses) {
            const bool of_input = a.expression.rfind("input", 0) == 0;
            long long lanes = 0;
            for (const std::int64_t e : a.elements) {
                if (e < 0)
                    continue;
                ++lanes;
                if (of_input)
                    QVERIFY2(e + a.bytes_per_lane / 4 - 1 < limit,
                             qPrintable(QStringLiteral("step %1 %2 reads element %3 (n = %4)")
                                            .arg(si).arg(QString::fromStdString(a.expression)).arg(e).arg(n)));
            }
            QVERIFY2(lanes > 0, "an access instruction with no lane taking part");
            QVERIFY(a.sectors >= 1 && a.sectors <= lanes * ((a.bytes_per_lane + 31) / 32 + 1));
        }
        if (s.reads_input)
            for (const LaneRecord& l : s.lanes)
                for (const std::int32_t r : l.reads)
                    QVERIFY2(r < limit, qPrintable(QStringLiteral("step %1: a lane reads input[%2] (n = %3)")
                                                       .arg(si).arg(r).arg(n)));
    }
}

// Sectors of the load step counted by hand, including the figure ncu measured on the H200 (125).
void TestFloatRules::load_sectors_by_hand_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("sectors");
    QTest::addColumn<std::vector<int>>("lane_reads");  // elements lanes 0, 1, ... read (flattened)
    // 1000 elements, 512 threads: input[i] 16 warps x 4 sectors; input[i + 512] reads 512..999:
    // 15 whole warps x 4 sectors + 1 sector (992..999). ncu on the H200: 125.
    QTest::addRow("shared n=1000 block 512") << "shared" << 1000 << 512 << 125 << std::vector<int>{};
    QTest::addRow("segmented n=1000 block 512") << "segmented" << 1000 << 512 << 125 << std::vector<int>{};
    QTest::addRow("interleaved_strided n=1000 block 512") << "interleaved_strided" << 1000 << 512 << 125 << std::vector<int>{};
    QTest::addRow("coarsened C=1 n=1000 block 512") << "coarsened" << 1000 << 512 << 125 << std::vector<int>{};
    // The input "1,2,3" (block 2): lane 0 reads 0 and 2, lane 1 reads 1 only (3 is past n).
    QTest::addRow("shared 1,2,3") << "shared" << 3 << 2 << 2 << std::vector<int>{0, 2, 1};
    QTest::addRow("segmented 1,2,3") << "segmented" << 3 << 2 << 2 << std::vector<int>{0, 2, 1};
    QTest::addRow("interleaved_strided 1,2,3") << "interleaved_strided" << 3 << 2 << 2 << std::vector<int>{0, 2, 1};
    QTest::addRow("coarsened C=1 1,2,3") << "coarsened" << 3 << 2 << 2 << std::vector<int>{0, 2, 1};
}

void TestFloatRules::load_sectors_by_hand()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, sectors);
    QFETCH(std::vector<int>, lane_reads);
    Params p;
    p.block_size = block;
    p.coarse_factor = 1;
    std::vector<float> x(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        x[static_cast<std::size_t>(k)] = static_cast<float>(k + 1);
    const Trace t = simulate(strategy.toStdString(), x, p);
    const Step& load = t.steps.front();
    QVERIFY(load.reads_input);
    QCOMPARE(load.counters.global_sectors, sectors);
    if (!lane_reads.empty()) {
        std::vector<int> got;
        for (const LaneRecord& l : load.lanes)
            got.insert(got.end(), l.reads.begin(), l.reads.end());
        QCOMPARE(got, lane_reads);
    }
}

// [1e8, 1, -1e8, 1, ...]: each 1 is lost or kept depending on where it falls in the order, so
// other atomic orders give other float sums.
void TestFloatRules::atomic_order_changes_float_sums_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("block");
    QTest::addColumn<std::vector<float>>("input");
    std::vector<float> one_per_thread, one_per_block, one_per_float4;
    for (int k = 0; k < 64; ++k) {
        for (float v : {1e8f, 1.0f, -1e8f, 1.0f}) {
            one_per_thread.push_back(v);
            one_per_block.insert(one_per_block.end(), {v, 0.0f});  // block 1, 2 elements a block
            one_per_float4.insert(one_per_float4.end(), {v, 0.0f, 0.0f, 0.0f});  // block 1, C = 1
        }
    }
    QTest::addRow("atomic_naive") << "atomic_naive" << 32 << one_per_thread;
    QTest::addRow("segmented") << "segmented" << 1 << one_per_block;
    QTest::addRow("coarsened") << "coarsened" << 1 << one_per_block;
    QTest::addRow("warp_shuffle") << "warp_shuffle" << 1 << one_per_thread;
    QTest::addRow("block_reduce") << "block_reduce" << 1 << one_per_thread;
    QTest::addRow("vectorized") << "vectorized" << 1 << one_per_float4;
    QTest::addRow("self_reset") << "self_reset" << 1 << one_per_float4;
    QTest::addRow("zero_ahead") << "zero_ahead" << 1 << one_per_float4;
}

void TestFloatRules::atomic_order_changes_float_sums()
{
    QFETCH(QString, strategy);
    QFETCH(int, block);
    QFETCH(std::vector<float>, input);
    Params p;
    p.block_size = block;
    p.coarse_factor = 1;
    std::set<std::uint32_t> results;
    for (int order = 0; order < 16; ++order) {
        p.atomic_order = order;
        const Trace t = simulate(strategy.toStdString(), input, p, Detail::ValuesOnly);
        results.insert(bits(t.result));
    }
    QVERIFY2(results.size() >= 2, qPrintable(QStringLiteral("%1 distinct sums").arg(results.size())));
    // Order 0 is the model's default (block, warp, lane).
    p.atomic_order = 0;
    Params d;
    d.block_size = block;
    d.coarse_factor = 1;
    QCOMPARE(bits(simulate(strategy.toStdString(), input, p).result),
             bits(simulate(strategy.toStdString(), input, d).result));
}

void TestFloatRules::atomic_order_keeps_integer_sums_data()
{
    QTest::addColumn<QString>("strategy");
    for (const auto& id : modelled())
        if (id != "race")
            QTest::addRow("%s", id.c_str()) << QString::fromStdString(id);
}

// Small integers (here from {-1, 0, 1}) sum exactly in every order: every atomic order gives the
// float64 reference, bit for bit.
void TestFloatRules::atomic_order_keeps_integer_sums()
{
    QFETCH(QString, strategy);
    const std::string id = strategy.toStdString();
    std::vector<float> x(4096);
    unsigned r = 12345;
    for (auto& v : x) {
        r = r * 1664525u + 1013904223u;
        v = static_cast<float>(static_cast<int>((r >> 16) % 3) - 1);
    }
    for (int block : {1, 32, 256})
        for (int order : {0, 1, 2, 3, 17, 1000000}) {
            Params p;
            p.block_size = block;
            p.atomic_order = order;
            const Trace t = simulate(id, x, p, Detail::ValuesOnly);
            QVERIFY2(static_cast<double>(t.result) == t.reference,
                     qPrintable(QStringLiteral("block %1 order %2: %3 vs %4")
                                    .arg(block).arg(order).arg(static_cast<double>(t.result)).arg(t.reference)));
        }
}

// Another order is a permutation of the same atomics: the same (block, lane) issuers and operands.
void TestFloatRules::atomic_order_is_a_permutation()
{
    std::vector<float> x(300);
    for (std::size_t k = 0; k < x.size(); ++k)
        x[k] = static_cast<float>(k % 7) - 3.5f;
    for (const std::string id : {"atomic_naive", "warp_shuffle", "segmented", "coarsened_max"}) {
        Params p;
        p.block_size = 4;
        p.warp_size = 4;
        const Trace base = simulate(id, x, p);
        p.atomic_order = 5;
        const Trace other = simulate(id, x, p);
        auto issuers = [](const Trace& t) {
            std::multiset<std::pair<int, double>> s;
            for (const Step& st : t.steps)
                for (const AtomicOp& a : st.atomics)
                    s.insert({a.lane, a.operand});
            return s;
        };
        if (id != "coarsened_max")  // a max issues a CAS only while *output < value: the count varies
            QCOMPARE(issuers(other), issuers(base));
        QVERIFY(atomics_of(other) > 0);
        if (id == "coarsened_max")
            continue;
        bool reordered = false;
        for (std::size_t si = 0; si < base.steps.size(); ++si)
            for (std::size_t k = 0; k < std::min(base.steps[si].atomics.size(), other.steps[si].atomics.size()); ++k)
                reordered |= base.steps[si].atomics[k].lane != other.steps[si].atomics[k].lane;
        QVERIFY2(reordered, id.c_str());
        // The order numbers run 0, 1, 2, ... in the replayed order.
        int expect = 0;
        for (const Step& st : other.steps)
            for (const AtomicOp& a : st.atomics)
                QCOMPARE(a.order, expect++);
    }
}

void TestFloatRules::atomic_order_in_json()
{
    Params p;
    p.block_size = 4;
    p.atomic_order = 42;
    const Trace t = simulate("segmented", std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, p);
    const nlohmann::json j = trace_to_json(t);
    QCOMPARE(j.at("params").at("atomic_order").get<int>(), 42);
    const TraceFileResult back = read_trace_file(j.dump());
    QVERIFY2(back.file.has_value(), back.error.c_str());
    QCOMPARE(back.file->trace.params.atomic_order, 42);
    QCOMPARE(trace_to_json(back.file->trace).dump(), j.dump());
    // A file written before the field existed still opens, with order 0.
    nlohmann::json old = j;
    old["params"].erase("atomic_order");
    old.erase("zero_sign_depends_on_order");
    const TraceFileResult old_back = read_trace_file(old.dump());
    QVERIFY2(old_back.file.has_value(), old_back.error.c_str());
    QCOMPARE(old_back.file->trace.params.atomic_order, 0);
    // Out of range: one line naming the field.
    nlohmann::json bad = j;
    bad["params"]["atomic_order"] = -1;
    QVERIFY(read_trace_file(bad.dump()).error.find("params.atomic_order") != std::string::npos);
    // validate() words the range.
    p.atomic_order = kMaxAtomicOrder + 1;
    const auto err = validate("segmented", 8, p);
    QVERIFY(err.has_value());
    QCOMPARE(QString::fromStdString(err->field), QStringLiteral("atomic-order"));
}

void TestFloatRules::strict_input_syntax_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<std::vector<float>>("values");
    const std::vector<float> none;
    // Refused: a second sign, hex, a bare exponent, empty values, anything after a number.
    for (const char* bad : {"+-1", "-+1", "--1", "++1", "+-inf", "-+inf", "+-0", "-nan", "+nan", "1e", "1e+", "e5",
                            ".", "+", "-", "0x10", "0X1p3", "1.2.3", "1e5.5", "1_000", "inf1", "infin", "nan(1)",
                            "1f", "1,,2", ",1", "1,", "4e38", "-1e39", "１"})
        QTest::addRow("bad %s", bad) << QString::fromUtf8(bad) << false << none;
    // Accepted.
    QTest::addRow("-0") << "-0" << true << std::vector<float>{-0.0f};
    QTest::addRow("+0") << "+0" << true << std::vector<float>{0.0f};
    QTest::addRow("infinities") << "inf,+inf,-inf,Infinity,-INF" << true
                                << std::vector<float>{kInf, kInf, -kInf, kInf, -kInf};
    QTest::addRow("subnormal") << "1e-40" << true << std::vector<float>{1e-40f};
    QTest::addRow("near the top") << "3.4e38,-3.4e38,3.40282347e38" << true
                                  << std::vector<float>{3.4e38f, -3.4e38f, std::numeric_limits<float>::max()};
    QTest::addRow("below the smallest subnormal") << "1e-50,-1e-50" << true << std::vector<float>{0.0f, -0.0f};
    QTest::addRow("point forms") << "1.,.5,-.25,+2.5e+1,1E3" << true << std::vector<float>{1.0f, 0.5f, -0.25f, 25.0f, 1000.0f};
}

void TestFloatRules::strict_input_syntax()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(std::vector<float>, values);
    const ParsedInput got = parse_input(text.toStdString());
    QCOMPARE(!got.error.has_value(), ok);
    if (!ok) {
        QCOMPARE(QString::fromStdString(got.error->field), QStringLiteral("input"));
        QVERIFY(got.values.empty());
        QVERIFY(got.error->message.find('\n') == std::string::npos);
        return;
    }
    QCOMPARE(got.values.size(), values.size());
    for (std::size_t k = 0; k < values.size(); ++k)
        QVERIFY2(same(got.values[k], values[k]), qPrintable(show(got.values[k]) + " expected " + show(values[k])));
    // nan is accepted without a sign (compared on its own: NaN != NaN).
    const ParsedInput n = parse_input("nan,NaN");
    QVERIFY(!n.error && std::isnan(n.values[0]) && std::isnan(n.values[1]));
}

// The accesses to *output and the self_reset counters that the kernels make at source level (the
// SASS of docs/results/h200-2026-11-29 has each): a plain store (STG) where one block stores, the
// CAS loop's first read of *output (`int old = *bits`, an LDG per block), race's load and store per
// warp, self_reset's zero and release store by the first ticket's block and one acquire load per
// block; zero_ahead's zero of the next launch's ring slot by block 0. Counted as sectors: all lanes
// of a warp touch the same 4 (or 8) bytes.
void TestFloatRules::output_accesses_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("output_reads");   // sectors of reads of *output / epoch[1]
    QTest::addColumn<int>("output_writes");  // sectors of writes of *output / epoch[1]
    QTest::addRow("shared, one block: the store") << "shared" << 1000 << 512 << 0 << 1;
    QTest::addRow("segmented: atomics only") << "segmented" << 1000 << 256 << 0 << 0;
    QTest::addRow("simple, one block: the store") << "simple" << 1024 << 512 << 0 << 1;
    QTest::addRow("two_pass: the second kernel's store") << "two_pass" << 4096 << 256 << 0 << 1;
    QTest::addRow("grid_sync: block 0's store") << "grid_sync" << 4096 << 256 << 0 << 1;
    QTest::addRow("coarsened_max: one read per block (4 blocks)") << "coarsened_max" << 4096 << 128 << 4 << 0;
    // race: 1000 threads = 31 whole warps + 1 partial warp, each a load and a store of *output.
    QTest::addRow("race: a load and a store per warp") << "race" << 1000 << 256 << 32 << 32;
    // self_reset at n = 4096, block 128, C = 4: 2 blocks; block 0 zeroes and publishes (2 sectors),
    // each block's thread 0 loads epoch[1] once.
    QTest::addRow("self_reset: zero, publish, wait") << "self_reset" << 4096 << 128 << 2 << 2;
    // zero_ahead at n = 4096, block 128: block 0 zeroes the next launch's slot (1 sector); nothing
    // reads the output.
    QTest::addRow("zero_ahead: the zero ahead") << "zero_ahead" << 4096 << 128 << 0 << 1;
}

void TestFloatRules::output_accesses()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, output_reads);
    QFETCH(int, output_writes);
    Params p;
    p.block_size = block;
    const Trace t = simulate(strategy.toStdString(), std::vector<float>(static_cast<std::size_t>(n), 1.0f), p);
    int reads = 0, writes = 0;
    for (const Step& s : t.steps)
        for (const GlobalAccess& a : s.global_accesses)
            if (a.expression == "*output" || a.expression == "epoch[1]" || a.expression == "ring[(e + 1) % 3]")
                (a.kind == AccessKind::Read ? reads : writes) += a.sectors;
    QCOMPARE(reads, output_reads);
    QCOMPARE(writes, output_writes);
}

void TestFloatRules::special_sets_keep_their_claim_data()
{
    QTest::addColumn<int>("set");
    QTest::addColumn<QString>("strategy");
    const auto sets = reducescope::testing::special_sets();
    for (std::size_t k = 0; k < sets.size(); ++k)
        for (const auto& id : modelled())
            if (id != "race")
                QTest::addRow("%s %s", sets[k].name.c_str(), id.c_str()) << static_cast<int>(k) << QString::fromStdString(id);
}

// What the GPU tests rely on: a set that claims every order gives one result gives one result
// under every atomic order of the model (sizes and blocks as the GPU tests run them), and the
// judge accepts the model's own result and refuses a result off by one ulp where bits must match.
void TestFloatRules::special_sets_keep_their_claim()
{
    QFETCH(int, set);
    QFETCH(QString, strategy);
    const auto sets = reducescope::testing::special_sets();
    const auto& s = sets[static_cast<std::size_t>(set)];
    const std::string id = strategy.toStdString();
    for (int n : {1, 3, 33, 100, 1024, 4096})
        for (int block : {1, 32, 256}) {
            Params p;
            p.block_size = block;
            const std::span<const float> x(s.values.data(), static_cast<std::size_t>(n));
            const Trace t = simulate(id, x, p, Detail::ValuesOnly);
            const std::vector<float> orders = reducescope::testing::results_by_order(id, x, p, 6);
            if (s.order_free && t.operation == Operation::Sum)
                for (float r : orders)
                    QVERIFY2(same(r, t.result), qPrintable(QStringLiteral("n=%1 block %2: %3 vs %4")
                                                               .arg(n).arg(block).arg(show(r), show(t.result))));
            QVERIFY(reducescope::testing::judge(t, x, s.order_free, orders, t.result).empty());
            const bool must_match = t.operation == Operation::Max || reducescope::testing::output_atomics(t) <= 1 || s.order_free;
            if (must_match && std::isfinite(t.result) && !t.zero_sign_depends_on_order) {
                const float off = std::nextafter(t.result, kInf);
                QVERIFY(!reducescope::testing::judge(t, x, s.order_free, orders, off).empty());
            }
        }
}

QTEST_APPLESS_MAIN(TestFloatRules)
#include "tst_float_rules.moc"
