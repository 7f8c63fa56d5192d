// pattern: 1-D stencil of radius 3 with a shared halo, block 256; expected: main load in[g + 3] 5 sectors/request (12 B misaligned), halo loads 1 sector (3 lanes), shared stores and reads 1 wavefront, store 4

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
constexpr int RADIUS = 3;
constexpr int BLOCK = 256;

// in holds N + 2*RADIUS elements; out[g] = sum of in[g .. g + 2*RADIUS].
__global__ void stencil_1d(const float *in, float *out, int n) {
  __shared__ float temp[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  float c = in[g + RADIUS];
  temp[l] = c;
  if (threadIdx.x < RADIUS) {
    float left = in[g];
    temp[l - RADIUS] = left;
    float right = in[g + RADIUS + BLOCK];
    temp[l + BLOCK] = right;
  }
  __syncthreads();
  float sum = 0.0f;
  for (int off = -RADIUS; off <= RADIUS; ++off)
    sum += temp[l + off];
  if (g < n)
    out[g] = sum;
}

int main() {
  std::vector<float> h_in(N + 2 * RADIUS), h_out(N);
  for (int i = 0; i < N + 2 * RADIUS; ++i)
    h_in[i] = float(i % 13);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, (N + 2 * RADIUS) * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in.data(), (N + 2 * RADIUS) * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  stencil_1d<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    float ref = 0.0f;
    for (int k = 0; k <= 2 * RADIUS; ++k)
      ref += h_in[i + k];
    if (h_out[i] != ref)
      ++bad;
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
