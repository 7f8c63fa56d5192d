// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not='could not parse'
// nvcc takes a braced list for a launch's grid or block (`<<<g, {32, 8,
// 1}>>>`, as NVIDIA's multi-GPU Jacobi writes its block); Clang's parser
// takes an expression alone there, and lost the launch with the template
// instance it makes. The tool reads a .cu or .cuh file with each such list
// typed as a dim3 (`dim3{32, 8, 1}`); the columns after it on its line move
// by four.

// clang-format off
template <int S> __global__ void rows(float *x, int n) { x[threadIdx.y * n + threadIdx.x * S] = 0.f; }
// CHECK-DAG: braced-launch-shapes.cu:[[@LINE-1]]:58: rows<1>: global store 4B of 'x' block 32x8x1
// CHECK-DAG: braced-launch-shapes.cu:[[@LINE-2]]:58: rows<2>: global store 4B of 'x' block 32x4x1

int main() {
  dim3 grid(4, 4);
  rows<1><<<grid, {32, 8, 1}>>>(nullptr, 64);
  rows<2><<<{2, 2}, {32, 4}, 0>>>(nullptr, 64);
  // CHECK-DAG: assume: block 32x8x1 from launch at line [[@LINE-2]]
  // CHECK-DAG: assume: block 32x4x1 from launch at line [[@LINE-2]]
}
// clang-format on
