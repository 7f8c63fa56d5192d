// RUN: %cal --checks='-*,cuda-access-bank-conflict' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'
// RUN: grep -Ev '// *CHECK' %s > %t.cu
// RUN: %cal --fix --checks='-*,cuda-access-bank-conflict' %t.cu -- >/dev/null 2>&1
// RUN: FileCheck %s --check-prefix=CHECK-FIXES < %t.cu
// With WarnOnUnknownAlignment, a conflict that an unknown value decides is
// a warning that says "may".
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/bank-conflict.cu
// RUN: printf 'CheckOptions:\n  cuda-access-bank-conflict.WarnOnUnknownAlignment: true\n' > %t.dir/.cuda-access-lint.yaml
// RUN: %cal --checks='-*,cuda-access-bank-conflict' %t.dir/bank-conflict.cu -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,CHECK-MAY --implicit-check-not='{{^.*}}: warning:'

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: shared load of 'tile' has a 32-way bank conflict: a warp needs 32 wavefronts where 1 would do (3% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: threads adjacent in threadIdx.x are 128 bytes apart, a multiple of 32 banks x 4 bytes: bank 0 serves 32 distinct words
  // CHECK-MESSAGES: :[[@LINE-7]]:29: note: padding each row of 'tile' by 1 element (4096 to 4224 bytes) removes the conflict; every access to it was re-evaluated and none gets worse
}

