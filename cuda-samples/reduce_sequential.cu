// pattern: block reduction with sequential addressing, for (s = blockDim.x/2; s > 0; s >>= 1) if (tid < s) sdata[tid] += sdata[tid + s]; expected: load 4 sectors/request, out[blockIdx.x] store 1, all shared accesses 1 wavefront (contiguous lanes)

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

__global__ void reduce_sequential(const float *in, float *out, int n) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Inputs are small integers, so every partial sum is exact in float.
static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N / BLOCK);
  if (cudaMemcpy(out.data(), d_out, (N / BLOCK) * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  for (int b = 0; b < N / BLOCK; ++b) {
    float ref = 0.0f;
    for (int t = 0; t < BLOCK; ++t)
      ref += in[b * BLOCK + t];
    if (out[b] != ref)
      return 1;
  }
  return 0;
}

int main() {
  std::vector<float> h_in(N), h_out(N / BLOCK);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 7);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, (N / BLOCK) * sizeof(float)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  int bad = 0;
  reduce_sequential<<<grid, block>>>(d_in, d_out, N);
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
