// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal %s -- 2>&1 | FileCheck --check-prefix=WARN %s
// Two unknowns the code subtracts take every pair of values, not one value
// for both: zoom's staging tile is a row of ceilf(end * r) - floorf(start * r)
// floats, and tried with one value for both the row was 0 floats long and
// the store "known" at 1 wavefront. Each unknown is tried alone as well, and
// the count is what their difference decides.

#include <cstdlib>

// clang-format off
__global__ void zoom(float *out, const float *in, float r, int a, int b) {
  extern __shared__ float tile[];
  int start = floorf(blockIdx.x * 16 * r);
  int end = ceilf((blockIdx.x + 1) * 16 * r);
  int stretch = end - start;
// A 16x16 block: a warp is rows ty and ty + 1, 16 floats each, the second
// `stretch` floats on. Apart by 16 (mod 32), or by 0 (the same words), they
// take 1 wavefront; apart by 32, the same banks in other words: 2.
  tile[threadIdx.y * stretch + threadIdx.x] = in[threadIdx.x];
// CHECK: symbols-apart.cu:[[@LINE-1]]:3: zoom: shared store 4B of 'tile' block 16x16x1
// CHECK: wavefronts: 2 best 1 ideal 1
// CHECK: assume: 'floorf(blockIdx.x * 16 * r)@[[@LINE-9]]', 'ceilf((blockIdx.x + 1) * 16 * r)@[[@LINE-8]]' decide the banks
// Both rows store the same 16 floats, 64 bytes from b - a: 2 sectors where
// b - a is a multiple of 8, 3 otherwise.
  out[b - a + threadIdx.x] = 1.0f;
// CHECK: symbols-apart.cu:[[@LINE-1]]:3: zoom: global store 4B of 'out' block 16x16x1
// CHECK: sectors: 3 best 2 ideal 2
// CHECK: assume: 'a', 'b' decide the alignment: 2 sectors, up to 3 otherwise
// One unknown alone is as before: 2 sectors at any a.
  out[32 * a + threadIdx.x] = 2.0f;
// CHECK: symbols-apart.cu:[[@LINE-1]]:3: zoom: global store 4B of 'out' block 16x16x1
// CHECK: sectors: 2 best 2 ideal 2
// CHECK-NOT: decide
}
// No warning: the waste depends on the unknowns.
// WARN-NOT: warning:

int main(int argc, char **argv) {
  zoom<<<1, dim3(16, 16), 4096>>>(nullptr, nullptr, atof(argv[1]),
                                  atoi(argv[2]), atoi(argv[3]));
}
