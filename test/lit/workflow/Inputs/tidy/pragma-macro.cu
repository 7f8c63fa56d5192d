// nvcc's `#pragma` from a macro (moderngpu's PRAGMA_UNROLL).
#define PRAGMA_UNROLL #pragma unroll
__global__ void strided(float *a, const float *b) {
  float s = 0;
  PRAGMA_UNROLL
  for (int j = 0; j < 4; ++j)
    s += b[2 * threadIdx.x + 64 * j];
  a[threadIdx.x] = s;
}
int main() { strided<<<1, 32>>>(0, 0); }
