// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck %s --check-prefix=JSON
// An integer that every lane reads from one address is one value of the
// warp, like a kernel's argument: a symbol named by the load's text and
// line. The lanes' layout around it is known; where it decides the
// alignment, the data do (JSON's alignment_from_data), since nothing makes
// a value read from memory a multiple of anything. A value each lane reads
// from its own address stays unknown.

// clang-format off
__global__ void loaded(const int *offsets, const int *idx, float *out) {
  __shared__ int base;
  if (threadIdx.x == 0)
    base = offsets[blockIdx.x];
  __syncthreads();
  out[32 * base + threadIdx.x] = 1;
// 32 contiguous floats from 128*base bytes: a multiple of 128 whatever base
// is, so 4 sectors, the ideal, and nothing decided by the data.
// CHECK: loaded-values.cu:[[@LINE-3]]:3: loaded: global store 4B of 'out' block 256x1x1
// CHECK-NEXT: address: out + 128*base@[[@LINE-4]] bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00
// CHECK-NOT: decides the alignment
  int start = offsets[blockIdx.x + 1];
  out[start + threadIdx.x] = 2;
// From 4*start bytes: 4 sectors where start is a multiple of 8, else 5.
// CHECK: loaded-values.cu:[[@LINE-2]]:3: loaded: global store 4B of 'out' block 256x1x1
// CHECK-NEXT: address: out + 4*offsets[blockIdx.x + 1]@[[@LINE-4]] bytes
// CHECK: sectors: 5 best 4 ideal 4 lines128 2 avg 4.88
// CHECK: assume: 'offsets[blockIdx.x + 1]@[[@LINE-6]]' decides the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
// JSON: "alignment_from_data": true,
// JSON: "line": [[@LINE-7]],
// JSON: "sectors": 5,
// JSON: "sectors_best": 4,
  for (int k = 0; k < 2; ++k)
    out[offsets[k] + threadIdx.x] = 3;
// One text reading two addresses: two symbols, the second numbered.
// CHECK: loaded-values.cu:[[@LINE-2]]:5: loaded: global store 4B of 'out' block 256x1x1
// CHECK: assume: 'offsets[k]@[[@LINE-3]]', 'offsets[k]@[[@LINE-3]]#2' decide the alignment
  out[idx[threadIdx.x]] = 4;
// Each lane's own index: unknown.
// CHECK: loaded-values.cu:[[@LINE-2]]:3: loaded: global store 4B of 'out'
// CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-3]]
}

// A value computed from loaded data, in floats or through a library
// function, is the data's: the reason names the load, not the float.
__global__ void derived(const float *x, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float d = x[i] * 2.0f + 1.0f;
  if (d < 0.f)
    out[i] = 0.f;
// CHECK: loaded-values.cu:[[@LINE-1]]:5: derived: global store 4B of 'out'
// CHECK: lanes decided by: a value loaded from global memory at line [[@LINE-4]]
  int j = floorf(w[i]);
  out[j] = 1.f;
// CHECK: loaded-values.cu:[[@LINE-1]]:3: derived: global store 4B of 'out'
// CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-3]]
  float s = threadIdx.x * 0.5f;
  if (s < 3.f)
    out[i] = 2.f;
// No data in it: a float the analyzer does not follow.
// CHECK: loaded-values.cu:[[@LINE-2]]:5: derived: global store 4B of 'out'
// CHECK: lanes decided by: a non-integer value at line [[@LINE-5]]
}

void launch(const int *o, const int *i, float *out, const float *x) {
  loaded<<<64, 256>>>(o, i, out);
  derived<<<64, 256>>>(x, x, out);
}
// clang-format on
