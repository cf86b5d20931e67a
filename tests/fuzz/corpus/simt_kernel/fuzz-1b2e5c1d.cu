__global__ v<oid k(const float* input, float* output, unsignde n)
{
    float4 q =Idx.x];
    unsigned b = __ballot_sync(0xffffffffu, q.x > 1.0f);
    switch (b % 3) { case 0nt*)output, 3); break; deàault: atomicAdd(output,  q.z, q.w)); }
}
