// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A scalar initialized in braces (`size_t const row{...}`, as modern C++
// and leimao's GEMM kernels write every index) holds the value in the
// braces; empty braces (`int n{}`) hold zero.

// clang-format off
#include <cstddef>

// gemm_v00's indices: a thread's row of C from x, its column from y. In a
// 32x32 block a warp's lanes are 32 rows, ldc = 4096 floats apart: 32
// sectors where 4 would do.
__global__ void rows(float *C, size_t ldc) {
  size_t const row{blockIdx.x * blockDim.x + threadIdx.x};
  size_t const col{blockIdx.y * blockDim.y + threadIdx.y};
  C[row * ldc + col] = 0;
}
// CHECK: brace-init.cu:[[@LINE-2]]:3: rows: global store 4B of 'C' block 32x32x1
// CHECK-NEXT: address: C + 524288*blockIdx.x + 128*blockIdx.y bytes
// CHECK-NEXT: lanes: 0 16384 32768 49152 {{.*}} 507904
// CHECK: sectors: 32 best 32 ideal 4 lines128 32 avg 32.00 requests 8 executions 8

// Swapped, lanes take consecutive columns. The offset starts at zero in
// empty braces, and the loop's counter in braces counts 0 and 1: 4 sectors
// at k = 0, 5 at k = 1 (the row starts a word into its first sector), 4.5
// on average over the 2 requests of each of the 8 warps.
__global__ void cols(float *C, size_t ldc) {
  size_t const col{blockIdx.x * blockDim.x + threadIdx.x};
  size_t const row{blockIdx.y * blockDim.y + threadIdx.y};
  int offset{};
  for (size_t k{0U}; k < 2U; ++k)
    C[row * ldc + col + offset + k] = 0;
}
// CHECK: brace-init.cu:[[@LINE-2]]:5: cols: global store 4B of 'C' block 32x32x1
// CHECK-NEXT: address: C + 128*blockIdx.x + 524288*blockIdx.y + 4 bytes
// CHECK-NEXT: lanes: 0 4 8 12 {{.*}} 124
// CHECK: sectors: 5 best 5 ideal 4 lines128 2 avg 4.50 requests 16 executions 16
// clang-format on

int main() {
  float *C;
  rows<<<dim3(128, 128), dim3(32, 32)>>>(C, 4096);
  cols<<<dim3(128, 128), dim3(32, 32)>>>(C, 4096);
}
