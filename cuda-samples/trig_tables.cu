// pattern: double-precision sin, cos, sinpi and cospi read six polynomial coefficients from a 16-double table in global memory (CUDA's math library, __cudart_sin_cos_coeffs), the half that the argument's quadrant picks; expected: 3 loads of 16 B per call at the call's line, 1 sector each where every lane has one argument (sin(phi), cos(phi), sinpi(phi), cospi(phi)); where lanes' quadrants differ in parity (x = (t % 2) * pi/2) each load touches both halves, 2 sectors; lanes in one quadrant (x = t / 1024) 1 sector; sincos, tan, sinf, cosf read no table for these arguments

#include <cmath>
#include <cstdio>
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

__global__ void sin_uniform(double *out, double phi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = sin(phi) * i;
}

__global__ void cos_uniform(double *out, double phi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cos(phi) * i;
}

__global__ void sinpi_cospi_uniform(double *out, double phi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double s = sinpi(phi);
  double c = cospi(phi);
  out[i] = (s + c) * i;
}

__global__ void sin_parity(double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = (threadIdx.x % 2) * 1.5707963267948966;
  out[i] = sin(x);
}

__global__ void cos_one_quadrant(double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = threadIdx.x / 1024.0;
  out[i] = cos(x);
}

__global__ void no_table(double *out, float *outf, double phi, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double s, c;
  sincos(phi * i, &s, &c);
  out[i] = s + c + tan(phi * i);
  outf[i] = sinf(f * i) + cosf(f * i);
}

int main() {
  double *out;
  float *outf;
  CHECK(cudaMalloc(&out, N * sizeof(double)));
  CHECK(cudaMalloc(&outf, N * sizeof(float)));
  std::vector<double> h(N);
  int bad = 0;
  const double phi = 0.3;
  sin_uniform<<<N / BLOCK, BLOCK>>>(out, phi);
  CHECK(cudaMemcpy(h.data(), out, N * sizeof(double), cudaMemcpyDeviceToHost));
  bad += std::fabs(h[7] - std::sin(phi) * 7) > 1e-9;
  cos_uniform<<<N / BLOCK, BLOCK>>>(out, phi);
  CHECK(cudaMemcpy(h.data(), out, N * sizeof(double), cudaMemcpyDeviceToHost));
  bad += std::fabs(h[7] - std::cos(phi) * 7) > 1e-9;
  sinpi_cospi_uniform<<<N / BLOCK, BLOCK>>>(out, phi);
  CHECK(cudaMemcpy(h.data(), out, N * sizeof(double), cudaMemcpyDeviceToHost));
  bad += std::fabs(h[1] - (std::sin(M_PI * phi) + std::cos(M_PI * phi))) > 1e-9;
  sin_parity<<<N / BLOCK, BLOCK>>>(out);
  CHECK(cudaMemcpy(h.data(), out, N * sizeof(double), cudaMemcpyDeviceToHost));
  bad += std::fabs(h[1] - 1.0) > 1e-9 || std::fabs(h[2]) > 1e-9;
  cos_one_quadrant<<<N / BLOCK, BLOCK>>>(out);
  CHECK(cudaMemcpy(h.data(), out, N * sizeof(double), cudaMemcpyDeviceToHost));
  bad += std::fabs(h[3] - std::cos(3 / 1024.0)) > 1e-9;
  no_table<<<N / BLOCK, BLOCK>>>(out, outf, 1e-6, 1e-6f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  CHECK(cudaFree(outf));
  if (bad) {
    std::printf("FAIL: %d kernels wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
