// A launch from device code (dynamic parallelism, with relocatable device
// code) gives its kernel a block as a host launch does: its configuration
// call passes the kernel and its parameters before the grid and the block.
// RUN: %cal --dump-accesses %s -- -fgpu-rdc 2>&1 | FileCheck %s
// Without relocatable device code clang rejects the launch: the kernel
// that launches is named as not compiled (exit 1 unless allowed), and the
// child keeps the assumed block.
// RUN: %cal --dump-accesses --allow-compile-errors %s -- 2>&1 | FileCheck %s --check-prefix=NORDC
// RUN: not %cal %s -- 2>&1 | FileCheck %s --check-prefix=NOTCOMPILED
// NOTCOMPILED: device-launch.cu:[[@LINE+11]]:10: error: clang could not compile the code of kernel 'parent': its accesses are unknown [cuda-access-lint-compile-error]

__global__ void child(float *p) { p[threadIdx.x * 2] = 0; }
// CHECK: device-launch.cu:[[@LINE-1]]:35: child: global store 4B of 'p' block 64x1x1
// CHECK: sectors: 8 best 8 ideal 4 lines128 2 avg 8.00 requests 2 executions 2
// CHECK: assume: block 64x1x1 from launch at line [[@LINE+6]]
// NORDC: child: global store 4B of 'p' block 256x1x1
// NORDC: assume: no launch of 'child' in this file

__global__ void parent(float *p) {
  if (threadIdx.x == 0)
    child<<<1, 64>>>(p);
}

int main() {
  parent<<<1, 32>>>(nullptr);
  return 0;
}
