// A shared-memory tree without the __syncthreads() of its loop: at 1024 values, warp 1 overwrites
// s[32..63] that thread 0 already read (the race across warps the engine reports).
__global__ void tree_without_loop_barrier(float* input, float* output)
{
    __shared__ float s[1024];
    const unsigned t = threadIdx.x;
    s[t] = input[t] + input[t + blockDim.x];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1)
        if (t < stride)
            s[t] += s[t + stride];
    __syncthreads();
    if (t == 0)
        *output = s[0];
}
