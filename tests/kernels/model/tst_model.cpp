// SPDX-License-Identifier: GPL-3.0-or-later
// The step model against the textbook (PMPP 4th ed. chapter 10 exercises, seed 002), hand-worked
// divergence and bank-conflict counts, float64 references, padding, races, bad input, NaN/Inf,
// the JSON round trip and the step tags in the embedded kernel sources.
#include "model/catalogue.h"
#include "model/kernel_sources.h"
#include "model/simulate.h"
#include "model/trace_json.h"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <string>
#include <vector>

using namespace reducescope::model;

Q_DECLARE_METATYPE(std::vector<float>)
Q_DECLARE_METATYPE(std::vector<std::vector<float>>)

namespace {

const std::vector<float> kExercise6{6, 2, 7, 4, 5, 8, 3, 1};

std::vector<std::string> modelled()
{
    std::vector<std::string> ids;
    for (const auto& s : catalogue())
        if (s.has_model)
            ids.emplace_back(s.id);
    return ids;
}

// Deterministic values of mixed sign that are not exactly representable sums (rounding matters).
std::vector<float> sample_values(int n, unsigned seed = 1)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    unsigned x = seed * 2654435761u + 12345u;
    for (auto& f : v) {
        x = x * 1664525u + 1013904223u;
        f = static_cast<float>(static_cast<int>(x >> 8) % 20000 - 6000) / 997.0f;
    }
    return v;
}

// |result - reference| within the worst-case float32 bound for summing n terms in any order:
// gamma_n * sum |x_i| with gamma_n = n*u / (1 - n*u), u = 2^-24 (Higham, Accuracy and Stability
// of Numerical Algorithms, 4.2).
bool within_float32(const Trace& t, std::span<const float> x)
{
    if (t.operation == Operation::Max)
        return static_cast<double>(t.result) == t.reference;
    double abs_sum = 0;
    for (float v : x)
        abs_sum += std::fabs(static_cast<double>(v));
    const double u = std::ldexp(1.0, -24);
    const double n = static_cast<double>(x.size()) + 1; // + 1: the final atomic onto 0
    const double bound = n * u / (1 - n * u) * abs_sum;
    return std::fabs(static_cast<double>(t.result) - t.reference) <= bound;
}

// The generated arrays of tests/kernels/cuda/gpu_recording_match.cpp (its sample_values), to keep the cases the
// H200 found.
std::vector<float> recording_match_values(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    unsigned x = 2654435761u ^ static_cast<unsigned>(n);
    for (auto& f : v) {
        x = x * 1664525u + 1013904223u;
        f = static_cast<float>(static_cast<int>(x >> 8) % 20000 - 6000) / 997.0f;
    }
    return v;
}

const Step* step_with_markers(const Trace& t, const std::vector<std::string>& markers)
{
    for (const Step& s : t.steps)
        if (s.source_markers == markers)
            return &s;
    return nullptr;
}

const Step* step_with_stride(const Trace& t, int stride)
{
    for (const Step& s : t.steps)
        if (s.stride == stride && !s.source_markers.empty() && s.source_markers.front().ends_with(".tree"))
            return &s;
    return nullptr;
}

} // namespace

class TestModel : public QObject {
    Q_OBJECT
private slots:
    void textbook_exercise6_data();
    void textbook_exercise6();
    void exercises_1_and_2_data();
    void exercises_1_and_2();
    void simple_counts_by_hand();
    void interleaved_strided_counts_by_hand();
    void padding_removes_bank_conflicts_data();
    void padding_removes_bank_conflicts();
    void padded_tree_equals_strided_tree_data();
    void padded_tree_equals_strided_tree();
    void padded_bank_strip();
    void warp_unrolled_by_hand_data();
    void warp_unrolled_by_hand();
    void warp_unrolled_avoids_block_barriers();
    void sums_default_params_data();
    void sums_default_params();
    void sums_all_params_data();
    void sums_all_params();
    void padding_data();
    void padding();
    void race_loses_updates();
    void race_varies_with_the_seed();
    void step_phase_counts_strides_data();
    void step_phase_counts_strides();
    void float_order_follows_the_kernel_data();
    void float_order_follows_the_kernel();
    void warp_shuffle_registers_by_hand();
    void step_structure_data();
    void step_structure();
    void bad_input_data();
    void bad_input();
    void parse_input_data();
    void parse_input();
    void nan_inf_data();
    void nan_inf();
    void json_round_trip_data();
    void json_round_trip();
    void trace_file_round_trip_data();
    void trace_file_round_trip();
    void trace_file_fuzz_finding();
    void tags_exist_in_kernel_sources();
    void coarsened_max_every_lane_runs_the_load();
    void grid_sync_keeps_other_blocks_warp_sums();
    void self_reset_is_vectorized_plus_reset_data();
    void self_reset_is_vectorized_plus_reset();
    void zero_ahead_is_vectorized_plus_reset_ahead_data();
    void zero_ahead_is_vectorized_plus_reset_ahead();
    void red_sectors_per_issuing_lane_data();
    void red_sectors_per_issuing_lane();
};

void TestModel::textbook_exercise6_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<std::vector<std::vector<float>>>("after_each_step");
    // PMPP 4th ed. exercise 6 (seed 002): the array after each iteration.
    QTest::addRow("simple (Fig 10.6)") << "simple"
                                       << std::vector<std::vector<float>>{{8, 2, 11, 4, 13, 8, 4, 1},
                                                                          {19, 2, 11, 4, 17, 8, 4, 1},
                                                                          {36, 2, 11, 4, 17, 8, 4, 1}};
    QTest::addRow("convergent (Fig 10.9)") << "convergent"
                                           << std::vector<std::vector<float>>{{11, 10, 10, 5, 5, 8, 3, 1},
                                                                              {21, 15, 10, 5, 5, 8, 3, 1},
                                                                              {36, 15, 10, 5, 5, 8, 3, 1}};
    // Exercise 3's right-to-left variant, worked by hand: stride 4 adds input[t] into input[t+4],
    // stride 2 the last two, stride 1 the last one.
    QTest::addRow("convergent_reversed (exercise 3)")
        << "convergent_reversed"
        << std::vector<std::vector<float>>{{6, 2, 7, 4, 11, 10, 10, 5}, {6, 2, 7, 4, 11, 10, 21, 15},
                                           {6, 2, 7, 4, 11, 10, 21, 36}};
}

void TestModel::textbook_exercise6()
{
    QFETCH(QString, strategy);
    QFETCH(std::vector<std::vector<float>>, after_each_step);
    const Trace t = simulate(strategy.toStdString(), kExercise6);
    QCOMPARE(t.params.block_size, 4);
    QCOMPARE(t.grid_size, 1);
    QCOMPARE(t.padded_n, 8);
    QCOMPARE(t.steps.size(), after_each_step.size() + 1); // + the final store to *output
    for (std::size_t k = 0; k < after_each_step.size(); ++k) {
        QCOMPARE(t.steps[k].values_space, MemorySpace::Global);
        QCOMPARE(t.steps[k].values, after_each_step[k]);
        QVERIFY(t.steps[k].stride.has_value());
    }
    QCOMPARE(t.result, 36.0f);
    QCOMPARE(t.reference, 36.0);
    QCOMPARE(t.steps.back().output, std::optional<float>(36.0f));
    QCOMPARE(t.totals.atomics, 0);
    QCOMPARE(t.totals.barriers, 3);
}

void TestModel::exercises_1_and_2_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("divergent");
    // 1024 elements, warp size 32: 512 threads = 16 warps; iteration 5.
    QTest::addRow("exercise 1: simple, stride 16") << "simple" << 16 << 16;
    QTest::addRow("exercise 2: convergent, stride 32") << "convergent" << 32 << 0;
}

void TestModel::exercises_1_and_2()
{
    QFETCH(QString, strategy);
    QFETCH(int, stride);
    QFETCH(int, divergent);
    const Trace t = simulate(strategy.toStdString(), std::vector<float>(1024, 1.0f));
    QCOMPARE(t.params.block_size, 512);
    const Step* s = step_with_stride(t, stride);
    QVERIFY(s);
    QCOMPARE(s - t.steps.data(), 4); // the fifth iteration
    QCOMPARE(s->counters.divergent_warps, divergent);
    QCOMPARE(static_cast<int>(s->warps.size()), 16);
    QCOMPARE(t.result, 1024.0f);
}

void TestModel::simple_counts_by_hand()
{
    // simple (Fig 10.6) on 1024 elements: 512 threads, 16 warps of 32, strides 1, 2, ..., 512.
    // Active threads at stride s: tid % s == 0, i.e. 512 / s of them.
    //  s = 1: every lane active, no warp divergent.
    //  s = 2, 4, 8, 16, 32: each of the 16 warps has 32 / s (>= 1) active lanes of 32: 16 divergent
    //         warps per step -> 5 * 16 = 80.
    //  s = 64: multiples of 64 are lane 0 of warps 0, 2, ..., 14: 8 divergent; s = 128: 4; s = 256:
    //         2; s = 512: 1 (warp 0). -> 15.
    //  final store (tid == 0): warp 0 divergent -> 1.
    // Total divergent warp-steps = 80 + 15 + 1 = 96.
    // Coalescing at s = 1: a warp's input[2*tid] covers 64 consecutive floats = 256 bytes = 8
    // sectors for 128 useful bytes (ideal 4); three accesses (read i, read i+1, write i) x 16 warps
    // x 8 sectors = 384.
    const Trace t = simulate("simple", std::vector<float>(1024, 1.0f));
    QCOMPARE(t.totals.divergent_warp_steps, 96);
    // The textbook's strides and the final write, counted apart (model::divergent_warp_steps).
    const DivergentWarpSteps split = divergent_warp_steps(t);
    QCOMPARE(split.strides, 95);
    QCOMPARE(split.write, 1);
    QCOMPARE(split.other, 0);
    std::vector<int> per_step;
    for (const Step& s : t.steps)
        per_step.push_back(s.counters.divergent_warps);
    QCOMPARE(per_step, (std::vector<int>{0, 16, 16, 16, 16, 16, 8, 4, 2, 1, 1}));
    const Step& first = t.steps.front();
    QCOMPARE(first.counters.global_sectors, 384);
    QCOMPARE(static_cast<int>(first.global_accesses.size()), 48);
    for (const GlobalAccess& a : first.global_accesses) {
        QCOMPARE(a.sectors, 8);
        QCOMPARE(a.ideal_sectors, 4);
    }
    QCOMPARE(t.totals.extra_shared_wavefronts, 0);
    QCOMPARE(t.totals.barriers, 10);
}

