// pattern: templated kernel strided<STRIDE> reading in[STRIDE*i], instantiated with 1 and 2 (same source line); expected: load 4 sectors/request for strided<1>, 8 for strided<2> (6 averaged over the line), stores 4

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

template <int STRIDE>
__global__ void strided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[STRIDE * i];
    out[i] = v;
  }
}

static int check(const std::vector<float> &in, const float *d_out, int s) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != in[size_t(s) * i])
      return 1;
  return 0;
}

int main() {
  std::vector<float> h_in(2 * N);
  for (int i = 0; i < 2 * N; ++i)
    h_in[i] = float(i % 4099);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, 2 * N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), 2 * N * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  strided<1><<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, 1);
  strided<2><<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, 2);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
