// SPDX-License-Identifier: GPL-3.0-or-later
// Is CCCL's gpu_to_gpu DeviceReduce::Sum wrong at 2^29 floats by itself, outside ReduceScope's
// runner (its FixedBuffer memory resource, its inputs)? Issue 27: the benchmark's cub_gpu_to_gpu
// was wrong at 2^29 and 2^30 and right up to 2^28 (docs/results/h200-2026-12-01/issue27).
// Sums, with CUB allocating its own temporary storage (no memory resource given), for each N:
//  - all 1.0f (exact in any order up to 2^24 per partial; the sum N is a power of two or close),
//  - the signed uniform input of the benchmark's kind (values in [-1, 1), fixed seed),
// in float with gpu_to_gpu and run_to_run determinism, and in double with gpu_to_gpu, against a
// float64 host reference. Prints one line per (N, input, variant): value, reference, |error|.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 -I CCCL/cub -I CCCL/thrust -I CCCL/libcudacxx/include g2g_probe.cu
// Run:   g2g_probe N...   (e.g. g2g_probe 268435456 402653184 536870911 536870912 1073741824)
#include <cub/device/device_reduce.cuh>
#include <cuda/std/execution>

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

template <class T, class Det>
T device_sum(const T* d_in, unsigned n, Det det)
{
    T* d_out = nullptr;
    CK(cudaMalloc(&d_out, sizeof(T)));
    const auto env = ::cuda::execution::require(det);
    // The environment API (what the benchmark calls), CUB allocating its temporary storage through
    // its default resource (the benchmark gives it a fixed buffer instead).
    CK(cub::DeviceReduce::Sum(d_in, d_out, n, env));
    CK(cudaDeviceSynchronize());
    T h = 0;
    CK(cudaMemcpy(&h, d_out, sizeof(T), cudaMemcpyDeviceToHost));
    CK(cudaFree(d_out));
    return h;
}

int main(int argc, char** argv)
{
    for (int a = 1; a < argc; ++a) {
        const unsigned n = static_cast<unsigned>(std::strtoull(argv[a], nullptr, 10));
        for (int input = 0; input < 2; ++input) {
            std::vector<float> h(n);
            unsigned long long s = 0x9E3779B97F4A7C15ull;
            double ref = 0;
            for (unsigned i = 0; i < n; ++i) {
                if (input == 0)
                    h[i] = 1.0f;
                else {
                    s = s * 6364136223846793005ull + 1442695040888963407ull;
                    h[i] = static_cast<float>(static_cast<double>(s >> 40) / double(1ull << 24) * 2.0 - 1.0);
                }
                ref += h[i];
            }
            float* d = nullptr;
            CK(cudaMalloc(&d, sizeof(float) * size_t(n)));
            CK(cudaMemcpy(d, h.data(), sizeof(float) * size_t(n), cudaMemcpyHostToDevice));
            std::vector<double> hd(h.begin(), h.end());
            std::vector<float>().swap(h);
            double* dd = nullptr;
            CK(cudaMalloc(&dd, sizeof(double) * size_t(n)));
            CK(cudaMemcpy(dd, hd.data(), sizeof(double) * size_t(n), cudaMemcpyHostToDevice));
            std::vector<double>().swap(hd);
            const char* in = input == 0 ? "ones" : "signed";
            const double f_g2g = device_sum(d, n, ::cuda::execution::determinism::gpu_to_gpu);
            const double f_r2r = device_sum(d, n, ::cuda::execution::determinism::run_to_run);
            const double d_g2g = device_sum(dd, n, ::cuda::execution::determinism::gpu_to_gpu);
            std::printf("n %10u %-6s float gpu_to_gpu %.9g  float run_to_run %.9g  double gpu_to_gpu %.12g  ref %.12g  "
                        "|err| %.3g %.3g %.3g\n",
                        n, in, f_g2g, f_r2r, d_g2g, ref, std::fabs(f_g2g - ref), std::fabs(f_r2r - ref),
                        std::fabs(d_g2g - ref));
            CK(cudaFree(d));
            CK(cudaFree(dd));
        }
    }
    return 0;
}
