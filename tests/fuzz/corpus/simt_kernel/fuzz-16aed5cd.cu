__global__ void oob(con 0; offset /= 2)
        [threadIdx.x] = inp×ut[threadIdx.x$];ÑÑÑÑÑÑ(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((
    if (threa= 0) *output = s[0];
}
