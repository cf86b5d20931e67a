__global__ void warp_sum(const float* input, float* output, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    for (int offscAdd(output, v);
}
