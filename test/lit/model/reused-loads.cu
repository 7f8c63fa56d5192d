// RUN: %cal --dump-accesses %s -- \
// RUN:   | FileCheck %s --implicit-check-not=' global load' \
// RUN:       --implicit-check-not=' shared load'
// A load of an address that every lane shares, loaded before in the same
// block with nothing stored since, is the register the compiler kept: no
// instruction (ddbp's `d_pObjZ[nz]` on two lines, measured once on the H100).
// A store, a barrier or leaving the branch that loaded it ends that; a
// lane's own address (`d[t]`, `d[t % 8]`) is loaded each time.

// clang-format off
__global__ void twice(const float *p, const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[n] * x[i];
// CHECK: reused-loads.cu:[[@LINE-1]]:13: twice: global load 4B of 'p'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK: reused-loads.cu:[[@LINE-3]]:20: twice: global load 4B of 'x'
  float b = p[n] + x[i + 1];
// CHECK: reused-loads.cu:[[@LINE-1]]:20: twice: global load 4B of 'x'
  out[i] = a + b;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: twice: global store 4B of 'out'
  float c = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:13: twice: global load 4B of 'p'
  out[i + 1] = c;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: twice: global store 4B of 'out'
}

// A load in a branch is not the register after it: some lanes, or none,
// ran it.
__global__ void branch(const float *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0;
  if (i < n)
    a = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:9: branch: global load 4B of 'p'
  a += p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:8: branch: global load 4B of 'p'
  out[i] = a;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: branch: global store 4B of 'out'
}

// Shared: a barrier between is a new load; lanes' own words are loaded
// each time, even where lane 3's d[t] and d[t % 8] meet.
__global__ void shared(float *out) {
  __shared__ float d[256];
  __shared__ float total;
  int t = threadIdx.x;
  d[t] = t;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: shared: shared store 4B of 'd'
  if (t == 0)
    total = 1;
// CHECK: reused-loads.cu:[[@LINE-1]]:5: shared: shared store 4B of 'total'
  __syncthreads();
  float a = total + d[t];
// CHECK: reused-loads.cu:[[@LINE-1]]:13: shared: shared load 4B of 'total'
// CHECK: reused-loads.cu:[[@LINE-2]]:21: shared: shared load 4B of 'd'
  float b = total + d[t % 8];
// CHECK: reused-loads.cu:[[@LINE-1]]:21: shared: shared load 4B of 'd'
  __syncthreads();
  out[t] = a + b + total;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: shared: global store 4B of 'out'
// CHECK: reused-loads.cu:[[@LINE-2]]:20: shared: shared load 4B of 'total'
}
// A store through a `__restrict__` parameter changes nothing another
// pointer reaches (ddbp's mapDet2Slice_kernel, measured so), and a shared
// store nothing in global memory: p[n] is loaded once. Without
// `__restrict__`, the store to out may change p[n].
__global__ void restricted(const float *__restrict__ p,
                           float *__restrict__ out, int n) {
  __shared__ float s[32];
  float a = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:13: restricted: global load 4B of 'p'
  out[threadIdx.x] = a;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: restricted: global store 4B of 'out'
  s[threadIdx.x] = a;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: restricted: shared store 4B of 's'
  out[threadIdx.x + 32] = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:3: restricted: global store 4B of 'out'
}
__global__ void aliased(const float *p, float *out, int n) {
  float a = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:13: aliased: global load 4B of 'p'
  out[threadIdx.x] = a;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: aliased: global store 4B of 'out'
  out[threadIdx.x + 32] = p[n];
// CHECK: reused-loads.cu:[[@LINE-1]]:3: aliased: global store 4B of 'out'
// CHECK: reused-loads.cu:[[@LINE-2]]:27: aliased: global load 4B of 'p'
}

// A call into the device runtime may write any memory: nvcc loads a
// `__device__` variable again after printf (CUDA_Freshman's
// global_variable, measured on the H200: a load on each line).
#include <cstdio>
__device__ float devData;
__global__ void printed() {
  printf("%f\n", devData);
// CHECK: reused-loads.cu:[[@LINE-1]]:18: printed: global load 4B of 'devData'
  devData += 2.0f;
// CHECK: reused-loads.cu:[[@LINE-1]]:3: printed: global load 4B of 'devData'
// CHECK: reused-loads.cu:[[@LINE-2]]:3: printed: global store 4B of 'devData'
}
// clang-format on

void launch(const float *p, const float *x, float *o, int n) {
  twice<<<1, 32>>>(p, x, o, n);
  branch<<<1, 32>>>(p, o, n);
  shared<<<1, 256>>>(o);
  restricted<<<1, 32>>>(p, o, n);
  aliased<<<1, 32>>>(p, o, n);
  printed<<<1, 32>>>();
}
