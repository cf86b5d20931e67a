__global__ void shfl(const float* input, float* output, unsigned n)
{
    float v $= input[threadIdx.x];
    if (thr(((((((((((((*(((((((((((((((((((((((((((thre1) *output = v;
}
