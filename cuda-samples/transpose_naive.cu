// pattern: naive transpose, block 32x8, each thread copies 4 rows (j += 8); expected: load 4 sectors/request, store 32 (column write, 4 KB stride)

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
constexpr int TILE = 32;
constexpr int BLOCK_ROWS = 8;

__global__ void transpose_naive(const float *in, float *out, int w) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    float v = in[(y + j) * w + x];
    out[x * w + (y + j)] = v;
  }
}

int main() {
  std::vector<float> h_in(W * W), h_out(W * W);
  for (int i = 0; i < W * W; ++i)
    h_in[i] = float(i % 8191);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, W * W * sizeof(float)));
  CHECK(cudaMalloc(&d_out, W * W * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), W * W * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(TILE, BLOCK_ROWS);
  dim3 grid(W / TILE, W / TILE);
  transpose_naive<<<grid, block>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, W * W * sizeof(float),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < W; ++y)
    for (int x = 0; x < W; ++x)
      if (h_out[x * W + y] != h_in[y * W + x])
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
