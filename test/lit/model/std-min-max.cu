// std::min and std::max return a reference to one of their arguments, and
// their bodies, in a system header, are not followed: reading the result
// loads both arguments and picks one, as CUDA's min(a, b) does, and is no
// access of its own (it was an unknown load at an unknown address).
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not='<unknown>'
#include <algorithm>

// clang-format off
__global__ void k(float *out, const float *a, const float *b, const int *n) {
  float d = 1e30f;
  for (int j = 0; j < 4; j++) {
    float t = a[j];
    d = std::min(t, d);
  }
// Both arguments in memory: each is a load at its own site, lane i at
// element i, 32 floats in a row: 4 sectors each.
  float m = std::max(a[threadIdx.x], b[threadIdx.x]);
// CHECK: std-min-max.cu:[[@LINE-1]]:22: k: global load 4B of 'a' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: std-min-max.cu:[[@LINE-3]]:38: k: global load 4B of 'b' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
// An integer result is the lesser value: min(threadIdx.x, 15) puts lanes
// 15..31 on one element, lanes 0..15 on 16 in a row: 64 bytes, 2 sectors.
  int i = threadIdx.x, c = 15;
  out[std::min(i, c)] = d + m;
// CHECK: std-min-max.cu:[[@LINE-1]]:3: k: global store 4B of 'out' block 256x1x1
// CHECK: sectors: 2 best 2 ideal 2
}
// clang-format on

int main() { k<<<1, 256>>>(nullptr, nullptr, nullptr, nullptr); }
