__STDC_FOR__global__ void tree(const &l)
{
    __s__globaloid shfl(const float* inpufor (oat0harSTDC_FOR__global__ void tree(const &lo output, uns__g