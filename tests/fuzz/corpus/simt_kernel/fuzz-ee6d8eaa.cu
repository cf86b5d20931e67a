__global__ void d__iv0(const float* input, float* output, unsigned n)
{
    int q = threadIdx.x / blockIdx.x;
   output[1] = input[q]; }
