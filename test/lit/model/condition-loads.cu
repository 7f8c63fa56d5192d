// RUN: %cal --dump-accesses %s -- | FileCheck %s --implicit-check-not='global load 4B of {{.*}}m'
// A branch that loads what its `if`'s condition loaded reuses the value,
// as nvcc does (`if (m[k] != 0) t += m[k] * x[j]`), until a store, an
// atomic or a call that may write memory: no second load.

// clang-format off
__device__ void touch(float *p);

__global__ void reuse(const float *m, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float t = 0;
  if (m[i] != 0.f)
// CHECK: condition-loads.cu:[[@LINE-1]]:7: reuse: global load 4B of 'm'
    t = m[i] * x[i];
// Only x is loaded here.
// CHECK: condition-loads.cu:[[@LINE-2]]:16: reuse: global load 4B of 'x'
  y[i] = t;
  if (m[i] > 1.f) {
// CHECK: condition-loads.cu:[[@LINE-1]]:7: reuse: global load 4B of 'm'
    y[i] = 0;
    t += m[i];
// After a store through y, which may be m, m is loaded again.
// CHECK: condition-loads.cu:[[@LINE-2]]:10: reuse: global load 4B of 'm'
  }
  if (m[i] > 2.f) {
// CHECK: condition-loads.cu:[[@LINE-1]]:7: reuse: global load 4B of 'm'
    touch(y);
    t += m[i];
// After a call that may write memory, again.
// CHECK: condition-loads.cu:[[@LINE-2]]:10: reuse: global load 4B of 'm'
  }
  y[i] = t;
}

void launch(const float *m, const float *x, float *y) {
  reuse<<<64, 256>>>(m, x, y);
}
// clang-format on
