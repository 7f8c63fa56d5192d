// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch's values may come back from the program's own helpers: a call
// of a function of the file gives what each of its returns that may run
// gives, where all agree, its parameters holding that call's arguments
// (CSCS's `read_arg(argc, argv, 1, 4)`, vol2col's `get_blocks(n)`).

// clang-format off
#include <algorithm>
#include <cstdint>
#include <cstdlib>

// read_arg with no command-line arguments returns its default: 100 for
// the pitch, while the next call's default, 7, is another call's.
__global__ void byDefault(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-returns.cu:[[@LINE-2]]:3: byDefault: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 400*blockIdx.x bytes
// CHECK: assume: the launch's values as the program runs with no command-line arguments (argc == 1)

// A helper's locals and the device's limits: (10000 + 255) / 256 = 40
// blocks, under maxGridSize[0]; the pitch 2 * 7 + 1 = 15 from a helper
// that returns its parameter's expression.
__global__ void fromHelpers(float *out, int pitch, int blocks) {
  out[(blockIdx.x + blocks) * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-returns.cu:[[@LINE-2]]:3: fromHelpers: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 60*blockIdx.x + 2400 bytes

// Returns that disagree where the data decide (rand()): not known; nor is
// a recursive helper's value.
__global__ void notKnown(float *out, int pitch, int depth) {
  out[blockIdx.x * pitch * depth + threadIdx.x] = 0;
}
// CHECK: launch-host-returns.cu:[[@LINE-2]]:3: notKnown: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*depth*blockIdx.x bytes
// clang-format on

static int read_arg(int argc, char **argv, int index, int default_value) {
  if (argc > index)
    return atoi(argv[index]);
  return default_value;
}

int get_blocks(int64_t n) {
  int64_t blocks = (n + 255) / 256;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  return std::min((int64_t)prop.maxGridSize[0], blocks);
}

int widthOf(int rows) { return 2 * rows + 1; }

int either(int n) {
  if (rand() > n)
    return 5;
  return 7;
}

int depthOf(int n) { return n <= 1 ? 1 : 1 + depthOf(n / 2); }

int main(int argc, char **argv) {
  float *out;
  int pitch = read_arg(argc, argv, 1, 100);
  int rows = read_arg(argc, argv, 2, 7);
  byDefault<<<4, 32>>>(out, pitch);
  fromHelpers<<<4, 32>>>(out, widthOf(rows), get_blocks(10000));
  notKnown<<<4, 32>>>(out, either(3), depthOf(64));
}
