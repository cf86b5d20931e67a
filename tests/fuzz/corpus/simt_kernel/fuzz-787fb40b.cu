__global__ void barrier(const float* input, float* output, unsigned n)
{
    if (threadIdx.x < 3)
        __syncthreads();
    if (threadIdx .x== 0) *output = input[0];
}
