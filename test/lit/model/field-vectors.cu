// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal %s -- 2>&1 | FileCheck %s --check-prefix=WARN
// nvcc loads the fields of one struct element that a block reads, with no
// store to memory between them, as one vector where they lie in an aligned
// piece of 8 or 16 bytes (n-body's p[i].x, .y, .z of a float4: one LDG.128,
// measured on the H200). Each field's access is then that vector's: 32
// lanes' 16 bytes, 16 sectors, all of them needed: no array-of-structures
// waste.

// clang-format off
__global__ void together(const float4 *p, float4 *v, float *out, float a) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  float s = p[i].x + p[i].y + p[i].z;
// CHECK: field-vectors.cu:[[@LINE-1]]:13: together: global load 4B, 4 per 16B instruction of 'p'
// CHECK-NEXT: address: p + 4096*blockIdx.x bytes
// CHECK: sectors: 16 best 16 ideal 16
// CHECK: field-vectors.cu:[[@LINE-4]]:22: together: global load 4B, 4 per 16B instruction of 'p'
// CHECK-NEXT: address: p + 4096*blockIdx.x bytes
// CHECK: sectors: 16 best 16 ideal 16
// WARN-NOT: field-vectors.cu:[[@LINE-7]]:{{.*}}warning
  out[i] = s;
  // x and y of v, read by `+=` with the other field's store between: an
  // aligned 8-byte piece, 8 sectors ideal, 16 touched.
  v[i].x += a;
  v[i].y += a;
// CHECK: field-vectors.cu:[[@LINE-2]]:3: together: global load 4B, 2 per 8B instruction of 'v'
// CHECK: sectors: 16 best 16 ideal 8
}

// A store to memory between the reads, or a field read alone, leaves each
// field its own 4-byte load: 16 sectors where 4 would do.
__global__ void apart(const float4 *p, float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  float x = p[i].x;
  out[i] = x;
  float y = p[i].y;
// CHECK: field-vectors.cu:[[@LINE-3]]:13: apart: global load 4B of 'p'
// CHECK: sectors: 16 best 16 ideal 4
// CHECK: field-vectors.cu:[[@LINE-3]]:13: apart: global load 4B of 'p'
// CHECK: sectors: 16 best 16 ideal 4
// WARN: field-vectors.cu:[[@LINE-7]]:13: warning: global load of 'p' reads field 'x' of a 16-byte struct per lane
  out[i + 1] = y;
}
// clang-format on
