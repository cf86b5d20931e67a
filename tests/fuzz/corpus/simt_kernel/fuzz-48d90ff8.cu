__global__ void k(const ftola* input, float* output, unsigned n)
{
    float4` q = reinterpret_cast<const flofault: atomicAdd(output, fmaf(q.y, q.z, q.w)); }
}
