// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch through a function pointer (`fp<<<g, b>>>(...)`, `fp[i]<<<...>>>`)
// launches whichever kernel the function that launches stored in the
// pointer, or that its callers pass for the parameter it is: each of those
// takes the launch's block and arguments. A kernel the file never launches
// nor stores in such a pointer has no launch.

// clang-format off
// Lanes 8 bytes apart: 8 sectors a warp where 4 would do, in a block of 64.
__global__ void even(float *out) { out[2 * threadIdx.x] = 0; }
// CHECK: launch-through-pointer.cu:[[@LINE-1]]:36: even: global store 4B of 'out' block 64x1x1
// CHECK: sectors: 8 best 8 ideal 4
// CHECK-NEXT: assume: block 64x1x1 from launch at line [[@LINE+35]]

// Lanes 4 bytes apart: 4 sectors.
__global__ void all(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-through-pointer.cu:[[@LINE-1]]:35: all: global store 4B of 'out' block 64x1x1
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: assume: block 64x1x1 from launch at line [[@LINE+29]]

// From an array of pointers, with a block of 32 by 4: rows of 32 floats.
__global__ void rows(float *out, int n) {
  out[threadIdx.y * n + threadIdx.x] = 0;
}
// CHECK: launch-through-pointer.cu:[[@LINE-2]]:3: rows: global store 4B of 'out' block 32x4x1
// CHECK-NEXT: address: out + 0 bytes
// CHECK: assume: block 32x4x1 from launch at line [[@LINE+25]]

__global__ void never(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-through-pointer.cu:[[@LINE-1]]:37: never: global store 4B of 'out' block 256x1x1
// CHECK: assume: no launch of 'never' in this file: assumed a 1-D block of 256 threads (use --block-dim)

// Passed to a host function that launches it through its parameter: the
// launch's block (128), and the stride its caller passes (3): lanes 12
// bytes apart, 384 bytes over 12 sectors where 4 would do.
__global__ void strided(float *out, int s) { out[s * threadIdx.x] = 0; }
// CHECK: launch-through-pointer.cu:[[@LINE-1]]:46: strided: global store 4B of 'out' block 128x1x1
// CHECK: sectors: 12 best 12 ideal 4
// CHECK-NEXT: assume: block 128x1x1 from launch at line [[@LINE+3]]

void bench(void (*k)(float *, int), float *out, int s) {
  k<<<1, 128>>>(out, s);
}

void run(float *out, bool c) {
  bench(strided, out, 3);
  void (*k)(float *) = c ? even : all;
  k<<<1, 64>>>(out);
  void (*table[1])(float *, int);
  table[0] = rows;
  for (int i = 0; i < 1; ++i)
    table[i]<<<1, dim3(32, 4)>>>(out, 1024);
}
// clang-format on
