// RUN: %cal --checks='-*,cuda-access-readonly' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'
// RUN: grep -Ev '// *CHECK' %s > %t.cu
// RUN: %cal --fix --checks='-*,cuda-access-readonly' %t.cu -- >/dev/null 2>&1
// RUN: FileCheck %s --check-prefix=CHECK-FIXES < %t.cu

// It pays where a thread loads through the pointer in a loop, or more than
// once: then the loads may take the read-only path and stay cached.
__global__ void scale(float *in, float *out, float k);
// CHECK-FIXES: __global__ void scale(const float *__restrict__ in, float *out, float k);

__global__ void scale(float *in, float *out, float k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: kernel parameter 'in' is only read: declare it 'const float *__restrict__' so its loads can take the read-only data path [cuda-access-readonly]
  // CHECK-FIXES: __global__ void scale(const float *__restrict__ in, float *out, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int j = 0; j < 4; ++j)
    sum += in[i + j * 256] * k;
  out[i] = sum;
}

__global__ void addConst(const float *a, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: kernel parameter 'a' is only read: declare it 'const float *__restrict__'
  // CHECK-FIXES: __global__ void addConst(const float *__restrict__ a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] += a[i];
  out[i + 256] += a[i + 1];
}

// Launched with the same buffer twice: may alias the output, no fix-it.
__global__ void inplace(const float *src, float *dst) {
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: kernel parameter 'src' is only read
  // CHECK-MESSAGES: note: no fix-it: a launch passes a pointer into the same buffer for another parameter, so it may alias an output
  // CHECK-FIXES: __global__ void inplace(const float *src, float *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i] = src[i] + src[i + 1];
}

// Launched with two pointers into one buffer (`buf + 1`, `buf`): they
// overlap, no fix-it either.
__global__ void shifted(const float *src, float *dst) {
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: kernel parameter 'src' is only read
  // CHECK-MESSAGES: note: no fix-it: a launch passes a pointer into the same buffer for another parameter, so it may alias an output
  // CHECK-FIXES: __global__ void shifted(const float *src, float *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i] = src[i] + src[i + 1];
}

// Negative cases: one load per thread gains next to nothing; already
// qualified; written; handed to a local pointer.
__global__ void once(float *in, float *out, float k) {
  // CHECK-FIXES: __global__ void once(float *in, float *out, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * k;
}
__global__ void good(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void escapes(float *in, float *out) {
  float *p = in + 1;
  out[threadIdx.x] = p[threadIdx.x];
}

int main() {
  float *buf = 0;
  inplace<<<1, 256>>>(buf, buf);
  shifted<<<1, 256>>>(buf + 1, &buf[0]);
}