void TestModel::interleaved_strided_counts_by_hand()
{
    // interleaved_strided on 1024 elements: 512 threads, 16 warps of 32, 32 banks, one block.
    // Tree: s = 1, 2, ..., 256; index = 2*s*tid; active while index < 512: 256 / s threads.
    // Divergence: 256/s active threads fill whole warps for s <= 8 (256, 128, 64, 32 threads);
    //   for s = 16, 32, 64, 128, 256 only 16, 8, 4, 2, 1 lanes of warp 0 are active: 5 divergent
    //   warp-steps. The load (every thread) is not divergent; the final store by tid 0 is: total 6.
    // Banks: lane l of a warp reads word 2*s*l (and 2*s*l + s). For 2s <= 32 the lanes fall into
    //   32 / (2s) banks, 2s lanes each: a 2s-way conflict (s = 1: 2, 2: 4, 4: 8, 8: 16 ways).
    //   For s >= 16 every active lane maps to one bank: 16, 8, 4, 2, 1 ways (one lane per way).
    //   Warps issuing: 8, 4, 2, 1, then 1 for each larger s. Three accesses per warp per step
    //   (read index, read index + s, write index), all with the same conflict degree.
    //   Wavefronts per step = 3 * warps * ways: 48, 48, 48, 48, 48, 24, 12, 6, 3 = 285.
    //   Instructions = 3 * (8 + 4 + 2 + 1 + 1 + 1 + 1 + 1 + 1) = 60, so extra wavefronts = 225.
    //   Plus the load (16 conflict-free stores) and the final read of sdata[0] (1): 302 wavefronts.
    const Trace t = simulate("interleaved_strided", std::vector<float>(1024, 1.0f));
    QCOMPARE(t.params.block_size, 512);
    QCOMPARE(t.totals.divergent_warp_steps, 6);
    QCOMPARE(t.totals.extra_shared_wavefronts, 225);
    QCOMPARE(t.totals.shared_wavefronts, 302);
    std::vector<int> ways;
    for (const Step& s : t.steps)
        if (s.stride)
            ways.push_back(s.max_conflict_ways);
    QCOMPARE(ways, (std::vector<int>{2, 4, 8, 16, 16, 8, 4, 2, 1}));
    QCOMPARE(t.result, 1024.0f);
    // Contrast: the convergent tree in shared memory on the same input has no conflicts.
    QCOMPARE(simulate("shared", std::vector<float>(1024, 1.0f)).totals.extra_shared_wavefronts, 0);
}

namespace {
// Shared-memory wavefronts of a step (or trace), split into loads and stores, and their extras.
struct SharedCounts {
    int ld = 0, st = 0, ld_extra = 0, st_extra = 0;
};
SharedCounts shared_counts(const std::vector<Step>& steps)
{
    SharedCounts c;
    for (const Step& s : steps)
        for (const SharedAccess& a : s.shared_accesses) {
            (a.kind == AccessKind::Read ? c.ld : c.st) += a.wavefronts;
            (a.kind == AccessKind::Read ? c.ld_extra : c.st_extra) += a.wavefronts - 1;
        }
    return c;
}
} // namespace

void TestModel::padding_removes_bank_conflicts_data()
{
    // interleaved_strided against interleaved_padded (seed 003's padding) on 1024 elements: one
    // block of 512 threads, warps of 32, 32 banks (the ncu configuration of docs/hardware-counters.md).
    // Per tree step: stride s, warps issuing w (256 / s active threads: 8, 4, 2, 1, then 1), the
    // strided tree's conflict degree (interleaved_strided_counts_by_hand) and its extra wavefronts
    // 3 * w * (ways - 1) (two loads and a store per warp). Padded: word i sits at i + i/32, so lane l
    // of a warp touches bank (2sl + 2sl/32) mod 32, a different one for every lane: one wavefront per
    // access, 3 * w per step, 0 extra.
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("warps");
    QTest::addColumn<int>("strided_ways");
    QTest::addColumn<int>("strided_extra");
    const int ways[] = {2, 4, 8, 16, 16, 8, 4, 2, 1};
    const int warps[] = {8, 4, 2, 1, 1, 1, 1, 1, 1};
    for (int k = 0, s = 1; s < 512; ++k, s *= 2)
        QTest::addRow("stride %d", s) << s << warps[k] << ways[k] << 3 * warps[k] * (ways[k] - 1);
}

void TestModel::padding_removes_bank_conflicts()
{
    QFETCH(int, stride);
    QFETCH(int, warps);
    QFETCH(int, strided_ways);
    QFETCH(int, strided_extra);
    const std::vector<float> x = sample_values(1024);
    const Trace strided = simulate("interleaved_strided", x);
    const Trace padded = simulate("interleaved_padded", x);
    QCOMPARE(padded.params.block_size, 512);
    auto step_of = [stride](const Trace& t) -> const Step& {
        for (const Step& s : t.steps)
            if (s.stride == stride)
                return s;
        return t.steps.front();
    };
    const Step& a = step_of(strided);
    const Step& b = step_of(padded);
    QCOMPARE(a.stride, std::optional<int>(stride));
    QCOMPARE(b.stride, std::optional<int>(stride));
    QCOMPARE(a.max_conflict_ways, strided_ways);
    QCOMPARE(a.counters.extra_shared_wavefronts, strided_extra);
    QCOMPARE(a.counters.shared_wavefronts, 3 * warps * strided_ways);
    QCOMPARE(b.max_conflict_ways, 1);
    QCOMPARE(b.counters.extra_shared_wavefronts, 0);
    QCOMPARE(b.counters.shared_wavefronts, 3 * warps);
    QCOMPARE(int(b.shared_accesses.size()), 3 * warps);
    // The same lanes do the same adds: only the addresses differ.
    QCOMPARE(b.values, a.values);
    QCOMPARE(b.counters.active_lanes, a.counters.active_lanes);
    QCOMPARE(b.counters.divergent_warps, a.counters.divergent_warps);
    QVERIFY2(b.explanation.find("conflict-free") != std::string::npos, b.explanation.c_str());

    // Totals, split as Nsight Compute splits them (docs/hardware-counters.md): strided 191 load and
    // 111 store wavefronts, 150 and 75 of them extra; padded 2 * 20 tree loads + the final read = 41,
    // 20 tree stores + 16 load-step stores = 36, none extra (the figures of `shared`).
    const SharedCounts cs = shared_counts(strided.steps);
    const SharedCounts cp = shared_counts(padded.steps);
    QCOMPARE(cs.ld, 191);
    QCOMPARE(cs.st, 111);
    QCOMPARE(cs.ld_extra, 150);
    QCOMPARE(cs.st_extra, 75);
    QCOMPARE(cp.ld, 41);
    QCOMPARE(cp.st, 36);
    QCOMPARE(cp.ld_extra, 0);
    QCOMPARE(cp.st_extra, 0);
    QCOMPARE(padded.totals.extra_shared_wavefronts, 0);
    QCOMPARE(padded.totals.divergent_warp_steps, strided.totals.divergent_warp_steps);
    QCOMPARE(padded.totals.barriers, strided.totals.barriers);
    QCOMPARE(padded.totals.adds, strided.totals.adds);
}

void TestModel::padded_tree_equals_strided_tree_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("banks");
    QTest::addColumn<bool>("conflict_free");
    // With 32 banks the padding removes every conflict for every block size up to 1024, one block
    // or many (2 elements per thread).
    for (int b = 32; b <= 1024; b *= 2)
        QTest::addRow("n %d, block %d", 2 * b, b) << 2 * b << b << 32 << 32 << true;
    QTest::addRow("n 4096, block 256 (8 blocks)") << 4096 << 256 << 32 << 32 << true;
    QTest::addRow("n 1000, block 64 (8 blocks, padded input)") << 1000 << 64 << 32 << 32 << true;
    QTest::addRow("n 3, default block") << 3 << 0 << 32 << 32 << true;
    // The padding is one word per 32, for the GPU's 32 banks. With 4 teaching banks and 16 values
    // every word lies below 32, so the padded layout is the strided one: the same conflicts.
    QTest::addRow("n 16, warp 4, banks 4: same conflicts") << 16 << 0 << 4 << 4 << false;
}

void TestModel::padded_tree_equals_strided_tree()
{
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, banks);
    QFETCH(bool, conflict_free);
    const std::vector<float> x = sample_values(n, 7);
    Params p;
    p.block_size = block;
    p.warp_size = warp;
    p.banks = banks;
    const Trace a = simulate("interleaved_strided", x, p);
    const Trace b = simulate("interleaved_padded", x, p);
    // Same arithmetic in the same order: the same float result, bit for bit, step by step.
    QCOMPARE(b.result, a.result);
    QCOMPARE(b.reference, a.reference);
    QVERIFY(within_float32(b, x));
    QCOMPARE(b.steps.size(), a.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        QCOMPARE(b.steps[k].values, a.steps[k].values);
        QCOMPARE(b.steps[k].stride, a.steps[k].stride);
        QCOMPARE(b.steps[k].counters.shared_wavefronts - b.steps[k].counters.extra_shared_wavefronts,
                 a.steps[k].counters.shared_wavefronts - a.steps[k].counters.extra_shared_wavefronts);
    }
    if (conflict_free) {
        QCOMPARE(b.totals.extra_shared_wavefronts, 0);
        if (a.params.block_size >= 64)  // below 64 the strided tree's words all lie in one row of banks
            QVERIFY(a.totals.extra_shared_wavefronts > 0);
    } else {
        QCOMPARE(b.totals.extra_shared_wavefronts, a.totals.extra_shared_wavefronts);
        QCOMPARE(b.totals.shared_wavefronts, a.totals.shared_wavefronts);
        bool says_so = false;
        for (const Step& s : b.steps)
            says_so = says_so || s.explanation.find("with 4 banks") != std::string::npos;
        QVERIFY2(says_so, "the explanation says the padding does not fit 4 banks");
    }
}

