// pattern: shared array of double read contiguously s[t] and with stride 2 s[(2*t) % 1024], block 1024; expected: shared store and s[t] load 2 wavefronts (8 B ideal), s[(2*t) % 1024] load 4 wavefronts, global load and store 4 sectors/request

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
constexpr int BLOCK = 1024;

__global__ void shared_double(const float *in, float *out, int n) {
  __shared__ double s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  double d = in[i];
  s[t] = d;
  __syncthreads();
  double a = s[t];
  double b = s[(2 * t) % 1024];
  out[i] = float(a + b);
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != in[i] + in[(i / BLOCK) * BLOCK + (2 * (i % BLOCK)) % 1024])
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
  dim3 grid(N / BLOCK);
  int bad = 0;
  shared_double<<<grid, block>>>(d_in, d_out, N);
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
