// RUN: %cal --dump-accesses %s -- | FileCheck %s
// nvcc predicates a small `if` body: all 8 warps of a 256-thread block
// execute its instructions, the lanes off where the condition fails, and
// the profiler counts 8 executions for the one warp request. A body with a
// floating-point division, an atomic, a call of the user's or of the device
// runtime (an assert), a nested `if` around memory references, or more
// than six memory references (a CUDA math function counting as one)
// becomes a jump:
// only warp 0 executes it (H100: adv's six were predicated, quicksort's
// eight were not, nor moe's stores under an assert). The sides of a `?:`
// follow the same rule.

// clang-format off
#include <cassert>

__device__ float scale(float x) { return 2 * x; }

__global__ void small(float *out, float v) {
  __shared__ float total;
  if (threadIdx.x == 0)
    total = v;
// CHECK: if-conversion.cu:[[@LINE-1]]:5: small: shared store 4B of 'total'
// CHECK: requests 1 executions 8
  __syncthreads();
  out[threadIdx.x] = total;
}

__global__ void divides(float *out, float v) {
  __shared__ float total;
  if (threadIdx.x == 0)
    total = 1.f / v;
// CHECK: if-conversion.cu:[[@LINE-1]]:5: divides: shared store 4B of 'total'
// CHECK: requests 1 executions 1
  __syncthreads();
  out[threadIdx.x] = total;
}

__global__ void counts(int *n, float *out) {
  if (threadIdx.x == 0)
    atomicAdd(n, 1);
// CHECK: if-conversion.cu:[[@LINE-1]]:5: counts: global atomic 4B of 'n'
// CHECK: requests 1 executions 1
  out[threadIdx.x] = 0;
}

__global__ void calls(float *out, float v) {
  if (threadIdx.x == 0)
    out[0] = scale(v);
// CHECK: if-conversion.cu:[[@LINE-1]]:5: calls: global store 4B of 'out'
// CHECK: requests 1 executions 1
  out[threadIdx.x + 1] = 0;
}

// An assert is a call into the device runtime and its branch: warp 0
// alone stores, in each of the 8 trips.
__global__ void asserts(int *idx) {
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x == 0) {
      idx[k] = 2;
      assert(idx[k] >= 0);
    }
// CHECK: if-conversion.cu:[[@LINE-3]]:7: asserts: global store 4B of 'idx'
// CHECK: requests 8 executions 8
    __syncthreads();
  }
}

