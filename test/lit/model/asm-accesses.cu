// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Loads and stores written in inline PTX are accesses of the width their
// instruction names, at the address of the bracketed operand (YHs' SGEMM
// in BBuf's collection moves all its data so). An address the asm made
// itself, of what no shared object holds (cvta.to.shared of a global
// pointer), is not known: the access is unknown, with that reason, never
// dropped (model/shared-window.cu has the shared addresses it knows).

// clang-format off
#include <cstdint>

__device__ __forceinline__ void ldg32(float &reg, const void *ptr) {
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(reg) : "l"(ptr));
}
__device__ __forceinline__ void stg128(float4 v, void *ptr) {
  asm volatile("st.global.v4.f32 [%0+16], {%1, %2, %3, %4};"
               : : "l"(ptr), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w));
}
__device__ __forceinline__ uint32_t smem_addr(const void *p) {
  uint32_t a;
  asm("{.reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t;}"
      : "=r"(a) : "l"(p));
  return a;
}
__device__ __forceinline__ void sts32(float v, uint32_t addr) {
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(addr), "f"(v));
}

__global__ void ptx(const float *in, float *out) {
  float v;
  ldg32(v, in + 2 * threadIdx.x);
// 32 lanes 8 bytes apart: 8 sectors where 4 would do.
// CHECK: asm-accesses.cu:[[@LINE-20]]:63: ldg32 (from ptx): global load 4B of 'in' block 256x1x1
// CHECK: sectors: 8 best 8 ideal 4
  stg128(make_float4(v, v, v, v), out + 4 * threadIdx.x);
// 16 bytes a lane, contiguous past 16 bytes: 17 sectors where 16 would do.
// CHECK: asm-accesses.cu:[[@LINE-20]]:24: stg128 (from ptx): global store 16B of 'out' block 256x1x1
// CHECK: sectors: 17 best 17 ideal 16
  sts32(v, smem_addr(out + threadIdx.x));
// CHECK: asm-accesses.cu:[[@LINE-14]]:50: sts32 (from ptx): shared store 4B of '<unknown>' block 256x1x1
// CHECK-NEXT: unknown: an output of inline asm at line [[@LINE-19]]
}

void launch(const float *in, float *out) { ptx<<<4, 256>>>(in, out); }
// clang-format on
