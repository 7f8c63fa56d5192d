// pattern: grid-stride loop, 128 blocks of 256 threads over 1<<20 floats; expected: 4 sectors/request for the load and the store

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
constexpr int BLOCKS = 128;

__global__ void grid_stride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float v = in[i];
    out[i] = 0.5f * v;
  }
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != 0.5f * in[i])
      return 1;
  return 0;
}

int main() {
  std::vector<float> h_in(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 4099);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(BLOCKS);
  int bad = 0;
  grid_stride<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
