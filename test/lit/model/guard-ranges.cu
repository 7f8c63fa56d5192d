// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A loop or `if` guard holds in the lanes that run its body: under `x < nx`
// with x >= 0 (threadIdx, blockIdx and gridDim are never negative), the
// periodic index `(x + nx) % nx` is x and `(x + nx) / nx` is 1, whatever nx
// is. Where the guards do not decide the quotient, it is one per warp with
// nx taken as a multiple of 32 (warp-quotients.cu).

// clang-format off
__global__ void periodic(float *f, int nx, int ny) {
  for (int y = blockIdx.y; y < ny; y += gridDim.y)
    for (int x = threadIdx.x + blockIdx.x * blockDim.x; x < nx;
         x += blockDim.x * gridDim.x) {
      f[(x + nx) % nx + ((y + ny) % ny) * nx] = 0;
// Lane i stores at f + 4*(i + 256*blockIdx.x + y*nx): 128 contiguous bytes,
// 4 sectors when y*nx is a multiple of 8, 5 otherwise.
// CHECK: guard-ranges.cu:[[@LINE-3]]:7: periodic: global store 4B of 'f' block 256x1x1
// CHECK-NEXT: address: f + 4*nx*blockIdx.y + 1024*blockIdx.x bytes
// CHECK: sectors: 5 best 4 ideal 4
      f[(x + 1 + nx) % nx + y * nx] = 1;
// x + 1 reaches nx in the last lane of the row, which wraps to the row's
// start: the edge of the grid, not counted, and noted. Every other lane
// stores at f + 4*(x + 1 + y*nx): 128 contiguous bytes, 4 past a sector
// boundary where y*nx is a multiple of 8 (5 sectors), on one where it is 7
// past one (4).
// CHECK: guard-ranges.cu:[[@LINE-6]]:7: periodic: global store 4B of 'f'
// CHECK-NEXT: address: f + 4*nx*blockIdx.y + 1024*blockIdx.x + 4 bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: at line [[@LINE-9]], the indices divided by 'nx' taken as the guards bound them: the lanes at the edge, where an index wraps around, are not counted
      int xm = (x - 1 + nx) % nx;
      f[xm + y * nx] = 4;
// Computed apart from the subscript, the wrap is taken alike: x - 1 + nx
// is nx or more but where x is 0, which wraps to the row's end. Every
// other lane stores at f + 4*(x - 1 + y*nx): 4 bytes before a sector
// boundary where y*nx is a multiple of 8 (5 sectors), on one where it is 1
// past one (4). The note goes on the accesses made after the local.
// CHECK: guard-ranges.cu:[[@LINE-6]]:7: periodic: global store 4B of 'f'
// CHECK-NEXT: address: f + 4*nx*blockIdx.y + 1024*blockIdx.x - 4 bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: at line [[@LINE-10]], the indices divided by 'nx' taken as the guards bound them
      f[(x + nx) / nx] = 2;
// Every lane stores f[1]: one sector.
// CHECK: guard-ranges.cu:[[@LINE-2]]:7: periodic: global store 4B of 'f'
// CHECK-NEXT: address: f + 4 bytes
// CHECK: sectors: 1 best 1 ideal 1
    }
}

__global__ void guarded(float *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n)
    out[i % n] = 0;
// CHECK: guard-ranges.cu:[[@LINE-1]]:5: guarded: global store 4B of 'out'
// CHECK-NEXT: address: out + 1024*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4
  else
    out[i % n] = 1;
// Here n <= i: the guard does not give the quotient; n taken as a multiple
// of 32, each warp's 32 consecutive i share one.
// CHECK: guard-ranges.cu:[[@LINE-3]]:5: guarded: global store 4B of 'out'
// CHECK-NEXT: address: out + -4*n*(256*blockIdx.x / n) + 1024*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: 'n' taken as a multiple of 32
  out[(2)] = 3;
// A literal in parentheses (a macro argument) is its value.
// CHECK: guard-ranges.cu:[[@LINE-2]]:3: guarded: global store 4B of 'out'
// CHECK-NEXT: address: out + 8 bytes
}
// clang-format on
