// pattern: shared doubles (two half-warp phases) and double2s (four quarter-warp phases) touched by some lanes of each half-warp, or by pairs of lanes: 8 lanes of each half-warp storing and loading 64 contiguous bytes, the halves in disjoint banks (sa); 8 lanes of each half-warp loading 4 doubles, two lanes per double (sa again); 4 lanes of each half-warp (sc); the same as sa in warps 0 to 3 only, warps 4 to 7 running the predicated store and load with no lane on (sg); two lanes per double, sb[t / 2] and sd[t / 2]; double2 loads, one address per half-warp 128 bytes apart (same banks, se[(t / 16) * 8]) or 64 bytes apart (disjoint banks, se[(t / 16) * 4]); block 256; expected (measured on the H100, wavefronts per executed instruction): sa store and load 2 (ideal 1), sa read two lanes per double 1, sc store and load 2 (ideal 1), sg 1 (2 in warps 0 to 3, none in the warps with no lane on), sb[t / 2] load 1, sd[t / 2] store 2 (ideal 2), the double2 loads 2 and 2: a store's phases never share a wavefront, and a load's share one where no double is read by one lane alone
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

__global__ void shared_double_halves(const float *in, float *out) {
  __shared__ double sa[BLOCK / 2];
  __shared__ double sb[BLOCK];
  __shared__ double sc[BLOCK / 4];
  __shared__ double sd[BLOCK / 2];
  __shared__ double sg[BLOCK / 4];
  __shared__ double2 se[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  double v = in[i];
  double w = in[blockIdx.x * blockDim.x + t / 2];
  if ((t & 15) < 8)
    sa[(t >> 4) * 8 + (t & 7)] = v;
  sb[t] = v;
  if ((t & 15) < 4)
    sc[(t >> 4) * 4 + (t & 3)] = v;
  sd[t / 2] = w;
  if (t < BLOCK / 2 && (t & 15) < 8)
    sg[(t >> 4) * 8 + (t & 7)] = v;
  se[t] = make_double2(v, 2 * v);
  __syncthreads();
  double s = 0;
  if ((t & 15) < 8)
    s += sa[(t >> 4) * 8 + (t & 7)];
  s += sb[t / 2];
  if ((t & 15) < 8)
    s += sa[(t >> 4) * 8 + (t & 7) / 2];
  if ((t & 15) < 4)
    s += sc[(t >> 4) * 4 + (t & 3)];
  s += sd[t % (BLOCK / 2)];
  if (t < BLOCK / 2 && (t & 15) < 8)
    s += sg[(t >> 4) * 8 + (t & 7)];
  double2 q = se[(t >> 4) * 8];
  double2 r = se[(t >> 4) * 4];
  out[i] = float(s + q.x + q.y + r.x + r.y);
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
    double Want = Elem(T / 2) + Elem(T % (BLOCK / 2)) +
                  3 * Elem((T >> 4) * 8) + 3 * Elem((T >> 4) * 4);
    if ((T & 15) < 8)
      Want += Elem(T) + Elem((T & ~7) + (T & 7) / 2);
    if ((T & 15) < 4)
      Want += Elem(T);
    if (T < BLOCK / 2 && (T & 15) < 8)
      Want += Elem(T);
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
  shared_double_halves<<<grid, block>>>(d_in, d_out);
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
