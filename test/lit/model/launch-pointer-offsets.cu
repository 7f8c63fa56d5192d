// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch that passes a pointer a constant number of elements past a
// variable (`d_in + RADIUS`, a 1-D stencil's halo; `&d[8]`) starts the
// parameter that many bytes past the allocation's 256-byte boundary.
// d + 3 floats: lanes 0-31 read bytes 12 to 139, sectors 0 to 4: 5 where
// 4 would do (olcf's stencil_1d, 16 lanes: 3 where 2, measured on the
// H200). &d[8]: 32 bytes past, sector-aligned, 4. d + n, n not known here,
// stays as cudaMalloc returns it.

// clang-format off
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// CHECK: launch-pointer-offsets.cu:[[@LINE-2]]:3: copy: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 128*blockIdx.x + 32 bytes
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: 'out' is 32 bytes past a 256-byte boundary: the launch at line 38 passes '&d[8]', its variable taken as cudaMalloc returns it
// CHECK: launch-pointer-offsets.cu:[[@LINE-6]]:12: copy: global load 4B of 'in' block 32x1x1
// CHECK-NEXT: address: in + 128*blockIdx.x + 12 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: 'in' is 12 bytes past a 256-byte boundary: the launch at line 38 passes 'd + 3', its variable taken as cudaMalloc returns it
// CHECK: launch-pointer-offsets.cu:[[@LINE-10]]:3: copy: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 128*blockIdx.x bytes
// CHECK: assume: 'out' assumed 256-byte aligned, as cudaMalloc returns
// CHECK: launch-pointer-offsets.cu:[[@LINE-13]]:12: copy: global load 4B of 'in' block 32x1x1
// CHECK-NEXT: address: in + 128*blockIdx.x bytes
// CHECK: assume: 'in' assumed 256-byte aligned, as cudaMalloc returns
// clang-format on

// With --block-dim the offset holds all the same.
// RUN: %cal --block-dim=32 --dump-accesses %s -- | FileCheck %s --check-prefix=DIM
// DIM: assume: 'out' is 32 bytes past a 256-byte boundary: the launch passes '&d[8]', its variable taken as cudaMalloc returns it

int main(int argc, char **argv) {
  float *d;
  cudaMalloc(&d, 1 << 20);
  copy<<<8, 32>>>(d + 3, &d[8]);
  copy<<<8, 32>>>(d + argc, d);
}