void TestModel::padded_bank_strip()
{
    // What the step pane's bank strip draws for the first tree step (stride 1) of warp 0, on 1024
    // values: lane l reads word 2l, stored at 2l + 2l/32: words 0, 2, ..., 30, then 33, 35, ..., 63;
    // banks 0, 2, ..., 30, then 1, 3, ..., 31. The strided layout sends lanes l and l + 16 to the
    // same bank (words 2l and 2l + 32).
    const Trace t = simulate("interleaved_padded", std::vector<float>(1024, 1.0f));
    const Trace s = simulate("interleaved_strided", std::vector<float>(1024, 1.0f));
    const Step& padded = t.steps.at(1);
    const Step& strided = s.steps.at(1);
    QCOMPARE(padded.stride, std::optional<int>(1));
    const SharedAccess& a = padded.shared_accesses.at(0);
    const SharedAccess& b = strided.shared_accesses.at(0);
    QCOMPARE(a.warp, 0);
    QCOMPARE(a.expression, std::string("sdata[padded(index)]"));
    std::vector<std::int32_t> words, banks, strided_banks;
    for (int l = 0; l < 32; ++l) {
        words.push_back(2 * l + (2 * l) / 32);
        banks.push_back((2 * l + (2 * l) / 32) % 32);
        strided_banks.push_back((2 * l) % 32);
    }
    QCOMPARE(a.words, words);
    QCOMPARE(a.bank_of_lane, banks);
    QCOMPARE(a.wavefronts, 1);
    QCOMPARE(b.bank_of_lane, strided_banks);
    QCOMPARE(b.wavefronts, 2);
    // The lanes still read and write the tree's own words (Step::values is the logical array).
    QCOMPARE(padded.lanes.at(17).reads, (std::vector<std::int32_t>{34, 35}));
    QCOMPARE(padded.lanes.at(17).writes, (std::vector<std::int32_t>{34}));
    // The load step stores sdata[padded(tid)]: thread 32 writes word 33.
    QCOMPARE(t.steps.at(0).shared_accesses.at(1).words.at(0), 33);
}

void TestModel::warp_unrolled_by_hand_data()
{
    QTest::addColumn<std::vector<float>>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<std::vector<std::vector<float>>>("after_each_step");  // before the final store
    QTest::addColumn<std::vector<int>>("active_lanes");
    QTest::addColumn<std::vector<int>>("barriers");           // __syncthreads() per step
    QTest::addColumn<std::vector<int>>("warp_synchronous");   // 1: the step's lanes use __syncwarp()
    QTest::addColumn<int>("shared_barriers");                 // the same input and params under shared
    // PMPP exercise 6's array at the teaching warp size 4. Block 4 (the default): the load adds
    // x[t] + x[t + 4] (11, 10, 10, 5) and ends in the one __syncthreads(); blockDim.x / 2 = 2 is not
    // above the warp size, so lanes 0 and 1 (L = min(4, 2) = 2) finish warp-synchronously:
    // stride 2: 11+10, 10+5; stride 1: 21+15 = 36 and, in lane 1, 15+10 = 25 (a sum no one reads).
    QTest::addRow("exercise 6, block 4, warp 4")
        << kExercise6 << 4 << 4
        << std::vector<std::vector<float>>{{11, 10, 10, 5}, {21, 15, 10, 5}, {36, 25, 10, 5}}
        << std::vector<int>{4, 2, 2} << std::vector<int>{1, 0, 0} << std::vector<int>{0, 1, 1} << 2;
    // Block 8: the load copies the eight values (x[t + 8] is past the end); L = min(4, 4) = 4, the
    // whole of warp 0, at strides 4, 2, 1: lane t adds word t + stride.
    //   stride 4: 6+5, 2+8, 7+3, 4+1 = 11, 10, 10, 5
    //   stride 2: 11+10, 10+5, 10+5, 5+8 = 21, 15, 15, 13
    //   stride 1: 21+15, 15+15, 15+13, 13+5 = 36, 30, 28, 18
    QTest::addRow("exercise 6, block 8, warp 4")
        << kExercise6 << 8 << 4
        << std::vector<std::vector<float>>{{6, 2, 7, 4, 5, 8, 3, 1},
                                           {11, 10, 10, 5, 5, 8, 3, 1},
                                           {21, 15, 15, 13, 5, 8, 3, 1},
                                           {36, 30, 28, 18, 5, 8, 3, 1}}
        << std::vector<int>{8, 4, 4, 4} << std::vector<int>{1, 0, 0, 0} << std::vector<int>{0, 1, 1, 1} << 3;
    // 1..32, block 16, warp 4: the load gives 2t + 18 (t = 0..15); stride 8 is above the warp
    // size, a block-wide step with its barrier: 4t + 52 for t < 8 (52, 56, ..., 80); then lanes 0..3:
    //   stride 4: 52+68, 56+72, 60+76, 64+80 = 120, 128, 136, 144
    //   stride 2: 120+136, 128+144, 136+68, 144+72 = 256, 272, 204, 216
    //   stride 1: 256+272, 272+204, 204+216, 216+68 = 528, 476, 420, 284; 528 = 1 + ... + 32.
    std::vector<float> one_to_32(32);
    std::iota(one_to_32.begin(), one_to_32.end(), 1.0f);
    std::vector<float> load(16), stride8(16);
    for (int t = 0; t < 16; ++t)
        load[std::size_t(t)] = float(2 * t + 18);
    stride8 = load;
    for (int t = 0; t < 8; ++t)
        stride8[std::size_t(t)] = float(4 * t + 52);
    auto with = [](std::vector<float> v, std::vector<float> head) {
        std::copy(head.begin(), head.end(), v.begin());
        return v;
    };
    QTest::addRow("1..32, block 16, warp 4")
        << one_to_32 << 16 << 4
        << std::vector<std::vector<float>>{load, stride8, with(stride8, {120, 128, 136, 144}),
                                           with(stride8, {256, 272, 204, 216}), with(stride8, {528, 476, 420, 284})}
        << std::vector<int>{16, 8, 4, 4, 4} << std::vector<int>{1, 1, 0, 0, 0} << std::vector<int>{0, 0, 1, 1, 1} << 4;
}

