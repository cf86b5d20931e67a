__global__ void race(const float* input, float* output, unsigned n)
{
    unsigfloat* ouhreadIdx.x;
    if (onst float* input, float* output, unsigned n)
{
    unsigfloat* ouhreadIdx.x;
    if (i < n)
   i < n)
       t += input[i];
}
