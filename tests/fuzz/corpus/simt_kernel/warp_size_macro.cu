// REDUCESCOPE_WARP_SIZE: the warp size the engine compiles for (catalogue's kWarpSize).
#ifndef REDUCESCOPE_WARP_SIZE
#define REDUCESCOPE_WARP_SIZE 32
#endif
constexpr unsigned kW = REDUCESCOPE_WARP_SIZE;
__global__ void k(const float* input, float* output, unsigned n)
{
    __shared__ float partial[1024 / kW];
    float v = threadIdx.x < n ? input[threadIdx.x] : 0.0f;
    for (unsigned offset = kW / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % kW == 0) partial[threadIdx.x / kW] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (unsigned w = 0; w < blockDim.x / kW; ++w) s += partial[w];
        *output = s;
    }
}
