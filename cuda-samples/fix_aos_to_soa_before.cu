// pattern: fix-it before: array of structs of 3 floats, each thread reads p[i].x, p[i].y, p[i].z (12 B stride); expected: each member load 12 sectors/request (ideal 4), store 4

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

struct Point {
  float x, y, z;
};

__global__ void norm2(const Point *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = p[i].x;
    float y = p[i].y;
    float z = p[i].z;
    out[i] = x * x + y * y + z * z;
  }
}

int main() {
  std::vector<Point> h_p(N);
  std::vector<float> h_out(N);
  for (int i = 0; i < N; ++i)
    h_p[i] = {float(i % 13), float(i % 7), float(i % 5)};
  Point *d_p;
  float *d_out;
  CHECK(cudaMalloc(&d_p, N * sizeof(Point)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d_p, h_p.data(), N * sizeof(Point), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  norm2<<<grid, block>>>(d_p, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    const Point &q = h_p[i];
    if (h_out[i] != q.x * q.x + q.y * q.y + q.z * q.z)
      ++bad;
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
