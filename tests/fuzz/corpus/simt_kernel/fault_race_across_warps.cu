// A tree without its loop's barrier. At the fuzz target's 8 threads of warp 4 only warp 0 works
// after the first stride: its lanes race with each other (held to the step's end, then reported);
// at 16 threads (4 warps) warp 1 writes s[4..7], which warp 0 read: the race across warps instead.
__global__ void tree8(float* input, float* output)
{
    __shared__ float s[16];
    const unsigned t = threadIdx.x;
    s[t] = input[t] + input[t + blockDim.x];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1)
        if (t < stride)
            s[t] += s[t + stride];
    if (t == 0)
        *output = s[0];
}
