// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A launch whose grid, or block, is a value it also passes the kernel
// (`<<<dim3(1, d.ny, d.nz), d.nx>>>(a, d)`, `<<<n, 32>>>(a, n)`) or covers
// one in blocks (`(n + 255) / 256`) ties the kernel's parameter to
// gridDim: blockIdx.z < d.nz holds in every block, and a grid-stride
// loop's second trip, blockIdx.z + gridDim.z, is past the end. Each loop
// below runs once per thread, its requests one per warp, where a loop
// whose bound is not known is evaluated for its first 8 trips.

// clang-format off
struct Box { int nx, ny, nz; };

// The block is not a constant, assumed 256x1x1: d.nx, the block's x, is
// then 256. Grid x is 1, so blockIdx.x is 0. Lane 0 of the block at (y, z)
// stores at a + 4 * 256 * (y + d.ny * z) bytes, each warp's 32 floats 4
// whole sectors: 8 warps, 8 requests.
__global__ void lattice(float *a, Box d) {
  int nx = d.nx, ny = d.ny, nz = d.nz;
  for (int z = blockIdx.z; z < nz; z += gridDim.z)
    for (int y = threadIdx.y + blockIdx.y * blockDim.y; y < ny; y += blockDim.y * gridDim.y)
      for (int x = threadIdx.x + blockIdx.x * blockDim.x; x < nx; x += blockDim.x * gridDim.x)
        a[x + nx * (y + ny * z)] = 0;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:9: lattice: global store 4B of 'a' block 256x1x1
// CHECK-NEXT: address: a + 1024*d.ny*blockIdx.z + 1024*blockIdx.y bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8 executions 8
// CHECK-NOT: evaluated the first iterations
// CHECK: assume: 'd.nx' is 256, the block's x: the launch at line {{[0-9]+}} passes it as the block

// One block per row, n rows: block b's loop starts at row b < n and its
// next trip, b + n, is past them. One warp, one request.
__global__ void rows(float *a, int n) {
  for (int i = blockIdx.x; i < n; i += gridDim.x)
    a[i * 32 + threadIdx.x] = 1;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:5: rows: global store 4B of 'a' block 32x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 1 executions 1
// CHECK-NOT: evaluated the first iterations

// (n + 255) / 256 blocks of 256 threads cover n: the stride, 256 *
// gridDim.x, takes every thread past n after one trip. 8 warps, 8
// requests; (n - 1) / 128 + 1 blocks of 128 likewise, 4.
__global__ void stride(float *a, int n) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 1;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:5: stride: global store 4B of 'a' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8 executions 8
// CHECK-NOT: evaluated the first iterations
// CHECK: launch-grid-parameters.cu:[[@LINE-5]]:5: stride: global store 4B of 'a' block 128x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 4 executions 4
// CHECK-NOT: evaluated the first iterations

// A grid taken from n before n changes says nothing of the n passed: the
// loop's exit is not known, its first 8 trips evaluated (64 requests).
__global__ void changed(float *a, int n) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:5: changed: global store 4B of 'a' block 64x1x1
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 16 executions 16
// CHECK: assume: evaluated the first iterations of the loop at line [[@LINE-5]]

// A grid of one block in y and z: blockIdx.y and blockIdx.z are 0, and
// the address is blockIdx.x's alone.
__global__ void flat(float *a) {
  a[(blockIdx.z * gridDim.y + blockIdx.y) * 1024 + blockIdx.x * 32 + threadIdx.x] = 3;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:3: flat: global store 4B of 'a' block 32x1x1
// CHECK-NEXT: address: a + 128*blockIdx.x bytes

// cudaGetDeviceProperties fills in limits that every sm_90 device reports
// alike: maxThreadsPerBlock is 1024, maxGridSize[0] 2^31 - 1. The block is
// 1024 threads and the grid min(40960 / 1024, 2^31 - 1) = 40 blocks, which
// cover n: the loop runs once, one request for each of the 8 warps the
// analyzer evaluates of the 32.
__global__ void limits(float *a, int n) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 4;
}
// CHECK: launch-grid-parameters.cu:[[@LINE-2]]:5: limits: global store 4B of 'a' block 1024x1x1
// CHECK: requests 8 executions 8
// CHECK: assume: the launch's values take the device's limits (cudaDeviceProp's maxGridSize, maxThreadsPerBlock) as an sm_90 device reports them
// CHECK-NOT: evaluated the first iterations
// clang-format on

// --block-dim gives the block, and so d.nx.
// RUN: %cal --block-dim=128 --dump-accesses %s -- | FileCheck %s --check-prefix=DIM
// DIM: lattice: global store 4B of 'a' block 128x1x1
// DIM: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 4 executions 4
// DIM: assume: 'd.nx' is 128, the block's x: the launch passes it as the block

#include <algorithm>
#define BS 128
int main(int argc, char **argv) {
  float *a;
  cudaMalloc(&a, 1 << 24);
  Box d{argc * 64, argc * 64, argc * 64};
  lattice<<<dim3(1, d.ny, d.nz), d.nx>>>(a, d);
  int n = argc * 1000;
  rows<<<n, 32>>>(a, n);
  stride<<<(n + 255) / 256, 256>>>(a, n);
  stride<<<(n - 1) / BS + 1, BS>>>(a, n);
  dim3 grid((n + 63) / 64);
  n = n * 2;
  changed<<<grid, 64>>>(a, n);
  flat<<<8, 32>>>(a);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const int cells = 40960;
  limits<<<std::min(cells / prop.maxThreadsPerBlock, prop.maxGridSize[0]),
           prop.maxThreadsPerBlock>>>(a, cells);
}
