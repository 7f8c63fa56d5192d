// pattern: whole structs that no one instruction moves, copied out[i] = in[i]; expected: each piece of its alignment is one access: float3 3 x 4 B at stride 12 (12 sectors/request each, ideal 4), Pair {float x, y} 2 x 4 B (8, ideal 4), uchar3 3 x 1 B (3, ideal 1), double3 3 x 8 B (24, ideal 8), a 32-byte __align__(16) struct 2 x 16 B (32, ideal 16); float3 in shared memory 3 x 4 B at 3 banks apart: 1 wavefront each

#include <cstdio>
#include <cstdlib>
#include <cstring>
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

typedef struct {
  float x, y;
} Pair;
struct __align__(16) Oct {
  float v[8];
};

__global__ void copy_float3(const float3 *in, float3 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copy_pair(const Pair *in, Pair *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copy_uchar3(const uchar3 *in, uchar3 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copy_double3(const double3 *in, double3 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copy_oct(const Oct *in, Oct *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void shared_float3(const float3 *in, float3 *out) {
  __shared__ float3 tile[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  tile[t] = in[i];
  __syncthreads();
  out[i] = tile[BLOCK - 1 - t];
}

// A buffer of n Ts with bytes of a pattern, and one for the copy.
template <typename T> struct Buffers {
  std::vector<unsigned char> h = std::vector<unsigned char>(N * sizeof(T));
  T *in = nullptr, *out = nullptr;
  int alloc() {
    for (size_t b = 0; b < h.size(); ++b)
      h[b] = (unsigned char)(b * 7 % 251);
    CHECK(cudaMalloc(&in, N * sizeof(T)));
    CHECK(cudaMalloc(&out, N * sizeof(T)));
    CHECK(cudaMemcpy(in, h.data(), h.size(), cudaMemcpyHostToDevice));
    return 0;
  }
  // Whether out holds in's elements, each block's reversed where Reverse.
  int check(bool Reverse) {
    std::vector<unsigned char> back(h.size());
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(back.data(), out, back.size(), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    for (int i = 0; i < N; ++i) {
      int from = Reverse ? i / BLOCK * BLOCK + (BLOCK - 1 - i % BLOCK) : i;
      if (std::memcmp(&back[size_t(i) * sizeof(T)],
                      &h[size_t(from) * sizeof(T)], sizeof(T)))
        return 1;
    }
    return 0;
  }
};

int main() {
  int bad = 0;
  Buffers<float3> f3, s3;
  Buffers<Pair> p2;
  Buffers<uchar3> c3;
  Buffers<double3> d3;
  Buffers<Oct> o8;
  if (f3.alloc() || s3.alloc() || p2.alloc() || c3.alloc() || d3.alloc() ||
      o8.alloc())
    return 1;
  copy_float3<<<N / BLOCK, BLOCK>>>(f3.in, f3.out);
  bad += f3.check(false);
  copy_pair<<<N / BLOCK, BLOCK>>>(p2.in, p2.out);
  bad += p2.check(false);
  copy_uchar3<<<N / BLOCK, BLOCK>>>(c3.in, c3.out);
  bad += c3.check(false);
  copy_double3<<<N / BLOCK, BLOCK>>>(d3.in, d3.out);
  bad += d3.check(false);
  copy_oct<<<N / BLOCK, BLOCK>>>(o8.in, o8.out);
  bad += o8.check(false);
  shared_float3<<<N / BLOCK, BLOCK>>>(s3.in, s3.out);
  bad += s3.check(true);
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
