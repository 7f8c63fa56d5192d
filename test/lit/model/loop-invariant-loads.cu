// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A load that runs on every trip of a loop at an address the loop does not
// move, where nothing in the loop may store to it, is made once: the
// compiler hoists it before the loop (its LICM), and the profiler counts
// it on the loop's line (mini-nbody's p[i].x, measured on the H200 at its
// `for`). Checked against nvcc -O3's PTX for sm_90.

// clang-format off
// mini-nbody's force loop: p[i].x is loaded once per thread, p[j].x, the
// same word in every lane, at each of the 64 trips. Bodies are 24 bytes
// apart: a warp's p[i].x touches 24 sectors where 4 would do, in 8
// requests (one a warp) where it was counted at every trip (512).
struct Body { float x, y, z, vx, vy, vz; };
__global__ void force(Body *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float F = 0;
  for (int j = 0; j < 64; j++)
    F += p[j].x - p[i].x;
// CHECK: loop-invariant-loads.cu:[[@LINE-1]]:10: force: global load 4B of 'p'
// CHECK-NOT: force:
// CHECK: sectors: 1 best 1 ideal 1 lines128 1 avg 1.00 requests 512 executions 512
// CHECK: loop-invariant-loads.cu:[[@LINE-4]]:19: force: global load 4B of 'p'
// CHECK-NOT: force:
// CHECK: sectors: 24 best 24 ideal 4 lines128 6 avg 24.00 requests 8 executions 8
// CHECK-NEXT: hoisted before the loop at line [[@LINE-8]]
  p[i].vx += F;
}

// A store through b, which may reach a, keeps a[i] in memory: loaded at
// every trip.
__global__ void written(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < 64; j++)
    b[j * 256 + i] = a[i];
// CHECK: loop-invariant-loads.cu:[[@LINE-1]]:22: written: global load 4B of 'a'
// CHECK-NOT: written:
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 512 executions 512
// CHECK-NOT: hoisted
}

// The copies of a loop nvcc unrolls whole are straight-line code in the
// body of the loop around it, which hoists their loads too: b[l * 256 + t]
// is loaded 4 times a thread (PTX: 4 ld.global, no branch), 4 requests a
// warp, 32 for the 8 warps, where counting each of the 16 trips of j and
// l would give 128.
__global__ void outer(float *a, const float *b) {
  int t = threadIdx.x;
  float s[4] = {0, 0, 0, 0};
  for (int j = 0; j < 4; j++)
    for (int l = 0; l < 4; l++)
      s[j] += b[l * 256 + t] * j;
// CHECK: loop-invariant-loads.cu:[[@LINE-1]]:15: outer: global load 4B of 'b'
// CHECK-NOT: outer:
// Both loops are unrolled whole, no loop to hoist before: the loads stay
// on their line.
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 32 executions 32
// CHECK-NOT: hoisted
  a[t] = s[0] + s[1] + s[2] + s[3];
}

// An inner loop kept as a loop loads at each of its trips, on each trip
// around it (PTX: the 4 copies of j each loop over one ld.global): 16
// loads a thread, 128 requests.
__global__ void kept(float *a, const float *b) {
  int t = threadIdx.x;
  float s[4] = {0, 0, 0, 0};
  for (int j = 0; j < 4; j++)
#pragma unroll 1
    for (int l = 0; l < 4; l++)
      s[j] += b[l * 256 + t] * j;
// CHECK: loop-invariant-loads.cu:[[@LINE-1]]:15: kept: global load 4B of 'b'
// CHECK-NOT: kept:
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 128 executions 128
  a[t] = s[0] + s[1] + s[2] + s[3];
}
// clang-format on

int main() {
  force<<<1, 256>>>(0);
  written<<<1, 256>>>(0, 0);
  outer<<<1, 256>>>(0, 0);
  kept<<<1, 256>>>(0, 0);
}
