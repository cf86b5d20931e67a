// SPDX-License-Identifier: GPL-3.0-or-later
// One home for each fact: the catalogue (model/catalogue.h) against every registry that
// names strategies. A row fails when a catalogue entry claims a part that its registry lacks, or
// when a registry names a strategy the catalogue does not have (or does not claim it for):
//  - model:     model::replay_ids()       <-> has_model      (replay_tree/atomic/warp.cpp tables)
//  - kernel:    cuda::kernel_ids()         <-> has_kernel     (the kernel files' launcher tables, CUB)
//  - recording: cuda::recording_ids()      <-> has_recording  (the same tables with the recording probe)
//  - bench:     bench::host_strategies() + cuda::kernel_ids() <-> has_bench
// The CUDA registries need no GPU (tables only); they are checked where the build has the CUDA
// kernels (REDUCESCOPE_WITH_CUDA_KERNELS / REDUCESCOPE_WITH_RECORDING). Also: the facts that must
// agree with each other and with the kernel sources, and the grid formula of docs/design-notes.md.
#include "model/catalogue.h"
#include "model/kernel_sources.h"
#include "model/simulate.h"

#if REDUCESCOPE_WITH_BENCH
#include "bench/plan.h"
#endif
#if REDUCESCOPE_WITH_CUDA_KERNELS
#include "cuda/reduce_api.h"
#endif
#if REDUCESCOPE_WITH_RECORDING
#include "cuda/recording_api.h"
#endif

#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace reducescope;
using model::StrategyInfo;

namespace {

/// A registry: the ids a module implements, and the catalogue flag that must match.
struct Registry {
    const char* name;
    std::vector<std::string> ids;
    bool StrategyInfo::*claims;
};

std::vector<std::string> strings(const auto& ids) { return {ids.begin(), ids.end()}; }

/// The registries this build can query.
std::vector<Registry> registries()
{
    std::vector<Registry> r;
    r.push_back({"model", strings(model::replay_ids()), &StrategyInfo::has_model});
#if REDUCESCOPE_WITH_CUDA_KERNELS
    r.push_back({"kernel", cuda::kernel_ids(), &StrategyInfo::has_kernel});
#endif
#if REDUCESCOPE_WITH_RECORDING
    r.push_back({"recording", cuda::recording_ids(), &StrategyInfo::has_recording});
#endif
#if REDUCESCOPE_WITH_BENCH
    std::vector<std::string> bench = strings(bench::host_strategies());
#if REDUCESCOPE_WITH_CUDA_KERNELS
    for (const std::string& id : cuda::kernel_ids())
        bench.push_back(id);
#else
    // Without the CUDA registry, the GPU half of the benchmark is what the catalogue says it is.
    for (const StrategyInfo& s : model::catalogue())
        if (s.has_kernel)
            bench.emplace_back(s.id);
#endif
    r.push_back({"bench", bench, &StrategyInfo::has_bench});
#endif
    return r;
}

bool contains(const std::vector<std::string>& v, std::string_view id)
{
    return std::find(v.begin(), v.end(), id) != v.end();
}

} // namespace

class TestCatalogue : public QObject {
    Q_OBJECT
private slots:
    void catalogue_claims_data();
    void catalogue_claims();
    void registries_name_catalogue_data();
    void registries_name_catalogue();
    void registries_queried();
    void ids_unique();
    void traits_agree_data();
    void traits_agree();
    void grid_formula_data();
    void grid_formula();
};

// Every catalogue entry x every registry: present in the registry exactly when the entry claims it.
void TestCatalogue::catalogue_claims_data()
{
    QTest::addColumn<bool>("claimed");
    QTest::addColumn<bool>("present");
    for (const Registry& r : registries())
        for (const StrategyInfo& s : model::catalogue())
            QTest::addRow("%s: %s", r.name, std::string{s.id}.c_str()) << bool(s.*r.claims) << contains(r.ids, s.id);
}

