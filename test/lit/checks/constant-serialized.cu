// RUN: %cal --checks='-*,cuda-access-constant-serialized' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'
// RUN: %cal --checks='-*,cuda-access-constant-serialized' --format=json %s -- \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=JSON

// The constant cache serves a warp's read one address at a time: one
// request for every distinct address among the lanes that read.

__constant__ float coef[256];
__constant__ float2 points[64];
__constant__ int perm[4] = {3, 1, 2, 0};

// Lane L reads coef[L]: 32 addresses, 32 requests.
__global__ void perLane(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * coef[threadIdx.x % 256];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: constant load of 'coef' is serialized: a warp makes 32 constant-cache requests where 1 would do (3% efficiency) [cuda-access-constant-serialized]
  // CHECK-MESSAGES: note: lanes that read one address share a request and each other address waits for the one before; read 'coef' from global memory instead (a 'const __restrict__' pointer or __ldg)
  // CHECK-MESSAGES: note: lane 0 (thread 0,0) -> coef + 0 bytes, lane 1 (thread 1,0) -> +4, ..., lane 31 -> +124
}

// Lanes 0-15 read coef[0], lanes 16-31 coef[1]: 2 requests.
__global__ void halfWarps(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * coef[threadIdx.x / 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: constant load of 'coef' is serialized: a warp makes 2 constant-cache requests where 1 would do (50% efficiency)
}

// Four addresses, each read by 8 lanes: 4 requests.
__global__ void permuted(float *out) {
  int p = perm[threadIdx.x % 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: constant load of 'perm' is serialized: a warp makes 4 constant-cache requests where 1 would do (25% efficiency)
  out[blockIdx.x * 4 + p] = 1.0f;
}

// A field of a struct per lane: 4-byte reads at 8 bytes apart, still one
// address a lane.
__global__ void fieldPerLane(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = points[threadIdx.x % 64].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: constant load of 'points' is serialized: a warp makes 32 constant-cache requests where 1 would do (3% efficiency)
}

// One address per warp, whatever the warp: the cache's one request. No
// warning.
__global__ void uniformReads(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = coef[blockIdx.x % 256] + coef[threadIdx.x / 32];
  for (int k = 0; k < 4; ++k)
    s += coef[k];
  out[i] = in[i] * s;
}

// The data decide which lanes read, and so how many addresses: no warning
// (the access stays, its lanes decided by the data).
__global__ void dataDecided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0.0f)
    out[i] = coef[threadIdx.x % 8];
}

// In the JSON, space "constant" with the requests figure (perLane's, the
// first access of 'coef').
// JSON: "base": "coef"
// JSON: "function": "perLane"
// JSON: "ideal_requests": 1
// JSON: "requests": 32,
// JSON-NEXT: "requests_avg": 32,
// JSON-NEXT: "requests_best": 32,
// JSON-NEXT: "space": "constant"

int main() {
  float *in = nullptr, *out = nullptr;
  perLane<<<4, 256>>>(in, out);
  halfWarps<<<4, 256>>>(in, out);
  permuted<<<4, 256>>>(out);
  fieldPerLane<<<4, 256>>>(out);
  uniformReads<<<4, 256>>>(in, out, 1024);
  dataDecided<<<4, 256>>>(in, out);
  return 0;
}
