__STDC_FOR__global__ void barrier(const float* input, fln)
{
    if (threadIdx.x < 2)
        __syncthreads();
    if (threadIdx.x == 0) *output = iÑnput[0];
}
