// RUN: %cal --checks='-*,cuda-access-uncoalesced' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'

__global__ void stride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' is uncoalesced: a warp touches 8 sectors where 4 would do (50% efficiency) [cuda-access-uncoalesced]
  // CHECK-MESSAGES: note: threads adjacent in threadIdx.x are 8 bytes apart (a stride of 2 elements)
}

__global__ void column(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[x * 1024 + y];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: global load of 'in' is uncoalesced: a warp touches 32 sectors where 4 would do (12% efficiency)
  // CHECK-MESSAGES: note: threads adjacent in threadIdx.x are 4096 bytes apart (a stride of 1024 elements)
  // CHECK-MESSAGES: note: lane 0 (thread 0,0) -> in + {{.*}} bytes, lane 1 (thread 1,0) -> +4096, ..., lane 31 -> +126976
  // CHECK-MESSAGES: note: threadIdx.y walks the contiguous dimension: swap the roles of threadIdx.x and threadIdx.y
  // CHECK-MESSAGES: note: assumed: block 32x8x1 from launch at line
}

// A loop that walks a row with one thread per row: lanes are rows apart.
__global__ void rowPerThread(const float *in, float *out, int w) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += in[row * w + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: global load of 'in' is uncoalesced: a warp touches 32 sectors where 4 would do
  out[row] = s;
}

// The transpose read with threadIdx.y on the contiguous index.
__global__ void yContiguous(const float *in, float *out) {
  out[threadIdx.x * 32 + threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: global store of 'out' is uncoalesced: a warp touches 32 sectors where 4 would do
  // CHECK-MESSAGES: note: threadIdx.y walks the contiguous dimension: swap the roles of threadIdx.x and threadIdx.y
}

// A halo in a 16x16 block: the lanes of column 0 in the warp's two rows,
// 4096 bytes apart, load and store 2 sectors for 8 bytes that fit in 1.
// The waste holds; the advice is about the halo.
__global__ void halo(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (threadIdx.x == 0 && x > 0)
    out[y * 1024 + x] = in[y * 1024 + x - 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: global store of 'out' is uncoalesced: a warp touches 2 sectors where 1 would do
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: global load of 'in' is uncoalesced: a warp touches 2 sectors where 1 would do (50% efficiency)
  // CHECK-MESSAGES: note: lane 0 (thread 0,0) -> in + {{.*}} bytes, lane 16 (thread 0,1) -> +4096
  // CHECK-MESSAGES: note: only 2 lanes of the warp run it (a tile's edge or halo): load the halo with lanes adjacent in threadIdx.x
}

// Four groups of 8 lanes a warp, each reading 8 contiguous shorts of its
// own row (cuda_hgemv's warp4 kernels): 4 runs of 16 bytes, each in a
// sector of its own, 4 sectors where the warp's 64 bytes fit in 2.
// Aligning the rows would not help (not misaligned); wider loads would.
__global__ void rowGroups(const short *in, float *out) {
  int row = blockIdx.x * 16 + threadIdx.x / 8;
  out[blockIdx.x * 128 + threadIdx.x] = in[row * 4096 + threadIdx.x % 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: global load of 'in' is uncoalesced: a warp touches 4 sectors where 2 would do (50% efficiency)
  // CHECK-MESSAGES: note: the warp reads 4 separate runs of contiguous elements, the longest 16 bytes
  // CHECK-MESSAGES: note: let each lane move more of its run (a vector type such as float4 or uint4)
}

// Negative cases: coalesced, broadcast, 2-D block with two rows per warp.
__global__ void fine(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + in[blockIdx.x];
}
__global__ void rows16(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
// One lane alone needs one sector: nothing to warn.
__global__ void corner(const float *in, float *out) {
  if (threadIdx.x == 0 && threadIdx.y == 0)
    out[blockIdx.x] = in[blockIdx.x * 1024];
}
// In a helper, the warning says which kernel it was evaluated for.
__device__ float every32nd(const float *p, int i) { return p[32 * i]; }
__global__ void viaHelper(const float *in, float *out) {
  out[threadIdx.x] = every32nd(in, threadIdx.x);
}
// CHECK-MESSAGES: :[[@LINE-4]]:60: warning: global load of 'in' is uncoalesced: a warp touches 32 sectors where 4 would do
// CHECK-MESSAGES: :[[@LINE-5]]:60: note: in 'every32nd', evaluated for kernel 'viaHelper'

// Data-dependent: unknown, never a warning.
__global__ void gather(const float *in, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}

int main() {
  column<<<dim3(32, 128), dim3(32, 8)>>>(0, 0);
  rowPerThread<<<4, 256>>>(0, 0, 1024);
  yContiguous<<<1, dim3(32, 32)>>>(0, 0);
  rows16<<<dim3(64, 64), dim3(16, 16)>>>(0, 0);
  halo<<<dim3(64, 64), dim3(16, 16)>>>(0, 0);
  rowGroups<<<64, 128>>>(0, 0);
}
