// SPDX-License-Identifier: GPL-3.0-or-later
// Experiment (not part of the build): single-pass merges at 2^20 and 2^30 in graph mode vs CUB.
// nvcc -O3 -std=c++20 -arch=sm_90 single_pass.cu -o sp && ./sp
#include <cub/cub.cuh>
#include <cuda/atomic>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <random>
#include <string>
#include <cmath>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1);} } while (0)

__device__ __forceinline__ float warp_sum(float s)
{
    for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffffu, s, o);
    return s;
}
__device__ __forceinline__ float block_sum(float s, float* ws)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    s = warp_sum(s);
    if (lane == 0) ws[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < blockDim.x / 32 ? ws[lane] : 0.0f;
        s = warp_sum(s);
    }
    return s;
}

// MERGE: 0 atomicAdd(out) (needs reset), 1 acc + acq_rel ticket, 2 acc + threadfence ticket,
// 3 acc + relaxed ticket (formally racy; cost of ordering only), 4 acc + release ticket, acquire only in last block (fence.acq_rel after)
__device__ unsigned g_done;
__device__ unsigned long long g_start, g_flag;
// Epoch reset: no counter is ever reset. Tickets are monotonic; launch e owns tickets [e*G, (e+1)*G).
// The block that draws ticket e*G zeroes *out and publishes epoch e+1 (release); every block
// acquires it before its atomicAdd. SPIN_EARLY: wait right after the ticket (loads in flight).
template <int C, bool SPIN_EARLY>
__global__ void __launch_bounds__(1024) sp_epoch(const float* __restrict__ in, float* out, unsigned n)
{
    __shared__ float ws[32];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    const unsigned base = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = base + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
    unsigned long long epoch = 0;
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> flag(g_flag);
    if (threadIdx.x == 0) {
        const unsigned long long t = atomicAdd(&g_start, 1ull);
        epoch = t / gridDim.x;
        if (t % gridDim.x == 0) {
            cuda::atomic_ref<float, cuda::thread_scope_device>(*out).store(0.0f, cuda::memory_order_relaxed);
            flag.store(epoch + 1, cuda::memory_order_release);
        }
        if (SPIN_EARLY)
            while (flag.load(cuda::memory_order_acquire) < epoch + 1) {}
    }
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < C; ++k) sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4) sum += in[4 * n4 + threadIdx.x];
    sum = block_sum(sum, ws);
    if (threadIdx.x == 0) {
        if (!SPIN_EARLY)
            while (flag.load(cuda::memory_order_acquire) < epoch + 1) {}
        atomicAdd(out, sum);
    }
}
__device__ unsigned long long g_word;
template <int C, int MERGE, bool LOOP>
__global__ void __launch_bounds__(1024) sp(const float* __restrict__ in, float* out, float* acc, unsigned* ticket, unsigned n)
{
    __shared__ float ws[32];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    unsigned base = blockIdx.x * blockDim.x + threadIdx.x;
    do {
        float4 v[C];
#pragma unroll
        for (int k = 0; k < C; ++k) {
            const unsigned i = base + k * stride;
            v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
        }
#pragma unroll
        for (int k = 0; k < C; ++k) sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
        base += C * stride;
    } while (LOOP && base < n4);
    if (blockIdx.x == 0 && threadIdx.x < n % 4) sum += in[4 * n4 + threadIdx.x];
    sum = block_sum(sum, ws);
    if (threadIdx.x != 0) return;
    if constexpr (MERGE == 0) {
        atomicAdd(out, sum);
    } else if constexpr (MERGE == 5) {  // atom (value consumed), then acq_rel fence, relaxed ticket
        const float old = atomicAdd(acc, sum);
        if (old == -12345.678f) *out = 1.0f;  // keeps the return value alive (never true here)
        cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
        const unsigned t = atomicAdd(ticket, 1u);
        if (t == gridDim.x - 1) {
            const float total = atomicExch(acc, 0.0f);
            *ticket = 0;
            *out = total;
        }
    } else if constexpr (MERGE == 6) {  // ticket first; the others publish through `done`, the last waits
        const unsigned t = atomicAdd(ticket, 1u);
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(g_done);
        if (t != gridDim.x - 1) {
            atomicAdd(acc, sum);
            done.fetch_add(1u, cuda::memory_order_release);
        } else {
            while (done.load(cuda::memory_order_acquire) != gridDim.x - 1) {}
            const float total = atomicExch(acc, 0.0f) + sum;
            done.store(0u, cuda::memory_order_relaxed);
            *ticket = 0;
            *out = total;
        }
    } else if constexpr (MERGE == 7) {  // mixed-size: float add on the low half, 64-bit add of the count (diag)
        atomicAdd(reinterpret_cast<float*>(&g_word), sum);
        const unsigned long long w = atomicAdd(&g_word, 1ull << 32);
        if ((w >> 32) == gridDim.x - 1) {
            g_word = 0;
            *out = __uint_as_float(static_cast<unsigned>(w)) ;
        }
    } else {
        atomicAdd(acc, sum);
        unsigned t;
        if constexpr (MERGE == 1) {
            cuda::atomic_ref<unsigned, cuda::thread_scope_device> tk(*ticket);
            t = tk.fetch_add(1u, cuda::memory_order_acq_rel);
        } else if constexpr (MERGE == 2) {
            __threadfence();
            t = atomicAdd(ticket, 1u);
        } else if constexpr (MERGE == 3) {
            t = atomicAdd(ticket, 1u);
        } else {
            cuda::atomic_ref<unsigned, cuda::thread_scope_device> tk(*ticket);
            t = tk.fetch_add(1u, cuda::memory_order_release);
        }
        if (t == gridDim.x - 1) {
            if constexpr (MERGE == 4) cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
            const float total = atomicExch(acc, 0.0f);
            *ticket = 0;
            *out = total;
        }
    }
}

