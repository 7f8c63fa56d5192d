// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A load of the bytes the thread stored last is the register the compiler
// stored from (its GVN), until a store that may write them, a barrier or a
// call; a store under an `if` is forwarded within the `if` alone. Checked
// against nvcc -O3's PTX for sm_90: the loads named here are the
// ld.global and ld.shared it keeps.

// clang-format off
// atax's loop (PolyBench/GPU): t[i] is stored before the loop and at every
// trip, and the loads of a and x in between store nothing, so t[i] is
// never loaded. Each lane reads its own row of a: 32 sectors a request;
// x[j] is one word for the warp.
__global__ void dot(float *a, float *x, float *t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  t[i] = 0;
// CHECK: store-forwarding.cu:[[@LINE-1]]:3: dot: global store 4B of 't'
// CHECK-NOT: dot: global load 4B of 't'
  for (int j = 0; j < 64; j++)
    t[i] += a[i * 64 + j] * x[j];
// CHECK: store-forwarding.cu:[[@LINE-1]]:5: dot: global store 4B of 't'
// CHECK-NOT: dot: global load 4B of 't'
// CHECK: store-forwarding.cu:[[@LINE-3]]:13: dot: global load 4B of 'a'
// CHECK: sectors: 32 best 32 ideal 4 lines128 32 avg 32.00 requests 512 executions 512
// CHECK: store-forwarding.cu:[[@LINE-5]]:29: dot: global load 4B of 'x'
// CHECK: sectors: 1 best 1 ideal 1 lines128 1 avg 1.00 requests 512 executions 512
}

// Stored only where c holds: on the other way t[i] is in memory alone.
__global__ void maybe(float *x, float *t, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (c)
    t[i] = 0;
  t[i] += x[i];
// CHECK: store-forwarding.cu:[[@LINE-1]]:3: maybe: global load 4B of 't'
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8 executions 8
}

// A volatile object is read each time; a store through another pointer
// that may reach t (neither is restrict) may change t[i].
__global__ void unsure(volatile float *v, float *t, float *u) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = 1;
  t[i] = v[i];
// CHECK: store-forwarding.cu:[[@LINE-1]]:10: unsure: global load 4B of 'v'
  u[i] = 2;
  t[i + 1] = t[i];
// CHECK: store-forwarding.cu:[[@LINE-1]]:14: unsure: global load 4B of 't'
}

// A global store does not write shared memory: s's word is forwarded to
// the next statement, and loaded again after the barrier.
__global__ void apart(float *__restrict__ t, float *__restrict__ u) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = t[i];
  u[i] = s[threadIdx.x];
// CHECK: store-forwarding.cu:[[@LINE-1]]:3: apart: global store 4B of 'u'
// CHECK-NOT: apart: shared load
  __syncthreads();
  t[i] = s[threadIdx.x];
// CHECK: store-forwarding.cu:[[@LINE-1]]:10: apart: shared load 4B of 's'
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 8 executions 8
}
// clang-format on

int main() {
  dot<<<4, 256>>>(0, 0, 0);
  maybe<<<4, 256>>>(0, 0, 1);
  unsure<<<4, 256>>>(0, 0, 0);
  apart<<<4, 256>>>(0, 0);
}
