// pattern: contiguous copy out[i] = in[i] of float (4 B per lane); expected: 4 sectors/request for load and store (ideal 4)

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

__global__ void copy_float(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    out[i] = v;
  }
}

static float make(int i) { return float(i % 4099); }

static bool same(const float &a, const float &b) { return a == b; }

int main() {
  std::vector<float> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = make(i);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  copy_float<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float),
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
