// nvcc passes `%lanemask_lt` to ptxas, which takes it; clang wants `%%`.
__device__ unsigned laneMaskLt() {
  unsigned r;
  asm("mov.u32 %0, %lanemask_lt;" : "=r"(r));
  return r;
}
__global__ void masks(unsigned *out) { out[threadIdx.x] = laneMaskLt(); }
