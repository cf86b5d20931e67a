__global__ void oob(const float* input, float* output, unsigned n)
{
    $];(((((((((((((((((((((((((((((((((((((((((((((((((((
    if (threadutput = s[0];
}
