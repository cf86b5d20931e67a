// SPDX-License-Identifier: GPL-3.0-or-later
// Dot product: multiply the pairs, then reduce (seed 000). The reduction is the one taught in
// reduce_multiblock.cu; only the load step changes, and the bytes double (two vectors).
//
// Tags `@<strategy>.<step>` mark the lines of each step (docs/design-notes.md).
// The SIMT engine (kernels/simt) reads this file's device code as it is: it defines REDUCESCOPE_SIMT,
// and the host launchers, which need the toolkit, stay out (the kernel editor's copy of it).
#ifndef REDUCESCOPE_SIMT
#include "launch.cuh"
#endif
#include "reduce_common.cuh"

namespace reducescope::cuda {

// dot_shared — segmented with a multiply in the load: each thread multiplies two pairs, adds
// them into shared memory, then the block tree and one atomicAdd per block.
// Costs: 8 bytes read per pair, log2(blockDim.x) barriers and one atomic per 2*blockDim.x pairs.
template <class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void dot_shared_reduce_sum(const float* a, const float* b, float* output, unsigned int n,
                                      Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    const unsigned int j = i + blockDim.x;
    sdata[tid] = (i < n ? a[i] * b[i] : 0.0f) + (j < n ? a[j] * b[j] : 0.0f);  // @dot_shared.load
    probe.record(Step::Load, 0, Space::Shared, tid, sdata[tid]);
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @dot_shared.tree
        __syncthreads();                                                    // @dot_shared.tree
        if (tid < stride) {                                                 // @dot_shared.tree
            sdata[tid] += sdata[tid + stride];                              // @dot_shared.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);                                        // @dot_shared.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

// dot_coarsened — thread coarsening as in `coarsened`: COARSE_FACTOR*2 products summed in a
// register before the tree. Improves on dot_shared as coarsened improves on segmented: fewer
// blocks, barriers and atomics for the same 8 bytes per pair. Note that nvcc contracts
// `sum += a*b` into one fused multiply-add by default (--fmad=true), so this kernel already
// runs FFMA instructions.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void dot_coarsened_reduce_sum(const float* a, const float* b, float* output, unsigned int n,
                                         Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x + tid;
    float sum = 0.0f;
#pragma unroll
    for (unsigned int tile = 0; tile < COARSE_FACTOR * 2; ++tile) {        // @dot_coarsened.coarsen
        const unsigned int j = i + tile * blockDim.x;                       // @dot_coarsened.coarsen
        if (j < n)                                                          // @dot_coarsened.coarsen
            sum += a[j] * b[j];                                             // @dot_coarsened.coarsen
        probe.record(Step::Coarsen, tile, Space::Register, j, sum);
    }
    sdata[tid] = sum;                                                       // @dot_coarsened.coarsen
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @dot_coarsened.tree
        __syncthreads();                                                    // @dot_coarsened.tree
        if (tid < stride) {                                                 // @dot_coarsened.tree
            sdata[tid] += sdata[tid + stride];                              // @dot_coarsened.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);                                        // @dot_coarsened.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

// dot_fma — dot_coarsened with the fused multiply-add written out: fmaf(a, b, sum) rounds once
// instead of twice, whatever the compiler flags. Expect the same speed as dot_coarsened (the
// kernel is bound by memory, and nvcc already fuses there); the point is the rounding.
template <unsigned int COARSE_FACTOR, class Probe = NoProbe>
__global__ __launch_bounds__(kMaxBlockThreads) void dot_fma_reduce_sum(const float* a, const float* b, float* output, unsigned int n,
                                   Probe probe = {})
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x + tid;
    float sum = 0.0f;
#pragma unroll
    for (unsigned int tile = 0; tile < COARSE_FACTOR * 2; ++tile) {        // @dot_fma.coarsen
        const unsigned int j = i + tile * blockDim.x;                       // @dot_fma.coarsen
        if (j < n)                                                          // @dot_fma.coarsen
            sum = fmaf(a[j], b[j], sum);                                    // @dot_fma.coarsen
        probe.record(Step::Coarsen, tile, Space::Register, j, sum);
    }
    sdata[tid] = sum;                                                       // @dot_fma.coarsen
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {  // @dot_fma.tree
        __syncthreads();                                                    // @dot_fma.tree
        if (tid < stride) {                                                 // @dot_fma.tree
            sdata[tid] += sdata[tid + stride];                              // @dot_fma.tree
            probe.record(Step::Tree, stride, Space::Shared, tid, sdata[tid]);
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);                                        // @dot_fma.atomic
        probe.record(Step::Atomic, 0, Space::Global, 0, sdata[0]);
    }
}

#ifndef REDUCESCOPE_SIMT
// ---- host side: the launches of this file's strategies (not part of the lesson) -------------
// The registry (launch.cuh), instantiated with NoProbe for the benchmark.

template <class Probe>
std::span<const KernelLauncher<Probe>> dot_launchers()
{
    static const KernelLauncher<Probe> launchers[] = {
        {"dot_shared",
         [](const Launch& l, Probe p) {
             dot_shared_reduce_sum<<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.y, l.out, l.n, p);
             return cudaGetLastError();
         }},
        {"dot_coarsened",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 dot_coarsened_reduce_sum<C><<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.y, l.out, l.n, p);
                 return cudaGetLastError();
             });
         }},
        {"dot_fma",
         [](const Launch& l, Probe p) {
             return with_coarse_factor(l.coarse, [&]<unsigned int C>() {
                 dot_fma_reduce_sum<C><<<l.grid, l.block, l.block * sizeof(float), l.stream>>>(l.x, l.y, l.out, l.n, p);
                 return cudaGetLastError();
             });
         }},
    };
    return launchers;
}

std::span<const KernelLauncher<NoProbe>> dot_kernels() { return dot_launchers<NoProbe>(); }

#endif // REDUCESCOPE_SIMT

} // namespace reducescope::cuda
