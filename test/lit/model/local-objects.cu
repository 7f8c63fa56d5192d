// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s
// A local struct or array lives in the lane's registers: each field or
// element stored at a known offset holds its value, so a view built in the
// kernel, its methods and accessors, copies of it, one returned by value and
// an array unrolled give the addresses they hold. Its own fields are
// registers, never memory accesses. A call that is not followed and may
// write the object (memcpy) leaves it unknown, with the reason.
#include <cstring>

// clang-format off
struct View {
  float *p;
  int ld;
  __device__ float &at(int r, int c) const { return p[r * ld + c]; }
  __device__ void zero(int i) { p[i] = 0; }
};

__device__ View rows(float *p, int ld) { return View{p, ld}; }

struct alignas(16) Four {
  float v[4];
  __device__ float &operator[](int k) { return v[k]; }
};

__device__ Four load4(const float *p) {
  Four f;
  f.v[0] = p[0];
  return f;
}

// Every lane of a 256-thread block at i: a warp's 32 floats are 128
// contiguous bytes, 4 sectors.
__global__ void views(float *q, int ld) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  View v{q, ld};
  v.zero(i);
// CHECK: local-objects.cu:[[@LINE-22]]:33: zero (from views): global store 4B of 'q' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
  v.p[i] = 1;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
// ld is 1024 at the launch: lanes 4096 bytes apart, a sector each.
  v.at(i, 0) = 2;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK: stride.x: 4096
// CHECK: sectors: 32 best 32 ideal 4
  View w = v;
  w.p[i] = 3;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
  View m = rows(q + 32, 1);
  m.at(0, i) = 4;
// 32 floats further: still 128 aligned bytes, 4 sectors.
// CHECK: local-objects.cu:[[@LINE-2]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK-NEXT: address: q + 1024*blockIdx.x + 128 bytes
// CHECK: sectors: 4 best 4 ideal 4
  int off[2] = {0, 64};
  q[off[1] + i] = 5;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK-NEXT: address: q + 1024*blockIdx.x + 256 bytes
  View u;
  memcpy(&u, &v, sizeof(View));
  u.p[i] = 6;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: unknown store 4B
// CHECK-NEXT: unknown: the result of 'memcpy'
// memcpy's source is a pointer to const: v is as it was.
  v.p[i] = 7;
// CHECK: local-objects.cu:[[@LINE-1]]:3: views: global store 4B of 'q' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
}

// Four floats a lane, the first loaded from memory; the elements of a and o
// are registers, never accesses.
__global__ void packed(const float *in, float *out) {
  int i = (threadIdx.x + blockIdx.x * blockDim.x) * 4;
  Four a = load4(in + i);
// CHECK: local-objects.cu:[[@LINE-50]]:12: load4 (from packed): global load 4B of 'in' block 256x1x1
// Lanes 16 bytes apart, 4 bytes each: 16 sectors where 4 would do.
// CHECK: sectors: 16 best 16 ideal 4
  Four o;
  for (int k = 0; k < 4; ++k)
    o[k] = a[k] * 2;
// CHECK-NOT: local-objects.cu:[[@LINE-1]]
  out[i] = o[0];
// CHECK: local-objects.cu:[[@LINE-1]]:3: packed: global store 4B of 'out' block 256x1x1
// CHECK: sectors: 16 best 16 ideal 4
}

// A coordinate built by constructors (a base's too) and read through a
// method and an operator on *this: c.m() is threadIdx.x, so lanes store 8
// bytes apart, 8 sectors where 4 would do. A temporary passed by reference
// holds what it was made of: the same 8 sectors.
struct Coord {
  int idx[3];
  __device__ Coord(int a, int b, int c) { idx[0] = a; idx[1] = b; idx[2] = c; }
  __device__ int const &operator[](int d) const { return idx[d]; }
};
struct GemmCoord : Coord {
  __device__ GemmCoord(int m, int n, int k) : Coord(m, n, k) {}
  __device__ int m() const { return (*this)[0]; }
};
__device__ int first(const Coord &c) { return c[0]; }

__global__ void coords(float *out) {
  GemmCoord c(threadIdx.x, 2, 3);
  out[c.m() * 2] = 0;
// CHECK: local-objects.cu:[[@LINE-1]]:3: coords: global store 4B of 'out' block 256x1x1
// CHECK: stride.x: 8
// CHECK: sectors: 8 best 8 ideal 4
  out[first(Coord(threadIdx.x, 0, 0)) * 2] = 1;
// CHECK: local-objects.cu:[[@LINE-1]]:3: coords: global store 4B of 'out' block 256x1x1
// CHECK: stride.x: 8
// CHECK: sectors: 8 best 8 ideal 4
}

// A view returned by value as `Ref(buf)` (a constructor called as a
// functional cast, CUTLASS's `TensorRef`), bound to a constructor's `const
// &` parameter: the temporary holds the pointer, and the iterator built
// from it stores to s.buf + 4 * threadIdx.x, one wavefront.
struct Ref {
  float *ptr;
  __device__ Ref(float *p) : ptr(p) {}
  __device__ float *data() const { return ptr; }
};
struct Storage {
  float buf[256];
  __device__ Ref ref() { return Ref(buf); }
};
struct Iter {
  float *p;
  __device__ Iter(Ref const &r, int t) : p(r.data() + t) {}
  __device__ void store(float v) { *p = v; }
};
__global__ void refs(float *out) {
  __shared__ Storage s;
  Iter it(s.ref(), threadIdx.x);
  it.store(1.f);
// CHECK: local-objects.cu:[[@LINE-6]]:36: store (from refs): shared store 4B of 's' block 256x1x1
// CHECK-NEXT: address: s + 0 bytes
// CHECK: wavefronts: 1 best 1 ideal 1
  __syncthreads();
  out[threadIdx.x] = s.buf[threadIdx.x];
}

// clang-format on

int main() {
  float *q;
  views<<<4, 256>>>(q, 1024);
  packed<<<4, 256>>>(q, q);
  coords<<<4, 256>>>(q);
  refs<<<4, 256>>>(q);
}
