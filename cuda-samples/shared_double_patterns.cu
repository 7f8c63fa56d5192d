// pattern: shared array of double (8-byte accesses: two half-warp phases) read contiguously d[t], with a 16-byte stride d[(2*t) % 256] and a 32-byte stride d[(4*t) % 256], one address per warp d[0], per half-warp d[t / 16], per quarter-warp d[t / 8] and per 4 lanes d[t / 4], the same several elements in both half-warps d[t % 8] and d[t % 4], and one address per half-warp in the same banks d[(t / 16) * 16 % 256], block 256; expected (measured on the H100): d[t] store and load 2 wavefronts, the 16-byte stride 4, the 32-byte stride 8; the two half-warps share a wavefront where both are conflict-free and use disjoint banks (d[t / 16], d[t / 8], d[t / 4]: 1) or the warp reads one address (d[0]: 1), not where they read the same several words (d[t % 8], d[t % 4]: 2) or conflict (d[(t / 16) * 16 % 256]: 2); global load and store 4 sectors/request

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

__global__ void shared_double_patterns(const float *in, float *out) {
  __shared__ double d[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  d[t] = in[i];
  __syncthreads();
  double a = d[t];
  double b = d[(2 * t) % BLOCK];
  double c = d[(4 * t) % BLOCK];
  double e = d[0];
  double f = d[t / 16];
  double g = d[t / 8];
  double h = d[t / 4];
  double k = d[t % 8];
  double l = d[t % 4];
  double m = d[(t / 16) * 16 % BLOCK];
  out[i] = float(a + b + c + e + f + g + h + k + l + m);
}

static int check(const std::vector<float> &in, const float *d_out) {
  std::vector<float> out(N);
  if (cudaMemcpy(out.data(), d_out, N * sizeof(float),
                 cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  // Every element is a small integer: the sums are exact in any order.
  for (int i = 0; i < N; ++i) {
    int B = i / BLOCK, T = i % BLOCK;
    auto Elem = [&](int J) { return double(in[B * BLOCK + J]); };
    double Want = Elem(T) + Elem((2 * T) % BLOCK) + Elem((4 * T) % BLOCK) +
                  Elem(0) + Elem(T / 16) + Elem(T / 8) + Elem(T / 4) +
                  Elem(T % 8) + Elem(T % 4) + Elem((T / 16) * 16 % BLOCK);
    if (out[i] != float(Want))
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
  shared_double_patterns<<<grid, block>>>(d_in, d_out);
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
