// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch whose block is not a constant here still gives the kernel its
// constant arguments; the block is assumed (256x1x1, as where there is no
// launch), and the note says which launch it was.

// clang-format off
__global__ void rows(float *out, int width) {
  out[threadIdx.x * width] = 0;
// Lane i stores at out + 4*64*i: a sector per lane.
// CHECK: launch-unknown-block.cu:[[@LINE-2]]:3: rows: global store 4B of 'out' block 256x1x1
// CHECK: stride.x: 256
// CHECK: sectors: 32 best 32 ideal 4
// CHECK: assume: the block of the launch at line [[@LINE+13]] is not a constant: assumed a 1-D block of 256 threads (use --block-dim)
}

__global__ void unlaunched(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-unknown-block.cu:[[@LINE-1]]:42: unlaunched: global store 4B of 'out' block 256x1x1
// CHECK: assume: no launch of 'unlaunched' in this file: assumed a 1-D block of 256 threads (use --block-dim)

__global__ void written(float *out) { out[threadIdx.x] = 0; }
// A local written after its initialization is not its initial value.
// CHECK: launch-unknown-block.cu:[[@LINE-2]]:39: written: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line [[@LINE+6]] is not a constant

void run(float *out, int threads) {
  rows<<<1, threads>>>(out, 64);
  int block = 0;
  block = threads;
  written<<<1, block>>>(out);
}
// clang-format on
