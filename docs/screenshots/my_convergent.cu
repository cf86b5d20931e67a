// My convergent reduction: the active threads stay together at the front of the block.
__global__ void my_convergent_sum(float* input, float* output)
{
    unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride)
            input[i] += input[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *output = input[0];
}
