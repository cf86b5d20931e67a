// SPDX-License-Identifier: GPL-3.0-or-later
// Baselines: CUB's DeviceReduce (the library a production code would call: two kernels,
// run-to-run deterministic), a one-pass kernel built from CUB's block primitives (one kernel,
// atomics) and its ring-output variant, CCCL >= 3.1's DeviceReduce under each determinism
// requirement (when built with REDUCESCOPE_CCCL_DIR), and the read-only kernels that measure how fast this GPU can
// read N floats at all (the ceiling that every reduction is compared with).
#include "launch.cuh"
#include "reduce_common.cuh"

#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/version.cuh>
#if defined(REDUCESCOPE_CCCL_DETERMINISM)
#include <cuda/memory_resource>
#include <cuda/std/execution>
#include <cuda/stream_ref>
#endif

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <new>

namespace reducescope::cuda {

// ---- read-only kernels (the read ceiling) ------------------------------------------------------

// One 16-byte load of the kind the shape asks for: 0 a plain ld.global, 1 the read-only
// (non-coherent) path ld.global.nc, 2 ld.global.nc that does not allocate in L1. Inline PTX, so
// that the compiler cannot turn one kind into another.
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
                     : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                     : "l"(p));
    return v;
}

__device__ __forceinline__ float add4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// read_strided — reads every float once with 16-byte loads in a grid-stride loop sized to the
// resident blocks, four loads in flight per thread, and does the least arithmetic that keeps the
// loads alive: it adds them and stores only if the sum equals `never`, which the caller picks so
// that it does not. No shared memory, no barriers, no atomics: the time of this kernel is what
// reading the bytes costs. TWO: also reads b (the dot products read two arrays).
template <int LOAD, bool TWO>
__global__ __launch_bounds__(kMaxBlockThreads) void read_strided_kernel(const float* a, const float* b, float* output,
                                                                        unsigned int n, float never)
{
    const float4* a4 = reinterpret_cast<const float4*>(a);
    const float4* b4 = reinterpret_cast<const float4*>(b);
    const unsigned int n4 = n / 4;
    const unsigned int stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        sum += (add4(load4<LOAD>(a4 + i)) + add4(load4<LOAD>(a4 + i + stride))) +
               (add4(load4<LOAD>(a4 + i + 2 * stride)) + add4(load4<LOAD>(a4 + i + 3 * stride)));
        if constexpr (TWO)
            sum += (add4(load4<LOAD>(b4 + i)) + add4(load4<LOAD>(b4 + i + stride))) +
                   (add4(load4<LOAD>(b4 + i + 2 * stride)) + add4(load4<LOAD>(b4 + i + 3 * stride)));
    }
    for (; i < n4; i += stride) {
        sum += add4(load4<LOAD>(a4 + i));
        if constexpr (TWO)
            sum += add4(load4<LOAD>(b4 + i));
    }
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += a[4 * n4 + t] + (TWO ? b[4 * n4 + t] : 0.0f);
    if (sum == never)
        *output = sum;
}

