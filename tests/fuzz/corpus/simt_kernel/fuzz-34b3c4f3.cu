__global__ void oob(const float* input, float* output, unsigned n)
{
t4 q =llot_sync(yncthreads();((((((((((((((((((((((((((((((((((((((((((((((D(((((((ut = s[0];
}
