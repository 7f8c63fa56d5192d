// pattern: stencil neighbours clamped or wrapped at the grid's edge: in[max(i - 1, 0)], in[min(i + 1, n - 1)], a row's left neighbour wrapped into a local first, and mumax3's choice of the two (PBC ? MOD(x - 1, nx) : max(x - 1, 0)); expected: every neighbour load 5 sectors/request (the edge lanes aside), the centre loads and the stores 4

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

#define MOD(n, M) ((((n) % (M)) + (M)) % (M))

// The neighbours of a 1-D stencil, clamped at both ends.
__global__ void clamp_min_max(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float l = in[max(i - 1, 0)];
  float r = in[min(i + 1, n - 1)];
  out[i] = l + in[i] + r;
}

// A row's left neighbour, wrapped around the row into a local first.
__global__ void wrap_local(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x >= nx || y >= ny)
    return;
  int xm = (x - 1 + nx) % nx;
  out[y * nx + x] = in[y * nx + xm] - in[y * nx + x];
}

// mumax3's lclampx: wrap where the boundary is periodic, else clamp; the
// flag comes from the command line.
__global__ void periodic_or_clamp(const float *in, float *out, int nx, int ny,
                                  int pbc) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x >= nx || y >= ny)
    return;
  int xm = pbc ? MOD(x - 1, nx) : max(x - 1, 0);
  out[y * nx + x] = in[y * nx + xm];
}

static int fetch(std::vector<float> &h, const float *d) {
  return cudaMemcpy(h.data(), d, N * sizeof(float), cudaMemcpyDeviceToHost) !=
         cudaSuccess;
}

int main(int argc, char **argv) {
  // The row's width and the boundary as a program reads them at run time.
  int nx = argc > 1 ? std::atoi(argv[1]) : std::atoi("1024"), ny = N / nx;
  int pbc = argc > 2;
  std::vector<float> h_in(N), h_out(N);
  for (int i = 0; i < N; ++i)
    h_in[i] = float(i % 4099);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_out, N * sizeof(float)));
  CHECK(
      cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  int bad = 0;

  clamp_min_max<<<N / BLOCK, BLOCK>>>(d_in, d_out, N);
  CHECK(cudaGetLastError());
  if (fetch(h_out, d_out))
    return 1;
  for (int i = 0; i < N; ++i) {
    float l = h_in[i > 0 ? i - 1 : 0], r = h_in[i + 1 < N ? i + 1 : N - 1];
    bad += h_out[i] != l + h_in[i] + r;
  }

  dim3 grid((nx + BLOCK - 1) / BLOCK, ny);
  wrap_local<<<grid, BLOCK>>>(d_in, d_out, nx, ny);
  CHECK(cudaGetLastError());
  if (fetch(h_out, d_out))
    return 1;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      bad += h_out[y * nx + x] !=
             h_in[y * nx + (x + nx - 1) % nx] - h_in[y * nx + x];

  periodic_or_clamp<<<grid, BLOCK>>>(d_in, d_out, nx, ny, pbc);
  CHECK(cudaGetLastError());
  if (fetch(h_out, d_out))
    return 1;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      int xm = pbc ? (x + nx - 1) % nx : (x > 0 ? x - 1 : 0);
      bad += h_out[y * nx + x] != h_in[y * nx + xm];
    }

  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL: %d values wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
