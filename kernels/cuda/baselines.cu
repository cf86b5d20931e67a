// SPDX-License-Identifier: GPL-3.0-or-later
// Baselines: CUB's DeviceReduce (the library a production code would call) and the read-only
// streaming kernel that measures how fast this GPU can read N floats at all (the ceiling that
// every reduction is compared with).
#include "launch.cuh"

#include <cub/device/device_reduce.cuh>

namespace reducescope::cuda {

// read_ceiling — reads every float once with 16-byte loads in a grid-stride loop sized to the
// resident blocks, and does the least arithmetic that keeps the loads alive: it adds them and
// stores only if the sum equals `never`, which the caller picks so that it does not. No shared
// memory, no barriers, no atomics: the time of this kernel is what reading the bytes costs.
__global__ void read_ceiling_kernel(const float* input, float* output, unsigned int n, float never)
{
    const float4* input4 = reinterpret_cast<const float4*>(input);
    const unsigned int n4 = n / 4;
    const unsigned int stride = gridDim.x * blockDim.x;
    float sum = 0.0f;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n4; i += 4 * stride) {  // four loads in flight per thread
        const float4 a = input4[i], b = input4[i + stride], c = input4[i + 2 * stride],
                     d = input4[i + 3 * stride];
        sum += (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w) +
               (d.x + d.y + d.z + d.w);
    }
    for (; i < n4; i += stride) {
        const float4 a = input4[i];
        sum += a.x + a.y + a.z + a.w;
    }
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += input[4 * n4 + t];
    if (sum == never)
        *output = sum;
}

// read_ceiling_blocks — the other shape: no loop, each thread issues UNROLL 16-byte loads spaced
// blockDim.x apart and exits, over as many blocks as it takes (what the fastest reduction
// kernels do). The ceiling is the faster of the two shapes.
template <unsigned int UNROLL>
__global__ void read_ceiling_blocks_kernel(const float* input, float* output, unsigned int n, float never)
{
    const float4* input4 = reinterpret_cast<const float4*>(input);
    const unsigned int n4 = n / 4;
    const unsigned int first = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    float4 v[UNROLL];
#pragma unroll
    for (unsigned int k = 0; k < UNROLL; ++k) {
        const unsigned int i = first + k * blockDim.x;
        v[k] = i < n4 ? input4[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    float sum = 0.0f;
#pragma unroll
    for (unsigned int k = 0; k < UNROLL; ++k)
        sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    const unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n % 4)
        sum += input[4 * n4 + t];
    if (sum == never)
        *output = sum;
}

__global__ void fill_kernel(float* out, float value) { *out = value; }

cudaError_t enqueue_read_ceiling(const Launch& l, unsigned int blocks, float never)
{
    if (blocks == 0) {  // the one-pass shape: 8 float4 per thread
        constexpr unsigned int kUnroll = 8;
        const unsigned int per_block = 4 * kUnroll * l.block;
        const unsigned int grid = (l.n + per_block - 1) / per_block;
        read_ceiling_blocks_kernel<kUnroll><<<grid > 0 ? grid : 1, l.block, 0, l.stream>>>(l.x, l.out, l.n, never);
    } else {
        read_ceiling_kernel<<<blocks, l.block, 0, l.stream>>>(l.x, l.out, l.n, never);
    }
    return cudaGetLastError();
}

cudaError_t enqueue_fill(float* out, float value, cudaStream_t stream)
{
    fill_kernel<<<1, 1, 0, stream>>>(out, value);
    return cudaGetLastError();
}

cudaError_t enqueue_cub(bool max, const Launch& l, std::size_t* temp_bytes)
{
    std::size_t bytes = l.temp_bytes;
    const cudaError_t e = max ? cub::DeviceReduce::Max(l.temp, bytes, l.x, l.out, static_cast<int>(l.n), l.stream)
                              : cub::DeviceReduce::Sum(l.temp, bytes, l.x, l.out, static_cast<int>(l.n), l.stream);
    if (temp_bytes)
        *temp_bytes = bytes;
    return e;
}

} // namespace reducescope::cuda
