// RUN: %cal --dump-accesses %s -- | FileCheck %s
// The data movement of tensor-core kernels (cuda-samples/ldmatrix_rows.cu
// and cp_async.cu, measured on the H100):
// - ldmatrix and stmatrix: a shared access of each lane's 16-byte row, 8
//   lanes a matrix (.x1 lanes 0-7, .x2 lanes 0-15), a quarter-warp a phase;
// - cp.async: a global read and a shared write at one site, the write
//   counted as each 128-byte line of the read arrives, one wavefront for
//   the lanes whose sources lie as their destinations do;
// - what the analyzer does not model (cp.async.bulk, wgmma) is an access
//   not known, with its reason, never left out.

// clang-format off
#include <cstdint>
#include <cuda_pipeline.h>

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void matrices(unsigned short *out) {
  __shared__ unsigned short rows[64][64];  // 128-byte rows
  __shared__ unsigned short padded[64][72]; // 144-byte rows
  int l = threadIdx.x % 32, w = threadIdx.x / 32;
  uint32_t r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(smem(&rows[w * 16 + l % 16][(l / 16) * 8])));
// Eight rows 128 bytes apart in each phase, all in banks 0-3: 8 wavefronts
// a matrix, 32 where 4 would do.
// CHECK: tensor-core-moves.cu:[[@LINE-3]]:{{[0-9]+}}: matrices: shared load 16B of 'rows' block 128x1x1
// CHECK: wavefronts: 32 best 32 ideal 4
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(smem(&padded[w * 16 + l % 16][(l / 16) * 8])));
// Row r at 144 r bytes: banks 4r to 4r+3, eight rows on all 32: 4.
// CHECK: tensor-core-moves.cu:[[@LINE-2]]:{{[0-9]+}}: matrices: shared load 16B of 'padded' block 128x1x1
// CHECK: wavefronts: 4 best 4 ideal 4
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(smem(&rows[w * 16 + l % 16][(l / 16) * 8])));
// .x1: lanes 0-7 give the rows, one phase: 8 where 1 would do.
// CHECK: tensor-core-moves.cu:[[@LINE-2]]:{{[0-9]+}}: matrices: shared load 16B of 'rows' block 128x1x1
// CHECK: wavefronts: 8 best 8 ideal 1
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" : : "r"(smem(&rows[w * 16 + l % 16][(l / 16) * 8])), "r"(r0), "r"(r1), "r"(r2), "r"(r3));
// CHECK: tensor-core-moves.cu:[[@LINE-1]]:{{[0-9]+}}: matrices: shared store 16B of 'rows' block 128x1x1
// CHECK: wavefronts: 32 best 32 ideal 4
  out[blockIdx.x * blockDim.x + threadIdx.x] = r0 + r1 + r2 + r3;
}

__global__ void copies(const float *src, float *out) {
  __shared__ float tile[128 * 4];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(smem(&tile[threadIdx.x * 4])), "l"(src + i * 32));
// Sources 128 bytes apart: 32 sectors where 16 would do; each lane's line
// arrives alone, so the contiguous destination takes 32 wavefronts.
// CHECK: tensor-core-moves.cu:[[@LINE-3]]:{{[0-9]+}}: copies: global load 16B of 'src' block 128x1x1
// CHECK: sectors: 32 best 32 ideal 16
// CHECK: tensor-core-moves.cu:[[@LINE-5]]:{{[0-9]+}}: copies: shared store 16B of 'tile' block 128x1x1
// CHECK: wavefronts: 32 best 32 ideal 4
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" : : "r"(smem(&tile[threadIdx.x])), "l"(src + i), "n"(4));
// Contiguous on both sides: 4 sectors, one line, 1 wavefront.
// CHECK: tensor-core-moves.cu:[[@LINE-2]]:{{[0-9]+}}: copies: global load 4B of 'src' block 128x1x1
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: tensor-core-moves.cu:[[@LINE-4]]:{{[0-9]+}}: copies: shared store 4B of 'tile' block 128x1x1
// CHECK: wavefronts: 1 best 1 ideal 1
  __pipeline_memcpy_async(&tile[threadIdx.x * 4], src + i * 4, 16);
// The pipeline's copy, at the call: contiguous float4, 16 sectors, 4.
// CHECK: tensor-core-moves.cu:[[@LINE-2]]:3: copies: global load 16B of 'src' block 128x1x1
// CHECK: sectors: 16 best 16 ideal 16
// CHECK: tensor-core-moves.cu:[[@LINE-4]]:3: copies: shared store 16B of 'tile' block 128x1x1
// CHECK: wavefronts: 4 best 4 ideal 4
  __pipeline_commit();
  __pipeline_wait_prior(0);
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 512, [%2];" : : "r"(smem(tile)), "l"(src), "r"(smem(tile + 4)));
// CHECK: tensor-core-moves.cu:[[@LINE-1]]:{{[0-9]+}}: copies: shared store 0B of '<unknown>' block 128x1x1
// CHECK-NEXT: unknown: inline PTX 'cp.async.bulk' moves memory in a way the analyzer does not model
  out[i] = tile[threadIdx.x];
}

void launch(const float *s, float *o, unsigned short *h) {
  matrices<<<4, 128>>>(h);
  copies<<<4, 128>>>(s, o);
}
// clang-format on
