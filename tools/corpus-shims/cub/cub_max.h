// cub::Max, which CCCL 3 (CUDA 13) removed and llama2.cu's block reduction
// still names; force-included (-include cub_max.h).
#pragma once
#include <cub/cub.cuh>

namespace cub {
struct Max {
  template <class T>
  __host__ __device__ T operator()(const T &A, const T &B) const {
    return A < B ? B : A;
  }
};
} // namespace cub
