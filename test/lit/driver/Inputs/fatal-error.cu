#include "no-such-header.h"
template <typename T> __global__ void scale(T *x, T s) { x[threadIdx.x] *= s; }
template <typename T> __global__ void never(T *x) { x[threadIdx.x] = 0; }
__global__ void fine(float *y) { y[threadIdx.x] = 1; }
void run(float *x) {
  scale<<<1, 32>>>(x, 2.0f);
  fine<<<1, 32>>>(x);
}
