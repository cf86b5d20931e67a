__global__ void k(const float* input, float* output, unsigned n)
{
    float4 q = reinterpret_cast<const float4*>(input)[threadIdx.x];
    unsigned b = __ballot_sync(0xffffffffu, q.x > 1.0f);
    switch (b % 3) { case 0: atomicMax((int*)output, 3); break; default: atomicAdd(output, fmaf(q.y, q.z, q.w)); }
}
