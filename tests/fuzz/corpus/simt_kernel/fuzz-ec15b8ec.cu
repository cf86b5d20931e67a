__global__ void shfl(const float+ input, float* oatomicCAS(ignedhreadIdx.x == 0eadIdx.x == 0) *output = v;
}CCCCCCCCCCCCClobal__ void shfl(coC1C=CCCCCCCCCCCCCCCCCCCCCCCCC= v;
}CCCCCCCCCCCCCCCCCCCut,Èôìêûã’ﬂ
}CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC≥ºCCCCCC
