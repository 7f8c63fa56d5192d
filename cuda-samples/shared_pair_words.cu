// pattern: 16-byte and 8-byte shared loads whose paired phases (the two quarter-warps of a half-warp for float4, the two half-warps for double) read the same few words, block 256: float4 s[t % 2], s[(t / 2) % 2], s[(t / 16) * 2 + t % 2] (a GEMM's warp-tile fragment), s[t % 3], the partly shared s[t % 2 + (t / 8) % 2], s[(t % 2) * 8] (two words in one bank); double d[t % 2], d[(t / 2) % 2], d[t % 3]; expected (measured on the H200, wavefronts per executed instruction): the float4 loads 2, 2, 2, 4, 2 and 8 (ideal 4), the double loads 1, 1 and 2: a load's paired phases share a wavefront where each reads at most two addresses and they read the same word wherever they use one bank, not where a phase reads three (s[t % 3], d[t % 3]) or conflicts; the stores 4 and 2, global load and store 4 sectors/request
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

// All four components are used, so each read stays one 16-byte load.
__device__ float sum4(float4 v) { return v.x + v.y + v.z + v.w; }

__global__ void shared_pair_words(const float *in, float *out) {
  __shared__ float4 s[BLOCK];
  __shared__ double d[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float x = in[i];
  s[t] = make_float4(x, x + 1.0f, x + 2.0f, x + 3.0f);
  d[t] = x;
  __syncthreads();
  float a = sum4(s[t % 2]);
  float b = sum4(s[(t / 2) % 2]);
  float c = sum4(s[(t / 16) * 2 + t % 2]);
  float e = sum4(s[t % 3]);
  float f = sum4(s[t % 2 + (t / 8) % 2]);
  float g = sum4(s[(t % 2) * 8]);
  double h = d[t % 2];
  double k = d[(t / 2) % 2];
  double l = d[t % 3];
  out[i] = a + b + c + e + f + g + float(h + k + l);
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  // Element j of a block sums to 4 * in[j] + 6; every sum is an exact float.
  auto Elem = [&](int Block, int J) { return 4 * in[Block * BLOCK + J] + 6; };
  auto Dbl = [&](int Block, int J) { return double(in[Block * BLOCK + J]); };
  for (int i = 0; i < N; ++i) {
    int B = i / BLOCK, T = i % BLOCK;
    float Want = Elem(B, T % 2) + Elem(B, (T / 2) % 2) +
                 Elem(B, (T / 16) * 2 + T % 2) + Elem(B, T % 3) +
                 Elem(B, T % 2 + (T / 8) % 2) + Elem(B, (T % 2) * 8) +
                 float(Dbl(B, T % 2) + Dbl(B, (T / 2) % 2) + Dbl(B, T % 3));
    if (out[i] != Want)
      return 1;
  }
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
  shared_pair_words<<<grid, block>>>(d_in, d_out);
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
