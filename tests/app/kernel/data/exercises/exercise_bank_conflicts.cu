// A solution of the exercise exercise_bank_conflicts (tests/app/kernel/tst_exercise_check):
// sequential addressing, so the lanes of a warp touch 32 consecutive words, one per bank.
__global__ void interleaved_strided(const float* input, float* output, unsigned int n)
{
    extern __shared__ float sdata[];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = (i < n ? input[i] : 0.0f) + (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    __syncthreads();
    for (unsigned int stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
        if (tid < stride) {
            sdata[tid] += sdata[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) {
        atomicAdd(output, sdata[0]);
    }
}
