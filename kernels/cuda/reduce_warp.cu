// SPDX-License-Identifier: GPL-3.0-or-later
// Warp primitives: the tree moves from shared memory into registers (__shfl_down_sync), then the
// cross-block merge is varied: an atomic per warp, per block, none (two passes), a grid-wide
// barrier, packed float4 loads (seeds 001 and 003), and finally a kernel that zeroes its own
// output (release/acquire ordering, beyond the seeds).
//
// blockDim.x must be a multiple of 32 (whole warps: every shuffle uses the full mask).
// Tags `@<strategy>.<step>` mark the lines of each step (docs/design-notes.md); the helpers
// below carry the tags of every strategy that calls them.
// The SIMT engine (kernels/simt) reads this file's device code as it is: it defines REDUCESCOPE_SIMT,
// and the host launchers, which need the toolkit, stay out (tst_simt_catalogue).
#ifndef REDUCESCOPE_SIMT
#include "launch.cuh"
#endif
#include "reduce_common.cuh"

#ifndef REDUCESCOPE_SIMT
#include <cooperative_groups.h>
#include <cuda/atomic>
#endif

namespace reducescope::cuda {

// The hardware warp: 32 lanes on every NVIDIA GPU so far. CUDA's built-in `warpSize` says the same,
// but only at run time: with it the compiler can neither unroll the shuffle loop nor turn
// `threadIdx.x / warpSize` into a shift, and that cost about 0.17 us per launch of self_reset and
// vectorized at 1M on the H200 (docs/benchmarks.md). The SIMT engine (kernels/simt) also runs the
// step model's teaching warp sizes (4, 8, 16): it compiles this file with REDUCESCOPE_WARP_SIZE set
// to the warp size it runs at; nvcc leaves it undefined, so the GPU's kernels keep the constant 32.
#ifndef REDUCESCOPE_WARP_SIZE
#define REDUCESCOPE_WARP_SIZE 32
#endif
constexpr unsigned int kWarpSize = REDUCESCOPE_WARP_SIZE;
// Warp partials a block can have: 32 with the hardware's warp (warp_sums[32]); more only at a
// teaching warp size in the engine.
constexpr unsigned int kMaxWarps = kMaxBlockThreads / kWarpSize;

// The warp tree in registers: at offset 16, 8, 4, 2, 1 each lane adds the value of the lane
// `offset` above it. No shared memory and no barrier: the 32 lanes exchange registers in one
// instruction each step. Lane 0 ends with the warp's sum.
template <class Probe>
__device__ __forceinline__ float warp_reduce_sum(float sum, Step step, Probe& probe)
{
#pragma unroll
    for (unsigned int offset = kWarpSize / 2; offset > 0; offset /= 2) {  // @warp_shuffle.shuffle @block_reduce.shuffle @two_pass.shuffle @grid_sync.shuffle @vectorized.shuffle @self_reset.shuffle @zero_ahead.shuffle
        sum += __shfl_down_sync(kFullMask, sum, offset);                 // @warp_shuffle.shuffle @block_reduce.shuffle @two_pass.shuffle @grid_sync.shuffle @vectorized.shuffle @self_reset.shuffle @zero_ahead.shuffle
        probe.record(step, offset, Space::Register, threadIdx.x % kWarpSize, sum);
    }
    return sum;
}

// The two-level block reduce (PyTorch's BlockReduceSum, seed 001): each warp shuffles its
// values down to lane 0, lane 0 parks the warp's sum in shared memory, and after one barrier the
// first warp shuffles the (at most 32) partials. Thread 0 ends with the block's sum.
// Costs: two barriers per block instead of log2(blockDim.x) (plus a third at the end so that the
// caller may reuse warp_sums, as grid_sync does), 32 floats of shared memory.
template <class Probe>
__device__ __forceinline__ float block_reduce_sum(float sum, float* warp_sums, Probe& probe)
{
    const unsigned int lane = threadIdx.x % kWarpSize;
    const unsigned int warp = threadIdx.x / kWarpSize;
    sum = warp_reduce_sum(sum, Step::Shuffle, probe);
    if (lane == 0) {                                      // @block_reduce.warp_partial @two_pass.warp_partial @grid_sync.warp_partial @vectorized.warp_partial @self_reset.warp_partial @zero_ahead.warp_partial
        warp_sums[warp] = sum;                            // @block_reduce.warp_partial @two_pass.warp_partial @grid_sync.warp_partial @vectorized.warp_partial @self_reset.warp_partial @zero_ahead.warp_partial
        probe.record(Step::WarpPartial, 0, Space::Shared, warp, sum);
    }
    __syncthreads();                                      // @block_reduce.warp_partial @two_pass.warp_partial @grid_sync.warp_partial @vectorized.warp_partial @self_reset.warp_partial @zero_ahead.warp_partial
    if (warp == 0) {                                      // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
        const unsigned int warps = blockDim.x / kWarpSize; // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
        sum = lane < warps ? warp_sums[lane] : 0.0f;      // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
        if constexpr (kMaxWarps > kWarpSize) {            // a teaching warp size (the engine's only): more partials than lanes
            for (unsigned int j = lane + kWarpSize; j < warps; j += kWarpSize)  // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
                sum += warp_sums[j];                      // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
        }
        sum = warp_reduce_sum(sum, Step::FinalWarp, probe);  // @block_reduce.final_warp @two_pass.final_warp @grid_sync.final_warp @vectorized.final_warp @self_reset.final_warp @zero_ahead.final_warp
    }
    __syncthreads();  // warp_sums may be reused by the caller
    return sum;
}

// warp_shuffle — one element per thread, the warp tree in registers, one atomicAdd per warp.
// Improves on atomic_naive: 32 times fewer atomics, and on the shared-memory trees: no shared
// memory, no barriers. Costs: 4 bytes read per element, ceil(N / 32) atomics on one address
// (still many: 32768 at 1M).
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void warp_shuffle_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = load_or_zero(input, i, n);                                 // @warp_shuffle.load
    probe.record(Step::Load, 0, Space::Register, i, sum);
    sum = warp_reduce_sum(sum, Step::Shuffle, probe);
    if (threadIdx.x % kWarpSize == 0) {                                    // @warp_shuffle.atomic
        atomicAdd(output, sum);                                            // @warp_shuffle.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sum);
    }
}

