// Idioms of real kernels that left accesses unknown: a pointer that is
// either an array or null, a lane's index read with inline asm (`%laneid`),
// a division done as a multiply-high (`__umulhi(i, magic) >> s`), and
// string literals (assert's message).
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s

// Only `in` can be dereferenced: 32 contiguous floats, 4 sectors.
__global__ void maybe(float *out, const float *in, bool has) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = has ? in : nullptr;
  if (p)
    out[i] = p[i];
  // CHECK: real-idioms.cu:[[@LINE-1]]:14: maybe: global load 4B of 'in'
  // CHECK: sectors: 4 best 4 ideal 4
}

__device__ unsigned laneid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

// out[2 * lane]: lanes 8 bytes apart, 256 bytes, 8 sectors where 4 would do.
__global__ void lanes(float *out) {
  out[2 * laneid()] = 0.f;
  // CHECK: real-idioms.cu:[[@LINE-1]]:3: lanes: global store 4B of 'out'
  // CHECK-NEXT: address: out + 0 bytes
  // CHECK: sectors: 8 best 8 ideal 4
}

// __umulhi(i, 0xAAAAAAAB) >> 1 is i / 3: a warp's 32 lanes store to about
// 11 floats, which span 2 sectors in each of the 8 warps of the grid (4
// blocks of 64; the blocks are sampled, the index not being linear in
// blockIdx).
__global__ void div3(float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[__umulhi(i, 0xAAAAAAABu) >> 1] = 0.f;
  // CHECK: real-idioms.cu:[[@LINE-1]]:3: div3: global store 4B of 'out' block 64x1x1
  // CHECK: sectors: 2 best 2 ideal 2 lines128 1 avg 2.00 requests 8
  // CHECK: assume: an index not linear in blockIdx
}

// A string literal names no memory the analyzer models: assert's message
// and __PRETTY_FUNCTION__ (oneflow's softmax asserts on its columns first),
// a printf. Every access after them is there, 4 sectors each.
extern "C" __device__ int printf(const char *, ...);
__global__ void strings(float *out, int cols) {
  if (!(cols <= 1024))
    __assert_fail("cols <= 1024", __FILE__, __LINE__, __PRETTY_FUNCTION__);
  out[threadIdx.x] = 0.f;
  // CHECK: real-idioms.cu:[[@LINE-1]]:3: strings: global store 4B of 'out' block 64x1x1
  // CHECK: sectors: 4 best 4 ideal 4
  printf("%d\n", cols);
  out[threadIdx.x + 64] = 1.f;
  // CHECK: real-idioms.cu:[[@LINE-1]]:3: strings: global store 4B of 'out' block 64x1x1
  // CHECK: sectors: 4 best 4 ideal 4
}

int main() {
  float *out;
  div3<<<4, 64>>>(out);
  strings<<<1, 64>>>(out, 512);
  return 0;
}
