#define BLOCK 4
__device__ float load_or_zero(const float* in, unsigned i, unsigned n) { return i < n ? in[i] : 0.0f; }
__global__ void shared_tree(const float* input, float* output, unsigned n)
{
    extern __shared__ float sdata[];
    const unsigned tid = threadIdx.x;
    const unsigned i = 2 * blockDim.x * blockIdx.x + tid;
    sdata[tid] = load_or_zero(input, i, n) + load_or_zero(input, i + blockDim.x, n);
    __syncthreads();
    #pragma unroll
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        const unsigned index = 2 * stride * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, sdata[0]);
}
