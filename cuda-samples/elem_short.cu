// pattern: contiguous copy out[i] = in[i] of short (2 B per lane); expected: 2 sectors/request for load and store (ideal 2)

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

__global__ void copy_short(const short *in, short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    short v = in[i];
    out[i] = v;
  }
}

static short make(int i) { return short(i % 30000); }

static bool same(const short &a, const short &b) { return a == b; }

int main() {
  std::vector<short> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = make(i);
  short *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(short)));
  CHECK(cudaMalloc(&d_out, N * sizeof(short)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(short), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  copy_short<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(short),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (!same(h_out[i], h_in[i]))
      ++bad;
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
