// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch inside a host function takes its arguments from the function's
// parameters (ddbp: `run(nPixY)` launching with `nPixY + 1`). A parameter
// that the function never stores to holds what every call in the file
// passes, where all pass the same value.

// clang-format off
__global__ void rows(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// run(2456) from main, pitch = n + 1 = 2457: row b starts at 4 * 2457 * b
// bytes.
// CHECK: launch-host-calls.cu:[[@LINE-4]]:3: rows: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 9828*blockIdx.x bytes

// Called with two values: the parameter is not known.
__global__ void twoCallers(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: twoCallers: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes

// Stored to in the function before the launch: not what the call passed.
__global__ void storedParam(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: storedParam: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes
// clang-format on

void run(float *out, int n) {
  const int pitch = n + 1;
  rows<<<4, 32>>>(out, pitch);
}

void runTwice(float *out, int n) { twoCallers<<<4, 32>>>(out, n); }

void runStored(float *out, int n) {
  n += 8;
  storedParam<<<4, 32>>>(out, n);
}

int main() {
  run(0, 2456);
  runTwice(0, 64);
  runTwice(0, 96);
  runStored(0, 64);
}