// block_reduce — a grid-stride loop (up to COARSE_FACTOR elements per thread with the grid of
// design-notes.md), then the two-level block reduce and one atomicAdd per block.
// Improves on warp_shuffle: blockDim.x/32 times fewer atomics (one per block), with two barriers
// per block. Costs: 4 bytes read per element, ceil(N / (C*B)) atomics. Its weakness: each
// iteration of the loop waits for its load before the next is issued (the loop bound is only
// known at run time), so one load per thread is in flight — vectorized fixes that.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void block_reduce_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    float sum = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {  // @block_reduce.coarsen
        sum += input[i];                                                    // @block_reduce.coarsen
        probe.record(Step::Coarsen, 0, Space::Global, i, sum);
    }
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        atomicAdd(output, sum);                                             // @block_reduce.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sum);
    }
}

// two_pass, first kernel — as block_reduce, but each block stores its sum to partials[blockIdx.x]
// instead of an atomic (seed 003).
// Improves on block_reduce: no atomics at all, and the result is the same on every run (a fixed
// order of additions). Costs: a second kernel launch, 4 bytes written and read back per block,
// and the implicit barrier between the two launches.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void two_pass_partials(const float* input, float* partials, unsigned int n, Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    float sum = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {  // @two_pass.coarsen
        sum += input[i];                                                    // @two_pass.coarsen
        probe.record(Step::Coarsen, 0, Space::Global, i, sum);
    }
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = sum;                                         // @two_pass.write
        probe.record(Step::Write, 0, Space::Global, blockIdx.x, sum);
    }
}

// two_pass, second kernel — one block reduces the `count` block partials and stores the result.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void two_pass_final(const float* partials, float* output, unsigned int count, Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    float sum = 0.0f;                                                       // @two_pass.second_pass
    for (unsigned int i = threadIdx.x; i < count; i += blockDim.x)          // @two_pass.second_pass
        sum += partials[i];                                                 // @two_pass.second_pass
    sum = block_reduce_sum(sum, warp_sums, probe);                          // @two_pass.second_pass
    if (threadIdx.x == 0) {                                                 // @two_pass.second_pass
        *output = sum;                                                      // @two_pass.second_pass
        probe.record(Step::SecondPass, 0, Space::Global, 0, sum);
    }
}

