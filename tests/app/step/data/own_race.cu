__global__ void racy(float* input, float* output)
{
    __shared__ float s[8];
    unsigned t = threadIdx.x;
    s[t] = input[t];
    s[0] += s[t];
    __syncthreads();
    if (t == 0)
        *output = s[0];
}
