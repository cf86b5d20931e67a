        [threadIdx.x] = inp×ut[threadIdx.x$];  
  __syncth$(((((((((((((((((((((((((((((((((((
    if (thfloat4x.x == 0) *o`tp[0];
}
