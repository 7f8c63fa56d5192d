// pattern: 2-D 5-point stencil on 1024x1024 with an 18x18 shared tile (halo 1), block 16x16; expected: center load and store 4 sectors/request, left/right halo loads 2 (lanes 0 and 16, two rows), top/bottom halo loads 2 (16 lanes of one row), shared tile[ty+1][tx+k] stores and reads 2 wavefronts (the two rows of a warp are 18 words apart: 2-way), halo column stores 1

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
constexpr int B = 16;

__global__ void stencil_2d(const float *in, float *out, int w) {
  __shared__ float tile[B + 2][B + 2];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int x = blockIdx.x * B + tx;
  int y = blockIdx.y * B + ty;
  int lx = tx + 1;
  int ly = ty + 1;
  float c = in[y * w + x];
  tile[ly][lx] = c;
  if (tx == 0) {
    float v = 0.0f;
    if (x > 0)
      v = in[y * w + x - 1];
    tile[ly][0] = v;
  }
  if (tx == B - 1) {
    float v = 0.0f;
    if (x < w - 1)
      v = in[y * w + x + 1];
    tile[ly][B + 1] = v;
  }
  if (ty == 0) {
    float v = 0.0f;
    if (y > 0)
      v = in[(y - 1) * w + x];
    tile[0][lx] = v;
  }
  if (ty == B - 1) {
    float v = 0.0f;
    if (y < w - 1)
      v = in[(y + 1) * w + x];
    tile[B + 1][lx] = v;
  }
  __syncthreads();
  float center = tile[ly][lx];
  float left = tile[ly][lx - 1];
  float right = tile[ly][lx + 1];
  float up = tile[ly - 1][lx];
  float down = tile[ly + 1][lx];
  out[y * w + x] = left + right + up + down - 4.0f * center;
}

int main() {
  std::vector<float> h_in(W * W), h_out(W * W);
  for (int i = 0; i < W * W; ++i)
    h_in[i] = float(i % 11);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, W * W * sizeof(float)));
  CHECK(cudaMalloc(&d_out, W * W * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), W * W * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(B, B);
  dim3 grid(W / B, W / B);
  stencil_2d<<<grid, block>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, W * W * sizeof(float),
                   cudaMemcpyDeviceToHost));
  auto at = [&](int y, int x) {
    return (x < 0 || y < 0 || x >= W || y >= W) ? 0.0f : h_in[y * W + x];
  };
  int bad = 0;
  for (int y = 0; y < W; ++y)
    for (int x = 0; x < W; ++x) {
      float ref = at(y, x - 1) + at(y, x + 1) + at(y - 1, x) + at(y + 1, x) -
                  4.0f * at(y, x);
      if (h_out[y * W + x] != ref)
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