// read_pass — the other shape: no loop, each thread issues UNROLL 16-byte loads spaced blockDim.x
// apart and exits, over as many blocks as it takes (what the fastest reduction kernels do).
template <unsigned int UNROLL, int LOAD, bool TWO>
__global__ __launch_bounds__(kMaxBlockThreads) void read_pass_kernel(const float* a, const float* b, float* output,
                                                                     unsigned int n, float never)
{
    const float4* a4 = reinterpret_cast<const float4*>(a);
    const float4* b4 = reinterpret_cast<const float4*>(b);
    const unsigned int n4 = n / 4;
    const unsigned int first = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    float4 v[UNROLL], w[UNROLL];
#pragma unroll
    for (unsigned int k = 0; k < UNROLL; ++k) {
        const unsigned int i = first + k * blockDim.x;
        v[k] = i < n4 ? load4<LOAD>(a4 + i) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if constexpr (TWO)
            w[k] = i < n4 ? load4<LOAD>(b4 + i) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    float sum = 0.0f;
#pragma unroll
    for (unsigned int k = 0; k < UNROLL; ++k)
        sum += add4(v[k]) + (TWO ? add4(w[k]) : 0.0f);
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += a[4 * n4 + t] + (TWO ? b[4 * n4 + t] : 0.0f);
    if (sum == never)
        *output = sum;
}

__global__ __launch_bounds__(kMaxBlockThreads) void empty_kernel() {}

__global__ __launch_bounds__(kMaxBlockThreads) void fill_kernel(float* out, float value) { *out = value; }

// blocking_kernel — nvbench's blocking kernel: one thread spins until the host writes 1 into
// *release (mapped host memory) or `timeout_ns` of the GPU's global timer have passed (then it sets
// *timed_out). The timed work and its start event are queued behind it while it spins, so the
// start event is recorded by a busy GPU the moment the spin ends, and the first kernel of the batch
// follows at once: no launch latency and no wake-up of an idle GPU in the sample.
__global__ void blocking_kernel(const volatile int* release, int* timed_out, unsigned long long timeout_ns)
{
    unsigned long long t0 = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    for (;;) {
        if (*release != 0)
            return;
        unsigned long long t = 0;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        if (t - t0 > timeout_ns) {
            *timed_out = 1;
            return;
        }
    }
}

template <int LOAD, bool TWO>
cudaError_t launch_read(const Launch& l, const ReadShape& s, float never)
{
    const unsigned int n4 = l.n / 4;
    if (s.strided) {
        read_strided_kernel<LOAD, TWO><<<s.blocks > 0 ? s.blocks : 1, s.block, 0, l.stream>>>(l.x, l.y, l.out, l.n, never);
        return cudaGetLastError();
    }
    const unsigned int per_block = s.block * s.unroll;
    const unsigned int grid = n4 / per_block + (n4 % per_block != 0);
    const dim3 g{grid > 0 ? grid : 1u};
    switch (s.unroll) {
    case 1: read_pass_kernel<1, LOAD, TWO><<<g, s.block, 0, l.stream>>>(l.x, l.y, l.out, l.n, never); break;
    case 2: read_pass_kernel<2, LOAD, TWO><<<g, s.block, 0, l.stream>>>(l.x, l.y, l.out, l.n, never); break;
    case 4: read_pass_kernel<4, LOAD, TWO><<<g, s.block, 0, l.stream>>>(l.x, l.y, l.out, l.n, never); break;
    case 8: read_pass_kernel<8, LOAD, TWO><<<g, s.block, 0, l.stream>>>(l.x, l.y, l.out, l.n, never); break;
    default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

cudaError_t enqueue_read(const Launch& l, const ReadShape& s, float never)
{
    if (s.two_arrays && l.y == nullptr)
        return cudaErrorInvalidValue;
    switch (s.load * 2 + (s.two_arrays ? 1 : 0)) {
    case 0: return launch_read<0, false>(l, s, never);
    case 1: return launch_read<0, true>(l, s, never);
    case 2: return launch_read<1, false>(l, s, never);
    case 3: return launch_read<1, true>(l, s, never);
    case 4: return launch_read<2, false>(l, s, never);
    case 5: return launch_read<2, true>(l, s, never);
    default: return cudaErrorInvalidValue;
    }
}

cudaError_t enqueue_empty(cudaStream_t stream)
{
    empty_kernel<<<1, 32, 0, stream>>>();
    return cudaGetLastError();
}

cudaError_t enqueue_flush_read(const void* p, std::size_t bytes, float* never_out, int sms, cudaStream_t stream)
{
    // Plain loads (they allocate in L2 like any kernel's), 8 blocks of 256 threads per SM.
    const auto* f = static_cast<const float*>(p);
    read_strided_kernel<0, false><<<static_cast<unsigned int>(sms > 0 ? 8 * sms : 1024), 256, 0, stream>>>(
        f, nullptr, never_out, static_cast<unsigned int>(bytes / sizeof(float)), -1.0e38f);
    return cudaGetLastError();
}

cudaError_t enqueue_blocking(const int* release, int* timed_out, unsigned long long timeout_ns, cudaStream_t stream)
{
    blocking_kernel<<<1, 1, 0, stream>>>(release, timed_out, timeout_ns);
    return cudaGetLastError();
}

cudaError_t enqueue_fill(float* out, float value, cudaStream_t stream)
{
    fill_kernel<<<1, 1, 0, stream>>>(out, value);
    return cudaGetLastError();
}

// ---- CUB ----------------------------------------------------------------------------------------

cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes)
{
    std::size_t bytes = l.temp_bytes;
    // CUB picks its offset type from the count's type: 32-bit unsigned for any type of 4 bytes
    // (what `int` got too, after a conversion that made 2^31 into INT_MIN first), 64-bit for wider
    // ones. The runner takes at most 2^31 elements, so the count always fits.
    const std::uint32_t count = l.n;
    const cudaError_t e = max ? cub::DeviceReduce::Max(l.temp, bytes, l.x, l.out, count, l.stream)
                              : cub::DeviceReduce::Sum(l.temp, bytes, l.x, l.out, count, l.stream);
    if (temp_bytes)
        *temp_bytes = bytes;
    return e;
}

// cub_block_one_pass — the project's own one-pass kernel built from CUB's public block primitives
// (it is not CCCL's DeviceReduce): each block loads tiles of 256 threads x 4 float4 (16 floats per
// thread, CUB's own reduce tuning for float) with cub::BlockLoad (striped, through the read-only
// path: LOAD_LDG), sums them in registers, reduces the block with cub::BlockReduce (warp
// reductions), and adds its sum to the output with one atomicAdd. The grid is at most the blocks
// that can be resident (a grid-stride loop over the tiles covers the rest), as CCCL's even-share
// split does. Contract: the output must be 0 before the launch (the runner resets it, counted in
// the timed work, as for every accumulating kernel); the result depends on the atomics' order.
//
// cub_block_ring — the same kernel under zero_ahead's contract (reduce_warp.cu): launch e adds
// into ring[e % 3], and block 0 zeroes ring[(e + 1) % 3] for the next launch, so no reset runs
// between launches. The caller numbers the launches and keeps the ring of three. Measured beside
// zero_ahead, it shows what that contract is worth to a library-grade kernel.
constexpr int kSinglePassThreads = 256;
constexpr int kSinglePassVectors = 4;

template <bool RING>
__global__ __launch_bounds__(kSinglePassThreads) void cub_block_kernel(const float* __restrict__ input, float* output,
                                                                       unsigned long long launch, unsigned int n)
{
    using Load = cub::BlockLoad<float4, kSinglePassThreads, kSinglePassVectors, cub::BLOCK_LOAD_STRIPED>;
    using Reduce = cub::BlockReduce<float, kSinglePassThreads, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
    __shared__ typename Reduce::TempStorage reduce_storage;
    if constexpr (RING)
        if (blockIdx.x == 0 && threadIdx.x == 0)
            output[(launch + 1) % kZeroAheadSlots] = 0.0f;
    const unsigned int n4 = n / 4;
    constexpr unsigned int tile = kSinglePassThreads * kSinglePassVectors;  // float4 per tile
    const cub::CacheModifiedInputIterator<cub::LOAD_LDG, float4> in4{reinterpret_cast<const float4*>(input)};
    float sum = 0.0f;
    for (unsigned int base = blockIdx.x * tile; base < n4; base += gridDim.x * tile) {
        float4 v[kSinglePassVectors];
        const unsigned int valid = n4 - base < tile ? n4 - base : tile;
        if (valid == tile)
            Load().Load(in4 + base, v);
        else
            Load().Load(in4 + base, v, static_cast<int>(valid), make_float4(0.0f, 0.0f, 0.0f, 0.0f));
#pragma unroll
        for (int k = 0; k < kSinglePassVectors; ++k)
            sum += add4(v[k]);
    }
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        sum += input[4 * n4 + threadIdx.x];
    const float block_sum = Reduce(reduce_storage).Sum(sum);
    if (threadIdx.x == 0)
        atomicAdd(RING ? &output[launch % kZeroAheadSlots] : output, block_sum);
}

// The resident-block cap of cub_block_kernel on the current device, asked once per device (a
// host query per launch would be counted in every per-launch sample).
cudaError_t single_pass_cap(unsigned int* cap_out)
{
    static int cap[64] = {};
    int dev = 0;
    if (const cudaError_t e = cudaGetDevice(&dev); e != cudaSuccess)
        return e;
    if (dev < 0 || dev >= 64)
        return cudaErrorInvalidDevice;
    if (cap[dev] == 0) {
        int sms = 0, per_sm = 0;
        if (const cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev); e != cudaSuccess)
            return e;
        if (const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, cub_block_kernel<false>,
                                                                                 kSinglePassThreads, 0);
            e != cudaSuccess)
            return e;
        cap[dev] = sms * (per_sm > 0 ? per_sm : 1);
    }
    *cap_out = static_cast<unsigned int>(cap[dev]);
    return cudaSuccess;
}

