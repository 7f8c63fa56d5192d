// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Hand-tuned GEMMs keep shared addresses as 32-bit integers:
// cvta.to.shared (or __cvta_generic_to_shared) gives a pointer's address in
// the shared window, integer arithmetic moves it, `addr ^= 0x2000` switches
// a double buffer of a 16 KB-aligned array, and ld.shared / st.shared read
// and write through it (YHs' SGEMM in BBuf's collection). The address is
// the array's window address, a multiple of its alignment, plus the
// pointer's offset: the accesses are the array's, at known offsets.

// clang-format off
#include <cstdint>

__device__ __forceinline__ uint32_t smem_u32addr(const void *p) {
  uint32_t a;
  asm("{.reg .u64 u64addr;\n"
      " cvta.to.shared.u64 u64addr, %1;\n"
      " cvt.u32.u64 %0, u64addr;}\n"
      : "=r"(a) : "l"(p));
  return a;
}
__device__ __forceinline__ void lds128(float &r0, float &r1, float &r2,
                                       float &r3, const uint32_t &addr) {
  asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(r0), "=f"(r1), "=f"(r2), "=f"(r3) : "r"(addr));
}
// gemm_tile's fragment below: lanes 0-15 read float4s 0 and 1 in turn
// (16 floats in: 64 bytes on), lanes 16-31 float4s 2 and 3; both
// quarter-warps of a half read the same two addresses, and share a
// wavefront (cuda-samples/shared_pair_words.cu): 2 wavefronts, the ideal.
// CHECK: shared-window.cu:[[@LINE-6]]:63: lds128 (from gemm_tile): shared load 16B of 'smem' block 256x1x1
// CHECK-NEXT: address: smem + 64 bytes
// CHECK-NEXT: lanes: 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 32 48 32 48 32 48 32 48 32 48 32 48 32 48 32 48
// CHECK: wavefronts: 2 best 2 ideal 2

__global__ void gemm_tile(const float *in, float *out) {
  __shared__ __align__(16 * 1024) char smem[24 * 1024];
  float *A = reinterpret_cast<float *>(smem);
  float *B = reinterpret_cast<float *>(smem + 16 * 1024);
  unsigned t = threadIdx.x, lane = t % 32;
  float v = in[t];
  uint32_t a_sts = smem_u32addr(A + t);
  uint32_t b_sts = (uint32_t)__cvta_generic_to_shared(B + 2 * t);
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(a_sts), "f"(v));
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(b_sts), "f"(v));
// Lane l stores at A + 4*l: 128 bytes, one wavefront. Lane l at B + 8*l
// (16 KB in): 256 bytes on 16 banks, two words each, 2 wavefronts where 1
// would do.
// CHECK: shared-window.cu:[[@LINE-5]]:50: gemm_tile: shared store 4B of 'smem' block 256x1x1
// CHECK-NEXT: address: smem + 0 bytes
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 8 executions 8
// CHECK: shared-window.cu:[[@LINE-7]]:50: gemm_tile: shared store 4B of 'smem' block 256x1x1
// CHECK-NEXT: address: smem + 16384 bytes
// CHECK: wavefronts: 2 best 2 ideal 1 avg 2.00 requests 8 executions 8
  a_sts ^= 0x2000;
  b_sts ^= 0x1000;
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(a_sts), "f"(v));
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(b_sts), "f"(v));
// Flipped: A + 8 KB, and B + 4 KB (20 KB into smem), lanes as before.
// CHECK: shared-window.cu:[[@LINE-3]]:50: gemm_tile: shared store 4B of 'smem' block 256x1x1
// CHECK-NEXT: address: smem + 8192 bytes
// CHECK: shared-window.cu:[[@LINE-4]]:50: gemm_tile: shared store 4B of 'smem' block 256x1x1
// CHECK-NEXT: address: smem + 20480 bytes
  __syncthreads();
  float r0, r1, r2, r3;
  uint32_t a_lds = smem_u32addr(A + ((lane / 16) * 2 + lane % 2) * 4);
  lds128(r0, r1, r2, r3, a_lds + 16 * sizeof(float));
  out[t] = v + r0 + r1 + r2 + r3;
}

// An address the window cannot hold: bits at and above the array's
// alignment (a float array's 4 bytes) are not known, so `^ 0x400` is not.
__global__ void unaligned(float *out) {
  __shared__ float s[512];
  uint32_t a = smem_u32addr(s + threadIdx.x) ^ 0x400;
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(a), "f"(1.0f));
// CHECK: shared-window.cu:[[@LINE-1]]:50: unaligned: shared store 4B of '<unknown>' block 256x1x1
// CHECK-NEXT: unknown: an index non-linear in a runtime value at line [[@LINE-3]]
}

void launch(const float *in, float *out) {
  gemm_tile<<<4, 256>>>(in, out);
  unaligned<<<4, 256>>>(out);
}
// clang-format on
