// SPDX-License-Identifier: GPL-3.0-or-later
// Basics and shared memory: the textbook tree reductions (PMPP chapter 10; Harris, "Optimizing
// parallel reduction in CUDA").
//
// Each kernel is written for one block that reduces 2*blockDim.x elements, as the seeds do. On a
// longer input the same body runs as a grid: block b owns the segment that starts at
// 2*blockDim.x*b, and block results are merged with one atomicAdd per block (the output must then
// be zero before the launch). With a single block, thread 0 stores the result instead.
//
// blockDim.x must be a power of two. Tags `@<strategy>.<step>` mark the lines of each step for
// the source pane and the step model (docs/design-notes.md).
// The SIMT engine (kernels/simt) reads this file's device code as it is: it defines REDUCESCOPE_SIMT,
// and the host launchers, which need the toolkit, stay out (tst_simt_catalogue).
#ifndef REDUCESCOPE_SIMT
#include "launch.cuh"
#endif
#include "reduce_common.cuh"

namespace reducescope::cuda {

// simple — stride doubles from 1; the thread whose index is a multiple of the stride adds.
// The starting point. Works in place in global memory, so the input is destroyed and the
// segment must be padded with zeros to 2*blockDim.x elements. Cost per block: every iteration
// reads and writes global memory (2*blockDim.x - 1 adds, each two loads and a store),
// log2(blockDim.x)+1 barriers, one atomic. Lanes i % stride == 0 thin out inside every warp:
// from stride 2 on, every warp is divergent and most lanes idle.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void simple_reduce_sum(float* input, float* output, Probe probe = {})
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {  // @simple.tree
        if (threadIdx.x % stride == 0) {                                  // @simple.tree
            segment[i] += segment[i + stride];                            // @simple.tree
            probe.record(Step::Tree, stride, Space::Global, i, segment[i]);
        }
        __syncthreads();                                                  // @simple.tree
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1) {
            *output = segment[0];                                         // @simple.write
            probe.record(Step::Write, 0, Space::Global, 0, segment[0]);
        } else {
            atomicAdd(output, segment[0]);                                // @simple.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, segment[0]);
        }
    }
}

// convergent — stride halves from blockDim.x; threads below the stride add.
// Improves on simple: the active threads are always the lowest ones, so whole warps are either
// all active or all idle; divergence appears only once fewer than 32 threads remain (the last
// five iterations). Same bytes and barriers as simple (still in place in global memory).
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void convergent_reduce_sum(float* input, float* output, Probe probe = {})
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {  // @convergent.tree
        if (threadIdx.x < stride) {                                       // @convergent.tree
            segment[i] += segment[i + stride];                            // @convergent.tree
            probe.record(Step::Tree, stride, Space::Global, i, segment[i]);
        }
        __syncthreads();                                                  // @convergent.tree
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1) {
            *output = segment[0];                                         // @convergent.write
            probe.record(Step::Write, 0, Space::Global, 0, segment[0]);
        } else {
            atomicAdd(output, segment[0]);                                // @convergent.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, segment[0]);
        }
    }
}

// convergent_reversed — the convergent tree folded toward the right end (PMPP exercise 3).
// Thread t owns element blockDim.x + t and adds the element `stride` to its left; the active
// threads are the highest ones, so warps stay converged as in convergent. The result lands in
// the last element of the segment. Same costs as convergent.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void convergent_reversed_reduce_sum(float* input, float* output, Probe probe = {})
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = blockDim.x + threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {  // @convergent_reversed.tree
        if (blockDim.x - threadIdx.x <= stride) {                         // @convergent_reversed.tree
            segment[i] += segment[i - stride];                            // @convergent_reversed.tree
            probe.record(Step::Tree, stride, Space::Global, i, segment[i]);
        }
        __syncthreads();                                                  // @convergent_reversed.tree
    }
    if (threadIdx.x == blockDim.x - 1) {
        if (gridDim.x == 1) {
            *output = segment[i];                                         // @convergent_reversed.write
            probe.record(Step::Write, 0, Space::Global, i, segment[i]);
        } else {
            atomicAdd(output, segment[i]);                                // @convergent_reversed.atomic
            probe.record(Step::Atomic, 0, Space::Global, i, segment[i]);
        }
    }
}

