__global__ void tree(const float* input, float* output, unsigned n)
{
    __shared__ float s[64];
    s[threadIdx.x] = input[threadIdx.x];
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
    }
    if (threadIdx.x == 0) *output = s[0];
}
