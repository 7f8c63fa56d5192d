// pattern: cp.async (one LDGSTS each, global source and shared destination) through inline PTX with the "r" 32-bit shared address and the "l" global pointer, block 128, each lane copies E floats to the contiguous tile[t * E]: cg 16 B from source rows 128 B apart, cg 16 B contiguous, ca 4 B contiguous, ca 8 B contiguous, cg 16 B from rows 64 B apart, and __pipeline_memcpy_async of a contiguous float4; expected (global sectors and shared wavefronts per executed LDGSTS, measured on the H100 for all six, as the H200 measured cg16 rows128, ca4 and the pipeline copy): cpasync_cg16_rows128 32 sectors (ideal 16) and 32 wavefronts, cpasync_cg16_contig 16 and 4, cpasync_ca4_contig 4 and 1, cpasync_ca8_contig 8 and 2, cpasync_cg16_rows64 32 sectors (ideal 16) and 32 wavefronts (the scattered source again costs the contiguous destination a wavefront a lane), pipeline_memcpy_float4 16 and 4 (attributed to cuda_pipeline_helpers.h, not the call); the read-back from the tile 1 wavefront, global stores 4 sectors/request
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("FAIL: %s (%s:%d)\n", cudaGetErrorString(err_), __FILE__,    \
                  __LINE__);                                                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

constexpr int BLOCK = 128;
constexpr int GRID = 1024;
constexpr int THREADS = GRID * BLOCK;
constexpr int SRC = THREADS * 32; // floats: room for rows 128 B apart

// Lane g copies src[g * 32 .. g * 32 + 3]: 16 B from rows 128 B apart.
__global__ void cpasync_cg16_rows128(const float *src, float *out) {
  __shared__ __align__(16) float tile[BLOCK * 4];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t * 4]));
  const float *from = src + g * 32;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
               :
               : "r"(dst), "l"(from)
               : "memory");
  asm volatile("cp.async.commit_group;\n" : : : "memory");
  asm volatile("cp.async.wait_group 0;\n" : : : "memory");
  __syncthreads();
  for (int k = 0; k < 4; ++k) {
    float v = tile[k * BLOCK + t];
    out[blockIdx.x * BLOCK * 4 + k * BLOCK + t] = v;
  }
}

__global__ void cpasync_cg16_contig(const float *src, float *out) {
  __shared__ __align__(16) float tile[BLOCK * 4];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t * 4]));
  const float *from = src + g * 4;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
               :
               : "r"(dst), "l"(from)
               : "memory");
  asm volatile("cp.async.commit_group;\n" : : : "memory");
  asm volatile("cp.async.wait_group 0;\n" : : : "memory");
  __syncthreads();
  for (int k = 0; k < 4; ++k) {
    float v = tile[k * BLOCK + t];
    out[blockIdx.x * BLOCK * 4 + k * BLOCK + t] = v;
  }
}

__global__ void cpasync_ca4_contig(const float *src, float *out) {
  __shared__ __align__(16) float tile[BLOCK];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t]));
  const float *from = src + g;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n"
               :
               : "r"(dst), "l"(from)
               : "memory");
  asm volatile("cp.async.commit_group;\n" : : : "memory");
  asm volatile("cp.async.wait_all;\n" : : : "memory");
  __syncthreads();
  float v = tile[t];
  out[g] = v;
}

__global__ void cpasync_ca8_contig(const float *src, float *out) {
  __shared__ __align__(16) float tile[BLOCK * 2];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t * 2]));
  const float *from = src + g * 2;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n"
               :
               : "r"(dst), "l"(from)
               : "memory");
  asm volatile("cp.async.commit_group;\n" : : : "memory");
  asm volatile("cp.async.wait_group 0;\n" : : : "memory");
  __syncthreads();
  for (int k = 0; k < 2; ++k) {
    float v = tile[k * BLOCK + t];
    out[blockIdx.x * BLOCK * 2 + k * BLOCK + t] = v;
  }
}

// Lane g copies src[g * 16 .. g * 16 + 3]: 16 B from rows 64 B apart.
__global__ void cpasync_cg16_rows64(const float *src, float *out) {
  __shared__ __align__(16) float tile[BLOCK * 4];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t * 4]));
  const float *from = src + g * 16;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
               :
               : "r"(dst), "l"(from)
               : "memory");
  asm volatile("cp.async.commit_group;\n" : : : "memory");
  asm volatile("cp.async.wait_group 0;\n" : : : "memory");
  __syncthreads();
  for (int k = 0; k < 4; ++k) {
    float v = tile[k * BLOCK + t];
    out[blockIdx.x * BLOCK * 4 + k * BLOCK + t] = v;
  }
}

__global__ void pipeline_memcpy_float4(const float4 *src, float *out) {
  __shared__ float4 tile[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  __pipeline_memcpy_async(&tile[threadIdx.x], &src[i], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  const float *flat = reinterpret_cast<const float *>(tile);
  for (int k = 0; k < 4; ++k) {
    float v = flat[k * BLOCK + t];
    out[blockIdx.x * BLOCK * 4 + k * BLOCK + t] = v;
  }
}

// Lane g copied E floats from src[g * S]; the tile of block b is written out
// in order: out[b * BLOCK * E + m] = src[(b * BLOCK + m / E) * S + m % E].
static int check(const std::vector<float> &src, const float *dOut, int E,
                 int S) {
  std::vector<float> out(THREADS * E);
  if (cudaMemcpy(out.data(), dOut, out.size() * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int B = 0; B < GRID; ++B)
    for (int M = 0; M < BLOCK * E; ++M)
      if (out[B * BLOCK * E + M] != src[(B * BLOCK + M / E) * S + M % E])
        return 1;
  return 0;
}

int main() {
  std::vector<float> hSrc(SRC);
  for (int K = 0; K < SRC; ++K)
    hSrc[K] = float(K); // exact: SRC < 2^24
  float *dSrc, *dOut;
  size_t outBytes = size_t(THREADS) * 4 * sizeof(float);
  CHECK(cudaMalloc(&dSrc, hSrc.size() * sizeof(float)));
  CHECK(cudaMalloc(&dOut, outBytes));
  CHECK(cudaMemcpy(dSrc, hSrc.data(), hSrc.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(GRID);
  int bad = 0;
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  cpasync_cg16_rows128<<<grid, block>>>(dSrc, dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 4, 32);
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  cpasync_cg16_contig<<<grid, block>>>(dSrc, dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 4, 4);
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  cpasync_ca4_contig<<<grid, block>>>(dSrc, dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 1, 1);
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  cpasync_ca8_contig<<<grid, block>>>(dSrc, dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 2, 2);
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  cpasync_cg16_rows64<<<grid, block>>>(dSrc, dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 4, 16);
  CHECK(cudaMemset(dOut, 0xff, outBytes));
  pipeline_memcpy_float4<<<grid, block>>>(
      reinterpret_cast<const float4 *>(dSrc), dOut);
  CHECK(cudaGetLastError());
  bad += check(hSrc, dOut, 4, 4);
  CHECK(cudaFree(dSrc));
  CHECK(cudaFree(dOut));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
