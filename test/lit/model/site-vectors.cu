// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal %s -- 2>&1 | FileCheck --check-prefix=WARN %s
// nvcc merges shared loads, or stores, of consecutive elements that
// different statements of one straight run of code make into one
// instruction, where the first element's address is a multiple of the
// merged size: scan2's `block[2*tid] = a; block[2*tid+1] = b;` is one
// STS.64 on the H100, measured at 2 wavefronts (the ideal for 8 bytes),
// not two 2-way conflicting 4-byte stores. The load goes where the first
// load was, the store where the last store was; the other site's report
// names that line and carries no warning of its own.

// clang-format off
__global__ void pairs(float *out, const float *in) {
  __shared__ float block[512];
  int tid = threadIdx.x;
  block[2 * tid] = in[tid];
  block[2 * tid + 1] = in[tid + 256];
// Lane l stores 8 bytes at block + 8*l: 256 bytes a warp, 2 wavefronts, the
// ideal; the two sites are one instruction, counted at the second.
// CHECK: site-vectors.cu:[[@LINE-4]]:3: pairs: shared store 4B, 2 per 8B instruction (line [[@LINE-3]]'s) of 'block' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 8 executions 8
// CHECK: site-vectors.cu:[[@LINE-5]]:3: pairs: shared store 4B, 2 per 8B instruction of 'block' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 2 {{.*}}requests 8 executions 8
// WARN-NOT: site-vectors.cu:[[@LINE-8]]:3: warning
// WARN-NOT: site-vectors.cu:[[@LINE-8]]:3: warning
  __syncthreads();
  float a = block[2 * tid];
  float b = block[2 * tid + 1];
// The loads likewise, counted at the first.
// CHECK: site-vectors.cu:[[@LINE-3]]:13: pairs: shared load 4B, 2 per 8B instruction of 'block' block 256x1x1
// CHECK: wavefronts: 2 best 2 ideal 2
// CHECK: site-vectors.cu:[[@LINE-4]]:13: pairs: shared load 4B, 2 per 8B instruction (line [[@LINE-5]]'s) of 'block' block 256x1x1
  out[tid] = a + b;
}

// Four floats from block + 16*l: one LDS.128, 4 wavefronts (the ideal).
__global__ void quad(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  float x = s[4 * t];
  float y = s[4 * t + 1];
  float z = s[4 * t + 2];
  float w = s[4 * t + 3];
// CHECK: site-vectors.cu:[[@LINE-4]]:13: quad: shared load 4B, 4 per 16B instruction of 's' block 256x1x1
// CHECK: wavefronts: 4 best 4 ideal 4
// CHECK: site-vectors.cu:[[@LINE-5]]:13: quad: shared load 4B, 4 per 16B instruction (line [[@LINE-6]]'s)
// CHECK: site-vectors.cu:[[@LINE-5]]:13: quad: shared load 4B, 4 per 16B instruction (line [[@LINE-7]]'s)
// CHECK: site-vectors.cu:[[@LINE-5]]:13: quad: shared load 4B, 4 per 16B instruction (line [[@LINE-8]]'s)
  out[t] = x + y + z + w;
}

// Where the pair is not aligned to 8 bytes (2*tid+1, 2*tid+2), or a
// barrier, or a store to memory between two loads, or a branch of one,
// parts them, each is its own 4-byte access: lane l at 8*l (+4), 2
// wavefronts where 1 would do, a 2-way conflict.
__global__ void apart(float *out, int c) {
  __shared__ float block[520];
  int tid = threadIdx.x;
  block[tid] = tid;
  __syncthreads();
  float a = block[2 * tid + 1];
  float b = block[2 * tid + 2];
// CHECK: site-vectors.cu:[[@LINE-2]]:13: apart: shared load 4B of 'block' block 256x1x1
// CHECK-NEXT: address: block + 4 bytes
// CHECK: wavefronts: 2 best 2 ideal 1
// CHECK: site-vectors.cu:[[@LINE-4]]:13: apart: shared load 4B of 'block' block 256x1x1
  __syncthreads();
  float d = block[2 * tid];
  __syncthreads();
  float e = block[2 * tid + 1];
// CHECK: site-vectors.cu:[[@LINE-3]]:13: apart: shared load 4B of 'block' block 256x1x1
// CHECK: site-vectors.cu:[[@LINE-2]]:13: apart: shared load 4B of 'block' block 256x1x1
  __syncthreads();
  float f = block[2 * tid];
  out[tid] = f;
  float g = block[2 * tid + 1];
// CHECK: site-vectors.cu:[[@LINE-3]]:13: apart: shared load 4B of 'block' block 256x1x1
// CHECK: site-vectors.cu:[[@LINE-2]]:13: apart: shared load 4B of 'block' block 256x1x1
  __syncthreads();
  float h = block[2 * tid];
  if (c)
    h += block[2 * tid + 1];
// CHECK: site-vectors.cu:[[@LINE-3]]:13: apart: shared load 4B of 'block' block 256x1x1
// CHECK: site-vectors.cu:[[@LINE-2]]:10: apart: shared load 4B of 'block' block 256x1x1
// WARN: site-vectors.cu:[[@LINE-5]]:13: warning: shared load of 'block' has a 2-way bank conflict
  out[tid + 256] = a + b + d + e + g + h;
}
// clang-format on

int main(int argc, char **) {
  pairs<<<1, 256>>>(nullptr, nullptr);
  quad<<<1, 256>>>(nullptr);
  apart<<<1, 256>>>(nullptr, argc);
}
