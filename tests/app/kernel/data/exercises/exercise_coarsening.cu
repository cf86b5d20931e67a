// A solution of the exercise exercise_coarsening (tests/app/kernel/tst_exercise_check): each block
// takes an equal share of the values (n / gridDim.x), each thread sums its part of that share in a
// register (a block-stride loop), then one tree per block and one atomic per block.
__global__ void segmented(const float* input, float* output, unsigned int n)
{
    __shared__ float sdata[256];
    const unsigned int tid = threadIdx.x;
    const unsigned int share = n / gridDim.x;
    const unsigned int begin = blockIdx.x * share;
    float sum = 0.0f;
    for (unsigned int j = begin + tid; j < begin + share; j += blockDim.x) {
        sum += input[j];
    }
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) {
            sdata[tid] += sdata[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);
    }
}
