// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the SIMT engine (reports, does not fail on time): a shared-memory tree kernel of 4096
// values at block 1024 stepped with full detail (goal <= 100 ms), 65 536 values (goal <= 2 s),
// and the engine's rate in warp instructions per second on one core (goal >= 40 million).
#include "simt/engine.h"

#include <chrono>
#include <cstdio>
#include <QtTest/QtTest>

namespace s = reducescope::simt;

namespace {

const char* kTree = R"(__global__ void tree(const float* input, float* output, unsigned n)
{
    extern __shared__ float sdata[];
    const unsigned tid = threadIdx.x;
    const unsigned i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = (i < n ? input[i] : 0.0f) + (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            sdata[tid] += sdata[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, sdata[0]);
}
)";

const char* kLoop = R"(__global__ void loop(const float* input, float* output, unsigned n)
{
    float acc = 0.0f;
    for (unsigned k = threadIdx.x; k < 4096u * 4096u; k += blockDim.x)
        acc += (float)(k & 7u) * 0.5f;
    if (threadIdx.x == 0) *output = acc;
}
)";

} // namespace

class BenchSimtSpeed : public QObject {
    Q_OBJECT
private slots:
    void speed();
};

void BenchSimtSpeed::speed()
{
    using clock = std::chrono::steady_clock;
    auto t0 = clock::now();
    const s::CompileResult c = s::compile(kTree);
    const double compile_ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
    QVERIFY(c.program);
    for (int n : {4096, 65536}) {
        std::vector<float> in(static_cast<std::size_t>(n), 1.0f);
        s::LaunchOptions o;
        o.block_size = 1024;
        t0 = clock::now();
        const s::RunResult r = s::run(*c.program, in, o);
        const double ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
        QVERIFY(!r.error && r.trace.faults.empty());
        QCOMPARE(static_cast<double>(r.trace.result), static_cast<double>(n));
        std::printf("bench_simt_speed: %d values, block 1024, full detail: %.1f ms (%zu steps, %lld warp instructions; goal %s)\n",
                    n, ms, r.trace.steps.size(), r.warp_instructions, n == 4096 ? "<= 100 ms" : "<= 2000 ms");
    }
    std::printf("bench_simt_speed: compile (Clang front end + decode): %.1f ms\n", compile_ms);
    const s::CompileResult l = s::compile(kLoop);
    QVERIFY(l.program);
    s::LaunchOptions o;
    o.block_size = 1024;
    o.grid = 1;
    o.full_detail = false;
    std::vector<float> in(8, 1.0f);
    t0 = clock::now();
    const s::RunResult r = s::run(*l.program, in, o);
    const double sec = std::chrono::duration<double>(clock::now() - t0).count();
    QVERIFY(!r.error && r.trace.faults.empty());
    std::printf("bench_simt_speed: ALU loop: %lld warp instructions in %.3f s = %.1f million warp instructions/s "
                "(one core; goal >= 40)\n", r.warp_instructions, sec, r.warp_instructions / sec / 1e6);
}

QTEST_APPLESS_MAIN(BenchSimtSpeed)
#include "bench_simt_speed.moc"
