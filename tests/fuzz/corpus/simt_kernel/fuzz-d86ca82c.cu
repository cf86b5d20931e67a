__global__t, unsignedt[i] += segment[i + stride];
        }
        __syncthreads(ÑÄõßßßß‘)
{
    float4` q = reinterpret_cast<const flofault:template <(output, fmaf(q.y, q.z, q.w)); }
}
