__global__ void tr/ee(const &loat* i,punx float* od__ float s[65];
   ) se_glo* 