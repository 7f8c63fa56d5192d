// pattern: strided loads in[STRIDE*i] for STRIDE = 2, 4, 32; expected: loads 8, 16, 32 sectors/request (ideal 4), stores 4

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

constexpr int N = 1 << 18;
constexpr int BLOCK = 256;

__global__ void stride2(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[2 * i];
    out[i] = v;
  }
}

__global__ void stride4(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[4 * i];
    out[i] = v;
  }
}

__global__ void stride32(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[32 * i];
    out[i] = v;
  }
}

static int check(const std::vector<float> &in, const float *d_out, int s) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != in[size_t(s) * i])
      return 1;
  return 0;
}

int main() {
  const size_t total = size_t(32) * N;
  std::vector<float> h_in(total);
  for (size_t i = 0; i < total; ++i)
    h_in[i] = float(i % 8191);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, total * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), total * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  stride2<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, 2);
  stride4<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, 4);
  stride32<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out, 32);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
