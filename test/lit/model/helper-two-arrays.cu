// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A helper called with one array, then with another (quicksort's
// `plus_prescan(&lt[i], ...)` then `plus_prescan(&gt[i], ...)`): its
// accesses make a request in each, each counted in its own array.

// clang-format off
__device__ void bump(int *a) { *a += 1; }

__global__ void two(int *lt, int *gt) {
  __shared__ int sl[256], sg[256];
  sl[threadIdx.x] = lt[threadIdx.x];
  sg[threadIdx.x] = gt[threadIdx.x];
  bump(&sl[threadIdx.x]);
  bump(&sg[threadIdx.x]);
// Consecutive ints, 1 wavefront, in either array: two requests per warp.
// CHECK: helper-two-arrays.cu:7:32: bump (from two): shared load 4B of 'sl' block 256x1x1
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 16 executions 16
// CHECK: helper-two-arrays.cu:7:32: bump (from two): shared store 4B of 'sl' block 256x1x1
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 16 executions 16
  lt[threadIdx.x] = sl[threadIdx.x] + sg[threadIdx.x];
}

void launch(int *a, int *b) { two<<<64, 256>>>(a, b); }
// clang-format on
