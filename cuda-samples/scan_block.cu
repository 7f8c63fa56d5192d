// pattern: Hillis-Steele inclusive scan of each 256-element block in a double-buffered shared array, block 256; expected: global load and store 4 sectors/request, shared accesses 1 wavefront (contiguous lanes; lanes with tid < offset are masked off)

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

__global__ void scan_block(const int *in, int *out, int n) {
  __shared__ int temp[2 * BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  int pout = 0;
  int pin = 1;
  int v = in[i];
  temp[tid] = v;
  __syncthreads();
  for (int offset = 1; offset < BLOCK; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    int cur = temp[pin * BLOCK + tid];
    if (tid >= offset) {
      int prev = temp[pin * BLOCK + tid - offset];
      cur += prev;
    }
    temp[pout * BLOCK + tid] = cur;
    __syncthreads();
  }
  int r = temp[pout * BLOCK + tid];
  out[i] = r;
}

int main() {
  std::vector<int> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = i % 10;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(int)));
  CHECK(cudaMalloc(&d_out, N * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  scan_block<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(
      cudaMemcpy(h_out.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < N / BLOCK; ++b) {
    int acc = 0;
    for (int t = 0; t < BLOCK; ++t) {
      acc += h_in[b * BLOCK + t];
      if (h_out[b * BLOCK + t] != acc)
        ++bad;
    }
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
