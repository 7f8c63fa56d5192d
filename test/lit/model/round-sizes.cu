// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Where a size not known here decides how many sectors a request touches,
// the average is the one at round sizes (a row width of 4096, not 4097),
// as real row widths and pitches almost always are; the worst and the best
// count stay as they are.

// clang-format off
#include <cuda_fp16.h>

// cuda_hgemv's warp4 kernels (measured on the H200 at K = 4096): four
// groups of 8 lanes each read 8 halves (16 bytes) of their own row, K
// halves apart. At a round K each group's 16 bytes lie in one sector: 4
// sectors where 2 would hold the warp's 64 bytes; an odd K puts three of
// the groups across two sectors each: up to 7.
__global__ void rowGroups(const __half *B, float *out, int K) {
  int t = threadIdx.x, row = blockIdx.x * 4 + t / 8;
  out[blockIdx.x * 32 + t] = __half2float(B[row * K + t % 8]);
// CHECK: round-sizes.cu:[[@LINE-1]]:43: rowGroups: global load 2B of 'B' block 32x1x1
// CHECK: sectors: 7 best 4 ideal 2 lines128 {{[0-9]+}} avg 4.00
}

// No size but the block moves the count (Ansorge's overlapping tiles, 14
// floats apart): the average is over the blocks, as each runs it. Block b
// starts 56 * b bytes in: 4 sectors for b = 0 mod 4, 5 for the others,
// 4.75 over the four blocks.
__global__ void tileOrigins(const float *a, float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 32 + t] = a[blockIdx.x * 14 + t];
// CHECK: round-sizes.cu:[[@LINE-1]]:30: tileOrigins: global load 4B of 'a' block 32x1x1
// CHECK: sectors: 5 best 5 ideal 4 lines128 {{[0-9]+}} avg 4.75
}

void launch(const __half *B, const float *a, float *out, int K) {
  rowGroups<<<64, 32>>>(B, out, K);
  tileOrigins<<<4, 32>>>(a, out);
}
// clang-format on