#ifndef REDUCESCOPE_SIMT  // cooperative groups' grid.sync(): not in the engine
// grid_sync — two_pass in one cooperative kernel: block partials to global memory, grid.sync()
// (a barrier across every block of the grid), then block 0 reduces the partials (seed 003).
// Improves on two_pass: one launch instead of two. Costs: the grid may hold only as many blocks
// as can be resident at once (cooperative launch), so the grid-stride loop covers the rest; one
// grid-wide barrier; 4 bytes written and read back per block.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void grid_sync_reduce_sum(const float* input, float* partials, float* output, unsigned int n,
                                     Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    float sum = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {  // @grid_sync.coarsen
        sum += input[i];                                                    // @grid_sync.coarsen
        probe.record(Step::Coarsen, 0, Space::Global, i, sum);
    }
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = sum;                                         // @grid_sync.write
        probe.record(Step::Write, 0, Space::Global, blockIdx.x, sum);
    }
    grid.sync();                                                            // @grid_sync.grid_sync
    if (blockIdx.x == 0) {                                                  // @grid_sync.grid_sync
        sum = 0.0f;                                                         // @grid_sync.grid_sync
        for (unsigned int i = threadIdx.x; i < gridDim.x; i += blockDim.x)  // @grid_sync.grid_sync
            sum += partials[i];                                             // @grid_sync.grid_sync
        sum = block_reduce_sum(sum, warp_sums, probe);                      // @grid_sync.grid_sync
        if (threadIdx.x == 0) {                                             // @grid_sync.grid_sync
            *output = sum;                                                  // @grid_sync.grid_sync
            probe.record(Step::GridSync, 0, Space::Global, 0, sum);
        }
    }
}
#endif // REDUCESCOPE_SIMT

// The coarsening of vectorized and zero_ahead: each thread issues its COARSE_FACTOR float4 loads
// (the grid's threads side by side, `stride` float4 apart) before the first add, then adds them as
// sum += (x + y) + (z + w); the last n % 4 elements are added one by one by block 0. Past
// ceil(N / (4*C*B)) blocks nothing is left: a larger grid (not used here) would need the loop to
// continue while i < n4.
template <unsigned int COARSE_FACTOR, class Probe>
__device__ __forceinline__ float float4_coarsen_sum(const float* __restrict__ input, unsigned int n, Probe& probe)
{
    const float4* input4 = reinterpret_cast<const float4*>(input);
    const unsigned int n4 = n / 4;
    const unsigned int stride = gridDim.x * blockDim.x;
    const unsigned int first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[COARSE_FACTOR];
#pragma unroll
    for (unsigned int k = 0; k < COARSE_FACTOR; ++k) {                        // @vectorized.coarsen @zero_ahead.coarsen
        const unsigned int i = first + k * stride;                           // @vectorized.coarsen @zero_ahead.coarsen
        v[k] = i < n4 ? input4[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);     // @vectorized.coarsen @zero_ahead.coarsen
    }
    float sum = 0.0f;
#pragma unroll
    for (unsigned int k = 0; k < COARSE_FACTOR; ++k) {                        // @vectorized.coarsen @zero_ahead.coarsen
        sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);                        // @vectorized.coarsen @zero_ahead.coarsen
        probe.record(Step::Coarsen, k, Space::Global, first + k * stride, sum);
    }
    if (blockIdx.x == 0 && threadIdx.x < n % 4) {                            // @vectorized.coarsen @zero_ahead.coarsen
        sum += input[4 * n4 + threadIdx.x];                                  // @vectorized.coarsen @zero_ahead.coarsen
        probe.record(Step::Coarsen, COARSE_FACTOR, Space::Global, 4 * n4 + threadIdx.x, sum);
    }
    return sum;
}