void TestCatalogue::catalogue_claims()
{
    QFETCH(bool, claimed);
    QFETCH(bool, present);
    if (claimed && !present)
        QFAIL("the catalogue claims this part, but its registry has no entry for the strategy");
    if (!claimed && present)
        QFAIL("the registry has an entry the catalogue does not claim (set the flag in catalogue.cpp)");
}

// Every id of every registry: a catalogue strategy that claims that part.
void TestCatalogue::registries_name_catalogue_data()
{
    QTest::addColumn<bool>("known");
    QTest::addColumn<bool>("claimed");
    for (const Registry& r : registries())
        for (const std::string& id : r.ids) {
            const StrategyInfo* s = model::find_strategy(id);
            QTest::addRow("%s: %s", r.name, id.c_str()) << (s != nullptr) << (s && s->*r.claims);
        }
}

void TestCatalogue::registries_name_catalogue()
{
    QFETCH(bool, known);
    QFETCH(bool, claimed);
    QVERIFY2(known, "the registry names a strategy the catalogue does not have");
    QVERIFY2(claimed, "the catalogue entry does not claim this part");
}

// The registries this build has, and no id registered twice within one.
void TestCatalogue::registries_queried()
{
    std::set<std::string> names;
    for (const Registry& r : registries()) {
        names.insert(r.name);
        const std::set<std::string> unique(r.ids.begin(), r.ids.end());
        QVERIFY2(unique.size() == r.ids.size(), r.name);
        QVERIFY2(!r.ids.empty(), r.name);
    }
    QVERIFY(names.count("model"));
#if REDUCESCOPE_WITH_CUDA_KERNELS
    QVERIFY(names.count("kernel"));
#endif
#if REDUCESCOPE_WITH_RECORDING
    QVERIFY(names.count("recording"));
#endif
#if REDUCESCOPE_WITH_BENCH
    QVERIFY(names.count("bench"));
#endif
#if !REDUCESCOPE_WITH_CUDA_KERNELS || !REDUCESCOPE_WITH_RECORDING
    qInfo("built without the CUDA kernels: the kernel and recording registries are not checked here");
#endif
}

void TestCatalogue::ids_unique()
{
    std::set<std::string_view> ids;
    for (const StrategyInfo& s : model::catalogue())
        QVERIFY2(ids.insert(s.id).second, std::string{s.id}.c_str());
    QCOMPARE(ids.size(), model::catalogue().size());
    // Families stay in one run each (pickers and `list` group by them).
    std::vector<model::Family> runs;
    for (const StrategyInfo& s : model::catalogue())
        if (runs.empty() || runs.back() != s.family)
            runs.push_back(s.family);
    QCOMPARE(std::set<model::Family>(runs.begin(), runs.end()).size(), runs.size());
}

// Facts that depend on each other, and on the kernel source the entry names.
void TestCatalogue::traits_agree_data()
{
    QTest::addColumn<QString>("id");
    for (const StrategyInfo& s : model::catalogue())
        QTest::addRow("%s", std::string{s.id}.c_str()) << QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
}

