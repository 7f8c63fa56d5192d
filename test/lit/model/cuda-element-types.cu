// CUDA's own element types (__half, __nv_bfloat16, half2) are classes: a
// load through the conversion operator, an assignment, a compound
// assignment, all defined in CUDA's headers, are accesses of the whole
// element, never dropped. 32 lanes reading contiguous 2-byte elements touch
// 64 bytes, 2 sectors; 4-byte half2 elements 128 bytes, 4 sectors.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not='unknown:'
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void elements(float *f, const __half *h, __nv_bfloat16 *b,
                         half2 *h2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = h[i]; // operator float()
  // CHECK: cuda-element-types.cu:[[@LINE-1]]:13: elements: global load 2B of 'h'
  // CHECK: sectors: 2 best 2 ideal 2
  b[i] += __float2bfloat16(x); // a free operator+=: read, then written
  // CHECK: cuda-element-types.cu:[[@LINE-1]]:3: elements: global load 2B of 'b'
  // CHECK: sectors: 2 best 2 ideal 2
  // CHECK: cuda-element-types.cu:[[@LINE-3]]:3: elements: global store 2B of 'b'
  half2 *p = h2 + i;
  *p = __floats2half2_rn(x, x); // half2's operator=
  // CHECK: cuda-element-types.cu:[[@LINE-1]]:3: elements: global store 4B of 'h2'
  // CHECK: sectors: 4 best 4 ideal 4
  f[i] = x;
  // CHECK: cuda-element-types.cu:[[@LINE-1]]:3: elements: global store 4B of 'f'
}