void TestModel::warp_unrolled_by_hand()
{
    QFETCH(std::vector<float>, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(std::vector<std::vector<float>>, after_each_step);
    QFETCH(std::vector<int>, active_lanes);
    QFETCH(std::vector<int>, barriers);
    QFETCH(std::vector<int>, warp_synchronous);
    QFETCH(int, shared_barriers);
    Params p;
    p.block_size = block;
    p.warp_size = warp;
    const Trace t = simulate("warp_unrolled", input, p);
    QCOMPARE(t.grid_size, 1);
    QCOMPARE(t.steps.size(), after_each_step.size() + 1);  // + the store to *output
    for (std::size_t k = 0; k < after_each_step.size(); ++k) {
        const Step& s = t.steps[k];
        QCOMPARE(s.values_space, MemorySpace::Shared);
        QCOMPARE(s.values, after_each_step[k]);
        QCOMPARE(s.counters.active_lanes, active_lanes[k]);
        QCOMPARE(s.counters.barriers, barriers[k]);
        QCOMPARE(int(s.warp_barrier), warp_synchronous[k]);
        QVERIFY(!s.grid_barrier);
        if (s.warp_barrier) {
            // Only warp 0 runs; its L lanes are the first ones, each reading word tid + stride.
            for (const WarpRecord& w : s.warps)
                QCOMPARE(int(w.active_lanes.size()), w.warp == 0 ? active_lanes[k] : 0);
            for (int lane = 0; lane < active_lanes[k]; ++lane)
                QCOMPARE(s.lanes[std::size_t(lane)].reads, (std::vector<std::int32_t>{lane, lane + *s.stride}));
            QCOMPARE(s.label_text.id, "warp_unrolled.label");
            QCOMPARE(s.source_markers, std::vector<std::string>{"@warp_unrolled.tree"});
        }
    }
    QCOMPARE(t.result, std::accumulate(input.begin(), input.end(), 0.0f));
    QCOMPARE(t.steps.back().output, std::optional<float>(t.result));
    QCOMPARE(t.totals.barriers, std::accumulate(barriers.begin(), barriers.end(), 0));
    QCOMPARE(simulate("shared", input, p).totals.barriers, shared_barriers);
}

void TestModel::warp_unrolled_avoids_block_barriers()
{
    // 1024 elements, warp size 32: one block of 512 threads (16 warps). shared: the load, then 9
    // strides 256..1, each with the __syncthreads() at the top of its iteration: 9 barriers.
    // warp_unrolled: the load's barrier and the block-wide strides 256, 128, 64 (each ending in
    // one): 4 barriers; strides 32, 16, 8, 4, 2, 1 run in warp 0 alone with __syncwarp(): the 5
    // barriers shared has before strides 16..1 are gone.
    // Active lanes per step: 512 (load), 256, 128, 64 (whole warps: none diverges), then all 32 lanes
    // of warp 0 at every warp-synchronous stride (shared: 32, 16, 8, 4, 2, 1, five divergent steps),
    // and thread 0's store (divergent in both).
    // Adds: 512 in the load, 256 + 128 + 64 = 448, then 6 x 32 = 192 (63 of them useful): 1152;
    // shared: 512 + 511 = 1023.
    // Shared memory: the same accesses as shared, conflict-free: stores 16 (load) + 8 + 4 + 2 + 6 x 1
    // = 36 wavefronts, loads 2 x (8 + 4 + 2) + 6 x 2 + 1 (sdata[0] by thread 0) = 41.
    const std::vector<float> ones(1024, 1.0f);
    const Trace t = simulate("warp_unrolled", ones);
    const Trace shared = simulate("shared", ones);
    QCOMPARE(t.params.block_size, 512);
    QCOMPARE(t.grid_size, 1);
    std::vector<int> active, barriers, strides;
    std::vector<bool> warp_sync;
    for (const Step& s : t.steps) {
        active.push_back(s.counters.active_lanes);
        barriers.push_back(s.counters.barriers);
        warp_sync.push_back(s.warp_barrier);
        strides.push_back(s.stride.value_or(0));
    }
    QCOMPARE(strides, (std::vector<int>{0, 256, 128, 64, 32, 16, 8, 4, 2, 1, 0}));
    QCOMPARE(active, (std::vector<int>{512, 256, 128, 64, 32, 32, 32, 32, 32, 32, 1}));
    QCOMPARE(barriers, (std::vector<int>{1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}));
    QCOMPARE(warp_sync, (std::vector<bool>{false, false, false, false, true, true, true, true, true, true, false}));
    QCOMPARE(t.totals.barriers, 4);
    QCOMPARE(shared.totals.barriers, 9);
    QCOMPARE(shared.totals.barriers - t.totals.barriers, 5);
    QCOMPARE(t.totals.divergent_warp_steps, 1);
    QCOMPARE(shared.totals.divergent_warp_steps, 6);
    QCOMPARE(t.totals.adds, 1152LL);
    QCOMPARE(shared.totals.adds, 1023LL);
    QCOMPARE(t.totals.extra_shared_wavefronts, 0);
    const SharedCounts c = shared_counts(t.steps);
    QCOMPARE(c.ld, 41);
    QCOMPARE(c.st, 36);
    const SharedCounts cs = shared_counts(shared.steps);
    QCOMPARE(c.ld, cs.ld);
    QCOMPARE(c.st, cs.st);
    QCOMPARE(t.result, 1024.0f);
    // The explanation of a warp-synchronous step names its lanes, and the spare ones past the stride.
    const Step& s4 = t.steps[8];  // stride 2
    QCOMPARE(s4.explanation_text.at(0).id, "warp_unrolled.tree");
    QCOMPARE(s4.explanation_text.at(0).args.at(0).count, 32LL);
    QCOMPARE(s4.explanation_text.at(1).id, "warp_unrolled.spare");
    QCOMPARE(s4.explanation_text.at(1).args.at(0).count, 30LL);
}

void TestModel::sums_default_params_data()
{
    QTest::addColumn<QString>("strategy");
    for (const auto& id : modelled())
        if (id != "race")
            QTest::addRow("%s", id.c_str()) << QString::fromStdString(id);
}

void TestModel::sums_default_params()
{
    // Every length 1..4096 with the default parameters.
    QFETCH(QString, strategy);
    const std::string id = strategy.toStdString();
    const std::vector<float> all = sample_values(kMaxInputLength);
    // Values-only traces for the sweep (same arithmetic, no lane records); every 61st length also
    // fully, which must give the same result bit for bit.
    for (int n = 1; n <= kMaxInputLength; ++n) {
        const std::span<const float> x(all.data(), static_cast<std::size_t>(n));
        const Trace t = simulate(id, x, {}, Detail::ValuesOnly);
        if (!within_float32(t, x))
            QFAIL(qPrintable(QStringLiteral("n = %1: result %2, reference %3").arg(n).arg(t.result).arg(t.reference, 0, 'g', 17)));
        QCOMPARE(t.n, n);
        QVERIFY(t.padded_n >= n);
        if (n % 61 == 1 || n == kMaxInputLength) {
            const Trace full = simulate(id, x);
            QCOMPARE(full.result, t.result);
            QCOMPARE(full.steps.size(), t.steps.size());
            QCOMPARE(full.steps.back().values, t.steps.back().values);
        }
    }
}

void TestModel::sums_all_params_data()
{
    QTest::addColumn<QString>("strategy");
    for (const auto& id : modelled())
        if (id != "race")
            QTest::addRow("%s", id.c_str()) << QString::fromStdString(id);
}

void TestModel::sums_all_params()
{
    // Every block size (1..1024) x warp size (4, 8, 16, 32) on a dense sample of lengths around the
    // powers of two, plus coarse factors 1, 3, 64 (for the strategies that use one).
    QFETCH(QString, strategy);
    const std::string id = strategy.toStdString();
    const std::vector<float> all = sample_values(kMaxInputLength, 7);
    // Lengths: 1..64, every 37th up to 4096, and each power of two with its neighbours.
    std::set<int> picked;
    for (int n = 1; n <= 64; ++n)
        picked.insert(n);
    for (int n = 65; n <= kMaxInputLength; n += 37)
        picked.insert(n);
    for (int p2 = 64; p2 <= kMaxInputLength; p2 *= 2)
        for (int n : {p2 - 1, p2, p2 + 1})
            if (n <= kMaxInputLength)
                picked.insert(n);
    const std::vector<int> lengths(picked.begin(), picked.end());
    int checked = 0;
    for (int coarse : {4, 1, 3, 64}) {
        for (int block = 1; block <= 1024; block *= 2) {
            for (int warp : {4, 8, 16, 32}) {
                for (int n : lengths) {
                    if (coarse != 4 && (warp != 32 || n % 5 != 0))
                        continue; // other coarse factors: a thinner sample
                    Params p;
                    p.block_size = block;
                    p.warp_size = warp;
                    p.coarse_factor = coarse;
                    const std::span<const float> x(all.data(), static_cast<std::size_t>(n));
                    const Trace t = simulate(id, x, p, Detail::ValuesOnly);
                    if (!within_float32(t, x))
                        QFAIL(qPrintable(QStringLiteral("n %1 block %2 warp %3 coarse %4: result %5, reference %6")
                                             .arg(n).arg(block).arg(warp).arg(coarse).arg(t.result)
                                             .arg(t.reference, 0, 'g', 17)));
                    QCOMPARE(t.params.block_size, block);
                    ++checked;
                }
            }
        }
    }
    QVERIFY(checked > 800);
}

void TestModel::padding_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("padded");
    QTest::addColumn<std::vector<int>>("padding_lanes");
    // simple, n = 5: block 4 owns 8 elements; lane t owns 2t, 2t+1: lane 3 (6, 7) is all padding.
    QTest::addRow("simple n=5") << "simple" << 5 << 0 << 8 << std::vector<int>{3};
    // shared, n = 3, block 4: lane t owns t, t+4: lane 3 owns 3 and 7, both padding.
    QTest::addRow("shared n=3 block 4") << "shared" << 3 << 4 << 8 << std::vector<int>{3};
    // segmented, n = 9, block 2: 3 blocks of 4 elements; block 2 owns 8..11: lane 5 (9, 11).
    QTest::addRow("segmented n=9 block 2") << "segmented" << 9 << 2 << 12 << std::vector<int>{5};
    // coarsened, n = 10, block 2, C = 4: one block of 16; sid = tid: none padded.
    QTest::addRow("coarsened n=10 block 2") << "coarsened" << 10 << 2 << 16 << std::vector<int>{};
    // atomic_naive, n = 5, block 4: 2 blocks; threads 5, 6, 7 have no element.
    QTest::addRow("atomic_naive n=5 block 4") << "atomic_naive" << 5 << 4 << 8 << std::vector<int>{5, 6, 7};
    // warp_shuffle, n = 3, block 2: 2 blocks; thread 3 has no element.
    QTest::addRow("warp_shuffle n=3 block 2") << "warp_shuffle" << 3 << 2 << 4 << std::vector<int>{3};
    // block_reduce, n = 5, block 4, C = 4: one block of 16 slots; threads 0..3 each own element t
    // (and t + 4 for t = 0): none padded.
    QTest::addRow("block_reduce n=5 block 4") << "block_reduce" << 5 << 4 << 16 << std::vector<int>{};
    // vectorized, n = 2, block 2, C = 4: 32 slots; no whole float4, thread 0 and 1 read the tail.
    QTest::addRow("vectorized n=2 block 2") << "vectorized" << 2 << 2 << 32 << std::vector<int>{};
    // vectorized, n = 9, block 4: two float4 (threads 0, 1) and the tail (thread 0): 2, 3 padded.
    QTest::addRow("vectorized n=9 block 4") << "vectorized" << 9 << 4 << 64 << std::vector<int>{2, 3};
    QTest::addRow("self_reset n=9 block 4") << "self_reset" << 9 << 4 << 64 << std::vector<int>{2, 3};
    QTest::addRow("zero_ahead n=9 block 4") << "zero_ahead" << 9 << 4 << 64 << std::vector<int>{2, 3};
}

void TestModel::padding()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, padded);
    QFETCH(std::vector<int>, padding_lanes);
    Params p;
    p.block_size = block;
    const std::vector<float> x = sample_values(n);
    const Trace t = simulate(strategy.toStdString(), x, p);
    QCOMPARE(t.n, n);
    QCOMPARE(t.padded_n, padded);
    QCOMPARE(static_cast<int>(t.input.size()), padded);
    for (int k = 0; k < padded; ++k)
        QCOMPARE(t.input[static_cast<std::size_t>(k)], k < n ? x[static_cast<std::size_t>(k)] : 0.0f);
    if (strategy == QLatin1String("coarsened")) {
        // The max pads with its own identity.
        const Trace m = simulate("coarsened_max", x, p);
        QCOMPARE(m.input.back(), -std::numeric_limits<float>::infinity());
        QCOMPARE(static_cast<double>(m.result), *std::max_element(x.begin(), x.end()) * 1.0);
    }
    std::vector<int> marked;
    const Step& first = t.steps.front();
    for (std::size_t k = 0; k < first.lanes.size(); ++k)
        if (first.lanes[k].padding)
            marked.push_back(static_cast<int>(k));
    QCOMPARE(marked, padding_lanes);
    QVERIFY(within_float32(t, x));
}

