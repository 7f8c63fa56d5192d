// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not='could not parse'
// nvcc takes launch chevrons with spaces in them, `k<< <grid, block>> >(...)`,
// as Visual Studio formats them (CUDA_Freshman's reduceCompleteUnroll<N>);
// Clang takes only `<<<` and `>>>`, and lost the launch and the template
// instance it makes. The tool reads a .cu or .cuh file with such chevrons
// joined, the spaces moved after them, so that every column stays: the
// launches give their kernels a block and an instance, and a shift in the
// launch's configuration stays a shift.

// clang-format off
template <unsigned N> __global__ void scale(float *x) { x[threadIdx.x * N] = 2.f; }
// CHECK: spaced-chevrons.cu:[[@LINE-1]]:57: scale<2U>: global store 4B of 'x' block 64x1x1
__global__ void plain(float *x) { x[threadIdx.x] = 1.f; }
// CHECK: spaced-chevrons.cu:[[@LINE-1]]:35: plain: global store 4B of 'x' block 32x1x1

int main() {
  scale<2><< <1, 64>> >(nullptr);
  plain<< <(4 >> 2), 32 >> >(nullptr);
}
// clang-format on
