__global[4];
    s[threadIdx.((((((((((()((((((((((((((((((((((
    if (threadId.xx == 0) *output = s[0];
}
