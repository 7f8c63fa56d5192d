// pattern: wmma::load_matrix_sync and store_matrix_sync (m16n16k16) on half and float tiles, block 128 (4 warps, each its own 16x16 tile), from and to __shared__ and global memory, row and column major, ldm 16 (32-byte half rows) and 24 (48-byte rows); expected (worked by hand from the fragment layouts, before a GPU measured it: the H200 measured the two a_row kernels' LDSM as hardware-model.md says; the profiler counts the fragments' instructions on crt/mma.hpp's lines, the analyzer at the call): a_row_ldm16 one LDSM.16.M88.4 of 8 wavefronts (ideal 4), a_row_ldm24 4, a_col_ldm16, b_row_ldm16 and b_col_ldm16 8 each, acc_store_row four 8-byte STS of 4 wavefronts each (ideal 2), acc_store_col eight 4-byte STS of 4 (ideal 1), acc_load_row four 8-byte LDS of 4 (ideal 2), a_global four 4-byte LDG of 8 sectors each (ideal 4), acc_store_global four 8-byte STG of 8 sectors (ideal 8); tile fill (2-byte shared stores of consecutive halves) 1 wavefront, read-backs 1 wavefront, global loads 2 sectors/request (4 for floats), global stores 4 sectors/request
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("FAIL: %s (%s:%d)\n", cudaGetErrorString(err_), __FILE__,    \
                  __LINE__);                                                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

constexpr int BLOCK = 128; // 4 warps, a 16x16 tile each
constexpr int WARPS = BLOCK / 32;
constexpr int GRID = 1024;
constexpr int THREADS = GRID * BLOCK;
constexpr int HALVES = GRID * WARPS * 256; // one 16x16 half tile a warp

using RowA =
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major>;
using ColA =
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major>;
using RowB =
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major>;
using ColB =
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major>;
using Acc = wmma::fragment<wmma::accumulator, 16, 16, 16, float>;

template <typename Fragment> __device__ float sum(const Fragment &f) {
  float s = 0;
  for (int k = 0; k < f.num_elements; ++k)
    s += float(f.x[k]);
  return s;
}

// The warps' tiles, LDM halves a row, filled from global memory.
template <int LDM>
__device__ void fill(__half (&tile)[WARPS][16 * LDM], const __half *in) {
  for (int k = threadIdx.x; k < WARPS * 256; k += BLOCK) {
    __half v = in[blockIdx.x * WARPS * 256 + k];
    tile[k / 256][(k % 256) / 16 * LDM + k % 16] = v;
  }
  __syncthreads();
}

__global__ void a_row_ldm16(const __half *in, float *out) {
  __shared__ __align__(32) __half tile[WARPS][16 * 16];
  fill<16>(tile, in);
  RowA a;
  wmma::load_matrix_sync(a, tile[threadIdx.x / 32], 16);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(a);
}

__global__ void a_row_ldm24(const __half *in, float *out) {
  __shared__ __align__(32) __half tile[WARPS][16 * 24];
  fill<24>(tile, in);
  RowA a;
  wmma::load_matrix_sync(a, tile[threadIdx.x / 32], 24);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(a);
}

__global__ void a_col_ldm16(const __half *in, float *out) {
  __shared__ __align__(32) __half tile[WARPS][16 * 16];
  fill<16>(tile, in);
  ColA a;
  wmma::load_matrix_sync(a, tile[threadIdx.x / 32], 16);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(a);
}

__global__ void b_row_ldm16(const __half *in, float *out) {
  __shared__ __align__(32) __half tile[WARPS][16 * 16];
  fill<16>(tile, in);
  RowB b;
  wmma::load_matrix_sync(b, tile[threadIdx.x / 32], 16);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(b);
}

__global__ void b_col_ldm16(const __half *in, float *out) {
  __shared__ __align__(32) __half tile[WARPS][16 * 16];
  fill<16>(tile, in);
  ColB b;
  wmma::load_matrix_sync(b, tile[threadIdx.x / 32], 16);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(b);
}

