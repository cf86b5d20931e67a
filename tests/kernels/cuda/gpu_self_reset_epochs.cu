// SPDX-License-Identifier: GPL-3.0-or-later
// self_reset's epochs on the GPU: thousands of back-to-back launches on one stream and
// from a CUDA graph (the output after the last one, and the counters), a launch with another grid
// size on the same counters (fails loudly: NaN and the error word, and it ends), and launches on
// two streams at once sharing the counters (every wait ends: the published launch never moves
// backwards). Plain CUDA C++ (no Qt): exit 0 all passed, 1 a check failed, 77 no GPU.
#include "cuda/launch.cuh"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace {

using reducescope::cuda::kSelfResetCounters;
using reducescope::cuda::Launch;

int g_failures = 0;

void expect(bool ok, const char* what, const std::string& detail = {})
{
    std::printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, detail.empty() ? "" : ": ", detail.c_str());
    if (!ok)
        ++g_failures;
}

bool cuda_ok(cudaError_t e, const char* call)
{
    if (e == cudaSuccess)
        return true;
    std::printf("FAIL %s: %s\n", call, cudaGetErrorString(e));
    ++g_failures;
    return false;
}
#define CK(x) cuda_ok((x), #x)

/// Waits for `s` at most `seconds`; false when it is still busy (a hang).
bool finishes(cudaStream_t s, double seconds)
{
    const auto t0 = std::chrono::steady_clock::now();
    while (cudaStreamQuery(s) == cudaErrorNotReady) {
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return cudaStreamQuery(s) == cudaSuccess;
}

struct Counters {
    unsigned long long tickets, published, grid, error;
};

Counters read_counters(unsigned long long* epoch)
{
    unsigned long long c[kSelfResetCounters] = {};
    CK(cudaMemcpy(c, epoch, sizeof c, cudaMemcpyDeviceToHost));
    return {c[0], c[1], c[2], c[3]};
}

float read_float(const float* p)
{
    float v = 0;
    CK(cudaMemcpy(&v, p, sizeof v, cudaMemcpyDeviceToHost));
    return v;
}

std::string text(double got, double want) { return "got " + std::to_string(got) + ", want " + std::to_string(want); }

} // namespace

int main()
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        std::printf("gpu_self_reset_epochs: no CUDA device (skipped)\n");
        return 77;
    }
    constexpr unsigned int kN = (1u << 20) + 7;
    std::vector<float> h(kN + 2048, 0.0f);
    double ref = 0, abs_sum = 0;
    unsigned long long st = 16;
    for (unsigned int i = 0; i < kN; ++i) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        h[i] = static_cast<float>(static_cast<int>((st >> 40) & 0xffffff) - (1 << 23)) * (1.0f / (1 << 23));
        ref += h[i];
        abs_sum += std::fabs(h[i]);
    }
    const double tol = 2.0 * (std::log2(double(kN)) + 16) * std::ldexp(1.0, -24) * abs_sum;  // bench/reference.h
    float* x = nullptr;
    float* out = nullptr;
    unsigned long long* epoch = nullptr;
    if (!CK(cudaMalloc(&x, h.size() * sizeof(float))) || !CK(cudaMalloc(&out, sizeof(float))) ||
        !CK(cudaMalloc(&epoch, kSelfResetCounters * sizeof(unsigned long long))))
        return 1;
    CK(cudaMemcpy(x, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    cudaStream_t s1 = nullptr, s2 = nullptr;
    CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));

    Launch l;
    l.x = x;
    l.out = out;
    l.epoch = epoch;
    l.n = kN;
    l.block = 256;
    l.coarse = 4;
    l.grid = (kN + 4 * 4 * 256 - 1) / (4 * 4 * 256);  // design-notes.md: ceil(N / 4CB) = 257
    l.stream = s1;
    auto zero = [&] {
        CK(cudaMemset(epoch, 0, kSelfResetCounters * sizeof(unsigned long long)));
        const float nan = std::nanf("");
        CK(cudaMemcpy(out, &nan, sizeof nan, cudaMemcpyHostToDevice));  // a missing zero shows
    };

    // 1. 5000 back-to-back launches on one stream, no host wait in between.
    zero();
    for (int i = 0; i < 5000; ++i)
        if (!CK(reducescope::cuda::enqueue("self_reset", l)))
            break;
    expect(finishes(s1, 30.0), "5000 launches in a loop end");
    double v = read_float(out);
    expect(std::fabs(v - ref) <= tol, "result after 5000 launches", text(v, ref));
    Counters c = read_counters(epoch);
    expect(c.tickets == 5000ull * l.grid && c.published == 5000 && c.grid == l.grid && c.error == 0,
           "counters after 5000 launches",
           "tickets " + std::to_string(c.tickets) + ", published " + std::to_string(c.published) + ", grid " +
               std::to_string(c.grid) + ", error " + std::to_string(c.error));

    // 2. The same counters from a CUDA graph of 1000 launches, replayed 3 times.
    cudaGraph_t g = nullptr;
    cudaGraphExec_t ge = nullptr;
    CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < 1000; ++i)
        reducescope::cuda::enqueue("self_reset", l);
    CK(cudaStreamEndCapture(s1, &g));
    CK(cudaGraphInstantiate(&ge, g, 0));
    for (int r = 0; r < 3; ++r)
        CK(cudaGraphLaunch(ge, s1));
    expect(finishes(s1, 30.0), "3 x 1000 graph launches end");
    v = read_float(out);
    expect(std::fabs(v - ref) <= tol, "result after the graph replays", text(v, ref));
    c = read_counters(epoch);
    expect(c.tickets == 8000ull * l.grid && c.published == 8000 && c.error == 0, "counters after 8000 launches",
           "tickets " + std::to_string(c.tickets) + ", published " + std::to_string(c.published));
    cudaGraphExecDestroy(ge);
    cudaGraphDestroy(g);

    // 3. Another grid size on the same counters without zeroing them: loud, never a hang.
    Launch other = l;
    other.n = kN / 2;
    other.grid = (other.n + 4 * 4 * 256 - 1) / (4 * 4 * 256);  // 129
    CK(reducescope::cuda::enqueue("self_reset", other));
    expect(finishes(s1, 10.0), "a launch with another grid size ends");
    v = read_float(out);
    c = read_counters(epoch);
    expect(std::isnan(v), "its result is NaN", "got " + std::to_string(v));
    expect(c.error != 0, "the error word is set", std::to_string(c.error));

    // 4. Two streams launching at once on shared counters (outside the contract): every launch ends
    // and the counters stay consistent (the sums themselves may be wrong).
    zero();
    Launch l2 = l;
    l2.stream = s2;
    for (int i = 0; i < 500; ++i) {
        reducescope::cuda::enqueue("self_reset", l);
        reducescope::cuda::enqueue("self_reset", l2);
    }
    const bool ended = finishes(s1, 30.0) && finishes(s2, 30.0);
    expect(ended, "1000 launches on two streams sharing the counters end");
    if (ended) {
        c = read_counters(epoch);
        expect(c.tickets == 1000ull * l.grid && c.published == 1000 && c.error == 0,
               "counters after the concurrent launches",
               "tickets " + std::to_string(c.tickets) + ", published " + std::to_string(c.published));
    }
    CK(cudaGetLastError());
    std::printf("gpu_self_reset_epochs: %s\n", g_failures ? "FAILED" : "all passed");
    return g_failures ? 1 : 0;
}
