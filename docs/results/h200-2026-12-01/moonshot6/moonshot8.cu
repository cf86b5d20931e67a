// SPDX-License-Identifier: GPL-3.0-or-later
// Experiment, eighth run (moonshot8.cu, made from moonshot7.cu; not part of the build). Run 7 showed
// the ticket ring 0.05 us slower than the ring given e, and R3 slower than R0. Here R4: the block step
// of R0 with the first warp's five shuffles replaced by thread 0 summing the 32 warp sums itself
// (eight 16-byte shared loads, a tree of adds). Every variant's result is now checked right after
// its own replays, in every round (run 6 and run 7 read all results at the end, so only the last
// variant that used the shared output was really checked).
//
// (Run 7's description follows.)
// Experiment, seventh run (not part of the build; issue 16's moonshot). Run 6 (moonshot6.cu,
// run1.txt) showed that the block reduction, not the atomic, separates a one-kernel reduction from
// the read-only kernel: storing each block's sum to its own slot (no merge) costs as much as the
// atomic (1.93-1.97 us), while storing each WARP's sum (no block barrier, no second shuffle chain)
// takes 1.69-1.78 us. Here: where the block step's time goes, and merges that avoid it:
//  - R2b: per-warp sums stored, with an early block barrier (passed while the loads fly): what that
//    barrier costs;
//  - R3: no closing barrier: each warp writes its sum to shared memory, fences (block scope) and
//    draws a ticket from a shared counter; the warp with the last ticket sums the block's warp sums
//    (5 shuffles) and makes the block's one atomic;
//  - the zero-ahead ring with the launch number passed as a kernel argument (no ticket atomic at
//    all; in a graph of 210 nodes node r passes r, and 210 is a multiple of 3, so replays line up):
//    what the ticket costs.
// Method as moonshot6.cu. Build (repository root): nvcc -O3 -std=c++20 -arch=sm_90 \
//   --expt-relaxed-constexpr docs/results/h200-2026-12-01/moonshot6/moonshot8.cu -o moonshot8
#include <cub/cub.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

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

__global__ void empty_kernel() {}
__global__ void fill(float* p, float v) { *p = v; }

// The read-only kernel: one pass, U float4 per thread (read-only loads), a store that never happens.
template <int U>
__global__ void __launch_bounds__(1024) read_pass(const float* in, float* out, unsigned n)
{
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, first = blockIdx.x * blockDim.x * U + threadIdx.x;
    float s = 0;
#pragma unroll
    for (int k = 0; k < U; ++k) {
        const unsigned i = first + k * blockDim.x;
        if (i < n4) {
            const float4 v = __ldg(in4 + i);
            s += (v.x + v.y) + (v.z + v.w);
        }
    }
    if (s == -1.0e38f)
        *out = s;
}

// The thread's C float4 (all loads issued first, grid-strided as `vectorized`), summed. BAR: a
// block barrier between issuing the loads and using them (it passes while the loads are in flight).
template <int C, bool BAR = false>
__device__ __forceinline__ float thread_partial(const float* __restrict__ in, unsigned n)
{
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const unsigned n4 = n / 4, stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[C];
#pragma unroll
    for (int k = 0; k < C; ++k) {
        const unsigned i = first + k * stride;
        v[k] = i < n4 ? __ldg(in4 + i) : make_float4(0, 0, 0, 0);
    }
    if (BAR)
        __syncthreads();
    float s = 0;
#pragma unroll
    for (int k = 0; k < C; ++k)
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        s += in[4 * n4 + threadIdx.x];
    return s;
}

