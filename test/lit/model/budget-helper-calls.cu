// RUN: %cal --format=json %s -- | FileCheck %s
// A helper whose calls the budget stopped short of: the 4-deep nest (64^4
// trips) calls zero() until the full run's budget runs out, so the full
// run never reaches the call after the nest, nor the store after it. The
// cheapest run (one warp, every loop cut at 2 trips) reaches both. The
// helper's access costs 4 sectors in both runs (each lane's float at
// tid + a multiple of 32 floats: one 128-byte line), so its report is the
// full run's, made through the call after the nest too: the profiler
// counts an inlined helper's instructions on its call's line as well.
// A helper whose counts the two runs disagree on would keep the full
// run's calls alone.

// clang-format off
__device__ void zero(float *p, int i) { p[i] = 0; }

__global__ void helperAfterBudget(float *out, const float *in) {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      for (int c = 0; c < 64; ++c)
        for (int d = 0; d < 64; ++d)
          zero(out, (a + b + c + d) * 32 + threadIdx.x);
  zero(out, threadIdx.x);
  out[threadIdx.x + 32] = in[threadIdx.x];
}
// CHECK:      "assumptions": [
// CHECK-NEXT:   "block 256x1x1 from launch at line {{[0-9]+}}",
// CHECK-NEXT:   "'out' assumed 256-byte aligned, as cudaMalloc returns",
// CHECK-NEXT:   "evaluation stopped at its budget"
// CHECK-NEXT: ],
// CHECK:      "function": "zero",
// CHECK-NEXT: "ideal_sectors": 4,
// CHECK-NEXT: "inlined_at": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "file": "{{.*}}budget-helper-calls.cu",
// CHECK-NEXT:     "line": 21
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "file": "{{.*}}budget-helper-calls.cu",
// CHECK-NEXT:     "line": 22
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK:      "line": 14,
// CHECK:      "sectors": 4,
// clang-format on

int main() { helperAfterBudget<<<1, 256>>>(nullptr, nullptr); }