// vectorized — float4 (16-byte) loads in a grid-stride loop of COARSE_FACTOR iterations, then
// the two-level block reduce and one atomicAdd per block (seed 001's "Packed" loads).
// Improves on block_reduce: a quarter of the load instructions and four times the bytes in flight
// per instruction, and the unrolled loop issues its COARSE_FACTOR loads before the first add, so
// enough memory requests are outstanding to stream at full bandwidth. Costs: 4 bytes read per
// element, ceil(N / (4*C*B)) atomics; the input must be 16-byte aligned (cudaMalloc is); the last
// N % 4 elements are read one by one by block 0. `__restrict__` promises that nothing else writes
// the input during the kernel, so the loads may take the read-only (non-coherent) path
// (ld.global.nc in the PTX).
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void vectorized_reduce_sum(const float* __restrict__ input, float* output, unsigned int n, Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    float sum = float4_coarsen_sum<COARSE_FACTOR>(input, n, probe);
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        atomicAdd(output, sum);                                              // @vectorized.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sum);
    }
}

#ifndef REDUCESCOPE_SIMT  // cuda::atomic_ref: not in the engine
// self_reset's wait: until the launch's zero of *output is published (epoch[1] >= target). The
// first look is one acquire load; while the zero is not there yet, it sleeps 32 ns, 64 ns, ... up
// to 1 us between acquire loads (no storm of loads on one address while the first block is still
// on its way). Acquire loads, not relaxed loads and an acquire fence: on the H200 at 1M the fence
// cost 0.3 us per launch even when only the slow path had it, and the back-off nothing
// (docs/benchmarks.md, "Moonshot", runs 4 and 5).
__device__ __forceinline__ void self_reset_wait(::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device>& published,
                                                unsigned long long target)
{
    if (published.load(::cuda::memory_order_acquire) >= target)                 // @self_reset.atomic
        return;                                                                  // @self_reset.atomic
    unsigned int sleep_ns = 32;                                                  // @self_reset.atomic
    do {                                                                         // @self_reset.atomic
        __nanosleep(sleep_ns);                                                   // @self_reset.atomic
        sleep_ns = sleep_ns < 1024 ? 2 * sleep_ns : sleep_ns;                    // @self_reset.atomic
    } while (published.load(::cuda::memory_order_acquire) < target);             // @self_reset.atomic
}

// self_reset — vectorized, but the kernel zeroes its own output, so nothing has to reset it before
// each launch. (In a CUDA graph that reset is a node of its own, about 0.6 us at 1M on an H200,
// a quarter of the whole reduction: docs/benchmarks.md.)
// While its float4 loads are in flight, thread 0 of every block draws a ticket from a 64-bit
// counter that is never reset: launch number e of a grid of G blocks hands out the tickets e*G ..
// e*G + G-1, so ticket / G tells the block which launch it belongs to. The block that draws e*G
// zeroes *output and then publishes e + 1 with a release atomic max (the published launch only ever
// grows, even if launches overlap); before its atomicAdd, every block waits until the published
// launch is at least its own (self_reset_wait). Release and acquire make the zero happen before
// every atomicAdd of the same launch; the wait is short, because the zero is published while the
// loads are still streaming (at 1M on the H200 enough blocks still arrive before it that a fence on
// the wait's slow path cost 0.3 us: docs/benchmarks.md).
// The ticket is drawn after the first (at most 8) loads of each thread are issued, and the zero is
// published before they are added, as in the first version of this kernel (2.3 us at 1M on the
// H200). Past 8 loads the rest follow in a second loop, so that no thread holds more than 8 float4
// (C = 16 and above fit the 64 registers of a 1024-thread block without spilling).
// Improves on vectorized: one launch per reduction and no reset before it (the 1M graph-mode
// figures are in docs/benchmarks.md). Costs: one 64-bit atomic per block on one counter, one
// memory barrier (the release) and one load in the first block, one acquire load per block before
// its atomicAdd; the result still depends on the order of the atomics.
// Contract: epoch[0..3] (launch.cuh, kSelfResetCounters: tickets, published launch, grid size,
// error) are 0 before the first launch, and the launches that share them all use the same grid and
// run one after another (one stream); the runner zeroes them when it sets up a kernel. Broken
// contracts end, never hang: in a launch with another grid size than the first one, the block that
// zeroes (any G consecutive tickets hold exactly one multiple of G) finds the grid word different,
// sets the error word and adds NaN (the result cannot pass any check); launches that overlap (two
// streams) may give wrong sums, but every wait ends, because the block that draws a launch's first
// ticket has started and publishes at least that launch. Only the zeroing block reads the grid
// word, after publishing, off every other block's path.
// No block waits for a block that has not started: the one that zeroes has drawn a ticket, so it
// is running, and it waits for nothing first.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void self_reset_reduce_sum(const float* __restrict__ input, float* output,
                                                                         unsigned long long* epoch, unsigned int n,
                                                                         Probe probe = {})
{
    constexpr unsigned int FIRST = COARSE_FACTOR < 8 ? COARSE_FACTOR : 8;    // loads in flight at the ticket
    __shared__ float warp_sums[kMaxWarps];
    const float4* input4 = reinterpret_cast<const float4*>(input);
    const unsigned int n4 = n / 4;
    const unsigned int stride = gridDim.x * blockDim.x;
    const unsigned int first = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v[FIRST];
#pragma unroll
    for (unsigned int k = 0; k < FIRST; ++k) {                                // @self_reset.coarsen
        const unsigned int i = first + k * stride;                           // @self_reset.coarsen
        v[k] = i < n4 ? input4[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);     // @self_reset.coarsen
    }
    ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> published(epoch[1]);
    ::cuda::atomic_ref<unsigned long long, ::cuda::thread_scope_device> grid_size(epoch[2]);
    unsigned long long launch = 0, grid_seen = 0;
    bool zeroes = false;
    if (threadIdx.x == 0) {                                                  // @self_reset.reset
        const unsigned long long ticket = atomicAdd(&epoch[0], 1ull);        // @self_reset.reset
        launch = ticket / gridDim.x;                                         // @self_reset.reset
        zeroes = ticket % gridDim.x == 0;                                    // @self_reset.reset
        if (zeroes) {                                                        // @self_reset.reset
            if (ticket == 0)                                                 // @self_reset.reset
                grid_size.store(gridDim.x, ::cuda::memory_order_relaxed);    // @self_reset.reset
            *output = 0.0f;                                                  // @self_reset.reset
            published.fetch_max(launch + 1, ::cuda::memory_order_release);   // @self_reset.reset
            grid_seen = grid_size.load(::cuda::memory_order_relaxed);        // @self_reset.reset
        }
    }
    float sum = 0.0f;
#pragma unroll
    for (unsigned int k = 0; k < FIRST; ++k) {                                // @self_reset.coarsen
        sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);                        // @self_reset.coarsen
        probe.record(Step::Coarsen, k, Space::Global, first + k * stride, sum);
    }
