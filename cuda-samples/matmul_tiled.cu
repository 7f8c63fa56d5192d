// pattern: tiled matrix multiply C = A*B, 512x512, 16x16 shared tiles, block 16x16; expected: global loads of A and B tiles and the C store 4 sectors/request (2 rows of 64 B), shared stores 1 wavefront, shared reads As[ty][k] and Bs[k][tx] 1 wavefront (broadcast)

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

constexpr int N = 512;
constexpr int TILE = 16;

__global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    float va = a[row * n + t * TILE + tx];
    as[ty][tx] = va;
    float vb = b[(t * TILE + ty) * n + col];
    bs[ty][tx] = vb;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      float x = as[ty][k];
      float y = bs[k][tx];
      sum += x * y;
    }
    __syncthreads();
  }
  c[row * n + col] = sum;
}

int main() {
  std::vector<float> h_a(N * N), h_b(N * N), h_c(N * N);
  for (int i = 0; i < N * N; ++i) {
    h_a[i] = float(i % 7) - 3.0f;
    h_b[i] = float(i % 5) - 2.0f;
  }
  float *d_a, *d_b, *d_c;
  CHECK(cudaMalloc(&d_a, N * N * sizeof(float)));
  CHECK(cudaMalloc(&d_b, N * N * sizeof(float)));
  CHECK(cudaMalloc(&d_c, N * N * sizeof(float)));
  CHECK(cudaMemcpy(d_a, h_a.data(), N * N * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, h_b.data(), N * N * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, N / TILE);
  matmul_tiled<<<grid, block>>>(d_a, d_b, d_c, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_c.data(), d_c, N * N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  // Integer-valued inputs keep every partial sum exact in float.
  std::vector<float> ref(N * N, 0.0f);
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k) {
      float aik = h_a[i * N + k];
      for (int j = 0; j < N; ++j)
        ref[i * N + j] += aik * h_b[k * N + j];
    }
  int bad = 0;
  for (int i = 0; i < N * N; ++i)
    if (h_c[i] != ref[i])
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
