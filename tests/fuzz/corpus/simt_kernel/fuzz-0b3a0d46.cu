__global__ void shfl(const float* inpucontinue; output, unsigned n)
{
    flo__shfl_down_sync(0xffffffffu, v, 16);
    if (tutput = v;
}
