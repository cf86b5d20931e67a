// SPDX-License-Identifier: GPL-3.0-or-later
// Experiment, second run (not part of the build; issue 16's moonshot): after run 1 (moonshot.cu),
// where the first issue-16 self_reset (ticket drawn before the loads, zero published after the
// sums) was 0.5 us slower than the old one: the old one, each change alone, the kernel now in the
// project, and the zero-ahead ring with programmatic dependent launch (PDL) in the graph. Method as the benchmark's graph mode, in miniature: each variant's repetitions are
// captured as one CUDA graph of 200 repetitions, replayed between events; the figure is µs per
// repetition, median over the replays; three rounds over all variants (interleaved), the median of
// the rounds reported with their spread. Cold: the repetitions take turns over 30 copies of the
// input (120 MiB > 2 x 60 MiB L2). Every variant's result is checked after its replays.
//
// Build (from the repository root): nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr \
//   -Ikernels docs/results/h200-2026-11-30/moonshot/moonshot2.cu -o moonshot2
// It includes the project's reduce_warp.cu so that `self_reset` and `vectorized` are the
// project's own kernels, compiled the same way.
#include "cuda/reduce_warp.cu"

#include <cooperative_groups.h>
#include <cub/cub.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace cg = cooperative_groups;
using reducescope::cuda::NoProbe;

#define CK(x)                                                                                                \
    do {                                                                                                     \
        cudaError_t e_ = (x);                                                                                \
        if (e_ != cudaSuccess) {                                                                             \
            std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));                   \
            std::exit(1);                                                                                    \
        }                                                                                                    \
    } while (0)

namespace {

__device__ __forceinline__ float warp_sum(float s)
{
#pragma unroll
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    return s;
}
__device__ __forceinline__ float block_sum(float s, float* ws)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    s = warp_sum(s);
    if (lane == 0)
        ws[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < blockDim.x / 32 ? ws[lane] : 0.0f;
        s = warp_sum(s);
    }
    return s;
}

template <int LOAD>
__device__ __forceinline__ float4 ld4(const float4* p)
{
    float4 v;
    if constexpr (LOAD == 0)
        asm volatile("ld.global.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    else
        asm volatile("ld.global.nc.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
}

// ---- read-only shapes ---------------------------------------------------------------------------
template <int U, int LOAD>
__global__ void __launch_bounds__(1024) read_pass(const float* in, float* out, unsigned n)
{
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, first = blockIdx.x * blockDim.x * U + threadIdx.x;
    float s = 0;
#pragma unroll
    for (int k = 0; k < U; ++k) {
        const unsigned i = first + k * blockDim.x;
        if (i < n4) {
            const float4 v = ld4<LOAD>(in4 + i);
            s += (v.x + v.y) + (v.z + v.w);
        }
    }
    if (s == -1.0e38f)
        *out = s;
}
template <int LOAD>
__global__ void __launch_bounds__(1024) read_strided(const float* in, float* out, unsigned n)
{
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x;
    float s = 0;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const float4 v = ld4<LOAD>(in4 + i);
        s += (v.x + v.y) + (v.z + v.w);
    }
    if (s == -1.0e38f)
        *out = s;
}
__global__ void empty_kernel() {}
__global__ void fill(float* p, float v) { *p = v; }

// ---- merges -------------------------------------------------------------------------------------
// The block's C float4 (loads first, as vectorized), block-reduced: what every merge below shares.
template <int C>
__device__ __forceinline__ float block_partial(const float* __restrict__ in, unsigned n, float* ws)
{
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? __ldg(in4 + i) : make_float4(0, 0, 0, 0);
    }
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    return block_sum(s, ws);
}

// No reset at all: a diagnostic (right only at the first launch); what the merge costs without it.
template <int C>
__global__ void __launch_bounds__(1024) atomic_noreset(const float* __restrict__ in, float* out, unsigned n)
{
    __shared__ float ws[32];
    const float s = block_partial<C>(in, n, ws);
    if (threadIdx.x == 0)
        atomicAdd(out, s);
}