void TestModel::race_loses_updates()
{
    // Worked by hand (docs/design-notes.md: all lanes of a warp read the same *output, the highest
    // lane's store wins, warps run in order). Warp size 4 on [6,2,7,4,5,8,3,1]: warp 0 reads 0 and
    // leaves 0 + 4 = 4; warp 1 reads 4 and leaves 4 + 1 = 5. Lost: 6, 2, 7, 5, 8, 3 = 31.
    Params p;
    p.warp_size = 4;
    const Trace t = simulate("race", kExercise6, p);
    QVERIFY(t.expected_wrong);
    QCOMPARE(t.result, 5.0f);
    QCOMPARE(t.reference, 36.0);
    QCOMPARE(t.lost_value, 31.0);
    const Step& s = t.steps.back();
    QCOMPARE(static_cast<int>(s.atomics.size()), 8);
    std::vector<int> lost;
    double lost_sum = 0;
    for (const AtomicOp& a : s.atomics) {
        QCOMPARE(a.order, static_cast<int>(&a - s.atomics.data()));
        if (a.lost) {
            lost.push_back(a.lane);
            lost_sum += a.operand;
        }
    }
    QCOMPARE(lost, (std::vector<int>{0, 1, 2, 4, 5, 6}));
    QCOMPARE(lost_sum, t.lost_value);
    QCOMPARE(s.atomics[5].before, 4.0); // warp 1 read the value warp 0 left
    QCOMPARE(s.counters.atomics, 0);    // plain loads and stores, no atomic instruction
    QCOMPARE(s.output, std::optional<float>(5.0f));
    // Warp size 32, one block of 8: one warp, only the last lane's update survives.
    Params one_block;
    one_block.block_size = 8;
    QCOMPARE(simulate("race", kExercise6, one_block).result, 1.0f);
    // atomic_naive on the same input serialises all 8 and is exact.
    const Trace a = simulate("atomic_naive", kExercise6, p);
    QCOMPARE(a.result, 36.0f);
    QCOMPARE(a.totals.atomics, 8);
    QVERIFY(!a.expected_wrong);
    // Longer input: the lost value is the sum of the overwritten operands.
    const std::vector<float> x = sample_values(1000);
    const Trace big = simulate("race", x);
    double big_lost = 0;
    int lost_count = 0;
    for (const AtomicOp& op : big.steps.back().atomics)
        if (op.lost) {
            big_lost += op.operand;
            ++lost_count;
        }
    QCOMPARE(lost_count, 1000 - 32); // one survivor per warp of 32 (1000 = 31 full warps + 8)
    QVERIFY(std::fabs(big_lost - big.lost_value) < 1e-3 * (1 + std::fabs(big_lost)));
}

// The atomic-order seed interleaves race's warps (model::race_schedule): on 1024 ones, block 256
// (32 warps of 32), seed 0 is the model's own order (32: one survivor per warp); other seeds give
// other results, each one exact: the lost records count 1024 - result, the lost value is their sum,
// and the strict trace reader accepts the trace (every `before` the value the last kept store left).
void TestModel::race_varies_with_the_seed()
{
    const std::vector<float> ones(1024, 1.0f);
    std::set<float> results;
    for (const int seed : {0, 7, 42, 1234, 99999}) {
        Params p;
        p.atomic_order = seed;
        const Trace t = simulate("race", ones, p);
        const LostUpdates lost = lost_updates(t);
        QCOMPARE(lost.updates, 1024);
        QCOMPARE(lost.lost, 1024 - static_cast<int>(t.result));
        QCOMPARE(t.lost_value, 1024.0 - t.result);
        QCOMPARE(t.steps.back().output, std::optional<float>(t.result));
        int kept = 0;
        for (const AtomicOp& a : t.steps.back().atomics)
            kept += a.lost ? 0 : 1;
        QCOMPARE(kept, static_cast<int>(t.result));  // each kept store adds one 1
        if (seed == 0)
            QCOMPARE(t.result, 32.0f);
        QVERIFY2(results.insert(t.result).second, ("seed " + std::to_string(seed) + " repeats " + std::to_string(t.result)).c_str());
        const TraceFileResult back = read_trace_file(trace_to_json(t, true).dump());
        QVERIFY2(back.error.empty(), back.error.c_str());
        QCOMPARE(back.file->trace.result, t.result);
        // The same seed is the same interleaving on every call.
        QCOMPARE(simulate("race", ones, p).result, t.result);
    }
    // Any values: the result is the kept operands' chain, the lost value the sum of the others.
    const std::vector<float> x = sample_values(1000);
    for (const int seed : {3, 500000}) {
        Params p;
        p.atomic_order = seed;
        const Trace t = simulate("race", x, p);
        double lost_sum = 0, kept_sum = 0;
        for (const AtomicOp& a : t.steps.back().atomics)
            (a.lost ? lost_sum : kept_sum) += a.operand;
        QVERIFY(std::fabs(lost_sum - t.lost_value) < 1e-3 * (1 + std::fabs(lost_sum)));
        QVERIFY(std::fabs(kept_sum - t.result) < 1e-3 * (1 + std::fabs(kept_sum)));
        QVERIFY(read_trace_file(trace_to_json(t, true).dump()).error.empty());
    }
}

// PMPP's count (chapter 10): the tree's strides, then the final write, apart. simple and
// convergent on 8 values (block 4): strides 1, 2, 4 / 4, 2, 1, then thread 0 writes the result;
// shared loads first; two_pass's second kernel counts its own strides.
void TestModel::step_phase_counts_strides_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("values");
    QTest::addColumn<QString>("phases");  // L load, W write, M merge, O other, "s/n" a stride
    QTest::addRow("simple 8") << "simple" << 8 << "1/3 2/3 3/3 W";
    QTest::addRow("convergent 8") << "convergent" << 8 << "1/3 2/3 3/3 W";
    QTest::addRow("shared 8") << "shared" << 8 << "L 1/2 2/2 W";
    QTest::addRow("atomic_naive 8") << "atomic_naive" << 8 << "L M";
}

void TestModel::step_phase_counts_strides()
{
    QFETCH(QString, strategy);
    QFETCH(int, values);
    QFETCH(QString, phases);
    std::vector<float> x(static_cast<std::size_t>(values));
    std::iota(x.begin(), x.end(), 1.0f);
    const Trace t = simulate(strategy.toStdString(), x);
    QStringList got;
    for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
        const StepPhase p = step_phase(t, k);
        switch (p.kind) {
        case StepKind::Stride: got << QStringLiteral("%1/%2").arg(p.index).arg(p.count); break;
        case StepKind::Write: got << "W"; break;
        case StepKind::Load: got << "L"; break;
        case StepKind::Merge: got << "M"; break;
        case StepKind::Other: got << "O"; break;
        }
    }
    QCOMPARE(got.join(' '), phases);
    QCOMPARE(step_phase(t, -1).kind, StepKind::Other);
    QCOMPARE(step_phase(t, static_cast<int>(t.steps.size())).kind, StepKind::Other);
}

void TestModel::float_order_follows_the_kernel_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<float>("result");
    // Input [1e8, 1, -1e8, 1] (float64 sum 2); float32 has 24-bit significands, so 1e8 + 1 == 1e8.
    // simple (block 2): stride 1 gives 1e8 + 1 = 1e8 and -1e8 + 1 = -1e8, stride 2 gives 0.
    QTest::addRow("simple") << "simple" << 0.0f;
    // convergent (block 2): stride 2 gives 1e8 + -1e8 = 0 and 1 + 1 = 2, stride 1 gives 2.
    QTest::addRow("convergent") << "convergent" << 2.0f;
    // convergent_reversed: stride 2 adds input[t] into input[t+2]: -1e8 + 1e8 = 0, 1 + 1 = 2; then 2.
    QTest::addRow("convergent_reversed") << "convergent_reversed" << 2.0f;
    // atomic_naive, serialised in thread order: ((0 + 1e8) + 1) + -1e8 + 1 = 0 + 1 = 1.
    QTest::addRow("atomic_naive") << "atomic_naive" << 1.0f;
}

void TestModel::float_order_follows_the_kernel()
{
    QFETCH(QString, strategy);
    QFETCH(float, result);
    const Trace t = simulate(strategy.toStdString(), std::vector<float>{1e8f, 1, -1e8f, 1});
    QCOMPARE(t.reference, 2.0);
    QCOMPARE(t.result, result);
}

void TestModel::warp_shuffle_registers_by_hand()
{
    // warp_shuffle, warp size 4, block 8, on [6,2,7,4,5,8,3,1]. Offset 2: lane l adds lane l+2;
    // lanes 2 and 3 have no partner in the warp and add their own value:
    //   warp 0 [6,2,7,4] -> [13, 6, 14, 8], warp 1 [5,8,3,1] -> [8, 9, 6, 2]
    // Offset 1: [19, 20, 22, 16] and [17, 15, 8, 4]. Lane 0 of each warp: 19 and 17.
    Params p;
    p.warp_size = 4;
    p.block_size = 8;
    const Trace t = simulate("warp_shuffle", kExercise6, p);
    QCOMPARE(t.steps.size(), std::size_t{4});
    QCOMPARE(t.steps[1].stride, std::optional<int>(2));
    QCOMPARE(t.steps[1].values, (std::vector<float>{13, 6, 14, 8, 8, 9, 6, 2}));
    QCOMPARE(t.steps[2].values, (std::vector<float>{19, 20, 22, 16, 17, 15, 8, 4}));
    QCOMPARE(t.steps[1].lanes[2].reads, (std::vector<std::int32_t>{2})); // its own register
    QCOMPARE(t.steps[1].lanes[0].reads, (std::vector<std::int32_t>{2}));
    const Step& merge = t.steps[3];
    QCOMPARE(static_cast<int>(merge.atomics.size()), 2);
    QCOMPARE(merge.atomics[0].operand, 19.0);
    QCOMPARE(merge.atomics[1].before, 19.0);
    QCOMPARE(merge.atomics[1].after, 36.0);
    QCOMPARE(t.totals.divergent_warp_steps, 2); // lane 0 only, in each of the 2 warps
    QCOMPARE(t.totals.barriers, 0);
}

