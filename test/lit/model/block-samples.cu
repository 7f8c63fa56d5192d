// An index not linear in blockIdx, the rest known (`i / W`, `i % W` with W
// from the launch): each warp's pattern depends on its block, so the
// analysis evaluates blocks spread over the grid (four) and takes their
// requests together, as the profiler averages over the grid.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s

// Rows of 40 floats stored with a pitch of 41: element (i / 40) * 41 +
// i % 40 = i + i / 40. Block 64, grid 4: the eight warps start at i = 0,
// 32, ..., 224; the warp at 0 stays in row 0 (elements 0..31, sectors 0..3:
// 4), every other one meets a row end or starts off a 32-byte boundary (at
// 32: elements 32..39 and 41..64, sectors 4..8: 5). Average 4.875, worst 5,
// ideal 4 (32 floats, 128 bytes).
__global__ void rows(float *out, int W, int P) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[(i / W) * P + i % W] = 0.f;
  // CHECK: block-samples.cu:[[@LINE-1]]:3: rows: global store 4B of 'out' block 64x1x1
  // CHECK: sectors: 5 best 5 ideal 4 lines128 2 avg 4.88 requests 8 executions 8
  // CHECK: assume: an index not linear in blockIdx: the requests of blocks (0,0,0), (1,0,0), (2,0,0), (3,0,0) of the grid 4x1x1
}

// The same with W not known: blocks would not decide it. W taken as a
// multiple of 32, each warp's 32 consecutive i share the quotient q = i / W,
// and the element i - q*W + q: a contiguous row whose alignment q decides
// (4*q bytes): 4 sectors when q is a multiple of 8, else 5.
__global__ void unknownRows(float *out, int W) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i / W + i % W] = 0.f;
  // CHECK: block-samples.cu:[[@LINE-1]]:3: unknownRows: global store 4B of 'out' block 64x1x1
  // CHECK-NEXT: address: out + -4*W*(64*blockIdx.x / W) + 256*blockIdx.x + 4*(64*blockIdx.x / W) bytes
  // CHECK: sectors: 5 best 4 ideal 4
  // CHECK: decide the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
  // CHECK: assume: 'W' taken as a multiple of 32
}

// An index split twice (`r = i % 96`, then `r / 48`): the first quotient is
// a symbol of blockIdx alone, and the blocks, once known, decide the
// second. Rows of 48 floats with a pitch of 50, two to a plane of pitch
// 100: element i + 2 * (i / 48). Warps at i = 0, 32, ..., 224: those at 0
// and 192 (elements 0..31, 200..231) meet no row end, 4 sectors; the six
// others 5 (at 32: elements 32..47 and 50..65, sectors 4..8). Average
// 38 / 8 = 4.75, ideal 4.
__global__ void planes(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int r = i % 96;
  out[(i / 96) * 100 + (r / 48) * 50 + r % 48] = 0.f;
  // CHECK: block-samples.cu:[[@LINE-1]]:3: planes: global store 4B of 'out' block 64x1x1
  // CHECK: sectors: 5 best 5 ideal 4 lines128 2 avg 4.75 requests 8 executions 8
  // CHECK: assume: an index not linear in blockIdx: the requests of blocks (0,0,0), (1,0,0), (2,0,0), (3,0,0) of the grid 4x1x1
}

int main(int argc, char **argv) {
  float *out;
  rows<<<4, 64>>>(out, 40, 41);
  planes<<<4, 64>>>(out);
  unknownRows<<<4, 64>>>(out, argc);
  return 0;
}
