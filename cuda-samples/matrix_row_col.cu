// pattern: 1024x1024 row-major matrix read by row in[y*W + x] and by column in[x*W + y], each kernel launched with blocks 32x8, 16x16, 16x4, 8x32; expected: row read and stores 4 sectors/request for every shape; column read 32 (32x8), 16 (16x16, 16x4: two lanes share a sector), 8 (8x32)

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
constexpr int H = 1024;

__global__ void read_row(const float *in, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[y * w + x];
  out[y * w + x] = v;
}

__global__ void read_col(const float *in, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[x * w + y];
  out[y * w + x] = v;
}

static int check(const std::vector<float> &in, const float *d_out,
                 bool transposed) {
  std::vector<float> out(W * H);
  if (cudaMemcpy(out.data(), d_out, W * H * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      if (out[y * W + x] != (transposed ? in[x * W + y] : in[y * W + x]))
        return 1;
  return 0;
}

int main() {
  std::vector<float> h_in(W * H);
  for (int i = 0; i < W * H; ++i)
    h_in[i] = float(i % 8191);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, W * H * sizeof(float)));
  CHECK(cudaMalloc(&d_out, W * H * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), W * H * sizeof(float),
                   cudaMemcpyHostToDevice));
  int bad = 0;
  dim3 block_32x8(32, 8);
  dim3 grid_32x8(W / 32, H / 8);
  dim3 block_16x16(16, 16);
  dim3 grid_16x16(W / 16, H / 16);
  dim3 block_16x4(16, 4);
  dim3 grid_16x4(W / 16, H / 4);
  dim3 block_8x32(8, 32);
  dim3 grid_8x32(W / 8, H / 32);

  read_row<<<grid_32x8, block_32x8>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, false);
  read_row<<<grid_16x16, block_16x16>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, false);
  read_row<<<grid_16x4, block_16x4>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, false);
  read_row<<<grid_8x32, block_8x32>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, false);

  read_col<<<grid_32x8, block_32x8>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, true);
  read_col<<<grid_16x16, block_16x16>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, true);
  read_col<<<grid_16x4, block_16x4>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, true);
  read_col<<<grid_8x32, block_8x32>>>(d_in, d_out, W);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, true);

  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d launches wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
