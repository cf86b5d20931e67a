__global__ void simple(float* input, float* output)
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0) {
            segment[i] += segment[i + stride];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1) {
            *output = segment[0];
        } else {
            atomicAdd(output, segment[0]);
        }
    }
}
