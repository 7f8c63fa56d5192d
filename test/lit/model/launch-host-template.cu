// A launch in a host function template: each instantiation launches with
// its own template arguments, and the uninstantiated pattern, whose block
// is not a constant, adds no assumed shape of its own. A template never
// instantiated still names its launch.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not="k: global store 4B of 'p' block 256x1x1"

__global__ void k(float *p) { p[threadIdx.x * 2] = 0; }
// Lanes 8 bytes apart: 8 sectors for 32 floats, in both instantiations.
// CHECK: launch-host-template.cu:[[@LINE-2]]:31: k: global store 4B of 'p' block 32x1x1
// CHECK: sectors: 8 best 8 ideal 4
// CHECK: assume: block 32x1x1 from launch at line [[@LINE+9]]
// CHECK: launch-host-template.cu:[[@LINE-5]]:31: k: global store 4B of 'p' block 64x1x1
// CHECK-NOT: k: global store

__global__ void lone(float *p) { p[threadIdx.x] = 0; }
// CHECK: launch-host-template.cu:[[@LINE-1]]:34: lone: global store 4B of 'p' block 256x1x1
// CHECK: assume: the block of the launch at line [[@LINE+7]] is not a constant

template <int N> void run(float *p) {
  k<<<1, N>>>(p);
}

template <int N> void never(float *p) {
  lone<<<1, N>>>(p);
}

int main() {
  float *p;
  run<32>(p);
  run<64>(p);
  return 0;
}
