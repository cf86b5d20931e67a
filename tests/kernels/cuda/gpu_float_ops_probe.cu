// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_float_ops_probe: the GPU's own answer to each float rule of kernels/model/gpu_float.h,
// printed and compared bit for bit (NaN payload aside) with the model's op. Each case runs the
// device instruction the kernels use on operands read from device memory (so nvcc cannot fold
// them): float atomicAdd on GLOBAL memory (flushes subnormal inputs and results to a zero of their
// sign), float atomicAdd on SHARED memory (keeps subnormals), plain `+` (keeps them), fmaxf /
// fminf on -0 / +0 and NaN, the compare of coarsened_max's CAS loop on zeros of both signs, and
// fmaf (one rounding) against a separate multiply and add (two). Exit 0: every case as the model
// says; 1: a difference (the line says which); 77: no GPU.
#include "model/gpu_float.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace gf = reducescope::model::gpu_float;

namespace {

enum Op : int {
    AtomicGlobal,  // *out = a, then atomicAdd(out, b): returns *out
    AtomicShared,  // __shared__ s = a, then atomicAdd(&s, b)
    Add,           // a + b
    Fmaxf,
    Fminf,
    CasStores,     // 1 when `a < b` lets coarsened_max's loop store b over a, else 0
    Fmaf,          // fmaf(a, b, c)
    MulThenAdd,    // __fmul_rn(a, b) then __fadd_rn(.., c): two roundings, never fused
};

struct Case {
    const char* what;
    Op op;
    float a, b, c;
};

__global__ void run_cases(const Case* cases, float* results, float* scratch, int count)
{
    __shared__ float s;
    for (int k = 0; k < count; ++k) {  // one thread: no order to speak of
        const Case& x = cases[k];
        float r = 0;
        switch (x.op) {
        case AtomicGlobal:
            scratch[k] = x.a;
            atomicAdd(&scratch[k], x.b);
            r = scratch[k];
            break;
        case AtomicShared:
            s = x.a;
            atomicAdd(&s, x.b);
            r = s;
            break;
        case Add: r = x.a + x.b; break;
        case Fmaxf: r = fmaxf(x.a, x.b); break;
        case Fminf: r = fminf(x.a, x.b); break;
        case CasStores: r = x.a < x.b ? 1.0f : 0.0f; break;  // the test of atomic_max_float's loop
        case Fmaf: r = fmaf(x.a, x.b, x.c); break;
        case MulThenAdd: r = __fadd_rn(__fmul_rn(x.a, x.b), x.c); break;
        }
        results[k] = r;
    }
}

float model(const Case& x)
{
    switch (x.op) {
    case AtomicGlobal: return gf::atomic_add_global_f32(x.a, x.b);
    case AtomicShared: return gf::atomic_add_shared_f32(x.a, x.b);
    case Add: return gf::add_rn(x.a, x.b);
    case Fmaxf: return gf::fmaxf(x.a, x.b);
    case Fminf: return gf::fminf(x.a, x.b);
    case CasStores: return gf::cas_max_stores(x.a, x.b) ? 1.0f : 0.0f;
    case Fmaf: return gf::fmaf(x.a, x.b, x.c);
    case MulThenAdd: {
        const volatile float p = x.a * x.b;
        return gf::add_rn(p, x.c);
    }
    }
    return 0;
}

std::uint32_t bits(float v)
{
    std::uint32_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}

} // namespace

