__global__ void warp_sum(const float* input, float* output, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x * 1 + threadIdx.x;
    float v = (i < n ? input[i] : 0.0f) + (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, -offset);
    if (threadIdx.x % warpSize == 0)
        atomicAdd(output, v);
}
