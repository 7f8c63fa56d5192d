// pattern: 1024 x 120-float matrix read by row, plain (480 B rows) and pitched (cudaMallocPitch, 512 B rows), block 32x8; expected: 3.75 sectors/request for load and store in both (3 full warps of 4 sectors and one edge warp of 24 lanes needing 3 sectors per row; 480 B rows stay 32 B aligned)

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

constexpr int W = 120;
constexpr int H = 1024;

__global__ void rows_plain(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float v = in[y * w + x];
    out[y * w + x] = v + 1.0f;
  }
}

__global__ void rows_pitched(const float *in, float *out, size_t pitch, int w,
                             int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    const float *row_in = (const float *)((const char *)in + y * pitch);
    float *row_out = (float *)((char *)out + y * pitch);
    float v = row_in[x];
    row_out[x] = v + 1.0f;
  }
}

int main() {
  std::vector<float> h_in(W * H), h_out(W * H);
  for (int i = 0; i < W * H; ++i)
    h_in[i] = float(i % 8191);
  float *d_in, *d_out, *p_in, *p_out;
  size_t pitch_in, pitch_out;
  CHECK(cudaMalloc(&d_in, W * H * sizeof(float)));
  CHECK(cudaMalloc(&d_out, W * H * sizeof(float)));
  CHECK(cudaMallocPitch(&p_in, &pitch_in, W * sizeof(float), H));
  CHECK(cudaMallocPitch(&p_out, &pitch_out, W * sizeof(float), H));
  if (pitch_in != pitch_out) {
    std::printf("FAIL: pitches differ\n");
    return 1;
  }
  CHECK(cudaMemcpy(d_in, h_in.data(), W * H * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy2D(p_in, pitch_in, h_in.data(), W * sizeof(float),
                     W * sizeof(float), H, cudaMemcpyHostToDevice));
  dim3 block(32, 8);
  dim3 grid((W + 31) / 32, H / 8);
  int bad = 0;
  rows_plain<<<grid, block>>>(d_in, d_out, W, H);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, W * H * sizeof(float),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i)
    if (h_out[i] != h_in[i] + 1.0f)
      ++bad;
  rows_pitched<<<grid, block>>>(p_in, p_out, pitch_in, W, H);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2D(h_out.data(), W * sizeof(float), p_out, pitch_out,
                     W * sizeof(float), H, cudaMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i)
    if (h_out[i] != h_in[i] + 1.0f)
      ++bad;
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(p_in));
  CHECK(cudaFree(p_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
