// pattern: block reduction with interleaved addressing, tid % (2*s) == 0 (divergent) and index = 2*s*tid (strided); expected: load 4 sectors/request, out[blockIdx.x] store 1; divergent version shared accesses 1 wavefront (active lanes are 2s words apart, at most 32 words), strided-index version 2, 4, 8, 8, 8, 4, 2, 1 wavefronts for s = 1..128 (averaged by the profiler over instructions)

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

// Divergent version: the active threads thin out inside each warp.
__global__ void reduce_interleaved(const float *in, float *out, int n) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Strided-index version: contiguous active threads, strided shared addresses.
__global__ void reduce_interleaved_index(const float *in, float *out, int n) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
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
  reduce_interleaved<<<grid, block>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  bad += check(h_in, d_out);
  reduce_interleaved_index<<<grid, block>>>(d_in, d_out, N);
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
