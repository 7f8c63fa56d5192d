// pattern: inline-PTX ldmatrix and stmatrix (m8n8, b16) on __shared__ half tiles, block 128 (4 warps, 16 tile rows each), lane l gives the address of row l % 16, 16-byte chunk l / 16 (.x2: lanes 0-15 count, .x1: lanes 0-7), written directly, through an HGEMM-style macro and through a CuTe-style SM75_U32x4_LDSM_N::copy wrapper; expected (wavefronts per executed instruction, measured on the H100 for all nine, as the H200 measured x4 rows128, pad144, swizzle and stsm): ldsm_x4_rows128 32 (ideal 4), ldsm_x4_pad144 4 (144-byte rows), ldsm_x4_swizzle 4 (chunk ^ (row & 7)), ldsm_x2_rows128 16 (ideal 2), ldsm_x1_rows128 8 (ideal 1), ldsm_x4_trans_rows128 32, ldsm_x4_macro 32, ldsm_x4_wrapper 32, stsm_x4_rows128 32; tile fill (2-byte shared stores of consecutive halves) 1 wavefront, global loads 2 sectors/request (unsigned short), global stores of the registers 4 sectors/request
#include <cstdint>
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

constexpr int BLOCK = 128; // 4 warps
constexpr int WARPS = BLOCK / 32;
constexpr int ROWS = WARPS * 16;  // each warp reads its own 16 rows
constexpr int COLS = 64;          // 64 halves: 128-byte rows
constexpr int PAD_COLS = 72;      // 72 halves: 144-byte rows
constexpr int TILE = ROWS * COLS; // halves a block copies from global
constexpr int GRID = 1024;
constexpr int THREADS = GRID * BLOCK;

// The way HGEMM codes write it.
#define LDMATRIX_X4(R0, R1, R2, R3, addr)                                      \
  asm volatile(                                                                \
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"     \
      : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)                                 \
      : "r"(addr))

// The way CuTe writes it (cute/arch/copy_sm75.hpp).
struct alignas(16) uint128_t {
  uint64_t lo, hi;
};

__device__ __forceinline__ uint32_t cast_smem_ptr_to_uint(void const *ptr) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
}

struct SM75_U32x4_LDSM_N {
  __device__ static __forceinline__ void copy(uint128_t const &smem_src,
                                              uint32_t &dst0, uint32_t &dst1,
                                              uint32_t &dst2, uint32_t &dst3) {
    uint32_t smem_int_ptr = cast_smem_ptr_to_uint(&smem_src);
    asm volatile(
        "ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
        : "=r"(dst0), "=r"(dst1), "=r"(dst2), "=r"(dst3)
        : "r"(smem_int_ptr));
  }
};

__global__ void ldsm_x4_rows128(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(a)
               : "memory");
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

__global__ void ldsm_x4_pad144(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][PAD_COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(a)
               : "memory");
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

__global__ void ldsm_x4_swizzle(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int r = (t / 32) * 16 + lane % 16;
  int c = lane / 16;
  unsigned a = static_cast<unsigned>(
      __cvta_generic_to_shared(&tile[r][((c ^ (r & 7)) * 8)]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(a)
               : "memory");
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

__global__ void ldsm_x2_rows128(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
               : "=r"(r0), "=r"(r1)
               : "r"(a)
               : "memory");
  out[i] = r0;
  out[THREADS + i] = r1;
}

__global__ void ldsm_x1_rows128(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r0)
               : "r"(a)
               : "memory");
  out[i] = r0;
}

__global__ void ldsm_x4_trans_rows128(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1, r2, r3;
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
      : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
      : "r"(a)
      : "memory");
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

__global__ void ldsm_x4_macro(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1, r2, r3;
  LDMATRIX_X4(r0, r1, r2, r3, a);
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

__global__ void ldsm_x4_wrapper(const unsigned short *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = in[blockIdx.x * TILE + k];
    tile[k / COLS][k % COLS] = v;
  }
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  uint32_t r0, r1, r2, r3;
  SM75_U32x4_LDSM_N::copy(*reinterpret_cast<uint128_t const *>(&tile[row][col]),
                          r0, r1, r2, r3);
  out[i] = r0;
  out[THREADS + i] = r1;
  out[2 * THREADS + i] = r2;
  out[3 * THREADS + i] = r3;
}

// Thread t's register j is row t / 4, halves 2 * (t % 4) and 2 * (t % 4) + 1
// of matrix j, whose rows lanes 8 * j .. 8 * j + 7 address; stmatrix stores
// them there.
__global__ void stsm_x4_rows128(const unsigned *in, unsigned short *out) {
  __shared__ __align__(16) unsigned short tile[ROWS][COLS];
  int t = threadIdx.x;
  int lane = t % 32;
  int i = blockIdx.x * blockDim.x + t;
  for (int k = t; k < TILE; k += BLOCK) {
    tile[k / COLS][k % COLS] = 0;
  }
  unsigned r0 = in[i];
  unsigned r1 = in[THREADS + i];
  unsigned r2 = in[2 * THREADS + i];
  unsigned r3 = in[3 * THREADS + i];
  __syncthreads();
  int row = (t / 32) * 16 + lane % 16;
  int col = (lane / 16) * 8;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};"
               :
               : "r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
  __syncthreads();
  for (int k = t; k < TILE; k += BLOCK) {
    unsigned short v = tile[k / COLS][k % COLS];
    out[blockIdx.x * TILE + k] = v;
  }
}

