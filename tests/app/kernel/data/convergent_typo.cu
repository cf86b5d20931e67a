// SPDX-License-Identifier: GPL-3.0-or-later
// A student's convergent sum reduction (PMPP Fig. 10.9) with one typo: the kernel editor's
// screenshots (docs/screenshots/*kernel_editor_diagnostic_1920x1080.png) show the error at its line.
#define BLOCK_DIM 4

__global__ void my_convergent_sum(float* input, float* output)
{
    unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) {
            input[i] += input[i + stride];
        }
        __syncthreds();
    }
    if (threadIdx.x == 0) {
        *output = input[0];  /* one thread writes the sum */
    }
}
