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

// A vector type whose fields are anonymous unions (glm::vec3's `union { T
// x, r, s; }`): named by their first members.
struct V3 {
  union { float x, r; };
  union { float y, g; };
  union { float z, b; };
};
__global__ void unionFields(const V3 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' reads field 'y' of a 12-byte struct per lane: a warp touches 12 sectors where 4 would do (33% efficiency) [cuda-access-aos]
  // CHECK-MESSAGES: note: store the fields of 'V3' as separate arrays (structure of arrays: x, y, z)
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

// A whole struct that no one instruction moves: nvcc moves a float3 (12
// bytes aligned to 4) as three 4-byte accesses, each 12 bytes apart across
// the lanes: 384 bytes, 12 sectors for 128 useful bytes, three times.
__global__ void copy3(const float3 *in, float3 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 v = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: global load of 'in' reads a 12-byte struct 'float3' per lane as 3 accesses of 4 bytes; each: a warp touches 12 sectors where 4 would do (33% efficiency) [cuda-access-aos]
  // CHECK-MESSAGES: note: or, where a lane uses all of it, pad it to 16 bytes with __align__(16), as float4 pads a float3: one vector access per lane
  out[i] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: global store of 'out' writes a 12-byte struct 'float3' per lane as 3 accesses of 4 bytes; each: a warp touches 12 sectors where 4 would do (33% efficiency) [cuda-access-aos]
}

// P2 is 8 bytes aligned to 4: two 4-byte accesses, each 8 sectors where 4.
typedef struct { float x, y; } Pair;
__global__ void copy2(const Pair *in, Pair *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: global store of 'out' writes a 8-byte struct 'Pair' per lane as 2 accesses of 4 bytes; each: a warp touches 8 sectors where 4 would do (50% efficiency) [cuda-access-aos]
  // CHECK-MESSAGES: note: or, where a lane uses all of it, give it __align__(8): one vector access per lane
  // CHECK-MESSAGES: :[[@LINE-3]]:12: warning: global load of 'in' reads a 8-byte struct 'Pair' per lane as 2 accesses of 4 bytes; each: a warp touches 8 sectors where 4 would do (50% efficiency) [cuda-access-aos]
}

// A float2 is aligned to its 8 bytes: one access per lane, 8 sectors, the
// ideal.
__global__ void copyf2(const float2 *in, float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
