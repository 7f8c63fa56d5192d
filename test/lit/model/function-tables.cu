// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A call through a table of device function pointers (the CUDA Handbook's
// divergence.cu) reads the pointer from the table: a load of 8 bytes, which
// the profiler counts on the call's line. The callee is not followed (the
// pointer is a value in memory): its result is unknown, and every report
// of the kernel says that the callee's accesses are not counted.
#include <cstdint>

__device__ void add1(uint32_t *p) { *p += 1; }
__device__ void add2(uint32_t *p) { *p += 2; }
typedef void (*Adder)(uint32_t *);
__device__ Adder table[] = {add1, add2};

// clang-format off
__global__ void byWarp(uint32_t *p) {
// Lanes of a warp share threadIdx.x >> 6: one entry, one sector.
  table[(threadIdx.x >> 6) & 1](p + threadIdx.x);
// CHECK: function-tables.cu:[[@LINE-1]]:3: byWarp: global load 8B of 'table' block 256x1x1
// CHECK-NEXT: address: table + 0 bytes
// CHECK-NEXT: lanes: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// CHECK: sectors: 1 best 1 ideal 1
// CHECK: assume: the call through a pointer at line [[@LINE-5]] was not followed: the accesses its callee makes are not counted
}
// clang-format on

int main() { byWarp<<<1, 256>>>(nullptr); }
