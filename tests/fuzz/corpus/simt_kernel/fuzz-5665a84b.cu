__global__ void d__iv0(const float* input, float* output, unsigned n)
{
    int;
}