// Block reduction kinds. R0: warp shuffles, one value per warp in shared memory, a barrier, the
// first warp's shuffles (the project's). R1: warp shuffles, then lane 0 of each warp adds into one
// shared accumulator (shared-memory atomic), a barrier; the second shuffle chain is gone. `acc` must
// be zeroed and a barrier passed before (done while the loads are in flight). Result valid in
// thread 0.
template <int R>
__device__ __forceinline__ float block_sum(float s, float* ws, float* acc)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    s = warp_sum(s);
    if constexpr (R == 0) {
        if (lane == 0)
            ws[warp] = s;
        __syncthreads();
        if (warp == 0) {
            s = lane < blockDim.x / 32 ? ws[lane] : 0.0f;
            s = warp_sum(s);
        }
        return s;
    } else {
        if (lane == 0)
            atomicAdd(acc, s);
        __syncthreads();
        return *acc;
    }
}

// Diagnostic: each block stores its sum to its own slot; no merge (what the loads and the block
// reduction cost alone). R2 stores one value per warp.
template <int C, int R>
__global__ void __launch_bounds__(1024) partials_store(const float* __restrict__ in, float* partials, unsigned n)
{
    __shared__ float ws[32];
    __shared__ float acc;
    if (R == 1 && threadIdx.x == 0)
        acc = 0.0f;
    float s = thread_partial<C, R == 1>(in, n);
    if constexpr (R == 2) {
        s = warp_sum(s);
        if (threadIdx.x % 32 == 0)
            partials[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = s;
    } else {
        s = block_sum<R>(s, ws, &acc);
        if (threadIdx.x == 0)
            partials[blockIdx.x] = s;
    }
}

// Diagnostic: one atomicAdd per block (R0, R1) or per warp (R2) into an output never reset (right
// only at the first launch).
template <int C, int R>
__global__ void __launch_bounds__(1024) atomic_noreset(const float* __restrict__ in, float* out, unsigned n)
{
    __shared__ float ws[32];
    __shared__ float acc;
    if (R == 1 && threadIdx.x == 0)
        acc = 0.0f;
    float s = thread_partial<C, R == 1>(in, n);
    if constexpr (R == 2) {
        s = warp_sum(s);
        if (threadIdx.x % 32 == 0)
            atomicAdd(out, s);
    } else {
        s = block_sum<R>(s, ws, &acc);
        if (threadIdx.x == 0)
            atomicAdd(out, s);
    }
}

// The zero-ahead ring (moonshot5.cu): launch e adds into slots[e % 3], which launch e - 1 zeroed;
// the block with launch e's first ticket zeroes slots[(e + 1) % 3]. With R2 every warp adds into
// the slot; the ticket reaches the warps through shared memory behind a barrier passed while the
// loads are in flight.
template <int C, int R>
__global__ void __launch_bounds__(1024) ring(const float* __restrict__ in, float* slots, unsigned long long* tickets,
                                             unsigned n)
{
    __shared__ float ws[32];
    __shared__ float acc;
    __shared__ unsigned long long ticket;
    unsigned long long t = 0;
    if (threadIdx.x == 0) {
        t = atomicAdd(tickets, 1ull);
        if (R == 2)
            ticket = t;
        if (R == 1)
            acc = 0.0f;
    }
    float s = thread_partial<C, R != 0>(in, n);
    if constexpr (R == 2) {
        s = warp_sum(s);
        if (threadIdx.x % 32 == 0) {
            const unsigned long long tk = ticket, e = tk / gridDim.x;
            if (threadIdx.x == 0 && tk % gridDim.x == 0)
                slots[(e + 1) % 3] = 0.0f;
            atomicAdd(&slots[e % 3], s);
        }
    } else {
        s = block_sum<R>(s, ws, &acc);
        if (threadIdx.x == 0) {
            const unsigned long long e = t / gridDim.x;
            if (t % gridDim.x == 0)
                slots[(e + 1) % 3] = 0.0f;
            atomicAdd(&slots[e % 3], s);
        }
    }
}


// R3's block step: returns true in the warp that arrives last; its lane 0 then holds the block sum.
// `arrived` must be zeroed and a block barrier passed before (done while the loads are in flight).
__device__ __forceinline__ bool block_sum_last_warp(float& s, volatile float* ws, unsigned* arrived)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    s = warp_sum(s);
    unsigned ticket = 0;
    if (lane == 0) {
        ws[warp] = s;
        __threadfence_block();
        ticket = atomicAdd(arrived, 1u);
    }
    ticket = __shfl_sync(0xffffffffu, ticket, 0);
    if (ticket != warps - 1)
        return false;
    __threadfence_block();
    s = lane < warps ? ws[lane] : 0.0f;
    s = warp_sum(s);
    return true;
}