void TestModel::step_structure_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QStringList>("tags");
    // Default params on 8 values (warp 32): the order of step tags. Multi-block strategies get the
    // small-input block size (model::resolve): segmented and coarsened block 2, race block 4.
    QTest::addRow("simple") << "simple" << QStringList{"tree", "tree", "tree", "write"};
    QTest::addRow("shared") << "shared" << QStringList{"load", "tree", "tree", "write"};
    QTest::addRow("interleaved_padded") << "interleaved_padded" << QStringList{"load", "tree", "tree", "write"};
    QTest::addRow("warp_unrolled") << "warp_unrolled" << QStringList{"load", "tree", "tree", "write"};
    QTest::addRow("segmented") << "segmented" << QStringList{"load", "tree", "atomic"};
    QTest::addRow("coarsened") << "coarsened" << QStringList{"load+coarsen", "tree", "atomic"};
    QTest::addRow("race") << "race" << QStringList{"load", "atomic"};
    const QStringList shuffles{"shuffle", "shuffle", "shuffle", "shuffle", "shuffle"};
    const QStringList final_shuffles{"final_warp+shuffle", "final_warp+shuffle", "final_warp+shuffle",
                                     "final_warp+shuffle", "final_warp+shuffle"};
    QTest::addRow("warp_shuffle") << "warp_shuffle" << (QStringList{"load"} + shuffles + QStringList{"atomic"});
    const QStringList block = QStringList{"coarsen"} + shuffles + QStringList{"warp_partial", "final_warp"} + final_shuffles;
    QTest::addRow("block_reduce") << "block_reduce" << (block + QStringList{"atomic"});
    QStringList second;
    for (const QString& s : shuffles + QStringList{"warp_partial", "final_warp"} + final_shuffles)
        second << "second_pass+" + s;
    QTest::addRow("two_pass") << "two_pass" << (block + QStringList{"write", "second_pass"} + second + QStringList{"second_pass"});
    QStringList after_sync;
    for (const QString& s : shuffles + QStringList{"warp_partial", "final_warp"} + final_shuffles)
        after_sync << "grid_sync+" + s;
    QTest::addRow("grid_sync") << "grid_sync" << (block + QStringList{"write", "grid_sync"} + after_sync + QStringList{"grid_sync"});
    QTest::addRow("vectorized") << "vectorized" << (block + QStringList{"atomic"});
    QTest::addRow("self_reset") << "self_reset"
                                << (QStringList{"coarsen", "reset"} + block.mid(1) + QStringList{"atomic"});
    QTest::addRow("zero_ahead") << "zero_ahead"
                                << (QStringList{"coarsen", "reset"} + block.mid(1) + QStringList{"atomic"});
}

void TestModel::step_structure()
{
    QFETCH(QString, strategy);
    QFETCH(QStringList, tags);
    const Trace t = simulate(strategy.toStdString(), kExercise6);
    QStringList got;
    const QString prefix = "@" + strategy + ".";
    for (const Step& s : t.steps) {
        QStringList parts;
        for (const std::string& m : s.source_markers) {
            const QString q = QString::fromStdString(m);
            QVERIFY(q.startsWith(prefix));
            parts << q.mid(prefix.size());
        }
        got << parts.join('+');
        // Every step says what it does and has a lane record per thread of its kernel.
        QVERIFY(!s.label.empty());
        QVERIFY(!s.explanation.empty());
        QVERIFY(!s.lanes.empty());
        int warp_lanes = 0;
        for (const WarpRecord& w : s.warps)
            warp_lanes += w.live_lanes;
        int live = 0;
        for (const LaneRecord& l : s.lanes)
            live += l.state != LaneState::Exited ? 1 : 0;
        QCOMPARE(warp_lanes, live);
        QCOMPARE(static_cast<int>(s.lanes.size()), s.block_dim * s.grid_dim);
        const bool second_kernel = s.source_markers.front() == "@two_pass.second_pass";
        QCOMPARE(s.block_dim, second_kernel ? 1024 : t.params.block_size);
        QCOMPARE(s.grid_dim, second_kernel ? 1 : t.grid_size);
    }
    QCOMPARE(got, tags);
    // race: two blocks of 4, one warp each; the last lane of each wins: 0 + 4, then 4 + 1.
    QCOMPARE(t.result, strategy == QLatin1String("race") ? 5.0f : 36.0f);
}

void TestModel::bad_input_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<int>("banks");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::addRow("unknown id") << "fastest" << 8 << 0 << 32 << 4 << 32 << "strategy" << "strategy must be one of";
    QTest::addRow("benchmark-only id") << "cub" << 8 << 0 << 32 << 4 << 32 << "strategy" << "benchmark-only";
    QTest::addRow("empty input") << "simple" << 0 << 0 << 32 << 4 << 32 << "input" << "input must hold 1..4096 values (got 0)";
    QTest::addRow("too long") << "simple" << 4097 << 0 << 32 << 4 << 32 << "input" << "input must hold 1..4096 values (got 4097)";
    QTest::addRow("block 3") << "simple" << 8 << 3 << 32 << 4 << 32 << "block-size" << "block-size must be a power of two in 1..1024 (got 3)";
    QTest::addRow("block 2048") << "convergent" << 8 << 2048 << 32 << 4 << 32 << "block-size" << "(got 2048)";
    QTest::addRow("block -4") << "convergent" << 8 << -4 << 32 << 4 << 32 << "block-size" << "(got -4)";
    QTest::addRow("warp 64") << "simple" << 8 << 0 << 64 << 4 << 32 << "warp-size" << "warp-size must be 32, or 4, 8 or 16";
    QTest::addRow("warp 2") << "simple" << 8 << 0 << 2 << 4 << 32 << "warp-size" << "(got 2)";
    QTest::addRow("coarse 0") << "coarsened" << 8 << 0 << 32 << 0 << 32 << "coarse-factor" << "coarse-factor must be in 1..64 (got 0)";
    QTest::addRow("coarse 65") << "coarsened" << 8 << 0 << 32 << 65 << 32 << "coarse-factor" << "(got 65)";
    QTest::addRow("banks 12") << "shared" << 8 << 0 << 32 << 4 << 12 << "banks" << "banks must be 32, or 4, 8 or 16 (got 12)";
}

void TestModel::bad_input()
{
    QFETCH(QString, strategy);
    QFETCH(int, length);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, coarse);
    QFETCH(int, banks);
    QFETCH(QString, field);
    QFETCH(QString, message);
    Params p{block, warp, coarse, banks};
    const auto err = validate(strategy.toStdString(), static_cast<std::size_t>(length), p);
    QVERIFY(err.has_value());
    QCOMPARE(QString::fromStdString(err->field), field);
    QVERIFY2(QString::fromStdString(err->message).contains(message), err->message.c_str());
    const std::vector<float> x(static_cast<std::size_t>(length), 1.0f);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulate(strategy.toStdString(), x, p));
}

void TestModel::parse_input_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<std::vector<float>>("values");
    const float inf = std::numeric_limits<float>::infinity();
    QTest::addRow("commas") << "6,2,7,4,5,8,3,1" << true << kExercise6;
    QTest::addRow("spaces and commas") << " 6, 2 7\t4,5 ,8,3,1 " << true << kExercise6;
    QTest::addRow("inf") << "inf,-inf,+2.5,1e3" << true << std::vector<float>{inf, -inf, 2.5f, 1000.0f};
    QTest::addRow("empty") << "" << false << std::vector<float>{};
    QTest::addRow("blank") << "  , " << false << std::vector<float>{};
    QTest::addRow("word") << "1,two,3" << false << std::vector<float>{};
    QTest::addRow("double comma") << "1,,3" << false << std::vector<float>{};
    QTest::addRow("trailing comma") << "1,3," << false << std::vector<float>{};
    QTest::addRow("out of float range") << "1e39" << false << std::vector<float>{};
    QTest::addRow("4097 values") << QString("1,").repeated(4096) + "1" << false << std::vector<float>{};
}

void TestModel::parse_input()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(std::vector<float>, values);
    const std::string s = text.toStdString();
    const ParsedInput p = reducescope::model::parse_input(s);
    QCOMPARE(!p.error.has_value(), ok);
    if (ok) {
        QCOMPARE(p.values, values);
    } else {
        QCOMPARE(QString::fromStdString(p.error->field), QStringLiteral("input"));
        QVERIFY(p.values.empty());
    }
    // NaN compares unequal, so it is checked on its own.
    const ParsedInput n = reducescope::model::parse_input("1, nan, 2");
    QVERIFY(!n.error);
    QVERIFY(std::isnan(n.values[1]));
}

void TestModel::nan_inf_data()
{
    QTest::addColumn<QString>("strategy");
    for (const auto& id : modelled())
        QTest::addRow("%s", id.c_str()) << QString::fromStdString(id);
}

void TestModel::nan_inf()
{
    QFETCH(QString, strategy);
    const std::string id = strategy.toStdString();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const bool max = id == "coarsened_max";
    const bool race = id == "race";
    Params p;
    p.warp_size = 4; // race: several warps, so the last lane of each decides
    {
        // NaN propagates through a sum; fmaxf ignores a NaN operand (CUDA and IEEE maxNum).
        const Trace t = simulate(id, std::vector<float>{1, 2, 3, nan, 5, 6, 7, 8}, p);
        if (max)
            QCOMPARE(t.result, 8.0f);
        else
            QVERIFY2(std::isnan(t.result), std::to_string(t.result).c_str());
    }
    {
        const Trace t = simulate(id, std::vector<float>{1, 2, 3, inf, 5, 6, 7, 8}, p);
        if (race)
            QVERIFY(std::isinf(t.result) || t.result == 16.0f); // depends on which store survives
        else
            QCOMPARE(t.result, inf);
    }
    {
        const Trace t = simulate(id, std::vector<float>{inf, 2, 3, 4, -inf, 6, 7, 8}, p);
        if (max)
            QCOMPARE(t.result, inf);
        else if (!race)
            QVERIFY(std::isnan(t.result)); // inf + -inf
    }
}

void TestModel::json_round_trip_data()
{
    QTest::addColumn<QString>("strategy");
    for (const auto& id : modelled())
        QTest::addRow("%s", id.c_str()) << QString::fromStdString(id);
}

void TestModel::json_round_trip()
{
    QFETCH(QString, strategy);
    Params p;
    p.warp_size = 4;
    p.block_size = 4;
    std::vector<float> x = sample_values(37);
    x[5] = std::numeric_limits<float>::infinity();
    const Trace t = simulate(strategy.toStdString(), x, p);
    const nlohmann::json j = trace_to_json(t);
    QCOMPARE(j.at("strategy").get<std::string>(), t.strategy);
    QCOMPARE(j.at("params").at("n").get<int>(), 37);
    QCOMPARE(j.at("input").at(5).get<std::string>(), std::string("inf"));
    QCOMPARE(j.at("steps").size(), t.steps.size());
    const Trace back = trace_from_json(nlohmann::json::parse(j.dump()));
    QCOMPARE(trace_to_json(back).dump(), j.dump());
}

