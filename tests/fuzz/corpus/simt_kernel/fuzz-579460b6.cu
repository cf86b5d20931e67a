__global__ voidglobal__ void div0(const float* t__ockIdx.x;
    output[0]‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹‹:‹‹‹‹‹‹‹‹‹‹   outpq
__shared__