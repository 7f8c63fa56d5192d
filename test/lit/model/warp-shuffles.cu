// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A warp shuffle of an integer whose source lane every lane knows gives
// that lane's value (cuda-samples/shuffle_index.cu, measured on the H100);
// a source lane the data decide leaves it unknown.

// clang-format off
#define FULL 0xffffffffu

__global__ void shuffles(const float *in, const int *lanes, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[__shfl_sync(FULL, i, 0)];
// Lane 0's index in every lane: one address, 1 sector.
// CHECK: warp-shuffles.cu:[[@LINE-2]]:13: shuffles: global load 4B of 'in' block 256x1x1
// CHECK: sectors: 1 best 1 ideal 1
  float b = in[__shfl_sync(FULL, i, 0, 16)];
// Each half-warp reads its own first lane's: 2 addresses, 2 sectors.
// CHECK: warp-shuffles.cu:[[@LINE-2]]:13: shuffles: global load 4B of 'in' block 256x1x1
// CHECK: sectors: 2 best 2 ideal 2
  float c = in[__shfl_xor_sync(FULL, i, 1)];
// Pairs swapped: the same 32 words, 4 sectors.
// CHECK: warp-shuffles.cu:[[@LINE-2]]:13: shuffles: global load 4B of 'in' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
  float d = in[32 * __shfl_down_sync(FULL, i, 1)];
// Lane 31 keeps its own: lanes 128 bytes apart but 30 and 31 at one
// address, 31 sectors.
// CHECK: warp-shuffles.cu:[[@LINE-3]]:13: shuffles: global load 4B of 'in' block 256x1x1
// CHECK: sectors: 31 best 31 ideal 4
  float e = in[__shfl_sync(FULL, i, lanes[threadIdx.x % 4])];
// CHECK: warp-shuffles.cu:[[@LINE-1]]:13: shuffles: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: unknown: the result of '__shfl_sync'
  out[i] = a + b + c + d + e;
}

void launch(const float *in, const int *l, float *out) {
  shuffles<<<64, 256>>>(in, l, out);
}
// clang-format on
