__global_readIdx.x] = inp×ut[threadIdx.x$];
    __syncth(((((((((((((((((((
    if (threadIdx.x == 0) *output = s[0];
}
