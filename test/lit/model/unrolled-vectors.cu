// RUN: %cal --dump-accesses %s -- | FileCheck %s
// ptxas merges the copies of a shared load that an unrolled loop makes at
// consecutive addresses into one instruction of up to 16 bytes, where the
// first copy's address is a multiple of the merged size (adv, matmul_tiled,
// measured on the H100): the numbers are per merged instruction.

// clang-format off
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

void launch(float *o, int n) {
  rowDot<<<1, dim3(16, 16)>>>(o);
  runtimeTrips<<<1, dim3(16, 16)>>>(o, n);
  twoCalls<<<1, dim3(16, 16)>>>(o);
}
// clang-format on
