__global__ **********************************************************void oob(const float* input, float* output, unsigned n)
{
    __shared__ flox == void oob(conss[0];
}