void TestCatalogue::traits_agree()
{
    QFETCH(QString, id);
    const StrategyInfo& s = *model::find_strategy(id.toStdString());
    if (s.has_recording) {
        QVERIFY2(s.has_model, "a recording is compared with the model: has_recording needs has_model");
        QVERIFY2(s.has_kernel, "a recording runs the kernel: has_recording needs has_kernel");
    }
    if (s.has_kernel) {
        QVERIFY2(!s.kernels.empty(), "a GPU strategy names its kernel(s)");
        QVERIFY2(!s.source_file.empty(), "a GPU strategy names its source file");
        const std::string_view source = model::kernel_source(s.source_file);
        QVERIFY2(!source.empty(), "the source file is embedded (kernels/cuda/*.cu)");
        // Every kernel it names is defined in that file.
        std::string_view rest = s.kernels;
        while (!rest.empty()) {
            const auto plus = rest.find('+');
            const std::string_view k = rest.substr(0, plus);
            QVERIFY2(source.find(std::string{k} + (k.find("::") != std::string_view::npos ? "(" : "")) !=
                         std::string_view::npos,
                     std::string{k}.c_str());
            rest = plus == std::string_view::npos ? std::string_view{} : rest.substr(plus + 1);
        }
        QVERIFY2(s.has_bench, "every GPU strategy is benchmarked");
    }
    if (s.has_model) {
        const std::string_view source = model::kernel_source(s.source_file);
        QVERIFY2(source.find("@" + std::string{s.id} + ".") != std::string_view::npos,
                 "a modelled strategy's kernel carries its step tags");
    }
    if (s.family == model::Family::Baseline) {
        QCOMPARE(s.elements_per_thread, 0);
        QVERIFY(!s.has_model);
    } else {
        QVERIFY2(s.elements_per_thread >= 1, "a kernel reads at least one element per thread");
        QVERIFY(s.has_kernel);
    }
    if (s.in_place)
        QVERIFY2(s.single_block, "the in-place kernels are the single-block textbook ones");
    if (s.single_block && s.has_kernel)  // the counters' ncu filter is regex:(ids)_reduce_sum
        QCOMPARE(std::string{s.kernels}, std::string{s.id} + "_reduce_sum");
    if (s.cooperative)
        QVERIFY2(s.needs_partials && s.merge == model::Merge::Store, "grid.sync: partials, then a store");
    if (s.needs_partials)
        QCOMPARE(s.merge, model::Merge::Store);
    if (s.operation == model::Reduction::Dot)
        QVERIFY2(!s.has_model, "the model replays sums and maxima only");
}

// ceil(n / (elements per thread x block)), design-notes.md "Grid shape and work per thread".
void TestCatalogue::grid_formula_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<qulonglong>("n");
    QTest::addColumn<uint>("block");
    QTest::addColumn<uint>("coarse");
    QTest::addColumn<qulonglong>("grid");
    QTest::addRow("simple 1M, B 256") << "simple" << 1048576ull << 256u << 4u << 2048ull;
    QTest::addRow("shared 1025, B 512") << "shared" << 1025ull << 512u << 4u << 2ull;
    QTest::addRow("coarsened 1M, B 256, C 4") << "coarsened" << 1048576ull << 256u << 4u << 512ull;
    QTest::addRow("coarsened_max 1M, B 256, C 8") << "coarsened_max" << 1048576ull << 256u << 8u << 256ull;
    QTest::addRow("atomic_naive 1000, B 256") << "atomic_naive" << 1000ull << 256u << 4u << 4ull;
    QTest::addRow("warp_shuffle 1M, B 1024") << "warp_shuffle" << 1048576ull << 1024u << 64u << 1024ull;
    QTest::addRow("block_reduce 1M, B 256, C 4") << "block_reduce" << 1048576ull << 256u << 4u << 1024ull;
    QTest::addRow("vectorized 1M, B 256, C 4") << "vectorized" << 1048576ull << 256u << 4u << 256ull;
    QTest::addRow("self_reset 3, B 32, C 1") << "self_reset" << 3ull << 32u << 1u << 1ull;
    QTest::addRow("dot_fma 2^30, B 256, C 16") << "dot_fma" << (1ull << 30) << 256u << 16u << 131072ull;
}

void TestCatalogue::grid_formula()
{
    QFETCH(QString, id);
    QFETCH(qulonglong, n);
    QFETCH(uint, block);
    QFETCH(uint, coarse);
    QFETCH(qulonglong, grid);
    const auto g = model::grid_blocks(*model::find_strategy(id.toStdString()), n, block, coarse);
    QVERIFY(g.has_value());
    QCOMPARE(qulonglong(*g), grid);
    QVERIFY(!model::grid_blocks(*model::find_strategy("cub"), n, block, coarse).has_value());
}

QTEST_APPLESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
