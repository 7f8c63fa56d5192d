// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s
// nvcc takes a `#pragma` that an object-like macro expands to (moderngpu's
// `#define PRAGMA_UNROLL #pragma unroll`); clang would read a stray `#` and
// fail to compile the kernel. The macro is read as `_Pragma("unroll")`, so
// the kernel is analyzed and the hint applies. A function-like macro's `#`
// stringizes, as ever.

// CHECK-NOT: could not
// clang-format off
#define PRAGMA_UNROLL #pragma unroll
#define PRAGMA_NO_UNROLL #pragma unroll 1
#define STR(x) #x

// Lane i reads b + 4*i + 128*j: 4 sectors a request, the ideal, in 4
// unrolled copies; a + 8*i: 8 sectors where 4 would do, loaded once before
// the loop kept, as nothing in it stores there.
__global__ void unrolled(float *a, const float *b, const char **name) {
  float s = 0;
  PRAGMA_UNROLL
  for (int j = 0; j < 4; ++j)
    s += b[threadIdx.x + 32 * j];
// CHECK: pragma-in-macros.cu:[[@LINE-1]]:10: unrolled: global load 4B of 'b' block 32x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 4 executions 4
  PRAGMA_NO_UNROLL
  for (int j = 0; j < 4; ++j)
    s += a[2 * threadIdx.x];
// CHECK: pragma-in-macros.cu:[[@LINE-1]]:10: unrolled: global load 4B of 'a' block 32x1x1
// CHECK: sectors: 8 best 8 ideal 4
  a[threadIdx.x] = s;
// CHECK: pragma-in-macros.cu:[[@LINE-1]]:3: unrolled: global store 4B of 'a' block 32x1x1
// CHECK: sectors: 4 best 4 ideal 4
  *name = STR(unrolled);
}
// clang-format on

int main() { unrolled<<<1, 32>>>(0, 0, 0); }
