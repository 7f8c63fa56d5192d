#pragma once
// Kernels defined in a header of the user's own, launched from the file that
// includes it (a common layout: main.cu includes kernels.cuh).
__global__ void strided_in_header(float *a) { a[2 * threadIdx.x] = 0; }
struct Params {
  float *out;
  int n;
};
__global__ void params_by_value(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.out[i] = 1;
}
