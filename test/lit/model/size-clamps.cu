// RUN: %cal --dump-accesses %s -- | FileCheck %s
// An index clamped to a size no lane knows (`min(i, n - 1)`, `i < n ? i :
// n - 1`) is clamped only in the lanes past the size: at round sizes, in
// the grid's last block alone. It is taken as the index, as a guard `if (i
// < n)` is taken as passed, and the accesses made past it say so.

// clang-format off
// miniBUDE's "extra threads do the last member": lane l of a 64-thread
// block reads x + 4 * (256 * blockIdx.x + l), 4 sectors a request.
__global__ void selectClamp(const float *x, float *out, int n) {
  int ix = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  ix = ix < n ? ix : n - 4;
  out[threadIdx.x] = x[ix];
}
// CHECK: size-clamps.cu:[[@LINE-2]]:22: selectClamp: global load 4B of 'x' block 64x1x1
// CHECK-NEXT: address: x + 1024*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: the index clamped to a runtime size at line [[@LINE-6]] was taken as unclamped: only lanes past the size are clamped

// The clamp the other way round: `ix >= n ? n - 1 : ix`. Lane l reads
// 8 bytes at a + 8 * (64 * blockIdx.x + l): 8 sectors.
__global__ void selectPast(const double *a, double *out, int n) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  out[ix] = a[ix >= n ? n - 1 : ix];
}
// CHECK: size-clamps.cu:[[@LINE-2]]:13: selectPast: global load 8B of 'a' block 64x1x1
// CHECK: sectors: 8 best 8 ideal 8
// CHECK: assume: the index clamped to a runtime size at line [[@LINE-4]] was taken as unclamped

// `min(i, n - 1)`, as image kernels clamp: lane l reads a + 4 * (i + l).
__global__ void minClamp(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[min(i, n - 1)];
}
// CHECK: size-clamps.cu:[[@LINE-2]]:12: minClamp: global load 4B of 'a' block 64x1x1
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: the index clamped to a runtime size at line [[@LINE-4]] was taken as unclamped

// BabelStream's block-stride loop runs to min(n, start * (blockIdx.x + 1)
// + threadIdx.x): taken as the second, each lane runs while k * 64 <
// start, a trip count the lanes share. Lane l stores at a + 4 * (start *
// blockIdx.x + l + 64 * k): 4 sectors where start is a multiple of 8.
__global__ void blockStride(float *a, int n, int start) {
  int i = start * blockIdx.x + threadIdx.x;
  const int e = min(n, start * int(blockIdx.x + 1) + int(threadIdx.x));
  for (; i < e; i += blockDim.x)
    a[i] = 0;
}
// CHECK: size-clamps.cu:[[@LINE-2]]:5: blockStride: global store 4B of 'a' block 64x1x1
// CHECK: sectors: 5 best 4 ideal 4 lines128 2 avg 4.00
// CHECK: assume: the index clamped to a runtime size at line [[@LINE-6]] was taken as unclamped

// Not clamps to a size: a constant bound, and a select that keeps the
// index past the size. The constant bound is the grid's edge: i <= 31 holds
// in block 0's first warp alone, and every other lane reads a[31], 1 sector
// (the same 32 lanes an `if (i > 31) i = 31` leaves at the edge). The
// select stays unknown.
__global__ void notSizes(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[min(i, 31)];
  out[i + 1] = a[i < n ? n - 1 : i];
}
// CHECK: size-clamps.cu:[[@LINE-3]]:12: notSizes: global load 4B of 'a' block 64x1x1
// CHECK-NEXT: address: a + 124 bytes
// CHECK: sectors: 1 best 1 ideal 1
// CHECK: assume: at line [[@LINE-6]], the side of the min/max that only lanes within 32 of the grid's edge take was taken by none
// CHECK: size-clamps.cu:[[@LINE-6]]:16: notSizes: global load 4B of 'a' block 64x1x1
// CHECK-NEXT: unknown: a condition not known at line [[@LINE-7]]
// clang-format on

int main(int argc, char **) {
  int n = argc * 4096;
  selectClamp<<<n / 256, 64>>>(nullptr, nullptr, n);
  selectPast<<<n / 64, 64>>>(nullptr, nullptr, n);
  minClamp<<<n / 64, 64>>>(nullptr, nullptr, n);
  blockStride<<<n / 256, 64>>>(nullptr, n, n / 64);
  notSizes<<<n / 64, 64>>>(nullptr, nullptr, n);
}
