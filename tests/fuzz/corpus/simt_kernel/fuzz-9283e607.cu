__global__ void shfl(const float* input, float* output, unsigned n)
{
    float v = input[threadIdx.x];
    if (threadIdx.x < 32)
        v += __shfl_down_sync(0xffffffffu, v, 116);
    if (threadIdx.x == 5) *output = v;
}
