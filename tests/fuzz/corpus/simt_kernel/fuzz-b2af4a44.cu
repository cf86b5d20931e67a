__global__ void oob(const float* input, float* output,put = s[n)
{
(((((((((((((((((`((((((((((((((((((f 0(*output = ;ut¸put = s[0];
}
