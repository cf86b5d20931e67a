// Whole float4 values (the decoder's aggregates): a local array, a function with two returns (an
// aggregate phi), a conditional expression of float4s, a struct member store.
struct Pair { float4 a; float b[2]; };
__device__ float4 pick(const float4* p, unsigned i, unsigned n4)
{
    if (i < n4)
        return p[i];
    return make_float4(0.0f, 0.0f, 0.0f, 0.0f);
}
__global__ void vec4(const float* input, float* output, unsigned n)
{
    const float4* input4 = reinterpret_cast<const float4*>(input);
    float4 v[2];
    for (unsigned k = 0; k < 2; ++k)
        v[k] = pick(input4, threadIdx.x + k * blockDim.x, n / 4);
    Pair p{threadIdx.x % 2 ? v[0] : v[1], {1.0f, 2.0f}};
    const float4 w = p.a;
    atomicAdd(output, (w.x + w.y) + (w.z + w.w) + p.b[threadIdx.x % 2]);
}
