// The driver keeps the bodies of templates as tokens and parses one only
// when an instantiation needs it. A kernel template instantiated from a host
// template, and a member of a class template called from a kernel, are
// still analyzed with the shape of their launch; a template no one
// instantiates adds nothing.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s --implicit-check-not=neverCalled

// 32 lanes 8 bytes apart: 256 bytes in 8 sectors, where 4 would hold 32
// floats.
template <int S> __global__ void strided(float *p) { p[threadIdx.x * S] = 0; }
// CHECK: late-parsed-templates.cu:[[@LINE-1]]:54: strided<2>: global store 4B of 'p' block 32x1x1
// CHECK: sectors: 8 best 8 ideal 4
// CHECK: assume: block 32x1x1 from launch at line [[@LINE+16]]

// 32 floats from byte 4: bytes 4 to 131 span sectors 0 to 4, 5 sectors.
template <class T> struct View {
  T *p;
  __device__ void zero(int i) const { p[i] = 0; }
  // CHECK: late-parsed-templates.cu:[[@LINE-1]]:39: zero (from viaView): global store 4B of 'p' block 32x1x1
  // CHECK: sectors: 5 best 5 ideal 4
  // CHECK: assume: block 32x1x1 from launch at line [[@LINE+9]]
};

__global__ void viaView(View<float> v) { v.zero(threadIdx.x + 1); }

template <class T> __device__ void neverCalled(T *p) { p[threadIdx.x] = 0; }

template <int S> void run(float *p) {
  strided<S><<<1, 32>>>(p);
  viaView<<<1, 32>>>(View<float>{p});
}

int main() {
  float *p;
  run<2>(p);
  return 0;
}
// CHECK: 2 kernels, 2 accesses (2 known, 0 unknown)
