__global__ void d__iv0(const float, unsigned n)
{ int;
}
