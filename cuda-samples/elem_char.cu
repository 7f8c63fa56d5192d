// pattern: contiguous copy out[i] = in[i] of char (1 B per lane); expected: 1 sector/request for load and store (ideal 1)

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

__global__ void copy_char(const char *in, char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    char v = in[i];
    out[i] = v;
  }
}

static char make(int i) { return char(i % 127); }

static bool same(const char &a, const char &b) { return a == b; }

int main() {
  std::vector<char> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = make(i);
  char *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(char)));
  CHECK(cudaMalloc(&d_out, N * sizeof(char)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(char), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  copy_char<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(char),
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
