// RUN: %cal --checks='-*,cuda-access-aos' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'

struct P3 { float x, y, z; };
struct P2 { float x, y; };
struct __align__(16) P4 { float x, y, z, w; };

__global__ void aos3(const P3 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' reads field 'y' of a 12-byte struct per lane: a warp touches 12 sectors where 4 would do (33% efficiency) [cuda-access-aos]
  // CHECK-MESSAGES: note: store the fields of 'P3' as separate arrays (structure of arrays: x, y, z)
}

__global__ void aos2(P2 *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i].x = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: global store of 'p' writes field 'x' of a 8-byte struct per lane: a warp touches 8 sectors where 4 would do (50% efficiency)
  // CHECK-MESSAGES: note: or, where all fields are used, give it __align__(8) and load the whole struct as a float2
}

__global__ void aos4(const P4 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].w;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' reads field 'w' of a 16-byte struct per lane: a warp touches 16 sectors where 4 would do (25% efficiency)
  // CHECK-MESSAGES: note: or, where all fields are used, load the whole struct at once (it is 16 bytes and aligned: one vector load per lane)
}

// Negative cases: structure of arrays, and whole-struct vector loads.
__global__ void soa(const float *x, const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i] + y[i];
}
__global__ void whole(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
