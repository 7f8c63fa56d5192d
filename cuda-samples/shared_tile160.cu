// pattern: float tile[4][160] shared array with a 16x4 block (a warp holds 2 rows of 16 threads; row stride 160 words is a multiple of 32 banks); expected: shared store and load 2 wavefronts (2-way conflict), global load and store 4 sectors/request (2 rows of 64 B)

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

constexpr int COLS = 160;
constexpr int ROWS = 4;
constexpr int H = 1024;

// Each block reverses ROWS rows of a H x COLS matrix through shared memory.
__global__ void reverse_rows(const float *in, float *out, int cols) {
  __shared__ float tile[ROWS][COLS];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.x * ROWS + ty;
  for (int c = tx; c < COLS; c += 16) {
    float v = in[row * cols + c];
    tile[ty][c] = v;
  }
  __syncthreads();
  for (int c = tx; c < COLS; c += 16) {
    float v = tile[ty][COLS - 1 - c];
    out[row * cols + c] = v;
  }
}

int main() {
  std::vector<float> h_in(H * COLS), h_out(H * COLS);
  for (int i = 0; i < H * COLS; ++i)
    h_in[i] = float(i % 8191);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, H * COLS * sizeof(float)));
  CHECK(cudaMalloc(&d_out, H * COLS * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), H * COLS * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(16, ROWS);
  dim3 grid(H / ROWS);
  reverse_rows<<<grid, block>>>(d_in, d_out, COLS);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, H * COLS * sizeof(float),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < COLS; ++c)
      if (h_out[r * COLS + c] != h_in[r * COLS + COLS - 1 - c])
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