__global__ void halo(const float *in, float *out) {
  __shared__ float t[264];
  t[threadIdx.x + 4] = in[threadIdx.x + 4];
  if (threadIdx.x < 4) {
    t[threadIdx.x] = in[threadIdx.x];
    t[threadIdx.x + 260] = in[threadIdx.x + 260];
  }
// Four references: predicated.
// CHECK: if-conversion.cu:[[@LINE-4]]:5: halo: shared store 4B of 't'
// CHECK: requests 1 executions 8
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

__global__ void rows(const double *u, double *out, int offset) {
  __shared__ double su[8][8], sv[8][8], sw[8][8];
  int i = threadIdx.x, j = threadIdx.y;
  if (j < 8 && i < 8) {
    su[j][i] = u[j * 8 + i];
    sv[j][i] = u[j * 8 + i + offset];
    sw[j][i] = u[j * 8 + i + 2 * offset];
  }
// Six references (`su[j]` is an address, not one): predicated. A block of
// 16x16 has 8 warps, 4 with lanes where j < 8.
// CHECK: if-conversion.cu:[[@LINE-6]]:16: rows: global load 8B of 'u'
// CHECK: requests 4 executions 8
  __syncthreads();
  out[j * 16 + i] = su[i % 8][j % 8] + sv[0][0] + sw[0][0];
}
void runRows(const double *u, double *out) { rows<<<1, dim3(16, 16)>>>(u, out, 64); }

// Six references and two math functions, which count as a reference each:
// a jump (quantize's per-channel reduction, measured on the H200: only
// warps with a lane below s load). At s = 128 the lanes below 128 are in
// warps 0 to 3: 4 requests and 4 executions for the 8 warps.
__global__ void extremes(float *out) {
  __shared__ float hi[256], lo[256];
  int tid = threadIdx.x;
  hi[tid] = out[tid];
  lo[tid] = out[tid];
  __syncthreads();
  int s = 128;
  if (tid < s) {
    hi[tid] = max(hi[tid], hi[tid + s]);
    lo[tid] = min(lo[tid], lo[tid + s]);
  }
// CHECK: if-conversion.cu:[[@LINE-3]]:28: extremes: shared load 4B of 'hi'
// CHECK: requests 4 executions 4
  __syncthreads();
  out[tid] = hi[0] + lo[0];
}

__global__ void totals(unsigned *lt, unsigned *gt) {
  __shared__ unsigned ltsum, gtsum;
  if (threadIdx.x == 255) {
    lt[256] = ltsum = lt[threadIdx.x];
    gt[256] = gtsum = gt[threadIdx.x];
    lt[threadIdx.x] = 0;
    gt[threadIdx.x] = 0;
  }
// Eight references: a jump.
// CHECK: if-conversion.cu:[[@LINE-6]]:5: totals: global store 4B of 'lt'
// CHECK: requests 1 executions 1
  __syncthreads();
  lt[threadIdx.x] = ltsum + gtsum;
}
// A nested `if` that only moves a register is a select: the body around it
// stays predicated (tsp's min reduction, H100: 0.29 wavefronts per
// execution). Lanes below 64 are warps 0 and 1 of 8.
__global__ void selects(int *out) {
  __shared__ int s[256];
  int change = out[threadIdx.x];
  s[threadIdx.x] = change;
  __syncthreads();
  if (threadIdx.x < 64) {
    int tmp = s[threadIdx.x + 64];
    if (change > tmp)
      change = tmp;
    s[threadIdx.x] = change;
  }
// CHECK: if-conversion.cu:[[@LINE-5]]:15: selects: shared load 4B of 's'
// CHECK: requests 2 executions 8
  __syncthreads();
  out[threadIdx.x] = s[0];
}

// A nested `if` around a load is a jump, and so is the body around it
// (stencil_2d's halo, H100: executions as many as requests).
__global__ void loadsUnder(const float *in, float *out) {
  if (threadIdx.x < 64) {
    float v = 0.f;
    if (threadIdx.x % 2 == 0)
      v = in[threadIdx.x];
    out[threadIdx.x] = v;
  }
// CHECK: if-conversion.cu:[[@LINE-2]]:5: loadsUnder: global store 4B of 'out'
// CHECK: requests 2 executions 2
}

// A `?:` is a select by the same rule: the block reduction's
// `threadIdx.x < blockDim.x / 32 ? s[lane] : 0` loads in all 8 warps, the
// lanes past the 8th off (BBuf's reduce_v7 and FasterTransformer's
// softmax, H100: 1 wavefront in 8 executions, 0.12 per instruction). A
// side with a call of the user's is a jump: warp 0 alone.
__global__ void reduceSelect(float *out) {
  __shared__ float s[32];
  s[threadIdx.x % 32] = out[threadIdx.x];
  __syncthreads();
  float v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x % 32] : 0.f;
// CHECK: if-conversion.cu:[[@LINE-1]]:45: reduceSelect: shared load 4B of 's'
// CHECK: requests 1 executions 8
  float w = threadIdx.x < 8 ? scale(s[threadIdx.x]) : 0.f;
// CHECK: if-conversion.cu:[[@LINE-1]]:37: reduceSelect: shared load 4B of 's'
// CHECK: requests 1 executions 1
  out[threadIdx.x] = v + w;
}

// A body that syncs the warp (a shuffle, cg::reduce) or the block is a
// jump: the CUDA Handbook's second reduction step, `if (warp 0) { v =
// lane < 8 ? s[lane] : 0; v = reduce(v); }`, measured on the H200 in one
// warp a block, where without its shuffles it would be predicated in all
// 8 (reduceSelect above).
__global__ void syncsWarp(float *out) {
  __shared__ float s[32];
  s[threadIdx.x % 32] = out[threadIdx.x];
  __syncthreads();
  float v = 0.f;
  if (threadIdx.x / 32 == 0) {
    v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x] : 0.f;
// CHECK: if-conversion.cu:[[@LINE-1]]:41: syncsWarp: shared load 4B of 's'
// CHECK-NEXT: address:
// CHECK-NEXT: lanes:
// CHECK-NEXT: stride.x:
// CHECK-NEXT: wavefronts: {{.*}} requests 1 executions 1{{$}}
    v += __shfl_down_sync(0xffffffff, v, 1);
  }
  out[threadIdx.x] = v;
}
// A helper's last statement is no early exit: the kernel goes on after the
// call, and the small `if` is predicated in all 8 warps (the grid-wide
// reduction of Learn-CUDA-Programming, measured on the H200: 8 executions
// per block, one store).
__device__ void writeFirst(float *out, const float *s) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}
// CHECK: if-conversion.cu:[[@LINE-2]]:5: writeFirst (from lastInHelper): global store 4B of 'out'
// CHECK: requests 1 executions 8
__global__ void lastInHelper(float *out, float *s) {
  writeFirst(out, s);
  out[blockIdx.x + 1024] = 1.f;
}