// interleaved_strided — the tree moves to shared memory, with index = 2*stride*tid.
// Improves on simple: global memory is read once (the first add happens during the load) and the
// input is left untouched; the active threads are the lowest ones, so full warps do not diverge.
// Costs: 4*2*blockDim.x bytes read, log2(blockDim.x)+1 barriers, one atomic per block — and bank
// conflicts: lanes of a warp touch words 2*stride apart, so from stride 1 on the words of a warp
// fall into fewer and fewer banks (2-way, 4-way, ... up to 32-way conflicts).
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void interleaved_strided_reduce_sum(const float* input, float* output, unsigned int n,
                                               Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);  // @interleaved_strided.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[tid]);
    __syncthreads();                                                      // @interleaved_strided.load
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {     // @interleaved_strided.tree
        const unsigned int index = 2 * stride * tid;                      // @interleaved_strided.tree
        if (index < blockDim.x) {                                         // @interleaved_strided.tree
            sdata[index] += sdata[index + stride];                        // @interleaved_strided.tree
            probe.record(Step::Tree, stride, Space::Shared, index, sdata[index]);
        }
        __syncthreads();                                                  // @interleaved_strided.tree
    }
    if (tid == 0) {
        if (gridDim.x == 1) {
            *output = sdata[0];                                           // @interleaved_strided.write
            probe.record(Step::Write, 0, Space::Global, 0, sdata[0]);
        } else {
            atomicAdd(output, sdata[0]);                                  // @interleaved_strided.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
        }
    }
}

// interleaved_padded — interleaved_strided's tree with padded shared memory: one unused word after
// every 32 (seed 003's second remedy for bank conflicts).
// Improves on interleaved_strided: word `index` of the tree is stored at padded(index) =
// index + index / 32, so each run of 32 words starts one bank further on than the run before it.
// The words a warp touches, 2*stride apart, no longer fall into a few banks: every lane of the
// warp hits its own bank, and each shared access of the tree is one wavefront (no bank conflict,
// for any blockDim.x up to 1024). Same adds, in the same order, as interleaved_strided; the probe
// records the tree's index, not the padded address. Costs: as interleaved_strided, plus
// blockDim.x / 32 unused words of shared memory and an add and a shift per address. The other
// remedy needs no padding: `shared` below changes the access pattern instead.
__device__ __forceinline__ unsigned int padded(unsigned int index) { return index + index / 32; }

template <class Probe = NoProbe>
__global__ void interleaved_padded_reduce_sum(const float* input, float* output, unsigned int n,
                                              Probe probe = {})
{
    extern __shared__ float sdata[];  // blockDim.x + blockDim.x / 32 words
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[padded(tid)] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);  // @interleaved_padded.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[padded(tid)]);
    __syncthreads();                                                      // @interleaved_padded.load
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {     // @interleaved_padded.tree
        const unsigned int index = 2 * stride * tid;                      // @interleaved_padded.tree
        if (index < blockDim.x) {                                         // @interleaved_padded.tree
            sdata[padded(index)] += sdata[padded(index + stride)];        // @interleaved_padded.tree
            probe.record(Step::Tree, stride, Space::Shared, index, sdata[padded(index)]);
        }
        __syncthreads();                                                  // @interleaved_padded.tree
    }
    if (tid == 0) {
        if (gridDim.x == 1) {
            *output = sdata[0];                                           // @interleaved_padded.write
            probe.record(Step::Write, 0, Space::Global, 0, sdata[0]);
        } else {
            atomicAdd(output, sdata[0]);                                  // @interleaved_padded.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
        }
    }
}

// shared — first add during the load into shared memory, then the convergent tree on chip
// (PMPP Fig 10.11).
// Improves on convergent: one read of global memory per element instead of a read and a write
// per iteration, the input is left untouched, and consecutive lanes touch consecutive words, so
// no bank conflicts (unlike interleaved_strided). Costs: 4*2*blockDim.x bytes read,
// log2(blockDim.x) barriers, one atomic per block.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void shared_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);  // @shared.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[tid]);
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @shared.tree
        __syncthreads();                                                    // @shared.tree
        if (tid < stride) {                                                 // @shared.tree
            sdata[tid] += sdata[tid + stride];                              // @shared.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        if (gridDim.x == 1) {
            *output = sdata[0];                                             // @shared.write
            probe.record(Step::Write, 0, Space::Global, 0, sdata[0]);
        } else {
            atomicAdd(output, sdata[0]);                                    // @shared.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
        }
    }
}