// Two rows of a 160-float array per warp (block 16x4): 2-way.
__global__ void wide(float *out) {
  __shared__ float a[4][160];
  // CHECK-FIXES: __shared__ float a[4][176];
  a[threadIdx.y][threadIdx.x] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared store of 'a' has a 2-way bank conflict: a warp needs 2 wavefronts where 1 would do (50% efficiency)
  // CHECK-MESSAGES: note: the block is 16 threads wide, so a warp spans 2 rows 640 bytes apart (a multiple of 128): the rows hit the same banks
  // CHECK-MESSAGES: note: padding each row of 'a' by 16 elements (2560 to 2816 bytes) removes the conflict
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = a[threadIdx.y][threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: shared load of 'a' has a 2-way bank conflict
}

// 8-byte elements at a 16-byte stride: 4 wavefronts where 2 would do; a
// 1-D array has no padding fix.
__global__ void doubles(double *out) {
  __shared__ double s[1024];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  out[t] = s[(2 * t) % 1024];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: shared load of 's' has a 2-way bank conflict: a warp needs 4 wavefronts where 2 would do (50% efficiency)
  // CHECK-MESSAGES: note: threads adjacent in threadIdx.x are 16 bytes apart with 8-byte accesses
}

// Negative case: lanes that the data pick. The same stride-2 read as a
// whole warp is 2-way, but with up to 16 lanes running it, as `keep` may
// leave, it needs one wavefront: the degree is not known.
__global__ void picked(const int *keep, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (keep[threadIdx.x])
    out[threadIdx.x] = s[2 * threadIdx.x];
}

// Negative cases: a padded tile read by column, rows, a broadcast.
__global__ void padded(const float *in, float *out) {
  __shared__ float tile[32][33];
  // CHECK-FIXES: __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y] + tile[0][0];
}

// A 16x16 block where only threadIdx.x < 8 reads (adv's s_U[k][i]): lanes
// 0-7 and 16-23 read the same 8 doubles, 64 bytes. No bank serves two
// words, but the two half-warps use the same banks, so each takes its own
// wavefront: 2, where their 16 active lanes' 128 bytes fit 1 (the H100
// measured 2, ideal 1).
__global__ void halfActive(float *out) {
  __shared__ double s[16][8];
  s[threadIdx.y][threadIdx.x % 8] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < 8)
    out[threadIdx.y * 16 + threadIdx.x] = s[3][threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: shared load of 's' is served in separate phases: a warp needs 2 wavefronts where 1 would do (50% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: its half-warps read the same banks, so each takes its own wavefront
}

// Negative case: the full warp reading the same 8 doubles in both
// half-warps needs 2, and 2 is its ideal (d[t % 8] measured so).
__global__ void fullWarp(float *out) {
  __shared__ double s[16][8];
  s[threadIdx.y][threadIdx.x % 8] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = s[3][threadIdx.x % 8];
}

// Half-warps in disjoint banks: lanes 0-7 and 16-23 of a 16x16 block, each
// with a double of its own, 64 contiguous bytes per row. A store's phases
// never share a wavefront, and a load's only where no double is read by
// one lane alone: 2, 2, and 1 for two lanes per double, ideal 1
// (cuda-samples/shared_double_halves.cu measured so).
__global__ void halvesApart(float *out) {
  __shared__ double s[16][8];
  if (threadIdx.x < 8)
    s[threadIdx.y][threadIdx.x] = threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: shared store of 's' is served in separate phases: a warp needs 2 wavefronts where 1 would do (50% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: its half-warps are stored one after the other: a store's phases never share a wavefront
  __syncthreads();
  if (threadIdx.x < 8)
    out[threadIdx.y * 16 + threadIdx.x] =
        s[threadIdx.y][threadIdx.x] + s[threadIdx.y][threadIdx.x / 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: shared load of 's' is served in separate phases: a warp needs 2 wavefronts where 1 would do (50% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: its half-warps use different banks, but some address is read by one lane alone, so each takes its own wavefront
}

// Rows of a runtime width, two per warp (block 16x16): the second row's
// 16 words sit in banks (width + x) % 32, clear of the first row's 0-15
// only where width % 32 == 16. 1 wavefront then, 2 at any other width: no
// warning by default, "may" with the option.
__global__ void runtimeWidth(float *out, int width) {
  extern __shared__ float rows[];
  rows[threadIdx.y * width + threadIdx.x] = 1;
  // CHECK-MAY: :[[@LINE-1]]:3: warning: shared store of 'rows' may have a 2-way bank conflict: a warp needs 1 to 2 wavefronts where 1 would do, as a value not known here decides its banks [cuda-access-bank-conflict]
  // CHECK-MAY: note: assumed: 'width' decides the banks: 1 wavefront, up to 2 otherwise
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];
}

// A cp.async's shared write follows its global read: each lane's source
// line arrives alone, so the contiguous destination takes 32 wavefronts
// (the H100 measured 32, cuda-samples/cp_async.cu), and no padding of the
// tile helps. Read contiguously, the same write needs 4.
__global__ void copyArrives(const float *src, float *out) {
  __shared__ float tile[128];
  unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x * 4]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(at), "l"(src + threadIdx.x * 32));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared store of 'tile' is written as its global read arrives: a warp needs 32 wavefronts where 4 would do (12% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: a cp.async writes shared memory as each 128-byte line of its read arrives
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(at), "l"(src + threadIdx.x * 4));
  asm volatile("cp.async.wait_all;");
  out[threadIdx.x] = tile[threadIdx.x];
}

// ldmatrix's rows must stay 16-byte aligned: the padding is the least
// that keeps them so, 8 halves (144-byte rows, measured conflict-free in
// cuda-samples/ldmatrix_rows.cu), never the 5 that banks alone would take.
__global__ void matrixRows(unsigned *out) {
  __shared__ unsigned short rows[64][64];
  // CHECK-FIXES: __shared__ unsigned short rows[64][72];
  int l = threadIdx.x % 32;
  unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&rows[l % 16][(l / 16) * 8]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(at));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared load of 'rows' has a 8-way bank conflict: a warp needs 32 wavefronts where 4 would do (12% efficiency) [cuda-access-bank-conflict]
  // CHECK-MESSAGES: note: padding each row of 'rows' by 8 elements (8192 to 9216 bytes) removes the conflict
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

int main(int argc, char **argv) {
  transpose<<<1, dim3(32, 32)>>>(0, 0);
  wide<<<1, dim3(16, 4)>>>(0);
  padded<<<1, dim3(32, 32)>>>(0, 0);
  picked<<<1, 32>>>(0, 0);
  halfActive<<<1, dim3(16, 16)>>>(0);
  fullWarp<<<1, dim3(16, 16)>>>(0);
  halvesApart<<<1, dim3(16, 16)>>>(0);
  runtimeWidth<<<1, dim3(16, 16), 4096>>>(0, argc);
  copyArrives<<<1, 32>>>(0, 0);
  matrixRows<<<1, 32>>>(0);
}
