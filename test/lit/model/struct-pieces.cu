// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Loads and stores move 1, 2, 4, 8 or 16 bytes at a multiple of their
// size, so a struct that no one instruction moves is moved in pieces of its
// alignment, each an access of its own: requests and executions count every
// piece (cuda-samples/struct_pieces.cu measured each on an H100).

// clang-format off
struct __align__(16) Oct { float v[8]; };

__global__ void pieces(const double3 *d, double3 *e, const Oct *o, Oct *p,
                       float3 *f) {
  __shared__ float3 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  e[i] = d[i];
// double3, 24 bytes aligned to 8: three 8-byte pieces, lanes 24 bytes apart
// over 768 bytes, 24 sectors each where 8 would do; 8 warps, 24 requests.
// CHECK: struct-pieces.cu:[[@LINE-3]]:3: pieces: global store 8B x3 of 'e' block 256x1x1
// CHECK: sectors: 24 best 24 ideal 8 lines128 6 avg 24.00 requests 24 executions 24
// CHECK: struct-pieces.cu:[[@LINE-5]]:10: pieces: global load 8B x3 of 'd' block 256x1x1
// CHECK: sectors: 24 best 24 ideal 8 lines128 6 avg 24.00 requests 24 executions 24
  p[i] = o[i];
// 32 bytes aligned to 16: two 16-byte pieces 32 bytes apart, 1024 bytes,
// 32 sectors each where 16 would do.
// CHECK: struct-pieces.cu:[[@LINE-3]]:3: pieces: global store 16B x2 of 'p' block 256x1x1
// CHECK: sectors: 32 best 32 ideal 16 lines128 8 avg 32.00 requests 16 executions 16
// CHECK: struct-pieces.cu:[[@LINE-5]]:10: pieces: global load 16B x2 of 'o' block 256x1x1
  tile[threadIdx.x] = f[i];
// float3 in shared memory: three 4-byte pieces 3 banks apart, which 3 and
// 32 share no factor of: 32 banks, 1 wavefront each.
// CHECK: struct-pieces.cu:[[@LINE-3]]:3: pieces: shared store 4B x3 of 'tile' block 256x1x1
// CHECK: wavefronts: 1 best 1 ideal 1 avg 1.00 requests 24 executions 24
  float2 g = ((const float2 *)f)[i];
  f[i].x = g.x;
// A float2 is aligned to its size: one access, 8 sectors, the ideal.
// CHECK: struct-pieces.cu:[[@LINE-3]]:14: pieces: global load 8B of 'f' block 256x1x1
// CHECK: sectors: 8 best 8 ideal 8 lines128 2 avg 8.00 requests 8 executions 8
}

void launch(const double3 *d, double3 *e, const Oct *o, Oct *p, float3 *f) {
  pieces<<<64, 256>>>(d, e, o, p, f);
}
// clang-format on