// warp_unrolled — shared's tree, but the last warp finishes on its own (seed 001's warpReduce).
// Improves on shared: once the stride is at most warpSize, only lanes of warp 0 still add, and the
// lanes of one warp can wait for each other with __syncwarp() instead of holding up the whole block.
// The last five strides (16, 8, 4, 2, 1) run without a block barrier before them: from
// blockDim.x = 64 on, log2(blockDim.x) - 5 barriers per block instead of shared's log2(blockDim.x)
// (one after the load, one after each stride above 32). The last warp
// reads and writes through a volatile pointer, so each access goes to shared memory and none is
// kept in a register from one stride to the next, and it calls __syncwarp() between its read and
// its write and after the write. The old form (volatile alone, Harris 2007) trusted the 32 lanes to
// run in lockstep; since Volta the lanes of a warp are scheduled independently, and without the
// __syncwarp() a lane could overwrite a word that another lane has not read yet.
// Costs: two __syncwarp() per stride; every lane of the last warp adds at every stride, also those
// at or past the stride, whose sums no later stride reads (a guard would save no instruction: the
// warp issues each add once for all its lanes); the volatile accesses cannot be combined. Same
// bytes and the same shared-memory accesses as shared, no bank conflicts.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void warp_unrolled_reduce_sum(const float* input, float* output, unsigned int n,
                                                                             Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    const unsigned int warp = warpSize;
    sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);  // @warp_unrolled.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[tid]);
    __syncthreads();                                                        // @warp_unrolled.load
    unsigned int stride = blockDim.x / 2;
    for (; stride > warp; stride /= 2) {                                    // @warp_unrolled.tree
        if (tid < stride) {                                                 // @warp_unrolled.tree
            sdata[tid] += sdata[tid + stride];                              // @warp_unrolled.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
        __syncthreads();                                                    // @warp_unrolled.tree
    }
    // The last warp: the lanes tid < stride = min(warpSize, blockDim.x / 2), all of them at every
    // stride (from blockDim.x = 64 on, the whole of warp 0), so tid + stride stays in the block's words.
    if (tid < stride) {                                                     // @warp_unrolled.tree
        volatile float* vdata = sdata;                                      // @warp_unrolled.tree
        const unsigned int lanes = kFullMask >> (warp - stride);            // @warp_unrolled.tree
        for (; stride >= 1; stride /= 2) {                                  // @warp_unrolled.tree
            const float v = vdata[tid] + vdata[tid + stride];               // @warp_unrolled.tree
            __syncwarp(lanes);                                              // @warp_unrolled.tree
            vdata[tid] = v;                                                 // @warp_unrolled.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, v);
            __syncwarp(lanes);                                              // @warp_unrolled.tree
        }
    }
    if (tid == 0) {
        if (gridDim.x == 1) {
            *output = sdata[0];                                             // @warp_unrolled.write
            probe.record(Step::Write, 0, Space::Global, 0, sdata[0]);
        } else {
            atomicAdd(output, sdata[0]);                                    // @warp_unrolled.atomic
            probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
        }
    }
}

#ifndef REDUCESCOPE_SIMT
// ---- host side: the launches of this file's strategies (not part of the lesson) -------------
// The registry (launch.cuh): the benchmark instantiates it with NoProbe, the recording variant
// (recording.cu) with its recording probe.

template <class Probe>
std::span<const KernelLauncher<Probe>> basic_launchers()
{
    static const KernelLauncher<Probe> launchers[] = {
        {"simple",
         [](const Launch& l, Probe p) {
             simple_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.work, l.out, p);
             return cudaGetLastError();
         }},
        {"convergent",
         [](const Launch& l, Probe p) {
             convergent_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.work, l.out, p);
             return cudaGetLastError();
         }},
        {"convergent_reversed",
         [](const Launch& l, Probe p) {
             convergent_reversed_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.work, l.out, p);
             return cudaGetLastError();
         }},
        {"interleaved_strided",
         [](const Launch& l, Probe p) {
             interleaved_strided_reduce_sum<<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"interleaved_padded",
         [](const Launch& l, Probe p) {
             const std::size_t words = l.block + l.block / 32;  // the tree's words and their padding
             interleaved_padded_reduce_sum<<<l.grid, l.block, words * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"shared",
         [](const Launch& l, Probe p) {
             shared_reduce_sum<<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"warp_unrolled",
         [](const Launch& l, Probe p) {
             warp_unrolled_reduce_sum<<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
    };
    return launchers;
}

std::span<const KernelLauncher<NoProbe>> basic_kernels() { return basic_launchers<NoProbe>(); }

#endif // REDUCESCOPE_SIMT

} // namespace reducescope::cuda
