// RUN: %cal --dump-accesses %s -- -std=c++17 2>&1 | FileCheck %s
// What nvcc accepts and Clang 22's CUDA headers lack parses, and each call
// is the access it is: the cache-hint stores and loads without a Clang
// overload, nvcc's __nv_atomic builtins, and `register` in C++17. Lane i
// touches p + 4*i: a warp's 32 floats are 128 bytes, 4 sectors, the ideal.

// CHECK-NOT: could not parse
// clang-format off
__global__ void hints(float *p, unsigned *u) {
  register int i = threadIdx.x;
  __stcs(p + i, 1.0f);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: hints: global store 4B of 'p' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
  __stcg(p + i, 0);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: hints: global store 4B of 'p'
  __stwb(&p[i], 2.0f);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: hints: global store 4B of 'p'
  float x = __ldlu(p + i) + __ldca(p + i);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:13: hints: global load 4B of 'p'
// CHECK: nvcc-builtins.cu:[[@LINE-2]]:29: hints: global load 4B of 'p'
  unsigned v = __nv_atomic_load_n(u + i, __NV_ATOMIC_RELAXED);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:16: hints: global load 4B of 'u'
  __nv_atomic_store_n(u + i, v + 1, __NV_ATOMIC_RELEASE);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: hints: global store 4B of 'u'
  __nv_atomic_fetch_add(u, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: hints: global atomic 4B of 'u'
  p[i] = x;
}

// A function of the user's own with an intrinsic's name is followed: its
// accesses are those in its body (one 8-byte word, the whole warp at once).
__device__ double atomicMax(double *a, double v) {
  unsigned long long *w = (unsigned long long *)a;
  unsigned long long old = __nv_atomic_load_n(w, __NV_ATOMIC_RELAXED);
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:28: atomicMax (from user_max): global load 8B of 'm'
// CHECK: sectors: 1 best 1 ideal 1
  atomicCAS(w, old, __double_as_longlong(v));
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:3: atomicMax (from user_max): global atomic 8B of 'm'
  return v;
}
__global__ void user_max(double *m) { atomicMax(m, 1.0); }
// CHECK-NOT: user_max: global atomic

// A __managed__ variable is a __device__ one to nvcc: a global float every
// lane reads, 1 sector (Clang takes the managed attribute for HIP alone).
__managed__ float total;
__global__ void managed(float *out) { out[threadIdx.x] = total; }
// CHECK: nvcc-builtins.cu:[[@LINE-1]]:58: managed: global load 4B of 'total'
// CHECK: sectors: 1 best 1 ideal 1
// clang-format on

void launch(float *p, unsigned *u, double *m) {
  hints<<<1, 256>>>(p, u);
  user_max<<<1, 256>>>(m);
  managed<<<1, 256>>>(p);
}