__global__ void acc_store_row(float *out) {
  __shared__ __align__(32) float tile[WARPS][16 * 16];
  Acc c;
  wmma::fill_fragment(c, float(threadIdx.x % 32));
  wmma::store_matrix_sync(tile[threadIdx.x / 32], c, 16, wmma::mem_row_major);
  __syncwarp();
  float s = 0;
  for (int k = 0; k < 8; ++k)
    s += tile[threadIdx.x / 32][threadIdx.x % 32 + 32 * k];
  out[blockIdx.x * BLOCK + threadIdx.x] = s;
}

__global__ void acc_store_col(float *out) {
  __shared__ __align__(32) float tile[WARPS][16 * 16];
  Acc c;
  wmma::fill_fragment(c, float(threadIdx.x % 32));
  wmma::store_matrix_sync(tile[threadIdx.x / 32], c, 16, wmma::mem_col_major);
  __syncwarp();
  float s = 0;
  for (int k = 0; k < 8; ++k)
    s += tile[threadIdx.x / 32][threadIdx.x % 32 + 32 * k];
  out[blockIdx.x * BLOCK + threadIdx.x] = s;
}

__global__ void acc_load_row(const float *in, float *out) {
  __shared__ __align__(32) float tile[WARPS][16 * 16];
  for (int k = threadIdx.x; k < WARPS * 256; k += BLOCK)
    tile[k / 256][k % 256] = in[blockIdx.x * WARPS * 256 + k];
  __syncthreads();
  Acc c;
  wmma::load_matrix_sync(c, tile[threadIdx.x / 32], 16, wmma::mem_row_major);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(c);
}

__global__ void a_global(const __half *in, float *out) {
  RowA a;
  wmma::load_matrix_sync(a, in + (blockIdx.x * WARPS + threadIdx.x / 32) * 256,
                         16);
  out[blockIdx.x * BLOCK + threadIdx.x] = sum(a);
}

__global__ void acc_store_global(float *out) {
  Acc c;
  wmma::fill_fragment(c, float(threadIdx.x % 32));
  wmma::store_matrix_sync(out + (blockIdx.x * WARPS + threadIdx.x / 32) * 256,
                          c, 16, wmma::mem_row_major);
}

// Every fragment holds each element of its tile once, in some lane: the
// warp's sums add up to the tile's sum.
static int checkSums(const float *dOut, const std::vector<float> &tileSums,
                     int Copies) {
  std::vector<float> out(THREADS);
  if (cudaMemcpy(out.data(), dOut, THREADS * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int W = 0; W < GRID * WARPS; ++W) {
    float s = 0;
    for (int L = 0; L < 32; ++L)
      s += out[W * 32 + L];
    if (s != tileSums[W] * float(Copies))
      return 1;
  }
  return 0;
}

int main() {
  std::vector<__half> hIn(HALVES);
  std::vector<float> hF(HALVES), sums(GRID * WARPS, 0.0f);
  for (int I = 0; I < HALVES; ++I) {
    hIn[I] = __float2half(float(I % 7));
    hF[I] = float(I % 7);
    sums[I / 256] += float(I % 7);
  }
  __half *dIn;
  float *dF, *dOut;
  CHECK(cudaMalloc(&dIn, HALVES * sizeof(__half)));
  CHECK(cudaMalloc(&dF, HALVES * sizeof(float)));
  CHECK(cudaMalloc(&dOut, HALVES * sizeof(float)));
  CHECK(cudaMemcpy(dIn, hIn.data(), HALVES * sizeof(__half),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dF, hF.data(), HALVES * sizeof(float),
                   cudaMemcpyHostToDevice));
  int bad = 0;
  a_row_ldm16<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  a_row_ldm24<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  a_col_ldm16<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  b_row_ldm16<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  b_col_ldm16<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  acc_store_row<<<GRID, BLOCK>>>(dOut);
  acc_store_col<<<GRID, BLOCK>>>(dOut);
  acc_load_row<<<GRID, BLOCK>>>(dF, dOut);
  bad += checkSums(dOut, sums, 1);
  a_global<<<GRID, BLOCK>>>(dIn, dOut);
  bad += checkSums(dOut, sums, 1);
  acc_store_global<<<GRID, BLOCK>>>(dOut);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dF));
  CHECK(cudaFree(dOut));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
