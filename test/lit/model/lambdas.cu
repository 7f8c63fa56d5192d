// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A lambda a kernel declares and calls runs its body with what it captured:
// copies as they were when it was made, references as they are when it
// runs (and what it writes through them, the kernel sees).

// clang-format off
__global__ void k(const float *in, float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int scale = 2;
  auto at = [=](int j) { return in[j * scale]; };
// The copy of scale is 2: lane i loads in + 8*i, 8 sectors.
// CHECK: lambdas.cu:[[@LINE-2]]:33: lambda at line [[@LINE-2]] (from k): global load 4B of 'in'
// CHECK: stride.x: 8
// CHECK: sectors: 8 best 8 ideal 4
  int count = 0;
  auto put = [&](int j, float v) {
    out[j] = v;
    ++count;
  };
// CHECK: lambdas.cu:[[@LINE-3]]:5: lambda at line [[@LINE-4]] (from k): global store 4B of 'out'
// CHECK: stride.x: 4
// CHECK: sectors: 4 best 4 ideal 4
  scale = 3;
  put(i, at(i));
  out[count * 32 + i] = 0;
// count is 1 after the call: lane i stores at out + 128 + 4*i.
// CHECK: lambdas.cu:[[@LINE-2]]:3: k: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024*blockIdx.x + 128 bytes
}
// clang-format on

// A kernel template called with a __device__ lambda from the host (as
// BabelStream's for_each): what the lambda captured by copy are fields of
// the kernel's parameter, pointers as the kernel's own pointer parameters
// are. Each instantiation is named as the profiler names it, the class
// around the lambda included, so Stream<float>'s kernel and Stream<double>'s
// are told apart.
template <typename F> __global__ void forEach(unsigned long n, F f) {
  unsigned long i = threadIdx.x + (unsigned long)blockDim.x * blockIdx.x;
  if (i < n)
    f(i);
}

template <class T> struct Stream {
  T *a, *c;
  void copy(unsigned long n) {
    forEach<<<n / 256, 256>>>(n, [a = a, c = c] __device__(unsigned long i) {
      c[i] = a[i];
    });
  }
};
template struct Stream<float>;
template struct Stream<double>;
// Lane i reads a + 4*i (float) or a + 8*i (double): 4 or 8 sectors, all
// needed, where a is aligned as the kernel's own pointers are assumed.
// CHECK: lambdas.cu:[[@LINE-8]]:14: lambda at line [[@LINE-9]] (from forEach<Stream<float>::copy(unsigned long)::[lambda(unsigned long) (instance 1)]>): global load 4B of 'a'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: 'a' assumed 256-byte aligned, as cudaMalloc returns
// CHECK: lambdas.cu:[[@LINE-11]]:14: lambda at line [[@LINE-12]] (from forEach<Stream<double>::copy(unsigned long)::[lambda(unsigned long) (instance 1)]>): global load 8B of 'a'
// CHECK: sectors: 8 best 8 ideal 8
