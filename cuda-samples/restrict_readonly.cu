// pattern: the same kernel with const __restrict__ pointers (read-only path) and with plain pointers; expected: 4 sectors/request for loads and stores in both

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

__global__ void scale_restrict(const float *__restrict__ in,
                               float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    out[i] = 2.0f * v + 1.0f;
  }
}

__global__ void scale_plain(float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    out[i] = 2.0f * v + 1.0f;
  }
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != 2.0f * in[i] + 1.0f)
      return 1;
  return 0;
}

int main() {
  std::vector<float> h_in(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 4099);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  scale_restrict<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out);
  scale_plain<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
