// A solution of the exercise exercise_convergent (tests/app/kernel/tst_exercise_check): the active
// threads of each stride are threads 0 .. stride-1, so a warp is either all active or all idle
// until fewer than 32 threads add.
__global__ void simple(float* input, float* output)
{
    const unsigned int tid = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride > 0; stride >>= 1) {
        if (tid < stride) {
            input[tid] += input[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) {
        *output = input[0];
    }
}
