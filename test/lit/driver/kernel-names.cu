// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print('kernel', a['kernel']) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// A kernel instantiation is named as its compiled symbol is, and as Nsight
// Compute names it, so that the two can be matched: a typedef by the type
// it stands for (`half` is `__half`), an enumerator by its value
// (`(Mode)1`), a bool as clang prints it, and a kernel in a namespace with
// its namespace (the CUDA Handbook's `satdetail::naiveRow`).
#include <cuda_fp16.h>

enum class Mode { Plain, Scaled };

template <typename T, Mode M, bool Tail>
__global__ void apply(T *out) {
  out[threadIdx.x] = out[threadIdx.x];
}

namespace detail {
__global__ void scale(float *out) { out[threadIdx.x] *= 2.f; }
} // namespace detail

void launch(half *h, float *f) {
  apply<half, Mode::Scaled, false><<<1, 32>>>(h);
  detail::scale<<<1, 32>>>(f);
}
// CHECK: kernel apply<__half, (Mode)1, false>
// CHECK: kernel detail::scale
