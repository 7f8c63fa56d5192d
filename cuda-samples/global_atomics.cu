// pattern: global atomics with statically known addresses, atomicAdd(&bins[i % 32], v) (32 consecutive words per warp) and atomicAdd(&counts[blockIdx.x % 16], 1) (one address per warp); expected: 4 sectors/request and 1 sector/request, data load 4

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
constexpr int COUNTERS = 16;

__global__ void atomic_lanes(const float *in, float *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    atomicAdd(&bins[i % 32], v);
  }
}

__global__ void atomic_block(int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&counts[blockIdx.x % COUNTERS], 1);
}

int main() {
  std::vector<float> h_in(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 7);
  float *d_in, *d_bins;
  int *d_counts;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_bins, 32 * sizeof(float)));
  CHECK(cudaMalloc(&d_counts, COUNTERS * sizeof(int)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bins, 0, 32 * sizeof(float)));
  CHECK(cudaMemset(d_counts, 0, COUNTERS * sizeof(int)));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  atomic_lanes<<<grid, block>>>(d_in, d_bins, N);
  CHECK(cudaGetLastError());
  atomic_block<<<grid, block>>>(d_counts, N);
  CHECK(cudaGetLastError());
  std::vector<float> h_bins(32);
  std::vector<int> h_counts(COUNTERS);
  CHECK(cudaMemcpy(h_bins.data(), d_bins, 32 * sizeof(float),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_counts.data(), d_counts, COUNTERS * sizeof(int),
                   cudaMemcpyDeviceToHost));
  // Sums of small integers stay exact in float, whatever the order.
  int bad = 0;
  for (int b = 0; b < 32; ++b) {
    float ref = 0.0f;
    for (int i = b; i < N; i += 32)
      ref += h_in[i];
    if (h_bins[b] != ref)
      ++bad;
  }
  for (int c = 0; c < COUNTERS; ++c)
    if (h_counts[c] != (N / BLOCK / COUNTERS) * BLOCK)
      ++bad;
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_bins));
  CHECK(cudaFree(d_counts));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
