// pattern: vector add c[i] = a[i] + b[i], 1-D block 256; expected: 4 sectors/request for both loads and the store (ideal 4)

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

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = a[i];
    float y = b[i];
    c[i] = x + y;
  }
}

int main() {
  std::vector<float> h_a(N), h_b(N), h_c(N);
  for (int i = 0; i < N; ++i) {
    h_a[i] = float(i % 1000);
    h_b[i] = float((i * 7) % 1000);
  }
  float *d_a, *d_b, *d_c;
  CHECK(cudaMalloc(&d_a, N * sizeof(float)));
  CHECK(cudaMalloc(&d_b, N * sizeof(float)));
  CHECK(cudaMalloc(&d_c, N * sizeof(float)));
  CHECK(cudaMemcpy(d_a, h_a.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, h_b.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  vector_add<<<grid, block>>>(d_a, d_b, d_c, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_c.data(), d_c, N * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (h_c[i] != h_a[i] + h_b[i])
      ++bad;
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