// The kernel's last statement within the branch that ends it is an early
// exit too: one warp of 8 stores (olcf's row sums, `if (idx < ds) { ...;
// if (tid == 0) sums[idx] = sdata[0]; }`, measured 1 execution a block on
// the H200). The same store followed by another statement is predicated.
__global__ void lastInBranch(float *out, const float *s, int n) {
  if (blockIdx.x < n) {
    out[blockIdx.x + 2048] = 0.f;
    if (threadIdx.x == 0)
      out[blockIdx.x] = s[0];
  }
}
// CHECK: if-conversion.cu:[[@LINE-3]]:7: lastInBranch: global store 4B of 'out'
// CHECK: requests 1 executions 1
__global__ void notLastInBranch(float *out, const float *s, int n) {
  if (blockIdx.x < n) {
    if (threadIdx.x == 0)
      out[blockIdx.x] = s[0];
    out[blockIdx.x + 2048] = 0.f;
  }
}
// CHECK: if-conversion.cu:[[@LINE-4]]:7: notLastInBranch: global store 4B of 'out'
// CHECK: requests 1 executions 8
// clang-format on

// A reduction in place on global memory, `x[tid] += x[tid + offset]`, is a
// jump: only the warps with an active lane execute it (H200:
// brucefan1983's reduce_global, 8 executions a 128-thread block over 7
// steps, and CUDA_Freshman's in-place reductions). The same statement on a
// shared array is predicated: all 4 warps on every step, 28. So is a load
// of one global array and a store to another.
// Steps 64, 32, 16, 8, 4, 2, 1: 2 + 1 + 1 + 1 + 1 + 1 + 1 warps with lanes.
__global__ void inPlace(float *d_x, float *other, const float *in) {
  __shared__ float s[128];
  int tid = threadIdx.x;
  float *x = d_x + blockDim.x * blockIdx.x;
  s[tid] = x[tid];
  for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
    if (tid < offset)
      x[tid] += x[tid + offset];
// CHECK: if-conversion.cu:[[@LINE-1]]:7: inPlace: global load 4B of 'd_x'
// CHECK: requests 8 executions 8
// CHECK: if-conversion.cu:[[@LINE-3]]:7: inPlace: global store 4B of 'd_x'
// CHECK: requests 8 executions 8
    if (tid < offset)
      s[tid] += s[tid + offset];
// CHECK: if-conversion.cu:[[@LINE-1]]:7: inPlace: shared load 4B of 's'
// CHECK: requests 8 executions 28
    if (tid < offset)
      other[tid] = in[tid + offset];
// CHECK: if-conversion.cu:[[@LINE-1]]:7: inPlace: global store 4B of 'other'
// CHECK: requests 8 executions 28
    __syncthreads();
  }
}
void runInPlace(float *x, float *y, const float *z) {
  inPlace<<<1, 128>>>(x, y, z);
}

// clang-format off
// A push onto a shared stack by one lane: `++top` loads and stores top, and
// the struct copied into the stack stores each of its three fields: with
// the record's own loads, eight memory references, past the six nvcc
// predicates; a jump that only warp 0 takes, each field's store once
// (quicksort's PUSH, measured on the H100: one executing warp of four). A
// push of a plain int, four references, stays predicated: all 4 warps.
struct Record {
  int start, end, direction;
};
__global__ void push(int *out) {
  __shared__ int top, itop;
  __shared__ Record stack[16];
  __shared__ int istack[16];
  __shared__ int lo, hi;
  int tid = threadIdx.x;
  if (tid == 0) {
    top = itop = 0;
    lo = out[0];
    hi = out[1];
  }
  __syncthreads();
  if (tid == 0) {
    ++top;
    Record r = {lo, hi, 1};
    stack[top] = r;
  }
// CHECK: if-conversion.cu:[[@LINE-2]]:5: push: shared store 4B x3 of 'stack'
// CHECK: requests 3 executions 3
  if (tid == 0) {
    ++itop;
    istack[itop] = lo;
  }
// CHECK: if-conversion.cu:[[@LINE-2]]:5: push: shared store 4B of 'istack'
// CHECK: requests 1 executions 4
  __syncthreads();
  out[tid] = stack[1].start + istack[1];
}
void runPush(int *out) { push<<<1, 128>>>(out); }

// clang-format on
