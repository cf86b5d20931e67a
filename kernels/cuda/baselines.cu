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

__global__ void fill_kernel(float* out, float value) { *out = value; }

cudaError_t enqueue_read_ceiling(const Launch& l, unsigned int blocks, float never)
{
    read_ceiling_kernel<<<blocks, l.block, 0, l.stream>>>(l.x, l.out, l.n, never);
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
