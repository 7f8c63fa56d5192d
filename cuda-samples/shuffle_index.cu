// pattern: global loads whose index is the global thread index i passed through a warp shuffle, block 256: in[__shfl_sync(full, i, 0)] (lane 0's index for the whole warp), in[__shfl_xor_sync(full, i, 1)] (pairs swapped), in[__shfl_down_sync(full, i, 1)] (lane 31 keeps its own), in[__shfl_up_sync(full, i, 1)] (lane 0 keeps its own) and in[__shfl_sync(full, i, 0, 16)] (lane 0's and lane 16's: two addresses 64 B apart); expected (sectors/request): loads 1 (ideal 1), 4, 4, 4 and 2 (ideal 2), stores 4
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

__global__ void shfl_broadcast(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = __shfl_sync(0xffffffff, i, 0);
  float x = in[j];
  out[i] = x;
}

__global__ void shfl_xor_pairs(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = __shfl_xor_sync(0xffffffff, i, 1);
  float x = in[j];
  out[i] = x;
}

__global__ void shfl_down_one(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = __shfl_down_sync(0xffffffff, i, 1);
  float x = in[j];
  out[i] = x;
}

__global__ void shfl_up_one(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = __shfl_up_sync(0xffffffff, i, 1);
  float x = in[j];
  out[i] = x;
}

__global__ void shfl_width16(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = __shfl_sync(0xffffffff, i, 0, 16);
  float x = in[j];
  out[i] = x;
}

// The index each thread's shuffle returns: the value of i in the source lane.
static int broadcastSrc(int I) { return I - I % 32; }
static int xorSrc(int I) { return I ^ 1; }
static int downSrc(int I) { return I % 32 == 31 ? I : I + 1; }
static int upSrc(int I) { return I % 32 == 0 ? I : I - 1; }
static int width16Src(int I) { return I - I % 16; }

static int check(const std::vector<float> &in, const float *dOut,
                 int (*Src)(int)) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), dOut, N * sizeof(float), cudaMemcpyDeviceToHost) !=
      cudaSuccess)
    return 1;
  for (int I = 0; I < N; ++I)
    if (out[I] != in[Src(I)])
      return 1;
  return 0;
}

int main() {
  std::vector<float> hIn(N);
  for (int I = 0; I < N; ++I)
    hIn[I] = float(I) + 0.5f; // exact: N < 2^23
  float *dIn, *dOut;
  CHECK(cudaMalloc(&dIn, N * sizeof(float)));
  CHECK(cudaMalloc(&dOut, N * sizeof(float)));
  CHECK(cudaMemcpy(dIn, hIn.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  shfl_broadcast<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, dOut, broadcastSrc);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  shfl_xor_pairs<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, dOut, xorSrc);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  shfl_down_one<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, dOut, downSrc);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  shfl_up_one<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, dOut, upSrc);
  CHECK(cudaMemset(dOut, 0, N * sizeof(float)));
  shfl_width16<<<grid, block>>>(dIn, dOut);
  CHECK(cudaGetLastError());
  bad += check(hIn, dOut, width16Src);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
