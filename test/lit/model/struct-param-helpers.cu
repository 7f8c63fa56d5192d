// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A kernel's struct parameter passed on to a __device__ function, by value or
// by const reference, is the kernel's struct: its pointer fields are global
// memory and its integer fields the launch's values, the same in every lane.

// clang-format off
struct Fields {
  double *f0;
  int n;
};

__device__ double load(Fields v, int x) { return v.f0[x + v.n]; }
// CHECK: struct-param-helpers.cu:[[@LINE-1]]:50: load (from stream): global load 8B of 'f0' block 64x1x1
// Lane i reads f0 + 8*(i + 64*blockIdx.x + n): 32 doubles are 256 bytes, 8
// sectors when n is a multiple of 4 (as at a round n, the average), up to 9
// otherwise.
// CHECK: sectors: 9 best 8 ideal 8 lines128 3 avg 8.00
// CHECK: assume: 'p.n' decides the alignment

__device__ void store(const Fields &v, int x, double d) { v.f0[x] = d; }
// CHECK: struct-param-helpers.cu:[[@LINE-1]]:59: store (from stream): global store 8B of 'f0' block 64x1x1
// CHECK: sectors: 8 best 8 ideal 8

// A struct built in the kernel holds what it was built from: q.f0 is p.f0,
// and 32 lanes load 256 contiguous bytes, 8 sectors.
__device__ double other(Fields v) { return v.f0[threadIdx.x]; }
// CHECK: struct-param-helpers.cu:[[@LINE-1]]:44: other (from stream): global load 8B of 'f0'
// CHECK: sectors: 8 best 8 ideal 8

__global__ void stream(Fields p) {
  int x = threadIdx.x + blockIdx.x * 64;
  store(p, x, load(p, x));
  Fields q = {p.f0, 0};
  other(q);
}
// clang-format on

void launch(Fields p) { stream<<<4, 64>>>(p); }