// self_reset as it was before issue 16 (loads first, then the ticket; plain release store; spin
// on acquire loads): the baseline of the "monotonic" change.
template <int C>
__global__ void __launch_bounds__(1024) self_reset_v1(const float* __restrict__ in, float* out,
                                                      unsigned long long* epoch, unsigned n)
{
    __shared__ float ws[32];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> published(epoch[1]);
    unsigned long long launch = 0;
    if (threadIdx.x == 0) {
        const unsigned long long t = atomicAdd(&epoch[0], 1ull);
        launch = t / gridDim.x;
        if (t % gridDim.x == 0) {
            *out = 0.0f;
            published.store(launch + 1, cuda::memory_order_release);
        }
    }
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    s = block_sum(s, ws);
    if (threadIdx.x == 0) {
        while (published.load(cuda::memory_order_acquire) < launch + 1) {
        }
        atomicAdd(out, s);
    }
}

// Zero-ahead ring: launch e adds into ring[e % 3], which launch e - 1 zeroed; the block that draws
// launch e's first ticket zeroes ring[(e + 1) % 3] for the next launch. Kernel boundaries order
// the zero before the next launch's atomics: no fence, no wait, no reset node. The result of
// launch e is in ring[e % 3] (e from the ticket counter) and stays there until launch e + 2.
template <int C>
__global__ void __launch_bounds__(1024) ring(const float* __restrict__ in, float* slots, unsigned long long* tickets,
                                             unsigned n)
{
    __shared__ float ws[32];
    unsigned long long t = 0;
    if (threadIdx.x == 0)
        t = atomicAdd(tickets, 1ull);
    const float s = block_partial<C>(in, n, ws);
    if (threadIdx.x == 0) {
        const unsigned long long e = t / gridDim.x;
        if (t % gridDim.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
}

// The ring with a cluster of CL blocks merged through distributed shared memory first: the
// non-leaders add their block sum into the leader's shared accumulator (DSMEM atomics), arrive
// at the cluster barrier (release) and exit; the leader waits (acquire) and makes the one atomic of
// the cluster. The accumulator is zeroed by the leader before a first cluster barrier.
template <int C, int CL>
__global__ void __launch_bounds__(1024) ring_cluster(const float* __restrict__ in, float* slots,
                                                     unsigned long long* tickets, unsigned n)
{
    __shared__ float ws[32];
    __shared__ float acc;
    cg::cluster_group cluster = cg::this_cluster();
    const bool leader = cluster.block_rank() == 0;
    unsigned long long t = 0;
    if (threadIdx.x == 0) {
        if (leader) {
            t = atomicAdd(tickets, 1ull);
            acc = 0.0f;
        }
    }
    asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory");
    const float s = block_partial<C>(in, n, ws);
    asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory");
    if (threadIdx.x == 0)
        atomicAdd(cluster.map_shared_rank(&acc, 0), s);
    asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory");
    if (leader) {
        asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory");
        if (threadIdx.x == 0) {
            const unsigned clusters = gridDim.x / CL;
            const unsigned long long e = t / clusters;
            if (t % clusters == 0)
                slots[(e + 1) % 3] = 0.0f;
            atomicAdd(&slots[e % 3], acc);
        }
    }
}

// self_reset v1 with the release atomic max instead of the release store (issue 16's first change
// alone).
template <int C>
__global__ void __launch_bounds__(1024) self_reset_v1_max(const float* __restrict__ in, float* out,
                                                          unsigned long long* epoch, unsigned n)
{
    __shared__ float ws[32];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> published(epoch[1]);
    unsigned long long launch = 0;
    if (threadIdx.x == 0) {
        const unsigned long long t = atomicAdd(&epoch[0], 1ull);
        launch = t / gridDim.x;
        if (t % gridDim.x == 0) {
            *out = 0.0f;
            published.fetch_max(launch + 1, cuda::memory_order_release);
        }
    }
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    s = block_sum(s, ws);
    if (threadIdx.x == 0) {
        while (published.load(cuda::memory_order_acquire) < launch + 1) {
        }
        atomicAdd(out, s);
    }
}

// Run 1's issue-16 self_reset: the ticket (and the grid word) drawn before the loads, the zero
// published after the sums, the release atomic max, the wait with back-off.
template <int C>
__global__ void __launch_bounds__(1024) self_reset_ticket_first(const float* __restrict__ in, float* out,
                                                                unsigned long long* epoch, unsigned n)
{
    __shared__ float ws[32];
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> published(epoch[1]);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> grid_size(epoch[2]);
    unsigned long long ticket = 0, grid_seen = 0;
    if (threadIdx.x == 0) {
        ticket = atomicAdd(&epoch[0], 1ull);
        grid_seen = grid_size.load(cuda::memory_order_relaxed);
    }
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? in4[i] : make_float4(0, 0, 0, 0);
    }
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    const unsigned long long launch = ticket / gridDim.x;
    const bool other_grid = grid_seen != 0 && grid_seen != gridDim.x;
    if (threadIdx.x == 0 && !other_grid && ticket % gridDim.x == 0) {
        if (ticket == 0)
            grid_size.store(gridDim.x, cuda::memory_order_relaxed);
        *out = 0.0f;
        published.fetch_max(launch + 1, cuda::memory_order_release);
    }
    s = block_sum(s, ws);
    if (threadIdx.x == 0) {
        if (other_grid) {
            atomicOr(&epoch[3], 1ull);
            atomicAdd(out, __int_as_float(0x7fffffff));
        } else {
            reducescope::cuda::self_reset_wait(published, launch + 1);
            atomicAdd(out, s);
        }
    }
}

// The zero-ahead ring with programmatic dependent launch: the next launch may start once every
// block of this one has drawn its ticket (trigger after the block reduce, whose barrier follows
// thread 0's ticket), so its launch latency and loads overlap this launch's tail; before its
// atomic (which goes to the slot this launch zeroed) it waits for this launch to complete.
template <int C>
__global__ void __launch_bounds__(1024) ring_pdl(const float* __restrict__ in, float* slots, unsigned long long* tickets,
                                                 unsigned n)
{
    __shared__ float ws[32];
    __shared__ unsigned long long ticket;
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? __ldg(in4 + i) : make_float4(0, 0, 0, 0);
    }
    if (threadIdx.x == 0)
        ticket = atomicAdd(tickets, 1ull);
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    s = block_sum(s, ws);
    __syncthreads();
    cudaTriggerProgrammaticLaunchCompletion();
    if (threadIdx.x == 0) {
        const unsigned long long t = ticket, e = t / gridDim.x;
        cudaGridDependencySynchronize();
        if (t % gridDim.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
}

// A read-only pass that lets the next launch start at once (PDL): the ceiling with the same overlap.
template <int U>
__global__ void __launch_bounds__(1024) read_pass_pdl(const float* in, float* out, unsigned n)
{
    cudaTriggerProgrammaticLaunchCompletion();
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, first = blockIdx.x * blockDim.x * U + threadIdx.x;
    float s = 0;
#pragma unroll
    for (int k = 0; k < U; ++k) {
        const unsigned i = first + k * blockDim.x;
        if (i < n4) {
            const float4 v = ld4<1>(in4 + i);
            s += (v.x + v.y) + (v.z + v.w);
        }
    }
    if (s == -1.0e38f)
        *out = s;
}

template <class K, class... A>
void launch_pdl(K kernel, unsigned grid, unsigned block, cudaStream_t st, A... args)
{
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.stream = st;
    cudaLaunchAttribute a{};
    a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    a.val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = &a;
    cfg.numAttrs = 1;
    const cudaError_t e = cudaLaunchKernelEx(&cfg, kernel, args...);
    if (e != cudaSuccess)
        std::printf("PDL launch: %s\n", cudaGetErrorString(e));
}

// CUB's single pass from block primitives (the project's cub_single_pass, same design).
constexpr int kSpT = 256, kSpV = 4;
__global__ void __launch_bounds__(kSpT) single_pass(const float* __restrict__ in, float* out, unsigned n)
{
    using Load = cub::BlockLoad<float4, kSpT, kSpV, cub::BLOCK_LOAD_STRIPED>;
    using Reduce = cub::BlockReduce<float, kSpT, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
    __shared__ typename Reduce::TempStorage rs;
    const unsigned n4 = n / 4, tile = kSpT * kSpV;
    const cub::CacheModifiedInputIterator<cub::LOAD_LDG, float4> it{reinterpret_cast<const float4*>(in)};
    float s = 0;
    for (unsigned base = blockIdx.x * tile; base < n4; base += gridDim.x * tile) {
        float4 v[kSpV];
        const unsigned valid = min(tile, n4 - base);
        if (valid == tile)
            Load().Load(it + base, v);
        else
            Load().Load(it + base, v, int(valid), make_float4(0, 0, 0, 0));
#pragma unroll
        for (int k = 0; k < kSpV; ++k)
            s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    }
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    const float b = Reduce(rs).Sum(s);
    if (threadIdx.x == 0)
        atomicAdd(out, b);
}

// ---- harness ------------------------------------------------------------------------------------
constexpr unsigned kN = 1u << 20;
constexpr int kCopies = 30;           // cold: 30 x 4 MiB = 120 MiB
constexpr int kNodes = 210;           // repetitions per graph (a multiple of 30, 3 and 2)
constexpr int kReplays = 12;
constexpr int kRounds = 3;

struct Bufs {
    float* x;          // kCopies copies, stride kStride floats
    std::size_t stride;
    float* out;        // 64 floats
    float* sink;
    unsigned long long* epoch;  // 4 words (self_reset) + 1 (ring tickets) at [8]
    float* slots;      // ring slots
    void* temp;
    std::size_t temp_bytes;
};

struct Variant {
    std::string name;
    bool cold_ok = true;  // also run cold
    // enqueue repetition r on stream s reading input `in`
    std::function<void(cudaStream_t, const float*, int)> enqueue;
    std::function<void(cudaStream_t)> setup;   // before capture (zero counters ...)
    std::function<double()> result;            // after the replays (NaN: not checked)
    double hot[kRounds], cold[kRounds];
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

// As in moonshot.cu, but a failing variant (e.g. a PDL launch that cannot be captured) gives NaN
// and the others still run.
double time_variant(Variant& v, Bufs& b, cudaStream_t s, bool cold, cudaEvent_t e0, cudaEvent_t e1)
{
    auto soft = [](cudaError_t e, const char* what) {
        if (e != cudaSuccess)
            std::printf("%s: %s\n", what, cudaGetErrorString(e));
        return e == cudaSuccess;
    };
    if (v.setup)
        v.setup(s);
    if (!soft(cudaStreamSynchronize(s), "sync"))
        return std::nan("");
    cudaGraph_t g = nullptr;
    if (!soft(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal), "capture"))
        return std::nan("");
    for (int r = 0; r < kNodes; ++r)
        v.enqueue(s, b.x + (cold ? (r % kCopies) * b.stride : 0), r);
    const bool captured = soft(cudaStreamEndCapture(s, &g), (v.name + ": end capture").c_str());
    cudaGetLastError();
    if (!captured)
        return std::nan("");
    cudaGraphExec_t ge = nullptr;
    const bool inst = soft(cudaGraphInstantiate(&ge, g, 0), (v.name + ": instantiate").c_str());
    cudaGraphDestroy(g);
    if (!inst)
        return std::nan("");
    if (!soft(cudaGraphLaunch(ge, s), "launch") || !soft(cudaStreamSynchronize(s), "warm replay")) {
        cudaGraphExecDestroy(ge);
        return std::nan("");
    }
    std::vector<double> t;
    for (int k = 0; k < kReplays; ++k) {
        CK(cudaEventRecord(e0, s));
        CK(cudaGraphLaunch(ge, s));
        CK(cudaEventRecord(e1, s));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        t.push_back(1e3 * ms / kNodes);
    }
    CK(cudaGraphExecDestroy(ge));
    CK(cudaGetLastError());
    return median(t);
}

} // namespace

int main(int argc, char** argv)
{
    const bool with_cold = argc < 2 || std::string{argv[1]} != "hot";
    cudaDeviceProp p{};
    CK(cudaGetDeviceProperties(&p, 0));
    std::printf("device %s, %d SMs, L2 %d MiB; N = %u; graph of %d repetitions, %d replays, %d rounds\n", p.name,
                p.multiProcessorCount, p.l2CacheSize >> 20, kN, kNodes, kReplays, kRounds);
    Bufs b{};
    b.stride = kN + 2048;
    CK(cudaMalloc(&b.x, b.stride * kCopies * sizeof(float)));
    std::vector<float> h(b.stride, 0.0f);
    double ref = 0;
    uint64_t st = 20261130;
    for (unsigned i = 0; i < kN; ++i) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        h[i] = static_cast<float>(static_cast<int>((st >> 40) & 0xffffff) - (1 << 23)) * (1.0f / (1 << 23));
        ref += h[i];
    }
    for (int c = 0; c < kCopies; ++c)
        CK(cudaMemcpy(b.x + c * b.stride, h.data(), b.stride * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&b.out, 64 * sizeof(float)));
    CK(cudaMalloc(&b.sink, 64 * sizeof(float)));
    CK(cudaMalloc(&b.epoch, 16 * sizeof(unsigned long long)));
    CK(cudaMalloc(&b.slots, 4 * sizeof(float)));
    b.temp_bytes = 0;
    CK(cub::DeviceReduce::Sum(nullptr, b.temp_bytes, b.x, b.out, kN));
    CK(cudaMalloc(&b.temp, b.temp_bytes));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));

    auto read_out = [&b]() {
        float v;
        CK(cudaMemcpy(&v, b.out, sizeof v, cudaMemcpyDeviceToHost));
        return double(v);
    };
    auto zero_epoch = [&b](cudaStream_t st_) {
        CK(cudaMemsetAsync(b.epoch, 0, 16 * sizeof(unsigned long long), st_));
        CK(cudaMemsetAsync(b.slots, 0, 4 * sizeof(float), st_));
    };
    auto read_ring = [&b](unsigned groups) {
        return [&b, groups]() {
            unsigned long long t;
            CK(cudaMemcpy(&t, b.epoch + 8, sizeof t, cudaMemcpyDeviceToHost));
            float sl[3];
            CK(cudaMemcpy(sl, b.slots, sizeof sl, cudaMemcpyDeviceToHost));
            if (t % groups)
                return std::nan("");
            return double(sl[(t / groups - 1) % 3]);
        };
    };
    const double nan = std::nan("");
    std::vector<Variant> vs;
    auto add = [&](std::string name, std::function<void(cudaStream_t, const float*, int)> f,
                   std::function<void(cudaStream_t)> setup = {}, std::function<double()> result = {}) {
        Variant v;
        v.name = std::move(name);
        v.enqueue = std::move(f);
        v.setup = std::move(setup);
        v.result = std::move(result);
        vs.push_back(std::move(v));
    };
    add("empty kernel <<<1,32>>>", [](cudaStream_t st_, const float*, int) { empty_kernel<<<1, 32, 0, st_>>>(); });
    add("read pass u4 B256 nc grid 256", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<4, 1><<<256, 256, 0, st_>>>(in, b.sink, kN);
    });
    add("read pass u2 B256 nc grid 512", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<2, 1><<<512, 256, 0, st_>>>(in, b.sink, kN);
    });
    add("read pass u1 B1024 nc grid 256", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<1, 1><<<256, 1024, 0, st_>>>(in, b.sink, kN);
    });
    add("read pass u4 B256 nc grid 256, PDL", [&b](cudaStream_t st_, const float* in, int) {
        launch_pdl(read_pass_pdl<4>, 256, 256, st_, in, b.sink, kN);
    });
    add("cub DeviceReduce::Sum (uint32 count)",
        [&b](cudaStream_t st_, const float* in, int) {
            size_t tb = b.temp_bytes;
            CK(cub::DeviceReduce::Sum(b.temp, tb, in, b.out, std::uint32_t{kN}, st_));
        },
        {}, read_out);
    add("cub_single_pass (fill + BlockLoad/BlockReduce/atomic, grid 256)",
        [&b](cudaStream_t st_, const float* in, int) {
            fill<<<1, 1, 0, st_>>>(b.out, 0.0f);
            single_pass<<<kN / 4 / (kSpT * kSpV), kSpT, 0, st_>>>(in, b.out, kN);
        },
        {}, read_out);
    add("vectorized C4 B256 + fill reset",
        [&b](cudaStream_t st_, const float* in, int) {
            fill<<<1, 1, 0, st_>>>(b.out, 0.0f);
            reducescope::cuda::vectorized_reduce_sum<4><<<256, 256, 0, st_>>>(in, b.out, kN);
        },
        {}, read_out);
    for (auto [C, B] : {std::pair{4, 256}, {8, 256}, {2, 1024}}) {
        const unsigned grid = kN / 4 / (C * B);
        const std::string shape = " C" + std::to_string(C) + " B" + std::to_string(B) + " grid " + std::to_string(grid);
        add("self_reset v1 (before issue 16)" + shape,
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 2) self_reset_v1<2><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 4) self_reset_v1<4><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 8) self_reset_v1<8><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
            },
            zero_epoch, read_out);
        add("self_reset v1 + release atomic max" + shape,
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 2) self_reset_v1_max<2><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 4) self_reset_v1_max<4><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 8) self_reset_v1_max<8><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
            },
            zero_epoch, read_out);
        add("self_reset ticket first (run 1's issue-16 kernel)" + shape,
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 2) self_reset_ticket_first<2><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 4) self_reset_ticket_first<4><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                if (C == 8) self_reset_ticket_first<8><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
            },
            zero_epoch, read_out);
    }
    for (auto [C, B] : {std::pair{4, 256}, {8, 256}, {2, 1024}, {16, 256}, {16, 1024}}) {
        const unsigned grid = kN / 4 / (C * B);
        add("self_reset (project now)" + std::string(" C") + std::to_string(C) + " B" + std::to_string(B) + " grid " +
                std::to_string(grid),
            [=, &b](cudaStream_t st_, const float* in, int) {
                reducescope::cuda::with_coarse_factor(C, [&]<unsigned int CC>() {
                    reducescope::cuda::self_reset_reduce_sum<CC><<<grid, B, 0, st_>>>(in, b.out, b.epoch, kN);
                    return cudaSuccess;
                });
            },
            zero_epoch, read_out);
    }
    for (auto [C, B] : {std::pair{4, 512}, {1, 1024}, {4, 256}}) {
        const unsigned grid = kN / 4 / (C * B);
        const std::string shape = " C" + std::to_string(C) + " B" + std::to_string(B) + " grid " + std::to_string(grid);
        add("ring (zero-ahead)" + shape,
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 1) ring<1><<<grid, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN);
                if (C == 4) ring<4><<<grid, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN);
            },
            zero_epoch, read_ring(grid));
        add("ring (zero-ahead) + PDL" + shape,
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 1) launch_pdl(ring_pdl<1>, grid, B, st_, in, b.slots, b.epoch + 8, kN);
                if (C == 4) launch_pdl(ring_pdl<4>, grid, B, st_, in, b.slots, b.epoch + 8, kN);
            },
            zero_epoch, read_ring(grid));
    }

    for (int round = 0; round < kRounds; ++round)
        for (Variant& v : vs) {
            v.hot[round] = time_variant(v, b, s, false, e0, e1);
            v.cold[round] = with_cold && v.cold_ok ? time_variant(v, b, s, true, e0, e1) : nan;
        }
    // Correctness after the last (cold or hot) replays.
    std::printf("\n%-70s %9s %9s %9s | %9s %9s %9s | %s\n", "variant (us per repetition)", "hot med", "min", "max",
                "cold med", "min", "max", "check");
    for (Variant& v : vs) {
        std::string check = "-";
        if (v.result) {
            const double got = v.result();
            const double tol = 2.0 * (20 + 16) * std::ldexp(1.0, -24) * (kN / 2.0);
            check = std::isfinite(got) && std::fabs(got - ref) <= tol ? "ok" : "WRONG (" + std::to_string(got) + ")";
        }
        std::vector<double> h(v.hot, v.hot + kRounds), c(v.cold, v.cold + kRounds);
        std::printf("%-70s %9.3f %9.3f %9.3f | %9.3f %9.3f %9.3f | %s\n", v.name.c_str(), median(h),
                    *std::min_element(h.begin(), h.end()), *std::max_element(h.begin(), h.end()), median(c),
                    *std::min_element(c.begin(), c.end()), *std::max_element(c.begin(), c.end()), check.c_str());
    }
    std::printf("reference sum %.6f\n", ref);
    return 0;
}