int main()
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        std::printf("skipped: no CUDA device\n");
        return 77;
    }
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    std::printf("device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);

    const float sub = 1e-40f, inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const float t = std::ldexp(1.0f, -12);
    const std::vector<Case> cases{
        {"global atomicAdd 1e-40 + 1e-40 (flushed: 0)", AtomicGlobal, sub, sub, 0},
        {"global atomicAdd 0 + 1e-40 (operand flushed: 0)", AtomicGlobal, 0.0f, sub, 0},
        {"global atomicAdd 1e-40 + 0 (memory operand flushed: 0)", AtomicGlobal, sub, 0.0f, 0},
        {"global atomicAdd 1.5e-38 + -1.6e-38 (subnormal result flushed: -0)", AtomicGlobal, 1.5e-38f, -1.6e-38f, 0},
        {"global atomicAdd 1 + 1e-40 (1)", AtomicGlobal, 1.0f, sub, 0},
        {"shared atomicAdd 1e-40 + 1e-40 (kept: 2e-40)", AtomicShared, sub, sub, 0},
        {"shared atomicAdd 1.5e-38 + -1.6e-38 (kept: -1e-39)", AtomicShared, 1.5e-38f, -1.6e-38f, 0},
        {"add 1e-40 + 1e-40 (kept: 2e-40)", Add, sub, sub, 0},
        {"add -0 + +0 (+0)", Add, -0.0f, 0.0f, 0},
        {"add inf + -inf (nan)", Add, inf, -inf, 0},
        {"fmaxf(-0, +0) (+0)", Fmaxf, -0.0f, 0.0f, 0},
        {"fmaxf(+0, -0) (+0)", Fmaxf, 0.0f, -0.0f, 0},
        {"fminf(-0, +0) (-0)", Fminf, -0.0f, 0.0f, 0},
        {"fminf(+0, -0) (-0)", Fminf, 0.0f, -0.0f, 0},
        {"fmaxf(nan, 1) (1)", Fmaxf, nan, 1.0f, 0},
        {"fmaxf(-inf, nan) (-inf)", Fmaxf, -inf, nan, 0},
        {"fmaxf(nan, nan) (nan)", Fmaxf, nan, nan, 0},
        {"fmaxf(1e-40, 0) (1e-40: kept)", Fmaxf, sub, 0.0f, 0},
        {"CAS loop test -0 < +0 (no store)", CasStores, -0.0f, 0.0f, 0},
        {"CAS loop test +0 < -0 (no store)", CasStores, 0.0f, -0.0f, 0},
        {"CAS loop test -inf < nan (no store)", CasStores, -inf, nan, 0},
        {"CAS loop test -inf < 1 (store)", CasStores, -inf, 1.0f, 0},
        {"fmaf((1+2^-12)^2 - (1+2^-11)) (2^-24: one rounding)", Fmaf, 1.0f + t, 1.0f + t, -(1.0f + 2 * t)},
        {"mul then add, same operands (0: two roundings)", MulThenAdd, 1.0f + t, 1.0f + t, -(1.0f + 2 * t)},
    };
    const int n = static_cast<int>(cases.size());
    Case* d_cases = nullptr;
    float *d_results = nullptr, *d_scratch = nullptr;
    if (cudaMalloc(&d_cases, sizeof(Case) * cases.size()) != cudaSuccess ||
        cudaMalloc(&d_results, sizeof(float) * cases.size()) != cudaSuccess ||
        cudaMalloc(&d_scratch, sizeof(float) * cases.size()) != cudaSuccess) {
        std::printf("FAIL: cudaMalloc\n");
        return 1;
    }
    cudaMemcpy(d_cases, cases.data(), sizeof(Case) * cases.size(), cudaMemcpyHostToDevice);
    run_cases<<<1, 1>>>(d_cases, d_results, d_scratch, n);
    std::vector<float> got(cases.size());
    const cudaError_t e = cudaMemcpy(got.data(), d_results, sizeof(float) * got.size(), cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        std::printf("FAIL: %s\n", cudaGetErrorString(e));
        return 1;
    }
    int failures = 0;
    for (int k = 0; k < n; ++k) {
        const float g = got[static_cast<std::size_t>(k)], m = model(cases[static_cast<std::size_t>(k)]);
        const bool ok = (std::isnan(g) && std::isnan(m)) || bits(g) == bits(m);
        failures += ok ? 0 : 1;
        std::printf("%-4s %-70s gpu %-14.9g (0x%08x) model %-14.9g (0x%08x)\n", ok ? "ok" : "FAIL", cases[static_cast<std::size_t>(k)].what,
                    static_cast<double>(g), bits(g), static_cast<double>(m), bits(m));
    }
    std::printf("%d of %d float rules as the model says\n", n - failures, n);
    cudaFree(d_cases);
    cudaFree(d_results);
    cudaFree(d_scratch);
    return failures == 0 ? 0 : 1;
}
