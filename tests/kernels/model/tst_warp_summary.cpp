// SPDX-License-Identifier: GPL-3.0-or-later
// A step at warp granularity (kernels/model/warp_summary.h): the per-warp active counts, the
// footprints and runs of ids that the step view's overview and the predict verdicts show,
// against hand counts.
#include "model/simulate.h"
#include "model/warp_summary.h"

#include <QTest>

using namespace reducescope;

namespace {
std::vector<float> ones(int n) { return std::vector<float>(std::size_t(n), 1.0f); }

int stepWithStride(const model::Trace& t, int stride)
{
    for (int k = 0; k < int(t.steps.size()); ++k)
        if (t.steps[std::size_t(k)].stride == stride)
            return k;
    return -1;
}
} // namespace

class TestWarpSummary : public QObject {
    Q_OBJECT
private slots:
    void simpleStride64();
    void simpleStride1();
    void interleavedStridedFootprint();
    void runs();
};

void TestWarpSummary::simpleStride64()
{
    // simple (PMPP Fig 10.6) on 1024 values: one block of 512 threads = 16 warps of 32. At stride
    // 64 thread t adds when t % 64 == 0: t = 0, 64, ..., 448, the lane 0 of warps 0, 2, ..., 14.
    // By hand: even warps 1 of 32 active (divergent), odd warps 0 of 32 (idle, not divergent).
    const model::Trace t = model::simulate("simple", ones(1024));
    const int k = stepWithStride(t, 64);
    QVERIFY(k >= 0);
    const auto warps = model::warp_footprints(t, k);
    QCOMPARE(int(warps.size()), 16);
    for (int w = 0; w < 16; ++w) {
        const model::WarpFootprint& f = warps[std::size_t(w)];
        QCOMPARE(f.warp, w);
        QCOMPARE(f.first_thread, 32 * w);
        QCOMPARE(f.lanes, 32);
        QCOMPARE(f.live, 32);
        QCOMPARE(f.active, w % 2 == 0 ? 1 : 0);
        QCOMPARE(f.divergent, w % 2 == 0);
    }
    // Warp 2: thread 64 adds input[128 + 64] into input[128].
    QCOMPARE(warps[2].read_lo, 128);
    QCOMPARE(warps[2].read_hi, 192);
    QCOMPARE(warps[2].write_lo, 128);
    QCOMPARE(warps[2].write_hi, 128);
    QCOMPARE(warps[3].reads, 0);
    QCOMPARE(warps[3].write_lo, -1);
    // The active region: cells 0 (thread 0) to 896 + 64 = 960 (thread 448 reads input[960]).
    QCOMPARE(model::active_region(t, k), std::make_pair(0, 960));
}

void TestWarpSummary::simpleStride1()
{
    // Stride 1: every thread adds (t % 1 == 0): 32 of 32 in all 16 warps, none divergent.
    const model::Trace t = model::simulate("simple", ones(1024));
    const int k = stepWithStride(t, 1);
    QVERIFY(k >= 0);
    int total = 0;
    for (const model::WarpFootprint& f : model::warp_footprints(t, k)) {
        QCOMPARE(f.active, 32);
        QVERIFY(!f.divergent);
        QCOMPARE(f.write_hi - f.write_lo, 62);  // threads 32w..32w+31 write 64w, 64w+2, ..., 64w+62
        total += f.active;
    }
    QCOMPARE(total, 512);
}

void TestWarpSummary::interleavedStridedFootprint()
{
    // interleaved_strided (index = 2·stride·tid, active while index < blockDim) on 2048 values,
    // block 1024: at stride 16 the active threads are 0..31 (32·t < 1024), warp 0 alone, and it
    // writes 0, 32, ..., 992 (the 32-way conflict of the bank lesson).
    model::Params p;
    p.block_size = 1024;
    const model::Trace t = model::simulate("interleaved_strided", ones(2048), p);
    const int k = stepWithStride(t, 16);
    QVERIFY(k >= 0);
    const auto warps = model::warp_footprints(t, k);
    QCOMPARE(int(warps.size()), 32);
    QCOMPARE(warps[0].active, 32);
    QCOMPARE(warps[1].active, 0);
    QVERIFY(!warps[0].divergent);
    QCOMPARE(warps[0].write_lo, 0);
    QCOMPARE(warps[0].write_hi, 992);
    QCOMPARE(warps[0].writes, 32);
    QCOMPARE(warps[1].write_lo, -1);
}

void TestWarpSummary::runs()
{
    using Runs = std::vector<std::pair<int, int>>;
    QCOMPARE(model::id_runs({5, 0, 1, 2, 2}), (Runs{{0, 2}, {5, 5}}));
    QCOMPARE(model::id_runs({}), Runs{});
    QCOMPARE(model::id_runs({0, 2, 4, 6}), (Runs{{0, 0}, {2, 2}, {4, 4}, {6, 6}}));
    std::vector<int> all(16);
    for (int i = 0; i < 16; ++i)
        all[std::size_t(i)] = i;
    QCOMPARE(model::id_runs(all), (Runs{{0, 15}}));
}

QTEST_APPLESS_MAIN(TestWarpSummary)
#include "tst_warp_summary.moc"
