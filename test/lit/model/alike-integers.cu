// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck %s --check-prefix=JSON
// An integer that every lane computes alike from a float not followed, a
// math function of the kernel's arguments (`(int)sqrtf(n)`), is a symbol of
// the warp named by its text and line, as an argument is. From a float read
// from memory, its alignment is the data's. A float of each lane's own is
// still unknown.

// clang-format off
__global__ void alike(const float *in, float *out, int n, const float *f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = sqrtf((float)n);
  out[i] = in[w + threadIdx.x];
// 32 floats from 4*w bytes: 4 sectors where w is a multiple of 8, else 5.
// CHECK: alike-integers.cu:[[@LINE-2]]:12: alike: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 4*sqrtf((float)n)@[[@LINE-4]] bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: 'sqrtf((float)n)@[[@LINE-6]]' decides the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
  int d = (int)f[0];
  out[i] += in[d + threadIdx.x];
// CHECK: alike-integers.cu:[[@LINE-1]]:13: alike: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 4*f[0]@[[@LINE-3]] bytes
// JSON: "alignment_from_data": true,
// JSON: "line": [[@LINE-4]],
  int e = (int)f[threadIdx.x];
  out[i] += in[e];
// CHECK: alike-integers.cu:[[@LINE-1]]:13: alike: global load 4B of 'in'
// CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-3]]
}

void launch(const float *in, float *out, int n, const float *f) {
  alike<<<64, 256>>>(in, out, n, f);
}
// clang-format on
