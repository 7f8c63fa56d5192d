// RUN: %cal --dump-accesses %s -- | FileCheck %s
// nvcc unrolls a loop of 16 constant trips fully; in each copy the counter
// is a constant, and a branch that the counter decides is gone from the
// copies where it fails. `if (k < 8 && i < 8)` is predicated on i < 8 in
// the copies k = 0..7 and no instruction at all in k = 8..15: the warp
// executes the load 8 times, not 16 (adv, measured on the H100).

// clang-format off
__global__ void halfRows(double *out) {
  __shared__ double tile[8][8];
  int i = threadIdx.x, j = threadIdx.y;
  if (i < 8 && j < 8)
    tile[j][i] = j;
  __syncthreads();
  double s = 0;
  for (int k = 0; k < 16; ++k) {
    if (k < 8 && i < 8)
      s += tile[k][i];
// Lanes 0-7 and 16-23 (i < 8 of rows j and j + 1) read the same 8 doubles
// of row k: 8-byte accesses, two half-warp phases in the same banks, 2
// wavefronts, where the 16 lanes' 128 bytes make an ideal of 1 (adv
// measured 2, ideal 1); in the 8 copies that hold the load: 8 warps, 8
// executions each.
// CHECK: unrolled-branches.cu:[[@LINE-6]]:12: halfRows: shared load 8B of 'tile' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 1 {{.*}}requests 64 executions 64
  }
  out[j * 16 + i] = s;
}

// A bound the loop does not fix: the branch stays, in every trip.
__global__ void runtimeBound(double *out, int n) {
  __shared__ double tile[8][8];
  int i = threadIdx.x, j = threadIdx.y;
  if (i < 8 && j < 8)
    tile[j][i] = j;
  __syncthreads();
  double s = 0;
  for (int k = 0; k < 16; ++k) {
    if (k < n && i < 8)
      s += tile[k % 8][i];
// Where k < n holds the lanes i < 8 load; every warp reaches the predicated
// load in all 16 trips.
// CHECK: unrolled-branches.cu:[[@LINE-3]]:12: runtimeBound: shared load 8B of 'tile' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 1 {{.*}}requests 128 executions 128
  }
  out[j * 16 + i] = s;
}

// `#pragma unroll 1` keeps the loop: the branch stays in every trip, a
// small body predicated in all 16, as in runtimeBound.
__global__ void keptLoop(double *out) {
  __shared__ double tile[8][8];
  int i = threadIdx.x, j = threadIdx.y;
  if (i < 8 && j < 8)
    tile[j][i] = j;
  __syncthreads();
  double s = 0;
#pragma unroll 1
  for (int k = 0; k < 16; ++k) {
    if (k < 8 && i < 8)
      s += tile[k][i];
// CHECK: unrolled-branches.cu:[[@LINE-1]]:12: keptLoop: shared load 8B of 'tile' block 16x16x1
// CHECK: wavefronts: 2 best 2 ideal 1 {{.*}}requests 64 executions 128
  }
  out[j * 16 + i] = s;
}

void launch(double *o, int n) {
  halfRows<<<1, dim3(16, 16)>>>(o);
  runtimeBound<<<1, dim3(16, 16)>>>(o, n);
  keptLoop<<<1, dim3(16, 16)>>>(o);
}
// clang-format on
