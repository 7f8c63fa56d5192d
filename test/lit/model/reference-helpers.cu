// Helpers that return a reference (`T &at(T *p, int i)`, a tensor's
// operator()) give the memory the caller then reads or writes: the access
// is the caller's, at the address the helper computed. A method is
// followed where its object is a kernel's struct parameter (its fields are
// known there) or an object whose address is known (a local's fields hold
// what was stored); elsewhere its result is an access at an unknown
// address, never dropped.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s

__device__ float &at(float *p, int i) { return p[i]; }

struct Tensor {
  float *data;
  int stride;
  __device__ float &operator()(int r, int c) const {
    return data[r * stride + c];
  }
  __device__ float get(int i) const { return data[i]; }
  // CHECK: reference-helpers.cu:[[@LINE-1]]:46: get (from k): global load 4B of 'data' block 32x1x1
  // CHECK: sectors: 4 best 4 ideal 4
};

struct Local {
  float *p;
  __device__ float &at(int i) { return p[i]; }
};

__global__ void k(float *out, Tensor t, Local *ls, const int *idx) {
  int i = threadIdx.x;
  // 32 contiguous floats: 4 sectors.
  at(out, i) = 1.f;
  // CHECK: reference-helpers.cu:[[@LINE-1]]:3: k: global store 4B of 'out' block 32x1x1
  // CHECK: sectors: 4 best 4 ideal 4
  float v = at(out, i);
  // CHECK: reference-helpers.cu:[[@LINE-1]]:13: k: global load 4B of 'out' block 32x1x1
  // Rows of t.stride = 33 floats, one row a lane: 132 bytes apart, a
  // sector each, 32 where 4 would do.
  t(i, 0) = v;
  // CHECK: reference-helpers.cu:[[@LINE-1]]:3: k: global store 4B of 'data' block 32x1x1
  // CHECK: sectors: 32 best 32 ideal 4
  out[i] = t.get(i);
  // l.p is out: 32 contiguous floats again, 4 sectors.
  Local l{out};
  l.at(i) = 0.f;
  // CHECK: reference-helpers.cu:[[@LINE-1]]:3: k: global store 4B of 'out' block 32x1x1
  // CHECK: sectors: 4 best 4 ideal 4
  // An object that data picks: its method's result is not known.
  ls[idx[i]].at(i) = 0.f;
  // CHECK: reference-helpers.cu:[[@LINE-1]]:3: k: unknown store 4B
  // CHECK-NEXT: unknown: the result of 'at'
}

int main() {
  float *out;
  Tensor t;
  t.data = out;
  t.stride = 33;
  k<<<1, 32>>>(out, t, nullptr, nullptr);
  return 0;
}

// The same through a pointer to the local (`bump(&y)`, `*p = *p + 1`): the
// store changes y, and y + 1 per lane is off a 32-byte boundary, 5 sectors;
// w set to 7 strides the warp 256 floats at the 7th row, 4 sectors, where
// the unchanged w = threadIdx.x would take 32 per request.
__device__ void bump(int *p) { *p += 1; }
__device__ void seven(int *p) { *p = 7; }
__global__ void through_pointers(float *out) {
  int y = threadIdx.x;
  int *p = &y;
  *p = *p + 1;
  out[y] = 1.f;
// CHECK: reference-helpers.cu:[[@LINE-1]]:3: through_pointers: global store 4B of 'out'
// CHECK-NEXT: address: out + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
  int w = threadIdx.x;
  seven(&w);
  out[w * 256 + threadIdx.x] = 2.f;
// CHECK: reference-helpers.cu:[[@LINE-1]]:3: through_pointers: global store 4B of 'out'
// CHECK-NEXT: address: out + 7168 bytes
// CHECK: sectors: 4 best 4 ideal 4
  int v = threadIdx.x;
  bump(&v);
  out[v] = 3.f;
// CHECK: reference-helpers.cu:[[@LINE-1]]:3: through_pointers: global store 4B of 'out'
// CHECK-NEXT: address: out + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
}
