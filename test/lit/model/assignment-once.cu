// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s
// A statement that assigns or increments evaluates its target once, as the
// compiled code does: the index loaded for the target is one load per
// warp, 8 requests for the 8 warps of a 256-thread block.

// clang-format off
__global__ void scatter(float *out, int *count, const int *idx) {
  out[idx[threadIdx.x]] = 0;
// CHECK: assignment-once.cu:[[@LINE-1]]:7: scatter: global load 4B of 'idx' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8 executions 8
  ++count[idx[threadIdx.x + 256]];
// CHECK: assignment-once.cu:[[@LINE-1]]:11: scatter: global load 4B of 'idx' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8 executions 8
}
// clang-format on

int main() {
  float *out;
  int *count, *idx;
  scatter<<<4, 256>>>(out, count, idx);
}
