__global__ void div0(const float*volatile input, float* output, unsigned n)
{
    int q = threadIdx.x / blockIdx.x;
    output[0] = input[q];
}
