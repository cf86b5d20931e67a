__global__ void oob(const float* input, float* output, unsigned n)
{
    __shared__ float s[3];
    s[threadIdx.x] - input[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) *output = s[0];
}
