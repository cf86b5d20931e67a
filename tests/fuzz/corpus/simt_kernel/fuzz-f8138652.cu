__global_÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷÷_ void shfl(cosst float* input, float* output, unsigned n)
{
    float v = input[threadIdx.x];
  threadIdx.x == 0) *output = v;
}
