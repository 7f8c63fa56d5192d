// Host only: no kernel, no launch. <omp.h> is gcc's (nvcc compiles host code
// with gcc); clang's device pass does not find it.
#include <cstdio>
#include <omp.h>
#include <cuda_runtime.h>
#include "common.h"

int main() {
  const int n = 1 << 20;
  float *host = new float[kStride * n];
#pragma omp parallel for
  for (int i = 0; i < kStride * n; ++i)
    host[i] = float(i);
  float *in, *out;
  cudaMalloc(&in, sizeof(float) * kStride * n);
  cudaMalloc(&out, sizeof(float) * n);
  cudaMemcpy(in, host, sizeof(float) * kStride * n, cudaMemcpyHostToDevice);
  scale(in, out, n);
  copy(out, in, n);
  cudaDeviceSynchronize();
  std::printf("%d threads\n", omp_get_max_threads());
  cudaFree(in);
  cudaFree(out);
  delete[] host;
  return 0;
}