__global__ void zero1(float* p) { *p = 0.0f; }
__global__ void zero1_pdl(float* p)
{
    asm volatile("griddepcontrol.launch_dependents;");
    *p = 0.0f;
}

// PDL variants. WAITFIRST: the main kernel waits before loading (only the launch overlaps).
template <int C, bool WAITFIRST>
__global__ void __launch_bounds__(1024) sp_pdl_atomic(const float* __restrict__ in, float* out, unsigned n)
{
    __shared__ float ws[32];
    if (WAITFIRST) asm volatile("griddepcontrol.wait;" ::: "memory");
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    const unsigned base = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = base + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
#pragma unroll
    for (int k = 0; k < C; ++k) sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4) sum += in[4 * n4 + threadIdx.x];
    sum = block_sum(sum, ws);
    if (!WAITFIRST) asm volatile("griddepcontrol.wait;" ::: "memory");
    if (threadIdx.x == 0) atomicAdd(out, sum);
}

template <int C, bool TRIGGER>
__global__ void __launch_bounds__(1024) sp_partials(const float* __restrict__ in, float* partials, unsigned n)
{
    __shared__ float ws[32];
    if (TRIGGER) asm volatile("griddepcontrol.launch_dependents;");
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    const unsigned base = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = base + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
#pragma unroll
    for (int k = 0; k < C; ++k) sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4) sum += in[4 * n4 + threadIdx.x];
    sum = block_sum(sum, ws);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}
__global__ void __launch_bounds__(1024) final_sum(const float* partials, float* out, unsigned count)
{
    __shared__ float ws[32];
    asm volatile("griddepcontrol.wait;" ::: "memory");
    float s = 0.0f;
    for (unsigned i = threadIdx.x; i < count; i += blockDim.x) s += partials[i];
    s = block_sum(s, ws);
    if (threadIdx.x == 0) *out = s;
}
template <class K, class... A>
void launch_pdl(K kernel, dim3 g, dim3 b, cudaStream_t s, A... args)
{
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = g; cfg.blockDim = b; cfg.stream = s;
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = attr; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, kernel, args...));
}

struct Buf { float* partials; float* x; float* out; float* acc; unsigned* ticket; void* cubtmp; size_t cubbytes; };

using Enq = void (*)(const Buf&, unsigned n, unsigned grid, unsigned block, cudaStream_t);

