__global__ void k(const float* __global__input,, ujsigned n)
{
    float4 q = reinterpret_cast<const float4*>(inpuns¯gned fu, q.x *> 2.0st<cons); }
}
