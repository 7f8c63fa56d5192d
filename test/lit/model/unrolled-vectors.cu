// RUN: %cal --dump-accesses %s -- | FileCheck %s
// ptxas merges the copies of a shared load that an unrolled loop makes at
// consecutive addresses into one instruction of up to 16 bytes, where the
// first copy's address is a multiple of the merged size (adv, matmul_tiled,
// measured on the H100): the numbers are per merged instruction.

// clang-format off
#include <cuda_fp16.h>

__global__ void rowDot(float *out) {
  __shared__ float as[16][16], bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  as[ty][tx] = tx;
  bs[ty][tx] = ty;
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 16; ++k) {
    sum += as[ty][k] * bs[k][tx];
// as[ty][k..k+3]: 4 floats a lane, 16 bytes at a multiple of 16, each
// half-warp one row read by all its lanes: 1 wavefront per half-warp, 2 per
// merged load (also the ideal, as adv measured it), 4 of them per warp in
// place of 16.
// CHECK: unrolled-vectors.cu:[[@LINE-5]]:12: rowDot: shared load 4B, 4 per 16B instruction of 'as' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 32 executions 32
// bs[k][tx]: the copies are rows apart, not consecutive: one load each.
// CHECK: unrolled-vectors.cu:[[@LINE-8]]:24: rowDot: shared load 4B of 'bs' block 16x16x1
// CHECK: wavefronts: 1 best 1 ideal 1 {{.*}}requests 128 executions 128
  }
  out[ty * 16 + tx] = sum;
}

// A trip count the loop does not fix: not unrolled, no copies to merge.
__global__ void runtimeTrips(float *out, int n) {
  __shared__ float as[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  as[ty][tx] = tx;
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum += as[ty][k % 16];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:12: runtimeTrips: shared load 4B of 'as' block 16x16x1
  out[ty * 16 + tx] = sum;
}

// A helper with an unrolled loop, inlined twice in each trip (SGEMM_CUDA's
// kernel 11 reads both halves of its double buffer so): each call's copies
// merge apart, as rowDot's do. 8 warps x 2 trips x 2 calls: 32 merged loads
// of 2 wavefronts, not 128 loads.
__device__ float dot4(const float *row) {
  float s = 0;
  for (int k = 0; k < 4; ++k)
    s += row[k];
  return s;
}
__global__ void twoCalls(float *out) {
  __shared__ float as[2][16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  as[0][ty][tx] = tx;
  as[1][ty][tx] = ty;
  __syncthreads();
  float sum = 0;
  for (int t = 0; t < 2; ++t) {
    sum += dot4(&as[0][ty][4 * t]);
    sum += dot4(&as[1][ty][4 * t]);
  }
  out[ty * 16 + tx] = sum;
}
// CHECK: unrolled-vectors.cu:[[@LINE-16]]:10: dot4 (from twoCalls): shared load 4B, 4 per 16B instruction of 'as' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 32 executions 32

// The copies of a loop unrolled around the innermost one (leimao's GEMM,
// v04, measured on the H200): A's tile is read a row apart by the inner
// loop's trips and a column further by the outer one's, whose 4 copies at
// k = 0, 4, 8, 12 nvcc merges. Each half-warp reads one row (t / 16), the
// two 8 rows (512 bytes) apart: 1 wavefront a half-warp, 2 per 16-byte
// load (the ideal), 8 warps x 8 rows x 4 merged loads.
__global__ void outerCopies(float *out) {
  __shared__ float as[128][16];
  int t = threadIdx.x;
  as[t / 2][t % 2 * 8] = t;
  __syncthreads();
  float acc[8] = {};
#pragma unroll
  for (int k = 0; k < 16; ++k)
#pragma unroll
    for (int r = 0; r < 8; ++r)
      acc[r] += as[t / 16 * 8 + r][k];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:17: outerCopies: shared load 4B, 4 per 16B instruction of 'as' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 256 executions 256
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += acc[r];
  out[t] = s;
}

// A loop nvcc unrolls unasked copies its body where the copies stay
// small. Every lane reads one row (t / 64) of Rows floats, 8 trips of k.
template <int Rows> __global__ void rowLoads(float *out) {
  __shared__ float as[64 * Rows];
  int t = threadIdx.x, row = t / 64;
  as[t] = t;
  __syncthreads();
  float acc[Rows] = {};
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < Rows; ++i)
      acc[i] += as[(row * Rows + i) * 8 + k];
  float s = 0;
  for (int i = 0; i < Rows; ++i)
    s += acc[i];
  out[t] = s;
}
// 8 rows (PaddleJitLab's matmul_tiled, measured on the H200): 8 trips of
// 8 loads and adds, 64 copies in nvcc -O3's PTX, merged 4 to a load along
// k as outerCopies' are. Each 16-byte load is read by the whole warp, 1
// wavefront a pair of quarter-warps, 2 (the ideal); 2 warps x 8 rows x 2
// merged loads.
// CHECK: unrolled-vectors.cu:[[@LINE-11]]:17: rowLoads<8>: shared load 4B, 4 per 16B instruction of 'as' block 64x1x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 32 executions 32
// 12 rows, 12 loads and adds a trip: nvcc's PTX keeps the loop over k
// (two copies a trip), so no four copies of k to merge; the copies along
// i are rows apart. 2 warps x 8 trips x 12 loads of 1 wavefront.
// CHECK: unrolled-vectors.cu:[[@LINE-16]]:17: rowLoads<12>: shared load 4B of 'as' block 64x1x1
// CHECK: wavefronts: 1 best 1 ideal 1 {{.*}}requests 192 executions 192

// An `if` between the loops: each copy is code of its own, not merged
// (128 LDS in SASS), a 4-byte load whose half-warps' words share bank 0:
// 2 wavefronts where 1 would do.
__global__ void ifBetween(float *out, int n) {
  __shared__ float as[128][16];
  int t = threadIdx.x;
  as[t / 2][t % 2 * 8] = t;
  __syncthreads();
  float acc[8] = {};
#pragma unroll
  for (int k = 0; k < 16; ++k)
    if (k < n)
#pragma unroll
      for (int r = 0; r < 8; ++r)
        acc[r] += as[t / 16 * 8 + r][k];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:19: ifBetween: shared load 4B of 'as' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 1
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += acc[r];
  out[t] = s;
}

// A loop that nvcc would unroll unasked (8 constant trips) but whose body
// is large stays a loop (SGEMM_CUDA's kernel 5, measured on the H100: one
// LDS a row and trip): no copies of its trips to merge. Each is a 4-byte
// load of 4 words a warp (its 4 rows of 8 threads, 64 floats apart), all in
// bank 0: 4 wavefronts where 1 would do. The inner copies along a row of
// bs merge: 2 loads of 16 bytes a trip.
__global__ void largeBody(float *out) {
  __shared__ float as[64 * 8], bs[8 * 64];
  int t = threadIdx.x, row = t / 8, col = t % 8;
  as[t] = t;
  bs[t] = t;
  __syncthreads();
  float acc[64] = {}, rm[8], rn[8];
  for (int k = 0; k < 8; ++k) {
    for (int i = 0; i < 8; ++i)
      rm[i] = as[(row * 8 + i) * 8 + k];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:15: largeBody: shared load 4B of 'as' block 64x1x1
// CHECK: wavefronts: 4 best 4 ideal 1 {{.*}}requests 128 executions 128
    for (int i = 0; i < 8; ++i)
      rn[i] = bs[k * 64 + col * 8 + i];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:15: largeBody: shared load 4B, 4 per 16B instruction of 'bs' block 64x1x1
// CHECK: requests 32 executions 32
    for (int m = 0; m < 8; ++m)
      for (int n = 0; n < 8; ++n)
        acc[m * 8 + n] += rm[m] * rn[n];
  }
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i];
  out[t] = s;
}