cudaError_t cub_block_grid(unsigned int n, unsigned int* grid)
{
    unsigned int cap = 0;
    if (const cudaError_t e = single_pass_cap(&cap); e != cudaSuccess)
        return e;
    const unsigned int tile = kSinglePassThreads * kSinglePassVectors;
    const unsigned int tiles = (n / 4 + tile - 1) / tile;
    *grid = std::min(std::max(tiles, 1u), cap);
    return cudaSuccess;
}

cudaError_t enqueue_cub_block(const Launch& l, bool ring)
{
    unsigned int grid = 0;
    if (const cudaError_t e = cub_block_grid(l.n, &grid); e != cudaSuccess)
        return e;
    if (ring)
        cub_block_kernel<true><<<grid, kSinglePassThreads, 0, l.stream>>>(l.x, l.out, l.launch, l.n);
    else
        cub_block_kernel<false><<<grid, kSinglePassThreads, 0, l.stream>>>(l.x, l.out, 0, l.n);
    return cudaGetLastError();
}

// ---- CCCL >= 3.1: DeviceReduce with a determinism requirement --------------------------------

#if defined(REDUCESCOPE_CCCL_DETERMINISM)
namespace {
// The memory resource the environment hands CCCL for its temporary storage: the runner's
// preallocated buffer (Launch::temp), so that no cudaMallocAsync / cudaFreeAsync is in the timed
// work (CCCL's default resource allocates and frees on every call). A request larger than the
// buffer throws, which CCCL returns as cudaErrorMemoryAllocation, after writing the size asked
// for to *Launch::temp_request: a call with no buffer is the size query.
struct FixedBuffer {
    void* base = nullptr;
    std::size_t bytes = 0;
    std::size_t* request = nullptr;  // set to the size asked for when it does not fit
    void* allocate(std::size_t b, std::size_t = 0)
    {
        if (b > bytes) {
            if (request)
                *request = b;
            throw std::bad_alloc{};
        }
        return base;
    }
    void deallocate(void*, std::size_t, std::size_t = 0) noexcept {}
    void* allocate_sync(std::size_t b, std::size_t align = 0) { return allocate(b, align); }
    void deallocate_sync(void*, std::size_t, std::size_t = 0) noexcept {}
    void* allocate(::cuda::stream_ref, std::size_t b, std::size_t align = 0) { return allocate(b, align); }
    void deallocate(::cuda::stream_ref, void*, std::size_t, std::size_t = 0) noexcept {}
    bool operator==(const FixedBuffer& o) const noexcept { return base == o.base; }
    bool operator!=(const FixedBuffer& o) const noexcept { return base != o.base; }
    friend void get_property(const FixedBuffer&, ::cuda::mr::device_accessible) noexcept {}
};
static_assert(::cuda::mr::resource<FixedBuffer>, "FixedBuffer must be a CCCL memory resource");

template <class Determinism>
cudaError_t cccl_sum(const Launch& l, Determinism d)
{
    const auto env = ::cuda::std::execution::env{::cuda::stream_ref{l.stream}, ::cuda::execution::require(d),
                                                 ::cuda::std::execution::prop{::cuda::mr::get_memory_resource,
                                                                              FixedBuffer{l.temp, l.temp_bytes, l.temp_request}}};
    return cub::DeviceReduce::Sum(l.x, l.out, static_cast<std::uint32_t>(l.n), env);
}
} // namespace
#endif

bool cccl_determinism_built()
{
#if defined(REDUCESCOPE_CCCL_DETERMINISM)
    return true;
#else
    return false;
#endif
}

const char* cccl_version_text()
{
    static char text[32] = {};
    if (!text[0]) {
        const int v = CUB_VERSION;  // MMMmmmpp
        std::snprintf(text, sizeof text, "%d.%d.%d", v / 100000, v / 100 % 1000, v % 100);
    }
    return text;
}

cudaError_t enqueue_cccl_sum(const Launch& l, CcclDeterminism d)
{
#if defined(REDUCESCOPE_CCCL_DETERMINISM)
    switch (d) {
    case CcclDeterminism::NotGuaranteed: return cccl_sum(l, ::cuda::execution::determinism::not_guaranteed);
    case CcclDeterminism::RunToRun: return cccl_sum(l, ::cuda::execution::determinism::run_to_run);
    case CcclDeterminism::GpuToGpu: return cccl_sum(l, ::cuda::execution::determinism::gpu_to_gpu);
    }
    return cudaErrorInvalidValue;
#else
    (void)l;
    (void)d;
    return cudaErrorNotSupported;
#endif
}

} // namespace reducescope::cuda