template <int C, int M, bool L>
void enq(const Buf& b, unsigned n, unsigned grid, unsigned block, cudaStream_t s)
{
    if (M == 0) zero1<<<1, 1, 0, s>>>(b.out);
    sp<C, M, L><<<grid, block, 0, s>>>(b.x, b.out, b.acc, b.ticket, n);
}
template <int C>
void enq_noreset(const Buf& b, unsigned n, unsigned grid, unsigned block, cudaStream_t s)
{
    sp<C, 0, false><<<grid, block, 0, s>>>(b.x, b.out, b.acc, b.ticket, n);
}
template <int C, bool WAITFIRST>
void enq_pdl_atomic(const Buf& b, unsigned n, unsigned grid, unsigned block, cudaStream_t s)
{
    zero1_pdl<<<1, 1, 0, s>>>(b.out);
    launch_pdl(sp_pdl_atomic<C, WAITFIRST>, dim3(grid), dim3(block), s, (const float*)b.x, b.out, n);
}
template <int C, bool PDL>
void enq_two(const Buf& b, unsigned n, unsigned grid, unsigned block, cudaStream_t s)
{
    sp_partials<C, PDL><<<grid, block, 0, s>>>(b.x, b.partials, n);
    const unsigned fb = grid >= 1024 ? 1024 : (grid <= 32 ? 32 : (grid + 31) / 32 * 32);
    if (PDL) launch_pdl(final_sum, dim3(1), dim3(fb), s, (const float*)b.partials, b.out, grid);
    else final_sum<<<1, fb, 0, s>>>(b.partials, b.out, grid);
}
template <int C, bool E>
void enq_epoch(const Buf& b, unsigned n, unsigned grid, unsigned block, cudaStream_t s)
{
    sp_epoch<C, E><<<grid, block, 0, s>>>(b.x, b.out, n);
}
void enq_cub(const Buf& b, unsigned n, unsigned, unsigned, cudaStream_t s)
{
    size_t bytes = b.cubbytes;
    cub::DeviceReduce::Sum(b.cubtmp, bytes, b.x, b.out, (int)n, s);
}

float median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

// median microseconds per rep over 7 batches of R reps in a graph
float time_graph(Enq f, const Buf& b, unsigned n, unsigned grid, unsigned block, int R)
{
    cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaGraph_t g; cudaGraphExec_t ge;
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int r = 0; r < R; ++r) f(b, n, grid, block, s);
    CK(cudaStreamEndCapture(s, &g));
    CK(cudaGraphInstantiate(&ge, g, 0));
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    CK(cudaGraphLaunch(ge, s)); CK(cudaStreamSynchronize(s));
    std::vector<float> t;
    for (int k = 0; k < 7; ++k) {
        cudaEventRecord(e0, s); CK(cudaGraphLaunch(ge, s)); cudaEventRecord(e1, s); CK(cudaEventSynchronize(e1));
        float ms; cudaEventElapsedTime(&ms, e0, e1); t.push_back(ms * 1000.0f / R);
    }
    cudaGraphExecDestroy(ge); cudaGraphDestroy(g); cudaStreamDestroy(s);
    return median(t);
}

double check(Enq f, const Buf& b, unsigned n, unsigned grid, unsigned block, double ref, double tol)
{
    float poison = NAN;
    double worst = 0;
    for (int k = 0; k < 3; ++k) {
        CK(cudaMemcpy(b.out, &poison, 4, cudaMemcpyHostToDevice));
        f(b, n, grid, block, 0);
        CK(cudaDeviceSynchronize());
        float r; CK(cudaMemcpy(&r, b.out, 4, cudaMemcpyDeviceToHost));
        const double err = std::fabs(r - ref);
        if (!(err <= tol)) { std::printf("  WRONG run %d: %.9g vs %.9g (tol %.3g)\n", k, r, ref, tol); return -1; }
        worst = std::max(worst, err);
    }
    float a; unsigned t;
    CK(cudaMemcpy(&a, b.acc, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&t, b.ticket, 4, cudaMemcpyDeviceToHost));
    if (a != 0.0f || t != 0) { std::printf("  NOT RESET acc %g ticket %u\n", a, t); return -1; }
    return worst;
}

