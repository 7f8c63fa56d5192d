// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A __constant__ table that the file fills from a const array it spells
// out (cudaMemcpyToSymbol), or by its own initializer, holds those numbers:
// a load of it at a known index is that number, and the addresses computed
// from it are known. A table copied from an array the file may change, or
// copied twice, is not known.

// clang-format off
static const int offsets[] = {0, 1, -1, 8};
__constant__ int c_off[4];
__constant__ int c_init[2] = {32, 3};
__constant__ int c_twice[4];
int changing[4] = {0, 1, 2, 3};
__constant__ int c_changing[4];

__global__ void tables(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + c_off[1]];
// in + 4 bytes: 5 sectors where 4 would do.
// CHECK: constant-tables.cu:[[@LINE-2]]:12: tables: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
  out[i] += in[c_init[0] * i];
// 32 floats apart: 32 sectors.
// CHECK: constant-tables.cu:[[@LINE-2]]:13: tables: global load 4B of 'in' block 256x1x1
// CHECK: sectors: 32 best 32 ideal 4
  out[i] += in[i + c_twice[0]] + in[i + c_changing[0]];
// Copied twice, or from an array that is not const: not fixed by the file.
// CHECK: constant-tables.cu:[[@LINE-2]]:13: tables: global load 4B of 'in' block 256x1x1
// CHECK: assume: 'c_twice[0]@[[@LINE-3]]' decides the alignment
// CHECK: constant-tables.cu:[[@LINE-4]]:34: tables: global load 4B of 'in' block 256x1x1
// CHECK: assume: 'c_changing[0]@[[@LINE-5]]' decides the alignment
}

void launch(const float *in, float *out) {
  cudaMemcpyToSymbol(c_off, offsets, sizeof(offsets));
  cudaMemcpyToSymbol(c_twice, offsets, sizeof(offsets));
  cudaMemcpyToSymbol(c_twice, offsets, 2 * sizeof(int), 2 * sizeof(int));
  cudaMemcpyToSymbol(c_changing, changing, sizeof(changing));
  tables<<<64, 256>>>(in, out);
}
// clang-format on
