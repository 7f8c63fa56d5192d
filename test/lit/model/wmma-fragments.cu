// RUN: %cal --dump-accesses %s -- | FileCheck %s
// wmma::load_matrix_sync and store_matrix_sync of m16n16k16 fragments, as
// the instructions nvcc emits for them (cuda-samples/wmma_fragments.cu):
// - a half matrix_a or matrix_b from shared memory: one ldmatrix .x4,
//   lane l giving row l % 16 at 16-byte chunk l / 16, 8 lanes a phase;
// - a half matrix_a (row major) from global memory: four 4-byte loads,
//   lane 4g + t at rows g and g + 8, columns 2t and 2t + 8;
// - a float accumulator: four 8-byte moves (row major) or eight 4-byte
//   ones (column major) at the same rows and columns;
// each reported at the call, and any other kind an access not known.

// clang-format off
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void fragments(const __half *in, float *out) {
  __shared__ __align__(32) __half rows16[4][16 * 16]; // 32-byte rows
  __shared__ __align__(32) __half rows24[4][16 * 24]; // 48-byte rows
  __shared__ __align__(32) float acc[4][16 * 16];     // 64-byte rows
  int w = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::load_matrix_sync(a, rows16[w], 16);
// Phase 0: rows 0-7 at 32 r bytes, banks 8r to 8r+3 mod 32: rows r and
// r + 4 share them, 2 wavefronts a matrix, 8 where 4 would do.
// CHECK: wmma-fragments.cu:[[@LINE-3]]:3: fragments: shared load 16B of 'rows16' block 128x1x1
// CHECK: wavefronts: 8 best 8 ideal 4
  wmma::load_matrix_sync(b, rows24[w], 24);
// Rows 48 bytes apart: banks 12r mod 32, eight rows on all 32: 4.
// CHECK: wmma-fragments.cu:[[@LINE-2]]:3: fragments: shared load 16B of 'rows24' block 128x1x1
// CHECK: wavefronts: 4 best 4 ideal 4
  wmma::load_matrix_sync(a, in + (blockIdx.x * 4 + w) * 256, 16);
// Lane 4g + t reads bytes 32g + 4t: 16 bytes of each of 8 sectors, 8
// where 128 bytes need 4; four loads a call.
// CHECK: wmma-fragments.cu:[[@LINE-3]]:3: fragments: global load 4B x4 of 'in' block 128x1x1
// CHECK: sectors: 8 best 8 ideal 4
  wmma::fill_fragment(c, 1.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(acc[w], c, 16, wmma::mem_row_major);
// Lane 4g + t writes 8 bytes at 64g + 8t: in each half-warp rows g and
// g + 2 take the same 8 banks, 2 wavefronts a half where 1 would do.
// CHECK: wmma-fragments.cu:[[@LINE-3]]:3: fragments: shared store 8B x4 of 'acc' block 128x1x1
// CHECK: wavefronts: 4 best 4 ideal 2
  wmma::store_matrix_sync(acc[w], c, 16, wmma::mem_col_major);
// Column major: lane 4g + t at word 16(2t) + g, bank g for every t: 4-way.
// CHECK: wmma-fragments.cu:[[@LINE-2]]:3: fragments: shared store 4B x8 of 'acc' block 128x1x1
// CHECK: wavefronts: 4 best 4 ideal 1
  wmma::store_matrix_sync(out + (blockIdx.x * 4 + w) * 256, c, 16, wmma::mem_row_major);
// 8 bytes at 64g + 8t: one whole sector a row, 8 for 256 bytes.
// CHECK: wmma-fragments.cu:[[@LINE-2]]:3: fragments: global store 8B x4 of 'out' block 128x1x1
// CHECK: sectors: 8 best 8 ideal 8
}

// A matrix_a stored column major in global memory, and tf32 fragments:
// not modelled, never left out.
__global__ void notModelled(const __half *in, const float *f) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major> a;
  wmma::load_matrix_sync(a, in + blockIdx.x * 256, 16);
// CHECK: wmma-fragments.cu:[[@LINE-1]]:3: notModelled: global load 0B of 'in' block 128x1x1
// CHECK-NEXT: unknown: the wmma fragment move of matrix_a 16x16x16 of __half col_major in global memory, which the analyzer does not model
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t;
  wmma::load_matrix_sync(t, f + blockIdx.x * 128, 8);
// CHECK: wmma-fragments.cu:[[@LINE-1]]:3: notModelled: global load 0B of 'f' block 128x1x1
// CHECK-NEXT: unknown: the wmma fragment move of matrix_a 16x16x8 of tf32 row_major in global memory
}

int main() {
  fragments<<<64, 128>>>(nullptr, nullptr);
  notModelled<<<64, 128>>>(nullptr, nullptr);
}
