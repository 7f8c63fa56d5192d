// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A loop whose exit no lane knows is evaluated for its first trips. Past
// it, a local that each of those trips moved by the same step (a pointer
// walking a column) is its value before the loop plus that step times the
// loop's trips, a symbol of the warp, where every lane shares the exit:
// the address keeps its lanes. A local moved otherwise, or a loop the
// lanes leave apart, leaves it unknown.

// clang-format off
__global__ void walk(float *coeffs, int len, int step) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float *c = coeffs + x;
  for (int n = 1; n < len; n++)
    c = (float *)((char *)c + step);
  *c = 2.f;
// Lanes 4 bytes apart from 1024*blockIdx.x + step*trips: 4 sectors where
// step*trips is a multiple of 32, else 5.
// CHECK: loop-exit-values.cu:[[@LINE-3]]:3: walk: global store 4B of 'coeffs' block 256x1x1
// CHECK-NEXT: address: coeffs + step*trips@[[@LINE-6]] + 1024*blockIdx.x bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: after the loop at line [[@LINE-8]], values its first trips moved by the same step each taken as moved so on all of its trips
  float *d = coeffs + x;
  for (int n = 1; n < len; n++)
    d = (float *)((char *)d + n);
  *d = 3.f;
// Steps of 1, 2, 3, ... bytes: not one step.
// CHECK: loop-exit-values.cu:[[@LINE-2]]:3: walk: unknown store 4B of '<unknown>'
// CHECK-NEXT: unknown: 'd' after the loop at line [[@LINE-5]]
  float *e = coeffs + x;
  for (int n = 1; n < len + threadIdx.x; n++)
    e = (float *)((char *)e + step);
  *e = 4.f;
// Each lane leaves after trips of its own.
// CHECK: loop-exit-values.cu:[[@LINE-2]]:3: walk: unknown store 4B of '<unknown>'
// CHECK-NEXT: unknown: 'e' after the loop at line [[@LINE-5]]
}

void launch(float *a, int l, int s) { walk<<<64, 256>>>(a, l, s); }
// clang-format on
