// -Ddfloat=double for nvcc; clang makes it float. No readonly warning on x.
__global__ void typo(dfloat *x, float *y) { y[threadIdx.x] = x[threadIdx.x] + x[threadIdx.x + 1]; }

// A statement clang drops whole: no trace of it in the AST.
__global__ void dropped(float *y) { y[threadIdx.x * MKX] = 0; }

__device__ float helper(float *p) { return p[threadIdx.x * UNDEFINED]; }
__global__ void caller(float *y) { y[threadIdx.x] = helper(y); }

__global__ void fine(float *y) { y[threadIdx.x * 2] = 0; }

// A kernel clang rejects whole (a parameter of a type it cannot name).
__global__ void rejected(Unknown<int> *p) { p[threadIdx.x] = 0; }

// An instantiation clang does not build (its template's `auto p = &s` has
// no type; SGEMM_CUDA's `__shared__ cuda::barrier`): named all the same.
template <int N> __global__ void unbuilt(float *y) {
  __shared__ Missing s;
  auto p = &s;
  y[threadIdx.x * N] = 0;
}
void launch(float *y) {
  unbuilt<2><<<1, 32>>>(y);
  unbuilt<4><<<1, 32>>>(y); // fails alike: named once
}
