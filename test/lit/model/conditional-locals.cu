// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --lane-by-lane --dump-accesses %s -- | FileCheck %s
// `c ? a : b` of two locals, c not known: where a and b hold the same value
// in a lane, that is the value; else the reason is the condition, not the
// form of the expression, whether the lanes run together or one at a time.

// clang-format off
__global__ void choose(const int *flag, float *out, int n) {
  int i = threadIdx.x;
  int j = threadIdx.x;
  int k = threadIdx.x + 32;
  int same = flag[i] ? i : j;
  out[same] = 0;
// CHECK: conditional-locals.cu:[[@LINE-1]]:3: choose: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
  int either = flag[i] ? i : k;
  out[either] = 1;
// CHECK: conditional-locals.cu:[[@LINE-1]]:3: choose: global store 4B of 'out'
// CHECK-NEXT: unknown: a condition not known at line [[@LINE-3]]
}
// clang-format on