// Every trace the writer emits passes the strict reader (read_trace_file) and writes back the same
// bytes: every catalogue strategy with a model, one block and several blocks, a teaching warp of 4,
// and the fuzz finding's parameters (grid_sync, n = 8, block 4, coarse 4, warp 32). Each trace is
// also written without lanes, read, and written WITH lanes: the steps read without lane records
// must not come back as "lanes": [] (docs/reliability.md, fuzz finding trace_file-11d4cbaf).
void TestModel::trace_file_round_trip_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("coarse");
    struct Shape {
        const char* name;
        int n, block, warp, coarse;
    };
    const Shape shapes[] = {
        {"n8-b4-w32-c4", 8, 4, 32, 4},      // the fuzz finding's parameters
        {"n8-b8-w32-c1", 8, 8, 32, 1},      // one block, exercise 6
        {"n37-b4-w4-c2", 37, 4, 4, 2},      // several blocks, teaching warp of 4, padding
        {"n150-b64-w32-c1", 150, 64, 32, 1},  // three blocks of two warps
        {"n1-b1-w32-c1", 1, 1, 32, 1},      // one lane
    };
    for (const auto& id : modelled())
        for (const Shape& sh : shapes)
            QTest::addRow("%s/%s", id.c_str(), sh.name)
                << QString::fromStdString(id) << sh.n << sh.block << sh.warp << sh.coarse;
}

void TestModel::trace_file_round_trip()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, coarse);
    Params p;
    p.block_size = block;
    p.warp_size = warp;
    p.coarse_factor = coarse;
    const std::vector<float> x = n == 8 ? kExercise6 : sample_values(n);
    const Trace t = simulate(strategy.toStdString(), x, p);
    QVERIFY(!t.steps.empty());
    for (const Step& s : t.steps)
        QCOMPARE(s.lanes.size(), static_cast<std::size_t>(s.block_dim) * static_cast<std::size_t>(s.grid_dim));

    const std::string written = trace_to_json(t).dump();
    const TraceFileResult back = read_trace_file(written);
    QVERIFY2(back.file.has_value(), back.error.c_str());
    QCOMPARE(back.file->trace.steps.size(), t.steps.size());
    QCOMPARE(back.file->trace.result, t.result);
    QCOMPARE(trace_to_json(back.file->trace).dump(), written);

    // Without lanes: read, then written with lanes (the app's and the fuzzer's path) and read again.
    const nlohmann::json slim = trace_to_json(t, false);
    const TraceFileResult slim_back = read_trace_file(slim.dump());
    QVERIFY2(slim_back.file.has_value(), slim_back.error.c_str());
    for (const Step& s : slim_back.file->trace.steps)
        QCOMPARE(s.lanes.size(), std::size_t{0});
    const nlohmann::json rewritten = trace_to_json(slim_back.file->trace);
    for (const nlohmann::json& s : rewritten.at("steps"))
        QVERIFY(!s.contains("lanes"));
    const TraceFileResult again = read_trace_file(rewritten.dump());
    QVERIFY2(again.file.has_value(), again.error.c_str());
    QCOMPARE(trace_to_json(again.file->trace).dump(), rewritten.dump());
}

// The fuzzer's input (tests/fuzz/crashes/trace_file-11d4cbaf.json): a grid_sync trace whose step 22
// has its "lanes" key mangled to "lanKs". The reader accepts it (unknown keys are ignored, lanes
// are optional); writing it back used to emit "lanes": [] for that step, which the reader refused
// with "steps[22].lanes must hold block_dim x grid_dim = 4 entries (got 0)".
void TestModel::trace_file_fuzz_finding()
{
    const QString path = QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/fuzz/crashes/trace_file-11d4cbaf.json");
    QVERIFY2(QFileInfo::exists(path), qPrintable(path + QStringLiteral(" not found")));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const TraceFileResult r = read_trace_file(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    QVERIFY2(r.file.has_value(), r.error.c_str());
    const Trace& t = r.file->trace;
    QCOMPARE(t.strategy, std::string("grid_sync"));
    QCOMPARE(t.steps.size(), std::size_t{28});
    QCOMPARE(t.result, 36.0f);  // 6+2+7+4+5+8+3+1
    QCOMPARE(t.steps[22].lanes.size(), std::size_t{0});
    QCOMPARE(t.steps[21].lanes.size(), std::size_t{4});
    const nlohmann::json written = trace_to_json(t);
    QVERIFY(!written.at("steps").at(22).contains("lanes"));
    QCOMPARE(written.at("steps").at(21).at("lanes").size(), std::size_t{4});
    const TraceFileResult again = read_trace_file(written.dump());
    QVERIFY2(again.file.has_value(), again.error.c_str());
    QCOMPARE(trace_to_json(again.file->trace), written);
}

void TestModel::tags_exist_in_kernel_sources()
{
    QVERIFY2(!kernel_source_files().empty(), "no kernel sources embedded (kernels/cuda/*.cu): nothing to check the step tags against");
    std::set<std::string> missing;
    int checked = 0;
    // One block (write steps) and many blocks (atomic merges) of every strategy.
    Params many;
    many.block_size = 1;
    std::vector<std::pair<std::string, Params>> runs;
    for (const auto& id : modelled()) {
        runs.emplace_back(id, Params{});
        runs.emplace_back(id, many);
    }
    for (const auto& [id, params] : runs) {
        const Trace t = simulate(id, kExercise6, params);
        if (kernel_source(t.source_file).empty()) {
            missing.insert(t.source_file + " (file not embedded)");
            continue;
        }
        for (const Step& s : t.steps) {
            for (const std::string& m : s.source_markers) {
                ++checked;
                if (marker_lines(t.source_file, m).empty())
                    missing.insert(t.source_file + ": " + m);
            }
            if (!s.source_markers.empty())
                QVERIFY(!s.source_lines.empty() || !missing.empty());
        }
    }
    QVERIFY(checked > 0);
    std::string list;
    for (const auto& m : missing)
        list += "\n  " + m;
    QVERIFY2(missing.empty(), ("step tags missing in the embedded kernel sources:" + list).c_str());
}

void TestModel::coarsened_max_every_lane_runs_the_load()
{
    // Found by gpu_recording_match on the H200 (n=8 block=32 coarse=1): the model had only
    // the lanes with an element (0-7) active in the load+coarsen step, the GPU recorded all 32.
    // The kernel is the judge: `maximum = i < n ? input[i] : -CUDART_INF_F` is a select, not a
    // branch, so every lane runs it (past the end it takes -inf without loading) and every lane
    // stores sdata[tid] = maximum; only the later tiles' fmaxf is guarded (`if (j < n)`). Every
    // lane is active, as in `coarsened` (load_or_zero); padding lanes read nothing.
    Params p;
    p.block_size = 32;
    p.coarse_factor = 1;
    const Trace t = simulate("coarsened_max", kExercise6, p);
    QCOMPARE(t.grid_size, 1);
    const Step& first = t.steps.front();
    QCOMPARE(first.source_markers, (std::vector<std::string>{"@coarsened_max.load", "@coarsened_max.coarsen"}));
    QCOMPARE(first.warps.size(), std::size_t{1});
    std::vector<int> all(32);
    std::iota(all.begin(), all.end(), 0);
    QCOMPARE(first.warps[0].active_lanes, all);
    QVERIFY(!first.warps[0].divergent);
    QCOMPARE(first.counters.divergent_warps, 0);
    const float inf = std::numeric_limits<float>::infinity();
    for (int k = 0; k < 32; ++k) {
        const LaneRecord& l = first.lanes[static_cast<std::size_t>(k)];
        QCOMPARE(l.state, LaneState::Active);
        QCOMPARE(l.padding, k >= 8);
        QCOMPARE(l.writes, std::vector<std::int32_t>{k});  // sdata[tid]
        QCOMPARE(l.reads, k < 8 ? std::vector<std::int32_t>{k} : std::vector<std::int32_t>{});
        QCOMPARE(first.values[static_cast<std::size_t>(k)], k < 8 ? kExercise6[static_cast<std::size_t>(k)] : -inf);
    }
    // The sum kernel's load step has the same lanes.
    const Trace sum = simulate("coarsened", kExercise6, p);
    QCOMPARE(sum.steps.front().warps[0].active_lanes, all);
    QCOMPARE(t.result, 8.0f);
}

void TestModel::grid_sync_keeps_other_blocks_warp_sums()
{
    // Found by gpu_recording_match on the H200 (n=33 block=32 coarse=1, two blocks): after
    // grid.sync() block 0 reuses `__shared__ warp_sums`; block 1's array still holds what its warp
    // stored in the first phase (nothing clears shared memory), and the GPU shows it there. The
    // model used to show 0 for block 1's words in the second phase's warp-partial step.
    Params p;
    p.block_size = 32;
    p.coarse_factor = 1;
    const std::vector<std::string> first_phase{"@grid_sync.warp_partial"};
    const std::vector<std::string> second_phase{"@grid_sync.grid_sync", "@grid_sync.warp_partial"};
    {
        // By hand: 33 ones, block 0 sums 32 and block 1 sums 1; then block 0 stores 32 + 1.
        const Trace t = simulate("grid_sync", std::vector<float>(33, 1.0f), p);
        QCOMPARE(t.grid_size, 2);
        const Step* a = step_with_markers(t, first_phase);
        const Step* b = step_with_markers(t, second_phase);
        QVERIFY(a && b);
        QCOMPARE(a->values, (std::vector<float>{32.0f, 1.0f}));
        QCOMPARE(b->values, (std::vector<float>{33.0f, 1.0f}));
        QCOMPARE(t.result, 33.0f);
    }
    {
        // The recording's input: values[1] was recorded as 8.99799442 (model: 0).
        const Trace t = simulate("grid_sync", recording_match_values(33), p);
        const Step* a = step_with_markers(t, first_phase);
        const Step* b = step_with_markers(t, second_phase);
        QVERIFY(a && b);
        QCOMPARE(b->values.size(), std::size_t{2});
        QCOMPARE(b->values[1], a->values[1]);
        QCOMPARE(b->values[1], 8.99799442f);
    }
    {
        // Block 64 (two warps per block) and three blocks: block 0's words are overwritten, the
        // others keep the first phase's.
        p.block_size = 64;
        const Trace t = simulate("grid_sync", recording_match_values(150), p);
        QCOMPARE(t.grid_size, 3);
        const Step* a = step_with_markers(t, first_phase);
        const Step* b = step_with_markers(t, second_phase);
        QVERIFY(a && b);
        QCOMPARE(b->values.size(), std::size_t{6});
        for (std::size_t k = 2; k < 6; ++k)
            QCOMPARE(b->values[k], a->values[k]);
    }
}


// self_reset (reduce_warp.cu) runs vectorized's additions in vectorized's order; it only adds the
// reset step: one ticket per block (thread 0), *output = 0 after it, and the same atomics.
// Every step of `t` but its step 1 (the one step it adds) is `vectorized`'s step, value for value
// and with as many atomics (self_reset, zero_ahead).
static void compare_with_vectorized_but_step_1(const Trace& vectorized, const Trace& t)
{
    for (std::size_t i = 0, j = 0; i < vectorized.steps.size(); ++i, ++j) {
        if (j == 1)
            ++j;
        QCOMPARE(t.steps[j].values, vectorized.steps[i].values);
        QCOMPARE(t.steps[j].atomics.size(), vectorized.steps[i].atomics.size());
    }
}

void TestModel::self_reset_is_vectorized_plus_reset_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<int>("grid");
    QTest::addRow("seed array, defaults") << 8 << 0 << 4 << 1;
    QTest::addRow("n=1000 block 32 C=1") << 1000 << 32 << 1 << 8;     // ceil(1000 / (4*1*32))
    QTest::addRow("n=4095 block 64 C=4") << 4095 << 64 << 4 << 4;     // ceil(4095 / 1024), tail of 3
    QTest::addRow("n=1 block 32 C=2") << 1 << 32 << 2 << 1;
}