int main()
{
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); std::printf("%s, %d SMs\n", p.name, sms);
    const size_t NMAX = size_t{1} << 30;
    Buf b{};
    CK(cudaMalloc(&b.x, NMAX * 4)); CK(cudaMalloc(&b.partials, 1 << 24)); CK(cudaMalloc(&b.out, 4)); CK(cudaMalloc(&b.acc, 4)); CK(cudaMalloc(&b.ticket, 4));
    CK(cudaMemset(b.acc, 0, 4)); CK(cudaMemset(b.ticket, 0, 4));
    cub::DeviceReduce::Sum(nullptr, b.cubbytes, b.x, b.out, (int)NMAX);
    size_t small = 0; cub::DeviceReduce::Sum(nullptr, small, b.x, b.out, 1 << 20); b.cubbytes = std::max(b.cubbytes, small);
    CK(cudaMalloc(&b.cubtmp, b.cubbytes));
    std::vector<float> h(NMAX);
    std::mt19937 rng(42); std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (auto& v : h) v = d(rng);
    CK(cudaMemcpy(b.x, h.data(), NMAX * 4, cudaMemcpyHostToDevice));

    struct V { const char* name; Enq f; unsigned C, block; bool loop; };
    for (unsigned n : {1u << 20, (1u << 20) + 7, 1u << 30}) {
        double ref = 0, abs = 0;
        for (unsigned i = 0; i < n; ++i) { ref += h[i]; abs += std::fabs(h[i]); }
        const double tol = 2 * (std::log2((double)n) + 16) * std::ldexp(1.0, -24) * abs;
        const bool big = n > (1u << 24);
        const int R = big ? 10 : 100;
        std::vector<V> vs;
        vs.push_back({"cub", enq_cub, 0, 0, false});
        if (!big) {
            vs.push_back({"atomic+reset C4 B256", enq<4, 0, false>, 4, 256, false});
            vs.push_back({"atomic noreset C4 B256 (diag)", enq_noreset<4>, 4, 256, false});
            vs.push_back({"acqrel C4 B256", enq<4, 1, false>, 4, 256, false});
            vs.push_back({"relaxed C4 B256 (diag)", enq<4, 3, false>, 4, 256, false});
            vs.push_back({"pdl reset, wait late C4 B256", enq_pdl_atomic<4, false>, 4, 256, false});
            vs.push_back({"two kernels pdl C4 B256", enq_two<4, true>, 4, 256, false});
            vs.push_back({"epoch spin late C4 B256", enq_epoch<4, false>, 4, 256, false});
            vs.push_back({"epoch spin early C4 B256", enq_epoch<4, true>, 4, 256, false});
            vs.push_back({"epoch spin late C8 B256", enq_epoch<8, false>, 8, 256, false});
            vs.push_back({"epoch spin early C8 B256", enq_epoch<8, true>, 8, 256, false});
            vs.push_back({"epoch spin late C1 B1024", enq_epoch<1, false>, 1, 1024, false});
            vs.push_back({"epoch spin late C2 B512", enq_epoch<2, false>, 2, 512, false});
            vs.push_back({"two kernels pdl C8 B256", enq_two<8, true>, 8, 256, false});
        } else {
            vs.push_back({"atomic+reset C16 B256", enq<16, 0, false>, 16, 256, false});
            vs.push_back({"acqrel C16 B256", enq<16, 1, false>, 16, 256, false});
            vs.push_back({"pdl reset C16 B256", enq_pdl_atomic<16, false>, 16, 256, false});
            vs.push_back({"two kernels pdl C16 B256", enq_two<16, true>, 16, 256, false});
            vs.push_back({"two kernels pdl C8 B512", enq_two<8, true>, 8, 512, false});
            vs.push_back({"acqrel loop C8 B512 4/SM", enq<8, 1, true>, 8, 512, true});
        }
        std::printf("\nN=%u tol %.3g\n", n, tol);
        std::vector<std::vector<float>> rounds(vs.size());
        for (int round = 0; round < 3; ++round)
            for (size_t k = 0; k < vs.size(); ++k) {
                const V& v = vs[k];
                unsigned grid = 0;
                if (v.C) {
                    const unsigned n4 = n / 4;
                    grid = (n4 + v.C * v.block - 1) / (v.C * v.block);
                    if (v.loop) grid = std::min(grid, (unsigned)(big ? sms * (2048 / v.block) : sms));
                    grid = std::max(grid, 1u);
                }
                {
                    const unsigned long long z = 0;
                    CK(cudaMemcpyToSymbol(g_start, &z, 8));
                    CK(cudaMemcpyToSymbol(g_flag, &z, 8));
                }
                if (round == 0) {
                    const double err = check(v.f, b, n, grid, v.block, ref, tol);
                    if (err < 0) { std::printf("%-32s FAILED\n", v.name); continue; }
                }
                rounds[k].push_back(time_graph(v.f, b, n, grid, v.block, R));
            }
        float cub = median(rounds[0]);
        for (size_t k = 0; k < vs.size(); ++k) {
            if (rounds[k].empty()) continue;
            const float t = median(rounds[k]);
            std::printf("%-32s %9.3f us  x CUB %.3f  %7.0f GB/s  rounds", vs[k].name, t, cub / t, n * 4.0 / t / 1e3);
            for (float r : rounds[k]) std::printf(" %.3f", r);
            std::printf("\n");
        }
    }
    return 0;
}