// Where lane l's row address points, as (row within the warp's 16, column).
static void rowsAddr(int L, int &Row, int &Col) {
  Row = L % 16;
  Col = (L / 16) * 8;
}

static void swizzleAddr(int L, int &Row, int &Col) {
  Row = L % 16;
  Col = ((L / 16) ^ (Row & 7)) * 8;
}

// ldmatrix: thread t's register j holds row t / 4, halves 2 * (t % 4) and
// 2 * (t % 4) + 1 (low half first) of matrix j, whose row q lane 8 * j + q
// addresses; with .trans, matrix j transposed.
static int checkLdsm(const std::vector<unsigned short> &in,
                     const unsigned *dOut, int Regs, bool Trans,
                     void (*Addr)(int, int &, int &)) {
  std::vector<unsigned> out(4 * THREADS);
  if (cudaMemcpy(out.data(), dOut, out.size() * sizeof(unsigned),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int I = 0; I < THREADS; ++I) {
    int B = I / BLOCK, W = (I % BLOCK) / 32, T = I % 32;
    for (int J = 0; J < Regs; ++J) {
      unsigned Want = 0;
      for (int H = 0; H < 2; ++H) {
        int Q = Trans ? 2 * (T % 4) + H : T / 4;
        int E = Trans ? T / 4 : 2 * (T % 4) + H;
        int Row, Col;
        Addr(8 * J + Q, Row, Col);
        unsigned V = in[B * TILE + (W * 16 + Row) * COLS + Col + E];
        Want |= V << (16 * H);
      }
      if (out[J * THREADS + I] != Want)
        return 1;
    }
  }
  return 0;
}

static int checkStsm(const std::vector<unsigned> &in,
                     const unsigned short *dOut) {
  std::vector<unsigned short> out(GRID * TILE);
  if (cudaMemcpy(out.data(), dOut, out.size() * sizeof(unsigned short),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  std::vector<unsigned short> want(GRID * TILE, 0);
  for (int I = 0; I < THREADS; ++I) {
    int B = I / BLOCK, W = (I % BLOCK) / 32, T = I % 32;
    for (int J = 0; J < 4; ++J)
      for (int H = 0; H < 2; ++H) {
        int Row, Col;
        rowsAddr(8 * J + T / 4, Row, Col);
        want[B * TILE + (W * 16 + Row) * COLS + Col + 2 * (T % 4) + H] =
            (unsigned short)(in[J * THREADS + I] >> (16 * H));
      }
  }
  return out != want;
}

int main() {
  std::vector<unsigned short> hIn(GRID * TILE);
  for (int K = 0; K < GRID * TILE; ++K)
    hIn[K] = (unsigned short)(unsigned(K) * 40503u + 12345u);
  std::vector<unsigned> hWords(4 * THREADS);
  for (int K = 0; K < 4 * THREADS; ++K)
    hWords[K] = unsigned(K) * 2654435761u + 97u;
  unsigned short *dIn, *dOut16;
  unsigned *dWords, *dOut;
  CHECK(cudaMalloc(&dIn, hIn.size() * sizeof(unsigned short)));
  CHECK(cudaMalloc(&dOut16, hIn.size() * sizeof(unsigned short)));
  CHECK(cudaMalloc(&dWords, hWords.size() * sizeof(unsigned)));
  CHECK(cudaMalloc(&dOut, hWords.size() * sizeof(unsigned)));
  CHECK(cudaMemcpy(dIn, hIn.data(), hIn.size() * sizeof(unsigned short),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dWords, hWords.data(), hWords.size() * sizeof(unsigned),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(GRID);
  int bad = 0;
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_rows128<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, false, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_pad144<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, false, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_swizzle<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, false, swizzleAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x2_rows128<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 2, false, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x1_rows128<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 1, false, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_trans_rows128<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, true, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_macro<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, false, rowsAddr);
  CHECK(cudaMemset(dOut, 0xff, hWords.size() * sizeof(unsigned)));
  ldsm_x4_wrapper<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += checkLdsm(hIn, dOut, 4, false, rowsAddr);
  CHECK(cudaMemset(dOut16, 0xff, hIn.size() * sizeof(unsigned short)));
  stsm_x4_rows128<<<grid, block>>>(dWords, dOut16);
  CHECK(cudaGetLastError());
  bad += checkStsm(hWords, dOut16);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut16));
  CHECK(cudaFree(dWords));
  CHECK(cudaFree(dOut));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
