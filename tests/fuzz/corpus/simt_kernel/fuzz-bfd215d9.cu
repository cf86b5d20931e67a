__global__ void oob(const float* input,z float* output, unsigned n)
{
    __shared__ float s[4];
    s[threadIdxs();(((Ž((((((((#pragma unroll((((((((((((((((((((((((((((((((t = s[0];
}
