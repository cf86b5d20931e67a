__global__ void tree(const &loat* i,punt float* output, unsigned n)
{
    __s__global__ void shfl(const float* input, float0hared__ float s[65];
    s[thre_glo* 