#pragma unroll
    for (unsigned int k = FIRST; k < COARSE_FACTOR; ++k) {                    // @self_reset.coarsen
        const unsigned int i = first + k * stride;                           // @self_reset.coarsen
        const float4 w = i < n4 ? input4[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);  // @self_reset.coarsen
        sum += (w.x + w.y) + (w.z + w.w);                                    // @self_reset.coarsen
        probe.record(Step::Coarsen, k, Space::Global, i, sum);
    }
    if (blockIdx.x == 0 && threadIdx.x < n % 4) {                            // @self_reset.coarsen
        sum += input[4 * n4 + threadIdx.x];                                  // @self_reset.coarsen
        probe.record(Step::Coarsen, COARSE_FACTOR, Space::Global, 4 * n4 + threadIdx.x, sum);
    }
    // The reset is recorded here, after the coarsening records, to keep the model's step order.
    if (threadIdx.x == 0) probe.record(Step::Reset, 0, Space::Global, 0, 0.0f);
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        self_reset_wait(published, launch + 1);                              // @self_reset.atomic
        if (zeroes && grid_seen != gridDim.x) {  // counters of another grid size: fail loudly
            atomicOr(&epoch[3], 1ull);
            sum = __int_as_float(0x7fffffff);  // NaN: this launch's result cannot pass any check
        }
        atomicAdd(output, sum);                                              // @self_reset.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sum);
    }
}
#endif // REDUCESCOPE_SIMT

