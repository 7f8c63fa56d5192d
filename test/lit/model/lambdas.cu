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
