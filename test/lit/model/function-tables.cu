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

// A helper given a function by name (`scan(..., addAll<4>)`, as
// GPUPrefixSums passes its scan variants) calls that function through its
// parameter: the call is followed, and the callee's accesses are counted.
template <int N> __device__ void addAll(uint32_t *p, uint32_t v) {
  p[threadIdx.x * N] += v;
}
__device__ void apply(uint32_t *p, void (*Op)(uint32_t *, uint32_t)) {
  (*Op)(p, 1);
  Op(p, 2);
}
// clang-format off
__global__ void byParameter(uint32_t *p) { apply(p, addAll<4>); }
// Lane i updates p + 16*i: 16 sectors a request, 4 needed. Both calls are
// followed: the second reads what the first stored (one load a warp), and
// stores again (two stores a warp).
// CHECK: function-tables.cu:[[@LINE-11]]:3: addAll (from byParameter): global load 4B of 'p' block 256x1x1
// CHECK: sectors: 16 best 16 ideal 4 lines128 4 avg 16.00 requests 8 executions 8
// CHECK-NOT: was not followed
// CHECK: function-tables.cu:[[@LINE-14]]:3: addAll (from byParameter): global store 4B of 'p' block 256x1x1
// CHECK: sectors: 16 best 16 ideal 4 lines128 4 avg 16.00 requests 16 executions 16
// CHECK-NOT: was not followed
// clang-format on