// Diagnostics: R2b stores per-warp sums behind an early barrier; R3 stores per-block sums via the
// last warp.
template <int C>
__global__ void __launch_bounds__(1024) store_r2b(const float* __restrict__ in, float* partials, unsigned n)
{
    float s = thread_partial<C, true>(in, n);
    s = warp_sum(s);
    if (threadIdx.x % 32 == 0)
        partials[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = s;
}
template <int C>
__global__ void __launch_bounds__(1024) store_r3(const float* __restrict__ in, float* partials, unsigned n)
{
    __shared__ float ws[32];
    __shared__ unsigned arrived;
    if (threadIdx.x == 0)
        arrived = 0;
    float s = thread_partial<C, true>(in, n);
    if (block_sum_last_warp(s, ws, &arrived) && threadIdx.x % 32 == 0)
        partials[blockIdx.x] = s;
}
template <int C>
__global__ void __launch_bounds__(1024) noreset_r3(const float* __restrict__ in, float* out, unsigned n)
{
    __shared__ float ws[32];
    __shared__ unsigned arrived;
    if (threadIdx.x == 0)
        arrived = 0;
    float s = thread_partial<C, true>(in, n);
    if (block_sum_last_warp(s, ws, &arrived) && threadIdx.x % 32 == 0)
        atomicAdd(out, s);
}
// The ring with R3's block step; the ticket (drawn by thread 0 at the start) reaches the last warp
// through shared memory, written by thread 0 before its warp's arrival.
template <int C>
__global__ void __launch_bounds__(1024) ring_r3(const float* __restrict__ in, float* slots, unsigned long long* tickets,
                                                unsigned n)
{
    __shared__ float ws[32];
    __shared__ unsigned arrived;
    __shared__ unsigned long long ticket;
    unsigned long long t = 0;
    if (threadIdx.x == 0) {
        t = atomicAdd(tickets, 1ull);
        arrived = 0;
    }
    float s = thread_partial<C, true>(in, n);
    if (threadIdx.x == 0)
        ticket = t;
    if (block_sum_last_warp(s, ws, &arrived) && threadIdx.x % 32 == 0) {
        const unsigned long long tk = *static_cast<volatile unsigned long long*>(&ticket), e = tk / gridDim.x;
        if (tk % gridDim.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
}
// The ring with the launch number e given by the caller (no ticket). R 0: the project's block step;
// R 3: the last warp's.
template <int C, int R>
__global__ void __launch_bounds__(1024) ring_arg(const float* __restrict__ in, float* slots, unsigned long long e,
                                                 unsigned n)
{
    __shared__ float ws[32];
    __shared__ unsigned arrived;
    if (R == 3 && threadIdx.x == 0)
        arrived = 0;
    float s = thread_partial<C, R == 3>(in, n);
    bool mine;
    if constexpr (R == 3) {
        mine = block_sum_last_warp(s, ws, &arrived) && threadIdx.x % 32 == 0;
    } else {
        s = block_sum<0>(s, ws, nullptr);
        mine = threadIdx.x == 0;
    }
    if (mine) {
        if (blockIdx.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
}


// R4's block step: warp shuffles, the warp sums in shared memory, a barrier, then thread 0 adds the
// (up to 32) warp sums with eight 16-byte shared loads and a tree of adds. Result in thread 0.
__device__ __forceinline__ float block_sum_r4(float s, float* ws)
{
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    s = warp_sum(s);
    if (lane == 0)
        ws[warp] = s;
    __syncthreads();
    if (threadIdx.x != 0)
        return 0.0f;
    const float4* w4 = reinterpret_cast<const float4*>(ws);
    float q[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        const float4 a = 4 * k < int(warps) ? w4[k] : make_float4(0, 0, 0, 0);
        q[k] = (a.x + a.y) + (a.z + a.w);
    }
    return ((q[0] + q[1]) + (q[2] + q[3])) + ((q[4] + q[5]) + (q[6] + q[7]));
}
template <int C>
__global__ void __launch_bounds__(1024) store_r4(const float* __restrict__ in, float* partials, unsigned n)
{
    __shared__ __align__(16) float ws[32];
    float s = thread_partial<C>(in, n);
    s = block_sum_r4(s, ws);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = s;
}
template <int C>
__global__ void __launch_bounds__(1024) ring_r4(const float* __restrict__ in, float* slots, unsigned long long* tickets,
                                                unsigned n)
{
    __shared__ __align__(16) float ws[32];
    unsigned long long t = 0;
    if (threadIdx.x == 0)
        t = atomicAdd(tickets, 1ull);
    float s = thread_partial<C>(in, n);
    s = block_sum_r4(s, ws);
    if (threadIdx.x == 0) {
        const unsigned long long e = t / gridDim.x;
        if (t % gridDim.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
}
template <int C>
__global__ void __launch_bounds__(1024) ring_arg_r4(const float* __restrict__ in, float* slots, unsigned long long e,
                                                    unsigned n)
{
    __shared__ __align__(16) float ws[32];
    float s = thread_partial<C>(in, n);
    s = block_sum_r4(s, ws);
    if (threadIdx.x == 0) {
        if (blockIdx.x == 0)
            slots[(e + 1) % 3] = 0.0f;
        atomicAdd(&slots[e % 3], s);
    }
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
    float* partials;   // per-block / per-warp sums of the diagnostic
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
    int checks = 0, wrong = 0;  // results checked after each timing, and how many were wrong
    double last = 0;
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
    CK(cudaMalloc(&b.partials, (kN / 4 / 32) * sizeof(float)));
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
    add("read pass u4 B256 grid 256", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<4><<<256, 256, 0, st_>>>(in, b.sink, kN);
    });
    add("read pass u2 B1024 grid 128", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<2><<<128, 1024, 0, st_>>>(in, b.sink, kN);
    });
    add("read pass u1 B256 grid 1024", [&b](cudaStream_t st_, const float* in, int) {
        read_pass<1><<<1024, 256, 0, st_>>>(in, b.sink, kN);
    });
    add("cub_single_pass (fill + BlockLoad/BlockReduce/atomic, grid 256)",
        [&b](cudaStream_t st_, const float* in, int) {
            fill<<<1, 1, 0, st_>>>(b.out, 0.0f);
            single_pass<<<kN / 4 / (kSpT * kSpV), kSpT, 0, st_>>>(in, b.out, kN);
        },
        {}, read_out);
    auto grid_of = [](int C, int B) { return kN / 4 / unsigned(C * B); };
    auto name_of = [](const char* what, int C, int B) {
        return std::string{what} + " C" + std::to_string(C) + " B" + std::to_string(B) + " grid " +
               std::to_string(kN / 4 / unsigned(C * B));
    };
    auto read_slot2 = [&b]() {
        float sl[3];
        CK(cudaMemcpy(sl, b.slots, sizeof sl, cudaMemcpyDeviceToHost));
        return double(sl[(kNodes - 1) % 3]);
    };
#define RS_C(KERNEL, C, ...)                                                                                 \
    do {                                                                                                     \
        if (C == 1) KERNEL<1>__VA_ARGS__;                                                                    \
        if (C == 2) KERNEL<2>__VA_ARGS__;                                                                    \
        if (C == 4) KERNEL<4>__VA_ARGS__;                                                                    \
        if (C == 8) KERNEL<8>__VA_ARGS__;                                                                    \
    } while (0)
    const std::vector<std::pair<int, int>> shapes{{1, 1024}, {2, 512}, {4, 256}, {2, 1024}, {4, 512}};
    for (auto [C, B] : shapes) {
        const unsigned g = grid_of(C, B);
        add(name_of("store R0 (no merge)", C, B), [=, &b](cudaStream_t st_, const float* in, int) {
            if (C == 1) partials_store<1, 0><<<g, B, 0, st_>>>(in, b.partials, kN);
            if (C == 2) partials_store<2, 0><<<g, B, 0, st_>>>(in, b.partials, kN);
            if (C == 4) partials_store<4, 0><<<g, B, 0, st_>>>(in, b.partials, kN);
        });
        add(name_of("store R4 (no merge)", C, B), [=, &b](cudaStream_t st_, const float* in, int) {
            RS_C(store_r4, C, <<<g, B, 0, st_>>>(in, b.partials, kN));
        });
        add(name_of("ring R0", C, B),
            [=, &b](cudaStream_t st_, const float* in, int) {
                if (C == 1) ring<1, 0><<<g, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN);
                if (C == 2) ring<2, 0><<<g, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN);
                if (C == 4) ring<4, 0><<<g, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN);
            },
            zero_epoch, read_ring(g));
        add(name_of("ring R4", C, B),
            [=, &b](cudaStream_t st_, const float* in, int) {
                RS_C(ring_r4, C, <<<g, B, 0, st_>>>(in, b.slots, b.epoch + 8, kN));
            },
            zero_epoch, read_ring(g));
        add(name_of("ring, e as argument, R0", C, B),
            [=, &b](cudaStream_t st_, const float* in, int r) {
                const unsigned long long e = unsigned(r);
                if (C == 1) ring_arg<1, 0><<<g, B, 0, st_>>>(in, b.slots, e, kN);
                if (C == 2) ring_arg<2, 0><<<g, B, 0, st_>>>(in, b.slots, e, kN);
                if (C == 4) ring_arg<4, 0><<<g, B, 0, st_>>>(in, b.slots, e, kN);
            },
            zero_epoch, read_slot2);
        add(name_of("ring, e as argument, R4", C, B),
            [=, &b](cudaStream_t st_, const float* in, int r) {
                RS_C(ring_arg_r4, C, <<<g, B, 0, st_>>>(in, b.slots, (unsigned long long)unsigned(r), kN));
            },
            zero_epoch, read_slot2);
    }

    for (int round = 0; round < kRounds; ++round)
        for (Variant& v : vs) {
            const double tol = 2.0 * (20 + 16) * std::ldexp(1.0, -24) * (kN / 2.0);
            auto check = [&](Variant& w) {
                if (!w.result)
                    return;
                w.last = w.result();
                ++w.checks;
                if (!(std::isfinite(w.last) && std::fabs(w.last - ref) <= tol))
                    ++w.wrong;
            };
            v.hot[round] = time_variant(v, b, s, false, e0, e1);
            check(v);
            v.cold[round] = with_cold && v.cold_ok ? time_variant(v, b, s, true, e0, e1) : nan;
            if (with_cold && v.cold_ok)
                check(v);
        }
    std::printf("\n%-70s %9s %9s %9s | %9s %9s %9s | %s\n", "variant (us per repetition)", "hot med", "min", "max",
                "cold med", "min", "max", "check");
    for (Variant& v : vs) {
        std::string check = "-";
        if (v.checks)
            check = (v.wrong ? "WRONG " + std::to_string(v.wrong) : std::string{"ok"}) + " (" + std::to_string(v.checks) +
                    " checks; last " + std::to_string(v.last) + ")";
        std::vector<double> h(v.hot, v.hot + kRounds), c(v.cold, v.cold + kRounds);
        std::printf("%-70s %9.3f %9.3f %9.3f | %9.3f %9.3f %9.3f | %s\n", v.name.c_str(), median(h),
                    *std::min_element(h.begin(), h.end()), *std::max_element(h.begin(), h.end()), median(c),
                    *std::min_element(c.begin(), c.end()), *std::max_element(c.begin(), c.end()), check.c_str());
    }
    std::printf("reference sum %.6f\n", ref);
    return 0;
}
