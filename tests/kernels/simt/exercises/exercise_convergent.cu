// Make this kernel convergent: the active threads of each stride should be the lowest ones, so
// that no warp diverges while 32 or more threads add.
__global__ void simple(float* input, float* output)
{
    const unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) {
            input[i] += input[i + stride];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        *output = input[0];
    }
}
