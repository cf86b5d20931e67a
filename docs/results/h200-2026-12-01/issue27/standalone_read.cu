// SPDX-License-Identifier: GPL-3.0-or-later
// A standalone read-only kernel, outside the benchmark's runner: the check that the benchmark's
// read ceiling (kernels/cuda/baselines.cu, read_strided_kernel / read_pass_kernel) is what the
// same shape costs on its own (issue 27, target: within 1 %). Same loads (inline PTX), same
// arithmetic; timed as one CUDA graph of K launches (uploaded, replayed 3 times untimed), the
// median of 21 replays divided by K. K (2000 at 2^20, 20 at 2^30) makes a fixed per-replay cost of
// a few µs under 0.3 % of a launch.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 standalone_read.cu -o standalone_read
// Run:   standalone_read N STRIDED(0|1) BLOCKS_OR_UNROLL BLOCK LOAD(0|1|2)
//        e.g. standalone_read 1048576 1 1056 256 1   (grid-stride, 1056 x 256, ld.global.nc)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

template <int LOAD>
__device__ __forceinline__ float4 load4(const float4* p)
{
    float4 v;
    if constexpr (LOAD == 0)
        asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    else if constexpr (LOAD == 1)
        asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    else
        asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"
                     : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
}
__device__ __forceinline__ float add4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

template <int LOAD>
__global__ __launch_bounds__(1024) void strided(const float* a, float* out, unsigned n, float never)
{
    const float4* a4 = reinterpret_cast<const float4*>(a);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n4; i += 4 * stride)
        sum += (add4(load4<LOAD>(a4 + i)) + add4(load4<LOAD>(a4 + i + stride))) +
               (add4(load4<LOAD>(a4 + i + 2 * stride)) + add4(load4<LOAD>(a4 + i + 3 * stride)));
    for (; i < n4; i += stride)
        sum += add4(load4<LOAD>(a4 + i));
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += a[4 * n4 + t];
    if (sum == never)
        *out = sum;
}

template <unsigned U, int LOAD>
__global__ __launch_bounds__(1024) void pass(const float* a, float* out, unsigned n, float never)
{
    const float4* a4 = reinterpret_cast<const float4*>(a);
    const unsigned n4 = n / 4, first = blockIdx.x * blockDim.x * U + threadIdx.x;
    float4 v[U];
#pragma unroll
    for (unsigned k = 0; k < U; ++k) {
        const unsigned i = first + k * blockDim.x;
        v[k] = i < n4 ? load4<LOAD>(a4 + i) : make_float4(0, 0, 0, 0);
    }
    float sum = 0.0f;
#pragma unroll
    for (unsigned k = 0; k < U; ++k)
        sum += add4(v[k]);
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += a[4 * n4 + t];
    if (sum == never)
        *out = sum;
}

int main(int argc, char** argv)
{
    if (argc < 6) {
        std::printf("usage: %s N STRIDED BLOCKS_OR_UNROLL BLOCK LOAD\n", argv[0]);
        return 2;
    }
    const unsigned n = static_cast<unsigned>(std::strtoull(argv[1], nullptr, 0));
    const bool is_strided = std::atoi(argv[2]) != 0;
    const unsigned p = static_cast<unsigned>(std::atoi(argv[3])), block = static_cast<unsigned>(std::atoi(argv[4]));
    const int load = std::atoi(argv[5]);
    float *a = nullptr, *out = nullptr;
    CK(cudaMalloc(&a, (static_cast<size_t>(n) + 2048) * sizeof(float)));
    CK(cudaMemset(a, 0, (static_cast<size_t>(n) + 2048) * sizeof(float)));
    CK(cudaMalloc(&out, 64));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    const unsigned n4 = n / 4;
    auto launch = [&] {
        if (is_strided) {
            if (load == 0) strided<0><<<p, block, 0, s>>>(a, out, n, -1e38f);
            else if (load == 1) strided<1><<<p, block, 0, s>>>(a, out, n, -1e38f);
            else strided<2><<<p, block, 0, s>>>(a, out, n, -1e38f);
        } else {
            const unsigned per = block * p, grid = std::max(1u, n4 / per + (n4 % per != 0));
#define PASS(U) if (p == U) { if (load == 0) pass<U, 0><<<grid, block, 0, s>>>(a, out, n, -1e38f); \
                              else if (load == 1) pass<U, 1><<<grid, block, 0, s>>>(a, out, n, -1e38f); \
                              else pass<U, 2><<<grid, block, 0, s>>>(a, out, n, -1e38f); }
            PASS(1) PASS(2) PASS(4) PASS(8)
        }
    };
    // About 2 ms of launches per replay at 2^20, at least 20 launches at 2^30.
    const int K = std::max(20, std::min(2000, static_cast<int>(2e9 / n)));
    cudaGraph_t g;
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int k = 0; k < K; ++k)
        launch();
    CK(cudaStreamEndCapture(s, &g));
    cudaGraphExec_t ex;
    CK(cudaGraphInstantiate(&ex, g, 0));
    CK(cudaGraphUpload(ex, s));
    for (int w = 0; w < 3; ++w)
        CK(cudaGraphLaunch(ex, s));
    CK(cudaStreamSynchronize(s));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<double> us;
    for (int r = 0; r < 21; ++r) {
        CK(cudaEventRecord(e0, s));
        CK(cudaGraphLaunch(ex, s));
        CK(cudaEventRecord(e1, s));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        us.push_back(1e3 * ms / K);
    }
    std::sort(us.begin(), us.end());
    std::printf("standalone n=%u %s %u block %u load %d: median %.4f us per launch (min %.4f, max %.4f), %.1f GB/s\n", n,
                is_strided ? "grid-stride blocks" : "one-pass unroll", p, block, load, us[10], us.front(), us.back(),
                4.0 * n / (us[10] * 1e-6) / 1e9);
    return 0;
}
