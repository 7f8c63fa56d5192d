// pattern: shared array of float4 (16-byte accesses: four quarter-warp phases) stored and read contiguously s[t], with a 32-byte stride s[(2*t) % 256] and a 64-byte stride s[(4*t) % 256], one address per warp s[0], per half-warp s[t / 16] and per quarter-warp s[t / 8] and s[(t / 8) * 8 % 256], two per quarter-warp s[t / 4], and the same 4 to 8 elements in every quarter-warp s[t % 4], s[t % 5], s[t % 6], s[t % 8], block 256; expected (measured on the H100): s[t] store and load 4 wavefronts, the 32-byte stride 8, the 64-byte stride 16; two quarter-warps share a wavefront where both are conflict-free and use disjoint banks (s[t / 8], s[t / 4]: 2) or the half-warp reads one address (s[0], s[t / 16]: 2), not where they read the same several words (s[t % 4] to s[t % 8]: 4) or conflict (s[(t / 8) * 8 % 256]: 4); global load and store 4 sectors/request

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

__global__ void shared_float4(const float *in, float *out) {
  __shared__ float4 s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float x = in[i];
  s[t] = make_float4(x, x + 1.0f, x + 2.0f, x + 3.0f);
  __syncthreads();
  float a = sum4(s[t]);
  float b = sum4(s[(2 * t) % BLOCK]);
  float c = sum4(s[(4 * t) % BLOCK]);
  float d = sum4(s[t % 8]);
  float e = sum4(s[0]);
  float f = sum4(s[t / 8]);
  float g = sum4(s[t / 16]);
  float h = sum4(s[(t / 8) * 8 % BLOCK]);
  float k = sum4(s[t / 4]);
  float l = sum4(s[t % 4]);
  float m = sum4(s[t % 5]);
  float n = sum4(s[t % 6]);
  out[i] = a + b + c + d + e + f + g + h + k + l + m + n;
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  // Element j of a block sums to 4 * in[j] + 6; every sum is an exact float.
  auto Elem = [&](int Block, int J) { return 4 * in[Block * BLOCK + J] + 6; };
  for (int i = 0; i < N; ++i) {
    int B = i / BLOCK, T = i % BLOCK;
    float Want = Elem(B, T) + Elem(B, (2 * T) % BLOCK) +
                 Elem(B, (4 * T) % BLOCK) + Elem(B, T % 8) + Elem(B, 0) +
                 Elem(B, T / 8) + Elem(B, T / 16) +
                 Elem(B, (T / 8) * 8 % BLOCK) + Elem(B, T / 4) +
                 Elem(B, T % 4) + Elem(B, T % 5) + Elem(B, T % 6);
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
  shared_float4<<<grid, block>>>(d_in, d_out);
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
