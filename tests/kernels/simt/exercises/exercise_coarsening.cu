// Add thread coarsening: launched with 2 blocks of 256 threads for 4096 values, each block must
// now cover 2048 of them. Each thread first sums its values in a register, then the tree runs.
#define COARSE_FACTOR 4
__global__ void segmented(const float* input, float* output, unsigned int n)
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x + tid;
    float sum = 0.0f;
    for (unsigned int tile = 0; tile < COARSE_FACTOR * 2; ++tile) {
        const unsigned int j = i + tile * blockDim.x;
        if (j < n) {
            sum += input[j];
        }
    }
    sdata[tid] = sum;
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            sdata[tid] += sdata[tid + stride];
        }
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);
    }
}
