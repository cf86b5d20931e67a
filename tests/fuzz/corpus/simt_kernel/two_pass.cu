__device__ float warp_sum(float v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__device__ float block_sum(float v, float* warp_sums)
{
    const unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    v = warp_sum(v);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / warpSize ? warp_sums[lane] : 0.0f;
        v = warp_sum(v);
    }
    __syncthreads();
    return v;
}

__global__ void partials_kernel(const float* input, float* partials, unsigned n)
{
    __shared__ float warp_sums[32];
    float sum = 0.0f;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        sum += input[i];
    sum = block_sum(sum, warp_sums);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = sum;
}

__global__ void final_kernel(const float* partials, float* output, unsigned count)
{
    __shared__ float warp_sums[32];
    float sum = 0.0f;
    for (unsigned i = threadIdx.x; i < count; i += blockDim.x)
        sum += partials[i];
    sum = block_sum(sum, warp_sums);
    if (threadIdx.x == 0)
        *output = sum;
}
