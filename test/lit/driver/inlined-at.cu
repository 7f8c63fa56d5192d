// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(a['op'], a['line'], a['kernel'], [c['line'] for c in a.get('inlined_at', [])]) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// An access in a helper names the lines of the calls through which each
// kernel reached it, outermost first: nvcc inlines them, and Nsight
// Compute counts an inlined call's instructions on the call's line too
// (brucefan1983/CUDA-Programming's add2_device: the store of `*z = x + y`
// measured on the H200 at its own line and at the call's). An access in
// the kernel itself has none.

// clang-format off
__device__ void store(double *z, double v) { *z = v; }
// CHECK-DAG: store [[@LINE-1]] add2 {{\[}}[[@LINE+8]]]
// CHECK-DAG: store [[@LINE-2]] pairs {{\[}}[[@LINE+11]], [[@LINE+2]], [[@LINE+3]]]
__device__ void twice(double *z, double v) {
  store(z, v);
  store(z + 1, v);
}
__global__ void add2(const double *x, double *z) {
  int n = threadIdx.x;
  store(&z[n], x[n]);
  // CHECK-DAG: load [[@LINE-1]] add2 {{\[}}]
}
__global__ void pairs(double *z) {
  twice(z + 2 * threadIdx.x, 1.0);
}
// clang-format on

int main() {
  add2<<<1, 32>>>(nullptr, nullptr);
  pairs<<<1, 32>>>(nullptr);
}
