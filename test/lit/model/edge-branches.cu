// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A stencil clamps its neighbour's index at the array's end. The guards
// leave such an `if` undecided, but only the lanes within a few of the
// guard's bound take it: one warp or two at the grid's edge. Every other
// lane goes the other way, and the access is evaluated as they make it,
// with a note (the branch's line and how many index values can take it).

// clang-format off
// plus = i + 1 under i < n: plus >= n only where i = n - 1. Lane l reads
// in + 4 * (i + 1): 128 bytes from 4 past a multiple of 32, 5 sectors.
__global__ void clampRight(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int plus = i + 1;
    if (plus >= n)
      plus = n - 1;
    out[i] = in[plus];
  }
}
// CHECK: edge-branches.cu:[[@LINE-3]]:14: clampRight: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: the branch at line [[@LINE-8]] that only lanes within 1 of the grid's edge take was taken by none

// A guard that returns leaves its facts to what follows: past `if (i >= n)
// return;`, plus = i + 1 >= n only where i = n - 1.
__global__ void clampPastReturn(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int plus = i + 1;
  if (plus >= n)
    plus = n - 1;
  out[i] = in[plus];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:12: clampPastReturn: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: the branch at line [[@LINE-7]] that only lanes within 1 of the grid's edge take

// A mirror at 0, `if (k < 0) k = -k` with k = i - 2: no guard bounds i
// from below, but signs do (blockIdx.x >= 0): in lanes 0 and 1 of block 0
// alone, within 2 of the grid's start, each lane asked with its own part
// of k, as a lane alone is. The rest read in[i - 2]: 8 bytes before a
// 32-byte boundary, 5 sectors.
__global__ void mirrorLeft(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k = i - 2;
  if (k < 0)
    k = -k;
  out[i] = in[k];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:12: mirrorLeft: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x - 8 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: the branch at line [[@LINE-7]] that only lanes within 2 of the grid's edge take was taken by none

// The same clamps written as `max` and `min` (a stencil's neighbours at
// the grid's ends): max(i - 1, 0) is 0 only in lane 0 of block 0, and
// min(i + 1, n - 1) is n - 1 only where i = n - 1 under the guard. The
// other lanes read in[i - 1], 4 bytes before a 32-byte boundary, and in[i
// + 1], 4 bytes past one: 5 sectors each, as the `if` forms give them.
__global__ void clampMinMax(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[max(i - 1, 0)] + in[min(i + 1, n - 1)];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:12: clampMinMax: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x - 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: at line [[@LINE-5]], the side of the min/max that only lanes within 1 of the grid's edge take was taken by none
// CHECK: edge-branches.cu:[[@LINE-6]]:32: clampMinMax: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x + 4 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: at line [[@LINE-9]], the side of the min/max that only lanes within 1 of the grid's edge take was taken by none

// mumax3's neighbour row: wrapped where the boundary is periodic, else
// clamped, the flag not known. The row y = blockIdx.y is alike in the
// warp, and both choices are y - 1 but in the grid's first (or, wrapped,
// last) row of blocks, so the index is known either way: lane l reads in +
// 4 * ((y - 1) * 1024 + x + 1), 4 bytes past a sector boundary, 5 sectors.
__global__ void periodicRows(const float *in, float *out, int ny, int pbc) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (y >= ny)
    return;
  int ym = pbc ? (y - 1 + ny) % ny : max(y - 1, 0);
  out[y * 1024 + x] = in[ym * 1024 + x + 1];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:23: periodicRows: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x + 4096*blockIdx.y - 4092 bytes
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: at line [[@LINE-6]], the indices divided by 'ny' taken as the guards bound them
// CHECK: assume: at line [[@LINE-7]], the side of the min/max that only lanes within 1 of the grid's edge take was taken by none

// A clamp at 0 with no guard at all: k < 0 only in lane 0 of block 0; the
// other lanes of every warp know k >= 0. The rest read in[i - 1]: 5
// sectors.
__global__ void mirrorBlockStart(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i - 1;
  if (k < 0)
    k = 0;
  out[i] = in[k];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:12: mirrorBlockStart: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x - 4 bytes
// CHECK: assume: the branch at line [[@LINE-6]] that only lanes within 1 of the grid's edge take was taken by none

// Negative: 64 index values take it, more than a warp: not the edge.
__global__ void wideEdge(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j = i + 64;
    if (j >= n)
      j = n - 1;
    out[i] = in[j];
  }
}
// CHECK: edge-branches.cu:[[@LINE-3]]:14: wideEdge: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: unknown: 'j' differs between the branches

// Negative: a condition the lanes share, decided by a loop's trip, not by
// where a lane is in the grid: the whole warp goes one way, j is one of two
// values alike in every lane (a symbol), not i.
__global__ void lastTrip(const float *in, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < m; ++k) {
    int j = i;
    if (k + 1 >= m)
      j = i + 32;
    out[i] = in[j];
  }
}
// CHECK: edge-branches.cu:[[@LINE-3]]:14: lastTrip: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 4*j@{{[0-9]+}}.0 bytes

// Negative: a callee's guard ends with the call. The lanes with i >= n
// returned from check() only, and take the caller's `if` in full.
__device__ void check(float *out, int i, int n) {
  if (i >= n)
    return;
  out[i] = 0;
}
__global__ void calleeGuard(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  check(out, i, n);
  int plus = i + 1;
  if (plus >= n)
    plus = n - 1;
  out[i] = in[plus];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:12: calleeGuard: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: unknown: 'plus' differs between the branches
// clang-format on

// clang-format off
// Lanes that know and lanes that do not: k = 16 * blockIdx.x + threadIdx.x
// - 3 is negative only where blockIdx.x is 0 and threadIdx.x < 3, so lanes
// 3 to 15 know the condition false and lanes 0 to 2 do not. Each group
// takes its own way under the lane mask, as a warp does, rather than the
// run parting into single lanes: a branch all lanes take alike still gives
// its local one symbol (base@ its line), which lanes one at a time do not.
// Lanes 0 to 2 take the mirror only in block 0, each within its own few of
// the grid's start: taken by none, so k = i - 3 in every lane, 12 bytes
// before a boundary: 16 lanes over bytes -12..51, 3 sectors where 2 do.
__global__ void mirrorPartly(const float *in, float *out, int m) {
  int i = blockIdx.x * 16 + threadIdx.x;
  int k = i - 3;
  if (k < 0)
    k = -k;
  int base = 0;
  if (m > 4)
    base = 64;
  out[base + i] = in[k];
}
// CHECK: edge-branches.cu:[[@LINE-2]]:3: mirrorPartly: global store 4B of 'out' block 16x1x1
// CHECK-NEXT: address: out + 64*blockIdx.x + 4*base@{{[0-9]+}} bytes
// CHECK: edge-branches.cu:[[@LINE-4]]:19: mirrorPartly: global load 4B of 'in' block 16x1x1
// CHECK-NEXT: address: in + 64*blockIdx.x - 12 bytes
// CHECK: sectors: 3 best 3 ideal 2
// CHECK: assume: the branch at line {{[0-9]+}} that only lanes within 3 of the grid's edge take
// clang-format on

void launchPartly(const float *in, float *out, int m) {
  mirrorPartly<<<8, 16>>>(in, out, m);
}

// clang-format off
// An access on the edge's side, the lanes apart in its index: `i < n4 - 1`
// under `i < n4` fails only where i = n4 - 1, one lane of the grid, the
// scalar tail of a vectorized loop. Its store is one lane's: 1 sector,
// where counting every lane would give 16 (lanes 16 bytes apart), and the
// note of the other side is not its own.
__global__ void scalarTail(float *out, int n) {
  int n4 = (n + 3) / 4;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    if (i < n4 - 1)
      reinterpret_cast<float4 *>(out)[i] = make_float4(0, 0, 0, 0);
    else
      out[4 * i] = 0;
  }
}
// CHECK: edge-branches.cu:[[@LINE-5]]:7: scalarTail: global store 16B of 'out'
// CHECK: sectors: 16 best 16 ideal 16
// CHECK: assume: the branch at line [[@LINE-8]] that only lanes within 1 of the grid's edge take was taken by none
// CHECK: edge-branches.cu:[[@LINE-6]]:7: scalarTail: global store 4B of 'out'
// CHECK-NOT: scalarTail:
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NOT: assume: the branch at line
// CHECK: rowEdge: global store 4B of 'out'

// A row's edge, the lanes alike in it: `y < ny - 1` fails for the last row,
// whose 32 lanes along x all take the else side: 4 sectors, as every lane.
__global__ void rowEdge(float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny) {
    if (y < ny - 1)
      out[y * nx + x] = 1;
    else
      out[y * nx + x + nx] = 0;
// CHECK: edge-branches.cu:[[@LINE-1]]:7: rowEdge: global store 4B of 'out'
// CHECK-NOT: rowEdge:
// CHECK: sectors: 4 best 4 ideal 4
  }
}
// clang-format on

void launchTails(float *out, int n) {
  scalarTail<<<n / 1024 + 1, 256>>>(out, n);
  rowEdge<<<dim3(4, 64), dim3(32, 8)>>>(out, 128, 512);
}

// The other side of a guard at the grid's end (`else s[t] = 0` of `if (i <
// n)`, padded<0>'s grid rounded up from n): only the lanes past n take it,
// in the last block; which ones, n decides. The branch is predicated, so
// every warp executes the store and the average per execution is not
// known. padded<1>'s grid is not drawn from n (98 blocks): the bound need
// not be the grid's end (`if (index < n0)` of a merge over two arrays), and
// the other side is evaluated as before.
template <int Grid> __global__ void padded(const float *in, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    s[threadIdx.x] = in[i];
  else
    s[threadIdx.x] = 0.f;
  // CHECK: edge-branches.cu:[[@LINE-1]]:5: padded<0>: shared store 4B of 's' block 256x1x1
  // CHECK: lanes decided by: the lanes past the guard's bound at line [[@LINE-5]]
  // CHECK: edge-branches.cu:[[@LINE-3]]:5: padded<1>: shared store 4B of 's' block 256x1x1
  // CHECK: wavefronts:
  // CHECK-NEXT: assume:
  __syncthreads();
  out[i] = s[255 - threadIdx.x];
}

// A warp-uniform index (a tile's rows by warp): whole warps fall on each
// side of the bound, and a warp past it runs the other side with all its
// lanes, so its count holds as evaluated.
__global__ void tileRows(float *out, int m) {
  int row = blockIdx.x * 64 + threadIdx.x / 32 * 8;
  if (row < m)
    out[row * 32 + threadIdx.x % 32] = 1.f;
  else
    out[threadIdx.x % 32] = 0.f;
  // CHECK: edge-branches.cu:[[@LINE-1]]:5: tileRows: global store 4B of 'out' block 256x1x1
  // CHECK: sectors: 4 best 4 ideal 4
  // CHECK-NEXT: assume:
}

void launchPadded(const float *in, float *out, int n) {
  padded<0><<<(n + 255) / 256, 256>>>(in, out, n);
  padded<1><<<98, 256>>>(in, out, n);
  tileRows<<<(n + 63) / 64, 256>>>(out, n);
}
