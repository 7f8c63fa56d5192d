// pattern: lanes that share addresses, to pin down the ideal sectors as Nsight Compute counts them; expected: sectors 2 for two rows each read by half a warp, 4 for 16 floats 8 bytes apart read twice, 2 for 16 contiguous floats read twice, 4 for four rows each read by 8 lanes, 4 for pairs of lanes at a stride of 8 bytes; the ideal is what this sample measures

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

constexpr int N = 1 << 20; // floats in and out
constexpr int ROW = 1024;  // floats per row

// Block 16x16: each half-warp reads one float of its own row.
__global__ void two_rows_broadcast(const float *in, float *out) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * ROW + x] = in[y * ROW];
}

// Block 16x16: both half-warps read the same 16 floats, 8 bytes apart.
__global__ void dup_stride2(const float *in, float *out) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * ROW + x] = in[2 * x];
}

// Block 16x16: both half-warps read the same 16 contiguous floats.
__global__ void dup_contig(const float *in, float *out) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * ROW + x] = in[x];
}

// Block 8x32: each group of 8 lanes reads one float of its own row.
__global__ void four_rows_broadcast(const float *in, float *out) {
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * ROW + x] = in[y * ROW];
}

// Block 256: lanes 2k and 2k+1 read one float, 8 bytes after the last.
__global__ void pairs_stride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * (i / 2)];
}

int main() {
  std::vector<float> h(N);
  for (int i = 0; i < N; ++i)
    h[i] = float(i % 4099);
  float *in, *out;
  CHECK(cudaMalloc(&in, 4 * N * sizeof(float)));
  CHECK(cudaMalloc(&out, N * sizeof(float)));
  CHECK(cudaMemcpy(in, h.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> back(N);
  int bad = 0;
  // Rows of ROW floats: grid (ROW / 16) x (N / ROW / 16) of 16x16 blocks.
  dim3 b16(16, 16), g16(ROW / 16, N / ROW / 16);
  two_rows_broadcast<<<g16, b16>>>(in, out);
  CHECK(cudaMemcpy(back.data(), out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  bad += back[5 * ROW + 7] != h[5 * ROW];
  dup_stride2<<<g16, b16>>>(in, out);
  CHECK(cudaMemcpy(back.data(), out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  bad += back[5 * ROW + 7] != h[14];
  dup_contig<<<g16, b16>>>(in, out);
  CHECK(cudaMemcpy(back.data(), out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  bad += back[5 * ROW + 7] != h[7];
  dim3 b8(8, 32), g8(ROW / 8, N / ROW / 32);
  four_rows_broadcast<<<g8, b8>>>(in, out);
  CHECK(cudaMemcpy(back.data(), out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  bad += back[5 * ROW + 7] != h[5 * ROW];
  pairs_stride2<<<N / 256, 256>>>(in, out);
  CHECK(cudaMemcpy(back.data(), out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  bad += back[7] != h[6];
  CHECK(cudaGetLastError());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
