// pattern: contiguous copy out[i] = in[i] of float2 (8 B per lane); expected: 8 sectors/request for load and store (ideal 8)

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

__global__ void copy_float2(const float2 *in, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i]; // one line: nvcc attributes a vector copy's load to the store
  }
}

static float2 make(int i) {
  return make_float2(float(i % 4099), float(i % 17));
}

static bool same(const float2 &a, const float2 &b) {
  return a.x == b.x && a.y == b.y;
}

int main() {
  std::vector<float2> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = make(i);
  float2 *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float2)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float2)));
  CHECK(cudaMemcpy(d_in, h_in.data(), N * sizeof(float2),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  copy_float2<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float2),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (!same(h_out[i], h_in[i]))
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
