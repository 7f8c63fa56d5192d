// pattern: per-thread arrays that ptxas places in local memory (256- and 512-byte stack frames by ptxas -v; at 16 to 40 floats, or float4 b[16], it keeps them in registers although an index is not known at compile time), block 256: float a[64] filled at constant indices after unrolling (64 STL) and read at a[n & 63] with n a kernel argument (every lane the same element), at a[threadIdx.x & 63] (lane l of a warp its own element), at a[idx[i] & 63] (the data decide), and float4 b[32] filled likewise and read at b[n & 31]; expected (local sectors and requests per warp instruction, from the kernel-level l1tex local counters on the H100): if local memory interleaves the warp's lanes 4 bytes at a time, lanes that read one element read 128 contiguous bytes: local_same_index 4 sectors/request for its load and each fill store, local_lane_index 32 for its load, local_float4 16 for the float4 load and stores; global loads and stores 4 sectors/request
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

__global__ void local_same_index(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a[64], s = 0.0f;
  for (int k = 0; k < 64; ++k) {
    s += in[k * BLOCK + threadIdx.x];
    a[k] = s;
  }
  out[i] = a[n & 63];
}

__global__ void local_lane_index(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a[64], s = 0.0f;
  for (int k = 0; k < 64; ++k) {
    s += in[k * BLOCK + threadIdx.x];
    a[k] = s;
  }
  out[i] = a[threadIdx.x & 63];
}

__global__ void local_data_index(const float *in, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a[64], s = 0.0f;
  for (int k = 0; k < 64; ++k) {
    s += in[k * BLOCK + threadIdx.x];
    a[k] = s;
  }
  int j = idx[i];
  out[i] = a[j & 63];
}

__global__ void local_float4(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 b[32];
  float s = 0.0f;
  for (int k = 0; k < 32; ++k) {
    s += in[k * BLOCK + threadIdx.x];
    b[k] = make_float4(s, s + 1.0f, s + 2.0f, float(k));
  }
  float4 v = b[n & 31];
  out[i] = v.x + v.y + v.z + v.w;
}

int main() {
  std::vector<float> hIn(N);
  std::vector<int> hIdx(N);
  for (int I = 0; I < N; ++I) {
    hIn[I] = float(I % 100);
    hIdx[I] = (I * 7) % 16;
  }
  float *dIn, *dOut;
  int *dIdx;
  CHECK(cudaMalloc(&dIn, N * sizeof(float)));
  CHECK(cudaMalloc(&dOut, N * sizeof(float)));
  CHECK(cudaMalloc(&dIdx, N * sizeof(int)));
  CHECK(cudaMemcpy(dIn, hIn.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dIdx, hIdx.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  // prefix[k][t]: the sum of in[j * BLOCK + t] for j <= k, thread t's a[k].
  std::vector<float> prefix(64 * BLOCK);
  for (int T = 0; T < BLOCK; ++T)
    for (int K = 0; K < 64; ++K)
      prefix[K * BLOCK + T] =
          (K ? prefix[(K - 1) * BLOCK + T] : 0.0f) + hIn[K * BLOCK + T];
  std::vector<float> out(N);
  int bad = 0;
  auto fetch = [&]() {
    return cudaMemcpy(out.data(), dOut, N * sizeof(float),
                      cudaMemcpyDeviceToHost) == cudaSuccess;
  };
  const int n = 5;
  local_same_index<<<N / BLOCK, BLOCK>>>(dIn, dOut, n);
  if (!fetch())
    return 1;
  for (int I = 0; I < N; ++I)
    bad += out[I] != prefix[(n & 63) * BLOCK + I % BLOCK];
  local_lane_index<<<N / BLOCK, BLOCK>>>(dIn, dOut);
  if (!fetch())
    return 1;
  for (int I = 0; I < N; ++I)
    bad += out[I] != prefix[((I % BLOCK) & 63) * BLOCK + I % BLOCK];
  local_data_index<<<N / BLOCK, BLOCK>>>(dIn, dIdx, dOut);
  if (!fetch())
    return 1;
  for (int I = 0; I < N; ++I)
    bad += out[I] != prefix[(hIdx[I] & 63) * BLOCK + I % BLOCK];
  local_float4<<<N / BLOCK, BLOCK>>>(dIn, dOut, n);
  if (!fetch())
    return 1;
  for (int I = 0; I < N; ++I)
    bad += out[I] !=
           3.0f * prefix[(n & 31) * BLOCK + I % BLOCK] + 3.0f + float(n & 31);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut));
  CHECK(cudaFree(dIdx));
  if (bad) {
    std::printf("FAIL: %d values wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
