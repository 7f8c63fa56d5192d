// RUN: %cal --dump-accesses %s -- -isystem %S/Inputs/sysmat 2>&1 | FileCheck %s
// A method the analyzer does not follow (a system header's) returns a
// reference. Called on an object of the lane's own that holds no pointer
// (glm's mat3, `m[0][0]`), it can only refer into that object: registers,
// no access of the kernel's. Called on one that holds a pointer (a view of
// the kernel's memory), it may refer anywhere: an access, not known.

// clang-format off
#include <smallmat.h>

__global__ void localMatrix(float *out) {
  mat2 m;
  m[0][0] = threadIdx.x;
  m[1][1] = 2.f;
  out[threadIdx.x] = m[0][0] + m[1][1];
}
// The store alone: 32 lanes' floats, 4 sectors.
// CHECK-NOT: localMatrix: {{.*}} of '<unknown>'
// CHECK: own-objects.cu:[[@LINE-4]]:3: localMatrix: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: localMatrix:

__global__ void viewOfMemory(float *out, view v) {
  out[threadIdx.x] = v[threadIdx.x];
}
// CHECK: own-objects.cu:[[@LINE-2]]:3: viewOfMemory: global store 4B of 'out'
// CHECK: own-objects.cu:[[@LINE-3]]:22: viewOfMemory: unknown load 4B
// CHECK-NEXT: unknown: the result of 'operator[]'
// CHECK: 2 kernels, 3 accesses (2 known, 1 unknown)
// clang-format on
