// CUDA 13 headers: cooperative groups and cuda::std need include/cccl.
#include <cooperative_groups.h>
#include <cuda/std/cstdint>
#include <cuda/std/type_traits>
namespace cg = cooperative_groups;

__global__ void reduce(const float *__restrict__ in, float *__restrict__ out) {
  cg::thread_block block = cg::this_thread_block();
  cuda::std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s[256];
  s[threadIdx.x] = in[4 * i];
  block.sync();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}
