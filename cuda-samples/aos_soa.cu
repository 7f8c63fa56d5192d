// pattern: AoS of 2, 3, 4 floats reading one member in[i].x, and the SoA rewrite x[i]; expected: loads 8, 12, 16 sectors/request (8, 12, 16 B stride) vs 4 for SoA, stores 4

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

struct P2 {
  float x, y;
};
struct P3 {
  float x, y, z;
};
struct P4 {
  float x, y, z, w;
};

__global__ void aos2_x(const P2 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i].x;
    out[i] = v;
  }
}

__global__ void aos3_x(const P3 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i].x;
    out[i] = v;
  }
}

__global__ void aos4_x(const P4 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i].x;
    out[i] = v;
  }
}

__global__ void soa_x(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    out[i] = v;
  }
}

static int check(const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int i = 0; i < N; ++i)
    if (out[i] != float(i % 4099))
      return 1;
  return 0;
}

int main() {
  std::vector<P2> h2(N);
  std::vector<P3> h3(N);
  std::vector<P4> h4(N);
  std::vector<float> hx(N);
  for (int i = 0; i < N; ++i) {
    float v = float(i % 4099);
    h2[i] = {v, -1.0f};
    h3[i] = {v, -1.0f, -2.0f};
    h4[i] = {v, -1.0f, -2.0f, -3.0f};
    hx[i] = v;
  }
  P2 *d2;
  P3 *d3;
  P4 *d4;
  float *dx, *d_out;
  CHECK(cudaMalloc(&d2, N * sizeof(P2)));
  CHECK(cudaMalloc(&d3, N * sizeof(P3)));
  CHECK(cudaMalloc(&d4, N * sizeof(P4)));
  CHECK(cudaMalloc(&dx, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d2, h2.data(), N * sizeof(P2), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d3, h3.data(), N * sizeof(P3), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d4, h4.data(), N * sizeof(P4), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, hx.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  aos2_x<<<grid, block>>>(d2, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(d_out);
  aos3_x<<<grid, block>>>(d3, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(d_out);
  aos4_x<<<grid, block>>>(d4, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(d_out);
  soa_x<<<grid, block>>>(dx, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(d_out);
  CHECK(cudaFree(d2));
  CHECK(cudaFree(d3));
  CHECK(cudaFree(d4));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
