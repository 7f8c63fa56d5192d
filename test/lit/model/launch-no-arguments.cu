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
// CHECK-NEXT: assume: block 1024x1x1 from launch at line [[@LINE+48]]
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
// CHECK-NEXT: assume: block 32x1x1 from launch at line [[@LINE+36]]
// CHECK-NEXT: assume: the launch's values as the program runs with no command-line arguments (argc == 1)

// A block read from argv with no default is not known: a 1-D block of 256
// threads is assumed, and no run without arguments is.
__global__ void noDefault(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
// CHECK: launch-no-arguments.cu:[[@LINE-2]]:3: noDefault: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line [[@LINE+28]] is not a constant: assumed a 1-D block of 256 threads (use --block-dim)
// CHECK-NOT: no command-line arguments

// ParRes' transpose picks its kernel by an argument, and the last one's
// branch declares its own block (`dim3 dimBlock(16, 16, 1)`, shadowing
// main's 32x8). A run with no arguments takes none of the branches, but a
// launch is asked about as if it runs: the stores in its own branch hold
// there. Warp w holds rows 2w and 2w + 1 of 16 floats each, 64 floats
// apart: 2 sectors a row, 4 a warp.
__global__ void tile(float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = 0;
}
// CHECK: launch-no-arguments.cu:[[@LINE-2]]:3: tile: global store 4B of 'out' block 32x8x1
// CHECK: launch-no-arguments.cu:[[@LINE-3]]:3: tile: global store 4B of 'out' block 16x16x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 2 avg 4.00
// CHECK-NEXT: assume: block 16x16x1 from launch at line [[@LINE+20]]

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
  dim3 dimBlock(32, 8, 1);
  int variant = argc > 3 ? atoi(argv[3]) : 2;
  if (variant == 0) {
    tile<<<1, dimBlock>>>(out);
  } else if (variant == 3) {
    dim3 dimBlock(16, 16, 1);
    tile<<<1, dimBlock>>>(out);
  }
}
// clang-format on
