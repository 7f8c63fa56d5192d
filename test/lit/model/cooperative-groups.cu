// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Cooperative groups name a thread's place in its block through methods of
// the CUDA headers, which the analyzer does not follow: each is threadIdx
// and blockDim arithmetic, by the object's type. A thread_block is the
// block (256 threads here); a thread_block_tile<32> is the 32 threads of
// consecutive rank that hold the lane. Every store below is one float per
// lane, 32 in a row: 4 sectors, at the address each method gives lane 0.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ int rankOf(cg::thread_block b) { return b.thread_rank(); }
// A thread_group is whatever group it was given: the block or a tile, as the
// caller's argument says, passed on through another thread_group.
__device__ int groupRank(cg::thread_group g) { return g.thread_rank(); }
__device__ int passedOn(cg::thread_group g) { return groupRank(g) + g.size(); }

// clang-format off
__global__ void groups(float *out) {
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = 1.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 0 bytes
// CHECK: sectors: 4 best 4 ideal 4
  out[block.thread_index().x + 256] = 2.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024 bytes
  out[block.group_index().x * 256 + threadIdx.x] = 3.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024*blockIdx.x bytes
  out[block.group_dim().x * 2 + threadIdx.x] = 4.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 2048 bytes
  out[block.size() * 3 + threadIdx.x] = 5.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 3072 bytes
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  out[tile.thread_rank() + 1024] = 6.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 4096 bytes
// CHECK-NEXT: lanes: 0 4 8
  out[tile.meta_group_rank() * tile.size() + tile.thread_rank()] = 7.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 0 bytes
// CHECK: sectors: 4 best 4 ideal 4
  out[tile.meta_group_size() * 256 + threadIdx.x] = 8.f;
// 8 tiles of 32 in a block of 256: out + 8 * 256 floats.
// CHECK: cooperative-groups.cu:[[@LINE-2]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 8192 bytes
  out[rankOf(block) + 2048] = 9.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 8192 bytes
  out[groupRank(block) + 3072] = 10.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 12288 bytes
// CHECK: sectors: 4 best 4 ideal 4
// A tile of 32: its rank is the lane, its size 32.
  out[passedOn(tile) + 4096] = 11.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 16512 bytes
// CHECK-NEXT: lanes: 0 4 8
  cg::thread_group g = block;
  out[g.thread_rank() + 5120] = 12.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 20480 bytes
// tiled_partition(block, 16) is a thread_group of 16 threads: lane 16 is
// rank 0 of the second tile, so the warp stores 16 floats twice (2 sectors).
  cg::thread_group sixteen = cg::tiled_partition(block, 16);
  out[sixteen.thread_rank() + sixteen.size() * 384] = 13.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: groups: global store 4B of 'out'
// CHECK-NEXT: address: out + 24576 bytes
// CHECK-NEXT: lanes: 0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 0 4
// CHECK: sectors: 2 best 2 ideal 2
  block.sync();
}

// cg::reduce is no access, but the value it is passed by reference is read:
// each lane's own float of a shared array, 1 wavefront.
__global__ void reduced(float *out) {
  __shared__ float data[256];
  data[threadIdx.x] = threadIdx.x;
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  out[threadIdx.x] = cg::reduce(warp, data[threadIdx.x], cg::plus<float>());
// CHECK: cooperative-groups.cu:[[@LINE-1]]:39: reduced: shared load 4B of 'data'
// CHECK: wavefronts: 1 best 1 ideal 1
}

// In a 16x16 block the rank runs x fastest: lane 16 is thread (0,1), rank
// 16, and the warp's 32 ranks are 32 floats in a row, 4 sectors (threadIdx.x
// alone would give 16 floats twice, 2 sectors).
__global__ void rank2d(float *out) {
  out[cg::this_thread_block().thread_rank()] = 1.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: rank2d: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
}

// A grid_group is the grid: a thread's rank is its block's times 256 plus
// its own, so lane 0 of block b stores at out + 1024 * b bytes (blockIdx.y
// and .z are 0 in a grid of 8x1x1); size() is the grid's threads, 8 * 256
// here: out + 8192 bytes.
__global__ void grid(float *out, int n) {
  cg::grid_group g = cg::this_grid();
  out[g.thread_rank()] = 1.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: grid: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4
  out[g.size() + g.block_index().x * 256 + threadIdx.x] = 2.f;
// CHECK: cooperative-groups.cu:[[@LINE-1]]:3: grid: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024*blockIdx.x + 8192 bytes
}
// clang-format on

int main() {
  groups<<<8, 256>>>(nullptr);
  rank2d<<<8, dim3(16, 16)>>>(nullptr);
  grid<<<8, 256>>>(nullptr, 0);
  reduced<<<8, 256>>>(nullptr);
}