#ifndef REDUCESCOPE_SIMT  // a ring of outputs and a launch number: not a signature the engine launches
// zero_ahead — vectorized, with no reset before the launch and nothing to wait for: the output is a
// ring of three floats, and launch number e adds into ring[e % 3], which launch e - 1 zeroed. Block
// 0 zeroes ring[(e + 1) % 3] for the next launch as its first instruction; nothing of this launch
// touches that slot (launch e - 1 used ring[(e + 2) % 3]), and the end of this kernel orders the zero
// before every atomicAdd of launch e + 1. So no release, no acquire, no fence and no ticket.
// Improves on self_reset: its ticket atomic and its wait are gone (at 1M on the H200, graph mode:
// docs/benchmarks.md, "The moonshot"). Costs: the caller numbers the launches: e must grow by one
// from each launch to the next on the same ring (or at least keep e ≡ previous e + 1 mod 3), the
// launches run one after another (one stream or a graph chain), the slot e % 3 must be zero before
// the first launch, and the result of launch e is read from ring[e % 3] before launch e + 2 zeroes
// it. A caller that breaks this gets a wrong sum (never a hang). Like vectorized, the result
// depends on the order of the atomics.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void zero_ahead_reduce_sum(const float* __restrict__ input, float* ring,
                                                                         unsigned long long launch, unsigned int n,
                                                                         Probe probe = {})
{
    __shared__ float warp_sums[kMaxWarps];
    if (blockIdx.x == 0 && threadIdx.x == 0)                                 // @zero_ahead.reset
        ring[(launch + 1) % kZeroAheadSlots] = 0.0f;                         // @zero_ahead.reset
    float sum = float4_coarsen_sum<COARSE_FACTOR>(input, n, probe);
    // The zero is recorded here, after the coarsening records, to keep the model's step order.
    if (blockIdx.x == 0 && threadIdx.x == 0)
        probe.record(Step::Reset, 0, Space::Global, static_cast<unsigned int>((launch + 1) % kZeroAheadSlots), 0.0f);
    sum = block_reduce_sum(sum, warp_sums, probe);
    if (threadIdx.x == 0) {
        atomicAdd(&ring[launch % kZeroAheadSlots], sum);                     // @zero_ahead.atomic
        probe.record(Step::Atomic, 0, Space::Global, static_cast<unsigned int>(launch % kZeroAheadSlots), sum);
    }
}

#endif // REDUCESCOPE_SIMT

#ifndef REDUCESCOPE_SIMT
// ---- host side: the launches of this file's strategies (not part of the lesson) -------------
// The registry (launch.cuh): the benchmark instantiates it with NoProbe, the recording variant
// (recording.cu) with its recording probe.

template <class Probe>
std::span<const KernelLauncher<Probe>> warp_launchers()
{
    static const KernelLauncher<Probe> launchers[] = {
        {"warp_shuffle",
         [](const Launch& l, Probe p) {
             warp_shuffle_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"block_reduce",
         [](const Launch& l, Probe p) {
             block_reduce_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"two_pass",
         [](const Launch& l, Probe p) {
             two_pass_partials<<<l.grid, l.block, 0, l.stream>>>(l.x, l.partials, l.n, p);
             if (const cudaError_t e = cudaGetLastError(); e != cudaSuccess)
                 return e;
             two_pass_final<<<1, 1024, 0, l.stream>>>(l.partials, l.out, l.grid, p.for_kernel(1));
             return cudaGetLastError();
         }},
        {"grid_sync",
         [](const Launch& l, Probe p) {
             const float* x = l.x;
             float* partials = l.partials;
             float* out = l.out;
             unsigned int n = l.n;
             void* args[] = {&x, &partials, &out, &n, &p};
             return cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(grid_sync_reduce_sum<Probe>),
                                                dim3{l.grid}, dim3{l.block}, args, 0, l.stream);
         },
         [](unsigned int block, int* per_sm) {
             return cudaOccupancyMaxActiveBlocksPerMultiprocessor(per_sm, grid_sync_reduce_sum<Probe>,
                                                                  static_cast<int>(block), 0);
         }},
        {"vectorized",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 vectorized_reduce_sum<C><<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.n, p);
                 return cudaGetLastError();
             });
         }},
        {"self_reset",
         [](const Launch& l, Probe p) {
             if (l.epoch == nullptr)
                 return cudaErrorInvalidValue;  // the two counters come from the caller (zeroed)
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 self_reset_reduce_sum<C><<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.epoch, l.n, p);
                 return cudaGetLastError();
             });
         }},
        {"zero_ahead",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 zero_ahead_reduce_sum<C><<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.launch, l.n, p);
                 return cudaGetLastError();
             });
         }},
    };
    return launchers;
}

std::span<const KernelLauncher<NoProbe>> warp_kernels() { return warp_launchers<NoProbe>(); }

#endif // REDUCESCOPE_SIMT

} // namespace reducescope::cuda
