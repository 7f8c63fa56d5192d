// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A helper's `*p` that the kernel calls on a global and on a shared pointer
// is two accesses at one line, each of its own space: nvcc inlines each
// call, an LDG and an LDS. Lane i reads m[2i]: 8 sectors where 4 would do;
// lane i reads s[i]: 1 wavefront. Before, the shared calls were counted as
// requests of the global load (16 requests, 6 sectors on average).
#include <cuda_fp16.h>

// clang-format off
__device__ float ld(const float *p) { return *p; }
// CHECK: helper-spaces.cu:[[@LINE-1]]:46: ld (from twice): global load 4B of 'm' block 256x1x1
// CHECK: sectors: 8 best 8 ideal 4 lines128 2 avg 8.00 requests 8 executions 8
// CHECK: helper-spaces.cu:[[@LINE-3]]:46: ld (from twice): shared load 4B of 's' block 256x1x1
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 8 executions 8

__global__ void twice(float *res, const float *m) {
  __shared__ float s[256];
  s[threadIdx.x] = m[threadIdx.x];
  __syncthreads();
  res[threadIdx.x] = ld(m + threadIdx.x * 2) + ld(s + threadIdx.x);
}

// A struct's implicit copy is one piece of code for every copy: copied
// from global memory, then from a shared array into a by-value argument,
// each copy reads its own space. A lane's 16 bytes are four 4-byte half2
// loads, lanes 16 bytes apart: 16 sectors a request, or 4 wavefronts (four
// lanes to a bank).
struct half8 {
  half2 h1, h2, h3, h4;
};
// CHECK: helper-spaces.cu:[[@LINE-3]]:8: half8 (from copies): global load 4B of 'm'
// CHECK: sectors: 16 best 16 ideal 4
// CHECK: helper-spaces.cu:[[@LINE-5]]:8: half8 (from copies): shared load 4B of 'smem'
// CHECK: wavefronts: 4 best 4 ideal 1
__device__ half2 first(half8 a) { return a.h1; }
__global__ void copies(half2 *res, half *m) {
  __shared__ half smem[2048];
  half8 out = *reinterpret_cast<half8 *>(&m[threadIdx.x * 8]);
  smem[threadIdx.x] = out.h2.x;
  __syncthreads();
  res[threadIdx.x] = first(*reinterpret_cast<half8 *>(&smem[threadIdx.x * 8])) + out.h1;
}
// clang-format on

int main() {
  twice<<<1, 256>>>(0, 0);
  copies<<<1, 256>>>(0, 0);
}
