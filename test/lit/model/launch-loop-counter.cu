// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal %s -- 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %cal --format=json %s -- | FileCheck --check-prefix=JSON %s
// A launch in a loop that passes the loop's counter (`for (int i = 1; i <=
// 32; i++) stride<<<g, b>>>(a, i)`, NVIDIA's coalescing example) runs the
// kernel with each of the counter's values: the counts are tried at those
// values, not at a large one, and where they differ the values decide, as
// an unknown alignment does: no warning by default.

// clang-format off
// Lanes s floats apart: 4 sectors a warp at s = 1, 8 at 2, 16 at 4, 32
// from 8 on.
__global__ void stride(float *a, int s) {
  a[(blockDim.x * blockIdx.x + threadIdx.x) * s] = 0;
}
// CHECK: launch-loop-counter.cu:[[@LINE-2]]:3: stride: global store 4B of 'a' block 256x1x1
// CHECK: sectors: 32 best 4 ideal 4
// CHECK: assume: 's' (1 to 32 at the launch) decides the addresses: 4 sectors, up to 32 otherwise
// WARN-NOT: launch-loop-counter.cu:[[@LINE-5]]:{{.*}}warning
// The JSON's average is over the launches (4s sectors for s = 1 to 7, 32
// from 8 on: 912 / 32 = 28.5); the first launch, s = 1, takes 4, which is
// what a profiler of that launch sees.
// JSON: "count_over_launch_values": true,
// JSON: "kernel": "stride",
// JSON: "sectors_avg": 28.5,
// JSON: "sectors_first_launch": 4,

// 32 floats from s on: 4 sectors where s is a multiple of 8, else 5.
__global__ void offset(float *a, int s) {
  a[blockDim.x * blockIdx.x + threadIdx.x + s] = 0;
}
// CHECK: launch-loop-counter.cu:[[@LINE-2]]:3: offset: global store 4B of 'a' block 256x1x1
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: 's' (0 to 32 at the launch) decides the addresses: 4 sectors, up to 5 otherwise
// WARN-NOT: launch-loop-counter.cu:[[@LINE-5]]:{{.*}}warning
// JSON: "count_over_launch_values": true,
// JSON: "kernel": "offset",
// JSON: "sectors_first_launch": 4,
// JSON-NOT: first_launch

// A width the launch does not fix is a row's, large: 32 sectors, warned.
__global__ void rows(float *a, int w) {
  a[(blockDim.x * blockIdx.x + threadIdx.x) * w] = 0;
}
// CHECK: launch-loop-counter.cu:[[@LINE-2]]:3: rows: global store 4B of 'a' block 256x1x1
// CHECK: sectors: 32 best 32 ideal 4
// WARN: launch-loop-counter.cu:[[@LINE-4]]:3: warning: global store of 'a' is uncoalesced

void run(float *d, int n, int w) {
  for (int i = 1; i <= 32; i++)
    stride<<<n / 256, 256>>>(d, i);
  for (int i = 0; i < 33; ++i)
    offset<<<n / 256, 256>>>(d, i);
  rows<<<n / 256, 256>>>(d, w);
}
// clang-format on
