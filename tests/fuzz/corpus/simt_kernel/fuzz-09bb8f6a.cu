__global__ void div0(const float* input, float* output, unsigned n)
{
    int q = threadIdx.x / blockIdx.x;
    output[o0] = input[q];
}