void TestModel::self_reset_is_vectorized_plus_reset()
{
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, coarse);
    QFETCH(int, grid);
    Params p;
    p.block_size = block;
    p.coarse_factor = coarse;
    const std::vector<float> x = n == 8 ? kExercise6 : sample_values(n, 7);
    const Trace v = simulate("vectorized", x, p);
    const Trace r = simulate("self_reset", x, p);
    QCOMPARE(r.grid_size, grid);
    QCOMPARE(v.grid_size, grid);
    QCOMPARE(r.steps.size(), v.steps.size() + 1);
    QCOMPARE(r.result, v.result);  // same float additions in the same order (model: blocks in order)
    double sum = 0;
    for (float f : x)
        sum += f;
    QVERIFY(std::fabs(r.result - sum) <= 1e-3 * (1 + std::fabs(sum)));
    const Step& reset = r.steps[1];
    QCOMPARE(reset.source_markers, std::vector<std::string>{"@self_reset.reset"});
    QVERIFY(!reset.source_lines.empty());
    QCOMPARE(static_cast<int>(reset.atomics.size()), grid);  // one ticket per block
    for (int b = 0; b < grid; ++b) {
        QCOMPARE(reset.atomics[static_cast<std::size_t>(b)].before, double(b));
        QCOMPARE(reset.lanes[static_cast<std::size_t>(b * r.params.block_size)].state, LaneState::Active);
    }
    int active = 0;
    for (const LaneRecord& l : reset.lanes)
        active += l.state == LaneState::Active ? 1 : 0;
    QCOMPARE(active, grid);  // thread 0 of each block, no one else
    QVERIFY(reset.output.has_value());
    QCOMPARE(*reset.output, 0.0f);
    // Every other step is vectorized's, value for value.
    compare_with_vectorized_but_step_1(v, r);
}

// zero_ahead = vectorized plus one step: thread 0 of block 0 zeroes ring[(e + 1) % 3] (word 1 of
// the output ring in the model's launch e = 0), with no atomic and no other lane; every other step
// is vectorized's, value for value, and the result is the same float.
void TestModel::zero_ahead_is_vectorized_plus_reset_ahead_data()
{
    self_reset_is_vectorized_plus_reset_data();  // the same shapes and grids
}

void TestModel::zero_ahead_is_vectorized_plus_reset_ahead()
{
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, coarse);
    QFETCH(int, grid);
    Params p;
    p.block_size = block;
    p.coarse_factor = coarse;
    const std::vector<float> x = n == 8 ? kExercise6 : sample_values(n, 7);
    const Trace v = simulate("vectorized", x, p);
    const Trace z = simulate("zero_ahead", x, p);
    QCOMPARE(z.grid_size, grid);
    QCOMPARE(z.steps.size(), v.steps.size() + 1);
    QCOMPARE(z.result, v.result);
    const Step& reset = z.steps[1];
    QCOMPARE(reset.source_markers, std::vector<std::string>{"@zero_ahead.reset"});
    QVERIFY(!reset.source_lines.empty());
    QCOMPARE(reset.atomics.size(), std::size_t{0});
    int active = 0;
    for (const LaneRecord& l : reset.lanes)
        active += l.state == LaneState::Active ? 1 : 0;
    QCOMPARE(active, 1);
    QCOMPARE(reset.lanes.front().state, LaneState::Active);
    QCOMPARE(reset.global_accesses.size(), std::size_t{1});
    QCOMPARE(reset.global_accesses.front().kind, AccessKind::Write);
    QCOMPARE(reset.global_accesses.front().elements.front(), std::int64_t{1});  // lane 0: ring[(0 + 1) % 3]
    QVERIFY(reset.output.has_value());
    QCOMPARE(*reset.output, 0.0f);
    compare_with_vectorized_but_step_1(v, z);
    QCOMPARE(z.steps.back().atomics.size(), static_cast<std::size_t>(grid));  // one atomicAdd per block
}

// Global RED sectors (model::red_sectors): one sector per lane that issues
// atomicAdd(output, x); same-address lanes of a warp are not merged. The block-256 / C=4 rows are
// the figures Nsight Compute measured on the H200 (docs/results/h200-2026-11-30/check-223f496/
// ncu_traffic.md: atomic_naive 1000 / 1024 / 4096 RED sectors, one per thread i < n); the other
// rows count by hand: one per block, one per warp (lane 0), none for the CAS max, race, stores.
void TestModel::red_sectors_per_issuing_lane_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("coarse");
    QTest::addColumn<long long>("sectors");
    // H200, ncu, block 256, C=4 (check-223f496).
    QTest::addRow("atomic_naive n=1000 (H200: 1000)") << "atomic_naive" << 1000 << 256 << 4 << 1000LL;
    QTest::addRow("atomic_naive n=1024 (H200: 1024)") << "atomic_naive" << 1024 << 256 << 4 << 1024LL;
    QTest::addRow("atomic_naive n=4096 (H200: 4096)") << "atomic_naive" << 4096 << 256 << 4 << 4096LL;
    QTest::addRow("warp_shuffle n=1000 (H200: 32)") << "warp_shuffle" << 1000 << 256 << 4 << 32LL;
    QTest::addRow("warp_shuffle n=4096 (H200: 128)") << "warp_shuffle" << 4096 << 256 << 4 << 128LL;
    QTest::addRow("simple n=1000 (H200: 2)") << "simple" << 1000 << 256 << 4 << 2LL;
    QTest::addRow("segmented n=4096 (H200: 8)") << "segmented" << 4096 << 256 << 4 << 8LL;
    QTest::addRow("coarsened n=4096 (H200: 2)") << "coarsened" << 4096 << 256 << 4 << 2LL;
    QTest::addRow("block_reduce n=4096 (H200: 4)") << "block_reduce" << 4096 << 256 << 4 << 4LL;
    QTest::addRow("vectorized n=4096 (H200: 1)") << "vectorized" << 4096 << 256 << 4 << 1LL;
    QTest::addRow("self_reset n=4096 (H200: 1)") << "self_reset" << 4096 << 256 << 4 << 1LL;
    QTest::addRow("zero_ahead n=4096: one block, one atomic") << "zero_ahead" << 4096 << 256 << 4 << 1LL;
    QTest::addRow("zero_ahead n=4095 block 32 C=1: 32 blocks") << "zero_ahead" << 4095 << 32 << 1 << 32LL;
    QTest::addRow("coarsened_max n=4096 (H200: 0, CAS)") << "coarsened_max" << 4096 << 256 << 4 << 0LL;
    QTest::addRow("race n=4096 (H200: 0, plain +=)") << "race" << 4096 << 256 << 4 << 0LL;
    QTest::addRow("two_pass n=4096 (H200: 0, stores)") << "two_pass" << 4096 << 256 << 4 << 0LL;
    QTest::addRow("grid_sync n=4096 (H200: 0, store)") << "grid_sync" << 4096 << 256 << 4 << 0LL;
    // By hand: only lanes that issue count.
    QTest::addRow("atomic_naive n=33 block 32: 33 lanes, 2 blocks") << "atomic_naive" << 33 << 32 << 4 << 33LL;
    QTest::addRow("atomic_naive n=1 block 32: 1 lane") << "atomic_naive" << 1 << 32 << 4 << 1LL;
    QTest::addRow("warp_shuffle n=33 block 32: 2 warps, lane 0 each") << "warp_shuffle" << 33 << 32 << 4 << 2LL;
    QTest::addRow("segmented n=4096 block 64: 32 blocks") << "segmented" << 4096 << 64 << 4 << 32LL;
    QTest::addRow("coarsened n=4096 block 32 C=1: 64 blocks") << "coarsened" << 4096 << 32 << 1 << 64LL;
}

void TestModel::red_sectors_per_issuing_lane()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, coarse);
    QFETCH(long long, sectors);
    Params p;
    p.block_size = block;
    p.coarse_factor = coarse;
    const std::vector<float> x = sample_values(n, 3);
    const std::string id = strategy.toStdString();
    const Trace t = simulate(id, x, p);
    QCOMPARE(red_sectors(t), sectors);
    long long by_step = 0;
    for (const Step& s : t.steps)
        by_step += red_sectors(t, s);
    QCOMPARE(by_step, sectors);
    // The same figure without the lanes and access records (the atomics are kept).
    QCOMPARE(red_sectors(simulate(id, x, p, Detail::ValuesOnly)), sectors);
}

QTEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
