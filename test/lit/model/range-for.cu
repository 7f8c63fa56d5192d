// A range-for runs as the loop clang reads it as (`__begin` to `__end`, the
// loop variable declared from `*__begin` each trip): its accesses are
// evaluated, never skipped.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s

__global__ void rows(float *out) {
  __shared__ float s[8][32];
  float acc = 0;
  // Each of the 8 rows in turn, lane x reading element x: one wavefront;
  // 8 trips in each of the 8 warps of the 256-thread block.
  for (float(&row)[32] : s)
    acc += row[threadIdx.x];
  // CHECK: range-for.cu:[[@LINE-1]]:12: rows: shared load 4B of 's' block 256x1x1
  // CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 64 executions 64
  // Lane x walks row x % 8: at each trip 8 rows, 128 bytes apart, in one
  // bank: 8 wavefronts; 32 trips in each of the 8 warps.
  for (float v : s[threadIdx.x % 8])
    acc += v;
  // CHECK: range-for.cu:[[@LINE-2]]:16: rows: shared load 4B of 's' block 256x1x1
  // CHECK: wavefronts: 8 best 8 ideal 1 avg 8.00 requests 256 executions 256
  out[threadIdx.x] = acc;
}
