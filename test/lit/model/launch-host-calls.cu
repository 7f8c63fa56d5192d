// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck %s --check-prefix=JSON
// A launch inside a host function takes its arguments from the function's
// parameters (ddbp: `run(nPixY)` launching with `nPixY + 1`). A parameter
// that the function never stores to holds what every call in the file
// passes, where all pass the same value. Where two to four calls pass
// values of their own, each call is a launch of its own, as the program
// runs them.

// clang-format off
__global__ void rows(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// run(2456) from main, pitch = n + 1 = 2457: row b starts at 4 * 2457 * b
// bytes.
// CHECK: launch-host-calls.cu:[[@LINE-4]]:3: rows: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 9828*blockIdx.x bytes

// Called with two values, 64 and 96: two launches, row b at 4 * 64 * b =
// 256 * b bytes in the first, 384 * b in the second.
__global__ void twoCallers(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: twoCallers: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 256*blockIdx.x bytes
// CHECK: assume: block 32x1x1 from launch at line [[TWICE:[0-9]+]], through the call at line {{[0-9]+}}
// CHECK: launch-host-calls.cu:[[@LINE-5]]:3: twoCallers: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 384*blockIdx.x bytes
// CHECK: assume: block 32x1x1 from launch at line [[TWICE]], through the call at line {{[0-9]+}}

// Called from five places: more than the launches taken apart; the
// parameter is not known.
__global__ void fiveCallers(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: fiveCallers: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes

// Stored to in the function before the launch: not what the call passed.
__global__ void storedParam(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: storedParam: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes
// A function template's instantiation called from main: runT<float>(0,
// 100) launches with n + 2 = 102, so row b starts at 4 * 102 * b = 408 * b.
__global__ void fromTemplate(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: fromTemplate: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 408*blockIdx.x bytes

// Stored to in the instantiation's body: not what main passed.
__global__ void storedInTemplate(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: storedInTemplate: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes

// A template calls runD dependently (with 7), which main does not see next
// to its own call (64): the parameter is not known.
__global__ void calledDependently(float *out, int pitch) {
  out[blockIdx.x * pitch + threadIdx.x] = 0;
}
// CHECK: launch-host-calls.cu:[[@LINE-2]]:3: calledDependently: global store 4B of 'out' block 32x1x1
// CHECK-NEXT: address: out + 4*pitch*blockIdx.x bytes
// clang-format on

template <typename T> void runT(T *out, int n) {
  fromTemplate<<<4, 32>>>(out, n + 2);
}

template <typename T> void runTStored(T *out, int n) {
  n += 8;
  storedInTemplate<<<4, 32>>>(out, n);
}

template <typename T> void runD(T *out, int n) {
  calledDependently<<<4, 32>>>(out, n);
}
template <typename T> void viaTemplate(T *out) { runD(out, 7); }

void run(float *out, int n) {
  const int pitch = n + 1;
  rows<<<4, 32>>>(out, pitch);
}

void runTwice(float *out, int n) { twoCallers<<<4, 32>>>(out, n); }

void runFive(float *out, int n) { fiveCallers<<<4, 32>>>(out, n); }

void runStored(float *out, int n) {
  n += 8;
  storedParam<<<4, 32>>>(out, n);
}

int main() {
  run(0, 2456);
  runTwice(0, 64);
  // JSON: "kernel": "twoCallers",
  // JSON-NEXT: "launch_call_line": [[@LINE-2]],
  runTwice(0, 96);
  // JSON: "kernel": "twoCallers",
  // JSON-NEXT: "launch_call_line": [[@LINE-2]],
  runFive(0, 1);
  runFive(0, 2);
  runFive(0, 3);
  runFive(0, 4);
  runFive(0, 5);
  runStored(0, 64);
  runT<float>(0, 100);
  runTStored<float>(0, 64);
  runD<float>(0, 64);
  viaTemplate<float>(0);
}
