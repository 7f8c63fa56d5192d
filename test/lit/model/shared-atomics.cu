// RUN: %cal --dump-accesses %s -- | FileCheck %s
// sm_90 adds a float, a double or a 64-bit integer in shared memory with a
// loop: a load of the element, then a compare-and-swap that carries the
// expected and the new value, each phase of it a wavefront of its own. An
// int add is one native atomic. Lanes on distinct words, as the H100
// measured in cuda-samples/atomic_kinds.cu: int 1 wavefront; float load 1,
// compare-and-swap 2 (two half-warps of 8 bytes a lane); double and 64-bit
// load 2, compare-and-swap 4 (four quarter-warps of 16 bytes a lane).

// clang-format off
__global__ void kinds(const float *in) {
  __shared__ int si[256];
  __shared__ float sf[256];
  __shared__ double sd[256];
  __shared__ unsigned long long su[256];
  int t = threadIdx.x;
  atomicAdd(&si[t], 1);
// CHECK: shared-atomics.cu:[[@LINE-1]]:3: kinds: shared atomic 4B of 'si'
// CHECK: wavefronts: 1 best 1 ideal 1
// CHECK-NOT: shared load
  atomicAdd(&sf[t], in[t]);
// CHECK: shared-atomics.cu:[[@LINE-1]]:3: kinds: shared load 4B of 'sf'
// CHECK: wavefronts: 1 best 1 ideal 1
// CHECK: shared-atomics.cu:[[@LINE-3]]:3: kinds: shared atomic 4B of 'sf'
// CHECK: wavefronts: 2 best 2 ideal 2
  atomicAdd(&sd[t], 1.0);
// CHECK: shared-atomics.cu:[[@LINE-1]]:3: kinds: shared load 8B of 'sd'
// CHECK: wavefronts: 2 best 2 ideal 2
// CHECK: shared-atomics.cu:[[@LINE-3]]:3: kinds: shared atomic 8B of 'sd'
// CHECK: wavefronts: 4 best 4 ideal 4
  atomicAdd(&su[t], 1ull);
// CHECK: shared-atomics.cu:[[@LINE-1]]:3: kinds: shared load 8B of 'su'
// CHECK: wavefronts: 2 best 2 ideal 2
// CHECK: shared-atomics.cu:[[@LINE-3]]:3: kinds: shared atomic 8B of 'su'
// CHECK: wavefronts: 4 best 4 ideal 4
}

// In global memory all three are native reductions: no load.
__global__ void global_kinds(float *f, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&f[i], 1.f);
// CHECK-NOT: global load
// CHECK: shared-atomics.cu:[[@LINE-2]]:3: global_kinds: global atomic 4B of 'f'
// CHECK: sectors: 4 best 4 ideal 4
  atomicAdd(&d[i], 1.0);
// CHECK-NOT: global load
// CHECK: shared-atomics.cu:[[@LINE-2]]:3: global_kinds: global atomic 8B of 'd'
// CHECK: sectors: 8 best 8 ideal 8
}
// clang-format on
