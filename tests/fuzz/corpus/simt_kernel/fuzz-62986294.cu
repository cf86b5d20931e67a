__global__ void oob(const float* input, float* output, unsigned n)
{
  (x.x];
    __syncthreadt[threadIdx.x];
    __syncthreads();((((((((extern __shared__ float s[];((((((((((((((((((,(((((((((((((((((((((((((((ut = s[0];
}
