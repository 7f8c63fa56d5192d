// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Programs give their settings defaults that the command line may replace
// (`int blocksize = 1024; if (argc > 1) blocksize = atoi(argv[1]);`). The
// launch is analyzed as the program runs with no arguments: main's argc is
// 1, a store in a branch that such a run never takes is no store, and the
// defaults hold. Each report says so.

// clang-format off
#include <cstdlib>

// The block, 1024 unless an argument says otherwise: warp w's lanes
// store out[1024 * blockIdx.x + 32 * w + lane], 4 sectors a warp.
__global__ void byDefault(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: launch-no-arguments.cu:[[@LINE-2]]:3: byDefault: global store 4B of 'out' block 1024x1x1
// CHECK-NEXT: address: out + 4096*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00
// CHECK-NEXT: assume: block 1024x1x1 from launch at line [[@LINE+34]]
// CHECK-NEXT: assume: the launch's values as the program runs with no command-line arguments (argc == 1)

// A width from `argc > 2 ? atoi(argv[2]) : 64`, and a store in a branch
// that a run with no arguments takes (`argc < 2`): rows of 64 floats, each
// warp's 32 lanes one row apart, 32 sectors where 4 would do.
__global__ void column(float *out, int width) {
  out[threadIdx.x * width + blockIdx.x] = 0;
}
// CHECK: launch-no-arguments.cu:[[@LINE-2]]:3: column: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*blockIdx.x bytes
// CHECK-NEXT: lanes: 0 256 512
// CHECK: sectors: 32 best 32 ideal 4
// CHECK-NEXT: assume: block 32x1x1 from launch at line [[@LINE+22]]
// CHECK-NEXT: assume: the launch's values as the program runs with no command-line arguments (argc == 1)

// A block read from argv with no default is not known: a 1-D block of 256
// threads is assumed, and no run without arguments is.
__global__ void noDefault(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: launch-no-arguments.cu:[[@LINE-2]]:3: noDefault: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line [[@LINE+14]] is not a constant: assumed a 1-D block of 256 threads (use --block-dim)
// CHECK-NOT: no command-line arguments

int main(int argc, char **argv) {
  int blocksize = 1024;
  if (argc > 1)
    blocksize = atoi(argv[1]);
  int width = argc > 2 ? atoi(argv[2]) : 64;
  int threads = 16;
  if (argc < 2)
    threads = 32;
  float *out;
  byDefault<<<8, blocksize>>>(out);
  column<<<8, threads>>>(out, width);
  noDefault<<<8, atoi(argv[1])>>>(out);
}
// clang-format on
