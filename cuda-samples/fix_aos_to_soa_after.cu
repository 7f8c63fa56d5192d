// pattern: fix-it after: the struct of 3 floats split into three arrays x[i], y[i], z[i] (SoA); expected: each load 4 sectors/request (ideal 4), store 4

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

__global__ void norm2(const float *px, const float *py, const float *pz,
                      float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = px[i];
    float y = py[i];
    float z = pz[i];
    out[i] = x * x + y * y + z * z;
  }
}

int main() {
  std::vector<float> h_x(N), h_y(N), h_z(N), h_out(N);
  for (int i = 0; i < N; ++i) {
    h_x[i] = float(i % 13);
    h_y[i] = float(i % 7);
    h_z[i] = float(i % 5);
  }
  float *d_x, *d_y, *d_z, *d_out;
  CHECK(cudaMalloc(&d_x, N * sizeof(float)));
  CHECK(cudaMalloc(&d_y, N * sizeof(float)));
  CHECK(cudaMalloc(&d_z, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d_x, h_x.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, h_y.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_z, h_z.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  norm2<<<grid, block>>>(d_x, d_y, d_z, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (h_out[i] != h_x[i] * h_x[i] + h_y[i] * h_y[i] + h_z[i] * h_z[i])
      ++bad;
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_z));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
