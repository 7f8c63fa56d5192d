// pattern: 256-bin histogram with shared atomics atomicAdd(&hist[data[i]], 1), block 256; expected: byte load 1 sector/request, shared atomic data-dependent (must be reported unknown), bin init/read 1 wavefront, global atomic merge 4 sectors

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
constexpr int BINS = 256;

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned hist[BINS];
  int tid = threadIdx.x;
  hist[tid] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + tid;
  if (i < n) {
    unsigned char d = data[i];
    atomicAdd(&hist[d], 1u);
  }
  __syncthreads();
  unsigned c = hist[tid];
  atomicAdd(&bins[tid], c);
}

int main() {
  std::vector<unsigned char> h_data(N);
  unsigned seed = 12345u;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1664525u + 1013904223u;
    h_data[i] = (unsigned char)(seed >> 24);
  }
  unsigned char *d_data;
  unsigned *d_bins;
  CHECK(cudaMalloc(&d_data, N));
  CHECK(cudaMalloc(&d_bins, BINS * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_data, h_data.data(), N, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bins, 0, BINS * sizeof(unsigned)));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  histogram<<<grid, block>>>(d_data, d_bins, N);
  CHECK(cudaGetLastError());
  std::vector<unsigned> h_bins(BINS), ref(BINS, 0u);
  CHECK(cudaMemcpy(h_bins.data(), d_bins, BINS * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    ++ref[h_data[i]];
  int bad = 0;
  for (int b = 0; b < BINS; ++b)
    if (h_bins[b] != ref[b])
      ++bad;
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  if (bad) {
    std::printf("FAIL: %d bins wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
