// pattern: reads of __constant__ float coef[256] (filled with cudaMemcpyToSymbol), block 256, out[i] = in[i] * coef[k]: coef[blockIdx.x % 256] (one address per warp, held in a uniform register: sm_90 loads it with ULDC, not LDC), coef[threadIdx.x % 256] (32 addresses), coef[threadIdx.x / 16] (two addresses per warp), coef[(blockIdx.x + threadIdx.x / 32) % 256] (one address per warp that the compiler cannot prove uniform: an LDC); expected (constant-cache requests of the coef read per warp, from the kernel-level idc__requests.sum and smsp__inst_executed_op_ldc.sum, measured on the H100, where every kernel also runs 4 LDCs a warp of parameters and blockDim at 1 request each): const_uniform 0 (its ULDC is neither an LDC nor an idc request: 4 LDC, 4 requests a warp), const_per_lane 32 (5 LDC, 36 requests), const_half_warp 2 (5 LDC, 6 requests), const_warp_uniform 1 (5 LDC, 5 requests); global load and store 4 sectors/request
#include <cstdio>
#include <cstdlib>
#include <vector>

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

constexpr int N = 1 << 20;
constexpr int BLOCK = 256;
constexpr int COEFS = 256;

__constant__ float coef[COEFS];

__global__ void const_uniform(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = coef[blockIdx.x % 256];
  float x = in[i];
  out[i] = x * c;
}

__global__ void const_per_lane(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = coef[threadIdx.x % 256];
  float x = in[i];
  out[i] = x * c;
}

__global__ void const_half_warp(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = coef[threadIdx.x / 16];
  float x = in[i];
  out[i] = x * c;
}

__global__ void const_warp_uniform(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float c = coef[(blockIdx.x + threadIdx.x / 32) % 256];
  float x = in[i];
  out[i] = x * c;
}

static int check(const std::vector<float> &in, const std::vector<float> &c,
                 const float *dOut, int (*Index)(int)) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), dOut, N * sizeof(float), cudaMemcpyDeviceToHost) !=
      cudaSuccess)
    return 1;
  for (int I = 0; I < N; ++I)
    if (out[I] != in[I] * c[Index(I)])
      return 1;
  return 0;
}

static int uniformIndex(int I) { return (I / BLOCK) % 256; }
static int laneIndex(int I) { return (I % BLOCK) % 256; }
static int halfWarpIndex(int I) { return (I % BLOCK) / 16; }
static int warpIndex(int I) { return (I / BLOCK + (I % BLOCK) / 32) % 256; }

int main() {
  std::vector<float> hIn(N), hCoef(COEFS);
  for (int I = 0; I < N; ++I)
    hIn[I] = float(I % 1000);
  // Products of these are exact floats (< 2^24, multiples of 1/2).
  for (int K = 0; K < COEFS; ++K)
    hCoef[K] = 1.0f + 0.5f * float(K);
  float *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, N * sizeof(float)));
  CHECK(cudaMalloc(&dOut, N * sizeof(float)));
  CHECK(cudaMemcpy(dIn, hIn.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(coef, hCoef.data(), COEFS * sizeof(float)));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  const_uniform<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, hCoef, dOut, uniformIndex);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  const_per_lane<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, hCoef, dOut, laneIndex);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  const_half_warp<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, hCoef, dOut, halfWarpIndex);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  const_warp_uniform<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, hCoef, dOut, warpIndex);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
