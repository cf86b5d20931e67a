__global__ void shatomsync(0xfffput = v;
}
