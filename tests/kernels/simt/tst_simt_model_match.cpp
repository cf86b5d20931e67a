// SPDX-License-Identifier: GPL-3.0-or-later
// The engine against the step model: the textbook in-place kernels `simple` (PMPP Fig 10.6) and
// `convergent` (Fig 10.9), written as in kernels/cuda/reduce_basic.cu, run through the engine
// from source; every step's values, active lanes per warp, divergence, sectors, barriers and adds
// equal the model's replay, at 8 and 1024 values, warp size 32 and 8. (The whole catalogue's
// proof is docs/your-own-kernel.md's part of the issue; this holds the engine to the two replays
// its first shape follows.)
#include "model/simulate.h"
#include "simt/engine.h"

#include <QtTest/QtTest>

namespace s = reducescope::simt;
namespace m = reducescope::model;

namespace {

const char* kSimple = R"(__global__ void simple(float* input, float* output)
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0) {
            segment[i] += segment[i + stride];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1) {
            *output = segment[0];
        } else {
            atomicAdd(output, segment[0]);
        }
    }
}
)";

const char* kConvergent = R"(__global__ void convergent(float* input, float* output)
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) {
            segment[i] += segment[i + stride];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1) {
            *output = segment[0];
        } else {
            atomicAdd(output, segment[0]);
        }
    }
}
)";

std::vector<float> input(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        v[static_cast<std::size_t>(k)] = static_cast<float>((k * 37) % 11) - 3.5f;
    return v;
}

} // namespace

class TstSimtModelMatch : public QObject {
    Q_OBJECT
private slots:
    void same_trace_data();
    void same_trace();
};

void TstSimtModelMatch::same_trace_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("warp");
    for (const char* id : {"simple", "convergent"})
        for (int n : {8, 1024})
            for (int warp : {32, 8})
                QTest::addRow("%s n=%d warp=%d", id, n, warp) << id << n << warp;
}

void TstSimtModelMatch::same_trace()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, warp);
    const std::vector<float> in = input(n);
    m::Params p;
    p.warp_size = warp;
    const m::Trace want = m::simulate(strategy.toStdString(), in, p);
    const s::CompileResult c = s::compile(strategy == "simple" ? kSimple : kConvergent);
    QVERIFY(c.program);
    s::LaunchOptions o;
    o.warp_size = warp;
    const s::RunResult r = s::run(*c.program, in, o);
    QVERIFY(!r.error);
    const m::Trace& got = r.trace;
    QVERIFY(got.faults.empty());
    QCOMPARE(got.params.block_size, want.params.block_size);
    QCOMPARE(got.grid_size, want.grid_size);
    QCOMPARE(got.padded_n, want.padded_n);
    QCOMPARE(got.steps.size(), want.steps.size());
    for (std::size_t k = 0; k < want.steps.size(); ++k) {
        const m::Step& a = got.steps[k];
        const m::Step& b = want.steps[k];
        const QByteArray where = "step " + QByteArray::number(int(k));
        QVERIFY2(a.values == b.values, where);
        QCOMPARE(a.counters.active_lanes, b.counters.active_lanes);
        QCOMPARE(a.counters.lane_slots, b.counters.lane_slots);
        QCOMPARE(a.counters.divergent_warps, b.counters.divergent_warps);
        QCOMPARE(a.counters.global_sectors, b.counters.global_sectors);
        QCOMPARE(a.counters.barriers, b.counters.barriers);
        QCOMPARE(a.counters.adds, b.counters.adds);
        QCOMPARE(a.warps.size(), b.warps.size());
        for (std::size_t w = 0; w < a.warps.size(); ++w)
            QVERIFY2(a.warps[w].active_lanes == b.warps[w].active_lanes, where + " warp " + QByteArray::number(int(w)));
        for (std::size_t t = 0; t < a.lanes.size(); ++t) {
            QVERIFY2(a.lanes[t].state == b.lanes[t].state, where + " lane " + QByteArray::number(int(t)));
            QVERIFY2(a.lanes[t].writes == b.lanes[t].writes, where + " lane " + QByteArray::number(int(t)));
        }
    }
    QCOMPARE(got.result, want.result);
    QCOMPARE(got.totals.lane_utilisation, want.totals.lane_utilisation);
}

QTEST_APPLESS_MAIN(TstSimtModelMatch)
#include "tst_simt_model_match.moc"
