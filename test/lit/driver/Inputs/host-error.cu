// nvcc accepts this host code; clang rejects max(int, size_t).
#include <cstddef>
__global__ void offset(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
int main() {
  size_t n = 10;
  int m = max(3, n);
  offset<<<4, 256>>>(0, 0);
  return m;
}
