// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A block set by a helper of the file that takes it by reference
// (`get_config(n, block)`, zoom's get_sm_size): after the call it holds
// what the helper leaves in it on every way it returns. Each kernel writes
// `out[threadIdx.y * 1024 + threadIdx.x]`; the block shape it is analyzed
// with is the fact under test.

// clang-format off
// A void helper storing both fields, falling off its end: 16x16. A warp is
// 2 rows of 16 floats (64 bytes, 2 sectors each), 4096 bytes apart: 4
// sectors, the ideal.
__global__ void from_void_helper(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:48: from_void_helper: global store 4B of 'out' block 16x16x1
// CHECK-NEXT: address: out + 0 bytes
// CHECK-NEXT: lanes: 0 4 8 {{.*}} 60 4096 4100 {{.*}} 4156
// CHECK: sectors: 4 best 4 ideal 4

// A helper that returns from inside a loop after reading a row of its own
// table through a pointer, and exits otherwise (zoom): every return leaves
// the first row's 16x8.
__global__ void from_table_row(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:46: from_table_row: global store 4B of 'out' block 16x8x1

// A helper that stores only x leaves y as it was before the call: 32x2.
__global__ void only_x_stored(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:45: only_x_stored: global store 4B of 'out' block 32x2x1

// An integer passed by reference and set: 128 threads.
__global__ void from_int_ref(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:44: from_int_ref: global store 4B of 'out' block 128x1x1

// A helper with a return that stores nothing before it: the block may be
// what it was, 64, or 16x16; not one shape.
__global__ void early_return(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:44: early_return: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line {{[0-9]+}} is not a constant

// A store under a condition before falling off the end: not one shape.
__global__ void stored_if(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:41: stored_if: global store 4B of 'out' block 256x1x1

// A table row read through a pointer while another pointer into the table
// stores to it: the row is not the initializer.
__global__ void row_stored(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:42: row_stored: global store 4B of 'out' block 256x1x1

// An element of a local table incremented before the launch is not its
// initializer (`sizes[0]++`).
__global__ void element_incremented(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-out-params.cu:[[@LINE-1]]:51: element_incremented: global store 4B of 'out' block 256x1x1
// clang-format on

#include <cstdlib>

void square(dim3 &b) {
  b.x = 16;
  b.y = 16;
}

int from_table(int n, dim3 &block) {
  int shapes[2][3] = {{16, 8, 1}, {8, 8, 1}};
  for (int i = 0; i < 2; i++) {
    int *shape = shapes[0];
    if (shape[0] * n < 4096) {
      block.x = shape[0];
      block.y = shape[1];
      block.z = shape[2];
      return shape[0] * shape[1];
    }
  }
  exit(1);
}

void widen(dim3 &b) { b.x = 32; }

void threads_for(int &t) { t = 128; }

void maybe(dim3 &b, int n) {
  if (n > 4)
    return;
  b.x = 16;
  b.y = 16;
}

void conditional(dim3 &b, int n) {
  b.x = 16;
  if (n > 4)
    b.x = 32;
}

int stored_row(int n, dim3 &block) {
  int shapes[1][3] = {{16, 8, 1}};
  int *other = shapes[0];
  other[0] = n;
  int *shape = shapes[0];
  block.x = shape[0];
  return 0;
}

void launch(float *out, int n) {
  dim3 a;
  square(a);
  from_void_helper<<<1, a>>>(out);
  dim3 t;
  from_table(n, t);
  from_table_row<<<1, t>>>(out);
  dim3 w(8, 2);
  widen(w);
  only_x_stored<<<1, w>>>(out);
  int threads = 0;
  threads_for(threads);
  from_int_ref<<<1, threads>>>(out);
  dim3 e(64);
  maybe(e, n);
  early_return<<<1, e>>>(out);
  dim3 c;
  conditional(c, n);
  stored_if<<<1, c>>>(out);
  dim3 r;
  stored_row(n, r);
  row_stored<<<1, r>>>(out);
  int sizes[2] = {64, 1};
  sizes[0]++;
  element_incremented<<<1, sizes[0]>>>(out);
}
