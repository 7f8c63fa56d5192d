// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A kernel parameter's array starts where cudaMalloc puts it, at a
// multiple of 256 bytes, as the sector counts assume: the address as an
// integer is that start plus the pointer's offset, so an alignment test
// decides which way a vectorized kernel goes, and a misalignment computed
// from it is known.
#include <cstddef>
#include <cstdint>

// clang-format off
// Both arrays start at a multiple of 16: the float4 way runs, 16 sectors
// for a warp's 512 bytes; the scalar way runs in no lane, and has no
// access.
__global__ void vec(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (reinterpret_cast<size_t>(in) % 16 == 0 &&
      reinterpret_cast<uintptr_t>(out) % 16 == 0) {
    float4 v = reinterpret_cast<const float4 *>(in)[i];
// CHECK: pointer-as-integer.cu:[[@LINE-1]]:16: vec: global load 16B of 'in'
// CHECK-NOT: vec:
// CHECK: sectors: 16 best 16 ideal 16 lines128 4 avg 16.00 requests 8
    reinterpret_cast<float4 *>(out)[i] = v;
  } else {
    out[i] = in[i];
  }
}
// CHECK-NOT: pointer-as-integer.cu:[[@LINE-3]]:{{.*}} vec:

// Launched 4 bytes past the start: 4 is left over, and the scalar way
// runs; a warp's 128 bytes start 4 bytes into a sector and span 5.
__global__ void vec_offset(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (reinterpret_cast<size_t>(in) % 16 == 0) {
    reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
  } else {
    out[i] = in[i];
// CHECK: pointer-as-integer.cu:[[@LINE-1]]:14: vec_offset: global load 4B of 'in'
// CHECK-NOT: vec_offset:
// CHECK: sectors: 5 best 5 ideal 4
  }
}

// A vectorized accessor steps back to the 16-byte boundary before its
// array: launched 8 bytes in, it loads float4s from the start, 16 sectors.
__global__ void accessor(float *out, const float *in) {
  size_t misaligned = (reinterpret_cast<size_t>(in) % 16) / sizeof(float);
  const float4 *aligned = reinterpret_cast<const float4 *>(in - misaligned);
  float4 v = aligned[blockIdx.x * blockDim.x + threadIdx.x];
// CHECK: pointer-as-integer.cu:[[@LINE-1]]:14: accessor: global load 16B of 'in'
// CHECK-NEXT: address: in + 4096*blockIdx.x bytes
// CHECK: sectors: 16 best 16 ideal 16 lines128 4 avg 16.00 requests 8
  out[blockIdx.x * blockDim.x + threadIdx.x] = v.x;
}
// clang-format on

int main() {
  float *a, *b;
  vec<<<4, 256>>>(a, b);
  vec_offset<<<4, 256>>>(a + 1, b + 1);
  accessor<<<4, 256>>>(a, b + 2);
}
