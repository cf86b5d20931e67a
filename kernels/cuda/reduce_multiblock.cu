// SPDX-License-Identifier: GPL-3.0-or-later
// Many blocks and atomics: one block per segment of the input, block results merged into one
// address with atomics (PMPP 10.8–10.9, seeds 000 and 002), and the two cautionary tales of
// seed 003: every thread an atomic, and every thread a plain `+=`.
//
// Tags `@<strategy>.<step>` mark the lines of each step (docs/design-notes.md).
// The SIMT engine (kernels/simt) reads this file's device code as it is: it defines REDUCESCOPE_SIMT,
// and the host launchers, which need the toolkit, stay out (tst_simt_catalogue).
#ifndef REDUCESCOPE_SIMT
#include "launch.cuh"
#endif
#include "reduce_common.cuh"

#include <math_constants.h>

namespace reducescope::cuda {

// segmented — many blocks, each reduces its 2*blockDim.x elements in shared memory exactly as
// `shared` does, then thread 0 merges the block's sum with one atomicAdd.
// Improves on the single-block kernels: any N, and every multiprocessor busy. Costs: 4 bytes read
// per element, log2(blockDim.x) barriers per block, ceil(N / 2B) atomics on one address — which
// the hardware serialises (about 512 at 1M elements with B = 1024).
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void segmented_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);  // @segmented.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[tid]);
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @segmented.tree
        __syncthreads();                                                    // @segmented.tree
        if (tid < stride) {                                                 // @segmented.tree
            sdata[tid] += sdata[tid + stride];                              // @segmented.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);                                        // @segmented.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

// coarsened — each thread first sums COARSE_FACTOR*2 elements in a register, blockDim.x apart
// (so a warp's loads stay coalesced), then the block tree and one atomicAdd (PMPP Fig 10.15,
// with the bounds checks of exercise 5 for any N).
// Improves on segmented: COARSE_FACTOR times fewer blocks, so COARSE_FACTOR times fewer barriers,
// tree iterations and atomics for the same bytes; the register loop has independent loads in
// flight. Costs: 4 bytes read per element, ceil(N / (2*COARSE_FACTOR*B)) atomics. Too large a
// factor leaves too few blocks to fill the GPU.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void coarsened_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    const unsigned int i = segment + tid;
    float sum = load_or_zero(input, i, n);                                  // @coarsened.load
    probe.record(Step::Load, 0, Space::Register, i, sum);
#pragma unroll
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile) {         // @coarsened.coarsen
        sum += load_or_zero(input, i + tile * blockDim.x, n);               // @coarsened.coarsen
        probe.record(Step::Coarsen, tile, Space::Register, i + tile * blockDim.x, sum);
    }
    sdata[tid] = sum;                                                       // @coarsened.coarsen
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @coarsened.tree
        __syncthreads();                                                    // @coarsened.tree
        if (tid < stride) {                                                 // @coarsened.tree
            sdata[tid] += sdata[tid + stride];                              // @coarsened.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);                                        // @coarsened.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

// CUDA has no atomicMax for float: compare-and-swap the bit pattern until our value is stored or
// a larger one is already there. Each failed CAS is another round trip to the L2.
__device__ float atomic_max_float(float* address, float value)
{
    int* bits = reinterpret_cast<int*>(address);
    int old = *bits;                                                        // @coarsened_max.atomic
    while (__int_as_float(old) < value) {                                   // @coarsened_max.atomic
        const int assumed = old;                                            // @coarsened_max.atomic
        old = atomicCAS(bits, assumed, __float_as_int(value));              // @coarsened_max.atomic
        if (old == assumed)                                                 // @coarsened_max.atomic
            break;                                                          // @coarsened_max.atomic
    }
    return __int_as_float(old);
}

// coarsened_max — the coarsened kernel as a max reduction (PMPP exercise 4): fmaxf instead of +,
// -infinity as the identity of the padding, and the CAS loop above instead of atomicAdd.
// Same bytes and barriers as coarsened; the merge costs one CAS or more per block (a CAS fails
// and retries when another block stored in between), and none once the output already holds
// a larger value.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void coarsened_reduce_max(const float* input, float* output, unsigned int n, Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    const unsigned int i = segment + tid;
    float maximum = i < n ? input[i] : -CUDART_INF_F;                       // @coarsened_max.load
    probe.record(Step::Load, 0, Space::Register, i, maximum);
#pragma unroll
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile) {         // @coarsened_max.coarsen
        const unsigned int j = i + tile * blockDim.x;                       // @coarsened_max.coarsen
        if (j < n) {                                                        // @coarsened_max.coarsen
            maximum = fmaxf(maximum, input[j]);                             // @coarsened_max.coarsen
            probe.record(Step::Coarsen, tile, Space::Register, j, maximum);
        }
    }
    sdata[tid] = maximum;                                                   // @coarsened_max.coarsen
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @coarsened_max.tree
        __syncthreads();                                                    // @coarsened_max.tree
        if (tid < stride) {                                                 // @coarsened_max.tree
            sdata[tid] = fmaxf(sdata[tid], sdata[tid + stride]);            // @coarsened_max.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomic_max_float(output, sdata[0]);                                 // @coarsened_max.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

// atomic_naive — every thread atomicAdds its own element into the one output.
// Correct, and the shortest kernel there is, but N atomics on one address are executed one after
// another by the L2: the time grows with N no matter how many threads run. No shared memory, no
// barriers; 4 bytes read per element and N atomics.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void atomic_naive_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float x = input[i];                                           // @atomic_naive.load
        probe.record(Step::Load, 0, Space::Register, i, x);
        atomicAdd(output, x);                                               // @atomic_naive.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, x);
    }
}

// race — EXPECTED WRONG. atomic_naive with a plain `*output += x`: a load, an add and a store
// that other threads interleave with. Within a warp every lane loads the same old value and the
// stores overwrite one another; across warps and blocks updates are lost as well. Kept to show
// why the atomic is needed; the benchmark reports its result as expected_wrong.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void race_reduce_sum(const float* input, float* output, unsigned int n, Probe probe = {})
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float x = input[i];                                           // @race.load
        probe.record(Step::Load, 0, Space::Register, i, x);
        *output += x;                                                       // @race.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, x);
    }
}

#ifndef REDUCESCOPE_SIMT
// ---- host side: the launches of this file's strategies (not part of the lesson) -------------
// The registry (launch.cuh): the benchmark instantiates it with NoProbe, the recording variant
// (recording.cu) with its recording probe.

template <class Probe>
std::span<const KernelLauncher<Probe>> multiblock_launchers()
{
    static const KernelLauncher<Probe> launchers[] = {
        {"segmented",
         [](const Launch& l, Probe p) {
             segmented_reduce_sum<<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"coarsened",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 coarsened_reduce_sum<C><<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
                 return cudaGetLastError();
             });
         }},
        {"coarsened_max",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 coarsened_reduce_max<C><<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.out, l.n, p);
                 return cudaGetLastError();
             });
         }},
        {"atomic_naive",
         [](const Launch& l, Probe p) {
             atomic_naive_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"race",
         [](const Launch& l, Probe p) {
             race_reduce_sum<<<l.grid, l.block, 0, l.stream>>>(l.x, l.out, l.n, p);
             return cudaGetLastError();
         }},
    };
    return launchers;
}

std::span<const KernelLauncher<NoProbe>> multiblock_kernels() { return multiblock_launchers<NoProbe>(); }

#endif // REDUCESCOPE_SIMT

} // namespace reducescope::cuda
