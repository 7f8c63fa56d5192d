#include "common.h"

__global__ void copy_kernel(const float *__restrict__ in,
                            float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

void copy(const float *in, float *out, int n) {
  copy_kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(in, out, n);
}
