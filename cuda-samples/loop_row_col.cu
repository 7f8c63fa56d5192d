// pattern: per-thread loops over a 1024x1024 matrix, one thread per row (sum += in[row*W + k]: lanes 4 KB apart) and one thread per column (sum += in[k*W + col]: lanes contiguous), block 256; expected: row walk 32 sectors/request, column walk 4, stores 4

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

constexpr int W = 1024;
constexpr int BLOCK = 256;

__global__ void walk_row(const float *in, float *out, int w) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < w; ++k)
    sum += in[row * w + k];
  out[row] = sum;
}

__global__ void walk_col(const float *in, float *out, int w) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < w; ++k)
    sum += in[k * w + col];
  out[col] = sum;
}

int main() {
  std::vector<float> h_in(W * W), h_out(W);
  for (int i = 0; i < W * W; ++i)
    h_in[i] = float(i % 5);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, W * W * sizeof(float)));
  CHECK(cudaMalloc(&d_out, W * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), W * W * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(W / BLOCK);
  int bad = 0;
  walk_row<<<grid, block>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, W * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int r = 0; r < W; ++r) {
    float ref = 0.0f;
    for (int k = 0; k < W; ++k)
      ref += h_in[r * W + k];
    if (h_out[r] != ref)
      ++bad;
  }
  walk_col<<<grid, block>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, W * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int c = 0; c < W; ++c) {
    float ref = 0.0f;
    for (int k = 0; k < W; ++k)
      ref += h_in[k * W + c];
    if (h_out[c] != ref)
      ++bad;
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
