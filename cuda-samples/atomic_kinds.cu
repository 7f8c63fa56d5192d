// pattern: atomics of each type on lanes with distinct, known words (block 256): shared int and unsigned add, float add, double add, 64-bit integer add, a 2-lanes-per-word int add and one address for the warp; global float, double and 64-bit add (results unused: reductions); expected: what sm_90 executes for each (native or a compare-and-swap loop), measured

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

__global__ void shared_atomic_kinds(const float *in, float *out) {
  __shared__ int si[BLOCK];
  __shared__ float sf[BLOCK];
  __shared__ double sd[BLOCK];
  __shared__ unsigned long long su[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  si[t] = 0;
  sf[t] = 0;
  sd[t] = 0;
  su[t] = 0;
  __syncthreads();
  float v = in[i];
  atomicAdd(&si[t], 1);
  atomicAdd(&sf[t], v);
  atomicAdd(&sd[t], double(v));
  atomicAdd(&su[t], 1ull);
  atomicAdd(&si[t / 2], 1);
  __syncthreads();
  atomicMax(&si[0], t);
  __syncthreads();
  out[i] = float(si[t]) + sf[t] + float(sd[t]) + float(su[t]);
}

__global__ void global_atomic_kinds(const float *in, float *f, double *d,
                                    unsigned long long *u) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  atomicAdd(&f[i], v);
  atomicAdd(&d[i], double(v));
  atomicAdd(&u[i], 1ull);
}

int main() {
  std::vector<float> h_in(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 5);
  float *d_in, *d_out, *d_f;
  double *d_d;
  unsigned long long *d_u;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(cudaMalloc(&d_f, N * sizeof(float)));
  CHECK(cudaMalloc(&d_d, N * sizeof(double)));
  CHECK(cudaMalloc(&d_u, N * sizeof(unsigned long long)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_f, 0, N * sizeof(float)));
  CHECK(cudaMemset(d_d, 0, N * sizeof(double)));
  CHECK(cudaMemset(d_u, 0, N * sizeof(unsigned long long)));
  dim3 block(BLOCK);
  dim3 grid(N / BLOCK);
  shared_atomic_kinds<<<grid, block>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  global_atomic_kinds<<<grid, block>>>(d_in, d_f, d_d, d_u);
  CHECK(cudaGetLastError());
  std::vector<float> h_out(N), h_f(N);
  CHECK(cudaMemcpy(h_out.data(), d_out, N * sizeof(float),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_f.data(), d_f, N * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    int t = i % BLOCK;
    // si[t]: 1, plus 1 from t/2 where t < 128 holds 2 lanes each; si[0]
    // also takes the max of t (255).
    float si = 1.f + (t < BLOCK / 2 ? 2.f : 0.f);
    if (t == 0)
      si = float(BLOCK - 1);
    float want = si + 2.f * h_in[i] + 1.f;
    if (h_out[i] != want || h_f[i] != h_in[i])
      ++bad;
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_f));
  CHECK(cudaFree(d_d));
  CHECK(cudaFree(d_u));
  if (bad) {
    std::printf("FAIL: %d values wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