// Halves stay packed in registers and merge, 4 to an 8-byte load (LDS.64
// in SASS for sm_90): the same rows in 2-byte elements, 1 wavefront a
// half-warp again, 2 per load. A 2-byte integer is widened as it is loaded
// (LDS.U16): one load each, 2-way conflicting as the 4-byte loads above.
__global__ void outerHalves(__half *out, unsigned short *bits) {
  __shared__ __half hs[128][16];
  __shared__ unsigned short us[128][16];
  int t = threadIdx.x;
  hs[t / 2][t % 2 * 8] = __int2half_rn(t);
  us[t / 2][t % 2 * 8] = t;
  __syncthreads();
  __half acc[8];
  unsigned short x[8] = {};
#pragma unroll
  for (int r = 0; r < 8; ++r)
    acc[r] = __int2half_rn(0);
#pragma unroll
  for (int k = 0; k < 16; ++k)
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      acc[r] = acc[r] + hs[t / 16 * 8 + r][k];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:25: outerHalves: shared load 2B, 4 per 8B instruction of 'hs' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 256 executions 256
      x[r] ^= us[t / 16 * 8 + r][k];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:15: outerHalves: shared load 2B of 'us' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 1 {{.*}}requests 1024 executions 1024
    }
  __half s = acc[0];
  unsigned short b = 0;
  for (int r = 1; r < 8; ++r)
    s = s + acc[r];
  for (int r = 0; r < 8; ++r)
    b ^= x[r];
  out[t] = s;
  bits[t] = b;
}

// A loop whose bounds span more than a 64-bit count holds (from -2^63 + 1
// to 1, by 2^62: two trips) is no constant loop to copy, and its span is
// never computed past the type (make sanitize caught the overflow, a
// fuzzer finding). The loop inside it is unrolled and merged as rowDot's:
// each half-warp's row, 16 bytes, 1 wavefront each.
__global__ void hugeSpan(float *out) {
  __shared__ float as[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  as[ty][tx] = tx;
  __syncthreads();
  float sum = 0;
  for (long long k = -9223372036854775807LL; k < 1; k += 4611686018427387904LL)
    for (int j = 0; j < 4; ++j)
      sum += as[ty][j];
// CHECK: unrolled-vectors.cu:[[@LINE-1]]:14: hugeSpan: shared load 4B, 4 per 16B instruction of 'as' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 2
  out[ty * 16 + tx] = sum;
}

void launch(float *o, __half *h, unsigned short *u, int n) {
  rowDot<<<1, dim3(16, 16)>>>(o);
  runtimeTrips<<<1, dim3(16, 16)>>>(o, n);
  twoCalls<<<1, dim3(16, 16)>>>(o);
  outerCopies<<<1, 256>>>(o);
  rowLoads<8><<<1, 64>>>(o);
  rowLoads<12><<<1, 64>>>(o);
  ifBetween<<<1, 256>>>(o, n);
  largeBody<<<1, 64>>>(o);
  outerHalves<<<1, 256>>>(h, u);
  hugeSpan<<<1, dim3(16, 16)>>>(o);
}
// clang-format on
