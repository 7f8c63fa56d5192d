// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A block whose fields are stored after its declaration, as host code often
// writes it: `dim3 block; block.x = 8; block.y = 8;` is 8x8. A warp is then 4
// rows of 8 threads; each row reads 8 contiguous floats (32 bytes, one
// sector) and rows are 4096 bytes apart: 4 sectors, the ideal for 32 floats.

// clang-format off
__global__ void rows_of_eight(float *out) {
  out[threadIdx.y * 1024 + threadIdx.x] = 0;
}
// CHECK: launch-dim3-fields.cu:[[@LINE-2]]:3: rows_of_eight: global store 4B of 'out' block 8x8x1
// CHECK-NEXT: address: out + 0 bytes
// CHECK-NEXT: lanes: 0 4 8 12 16 20 24 28 4096 4100 {{.*}} 12316
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: block 8x8x1 from launch at line [[@LINE+18]]

// A field stored twice is not one shape: the launch's block is not taken.
__global__ void stored_twice(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:44: stored_twice: global store 4B of 'out' block 256x1x1

// A block passed by reference to a function that may set it is not the
// fields stored before: 8x8 is not taken.
__global__ void set_elsewhere(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:45: set_elsewhere: global store 4B of 'out' block 256x1x1
// clang-format on

void pick_block(dim3 &b, int n) { b.x = n > 64 ? 32 : 64; }

void launch(float *out, int n) {
  dim3 block;
  block.x = 8;
  block.y = 8;
  rows_of_eight<<<1, block>>>(out);
  dim3 other;
  other.x = 64;
  if (n > 64)
    other.x = 128;
  stored_twice<<<1, other>>>(out);
  dim3 third;
  third.x = 8;
  third.y = 8;
  pick_block(third, n);
  set_elsewhere<<<1, third>>>(out);
}

// clang-format off
// A block reused for several launches, its fields stored again between
// them (jaccard, ddbp): each launch takes the last stores that run before
// it. A warp of 16x4 is 2 rows of 16 floats, 4096 bytes apart: 4 sectors.
__global__ void first_shape(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:43: first_shape: global store 4B of 'out' block 64x1x1
// CHECK: sectors: 4 best 4 ideal 4
__global__ void second_shape(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:44: second_shape: global store 4B of 'out' block 16x4x1
// CHECK-NEXT: address: out + 0 bytes
// CHECK-NEXT: lanes: 0 4 8 {{.*}} 60 4096 4100 {{.*}} 4156
// CHECK: sectors: 4 best 4 ideal 4

// A shape from a local array's initializer (winograd's localWorkSize).
__global__ void from_array(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:42: from_array: global store 4B of 'out' block 16x16x1

// A field stored after the launch in a loop around both comes back to it:
// 32 on the first trip, 64 after; not one shape.
__global__ void in_loop(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:39: in_loop: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line {{[0-9]+}} is not a constant
// clang-format on

void reuse(float *out, int n) {
  dim3 threads;
  threads.x = 64;
  first_shape<<<1, threads>>>(out);
  const int y = 4;
  threads.x = 64 / y;
  threads.y = y;
  second_shape<<<n, threads>>>(out);
  unsigned long local[2] = {16, 16};
  from_array<<<1, dim3(local[0], local[1])>>>(out);
  dim3 b(32);
  for (int i = 0; i < n; ++i) {
    in_loop<<<1, b>>>(out);
    b.x = 64;
  }
}

// clang-format off
// A loop that stores the block's fields first on each trip, then launches,
// then stores other fields for a second launch (ddbp): on every trip the
// first launch sees the stores before it, 8x4. A warp is 4 rows of 8 floats,
// 4096 bytes apart: 4 sectors.
__global__ void each_trip(float *out) { out[threadIdx.y * 1024 + threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:41: each_trip: global store 4B of 'out' block 8x4x1
// CHECK: sectors: 4 best 4 ideal 4
__global__ void after_it(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:40: after_it: global store 4B of 'out' block 128x1x1

// A setting of the file's scope that nothing in the file stores to holds
// its initializer (compute-score's block_size): 64 / 8 is a block of 8,
// one warp of 8 lanes reading 8 floats, one sector.
int block_size = 64;
__global__ void setting(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:39: setting: global store 4B of 'out' block 8x1x1
// CHECK: sectors: 1 best 1 ideal 1
// One that the file stores to, anywhere, is not known.
int tuned_size = 64;
__global__ void tuned(float *out) { out[threadIdx.x] = 0; }
// CHECK: launch-dim3-fields.cu:[[@LINE-1]]:37: tuned: global store 4B of 'out' block 256x1x1
// CHECK: assume: the block of the launch at line {{[0-9]+}} is not a constant
// clang-format on

void trips(float *out, int n) {
  dim3 threads;
  for (int i = 0; i < n; ++i) {
    threads.x = 8;
    threads.y = 4;
    each_trip<<<1, threads>>>(out);
    threads.x = 128;
    threads.y = 1;
    after_it<<<1, threads>>>(out);
  }
  setting<<<1, block_size / 8>>>(out);
  tuned<<<1, tuned_size>>>(out);
}

void tune(int n) { tuned_size = n; }
