// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A flattened index split by a size the launch does not fix (`idx / W`,
// `idx % W`): no affine answer holds for every W. Taking W as a multiple of
// 32, as real sizes nearly always are, a warp's 32 consecutive indices
// starting at a multiple of 32 share one quotient q, a symbol of the warp,
// and `idx % W` is idx - q*W. The report says so; where the lanes' indices
// do not start at a multiple of 32, the index stays unknown.

// clang-format off
// Each warp stores 32 consecutive floats of one row (h, w..w+31): rows of W
// floats, W a multiple of 32, start on 128 bytes, so 4 sectors, the ideal.
// The quotient's own remainder `q % H` is one per warp too.
__global__ void rowsOf(float *out, const float *in, int W, int H) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int h = (idx / W) % H;
  int w = idx % W;
  out[h * W + w] = in[idx];
// CHECK: warp-quotients.cu:[[@LINE-1]]:3: rowsOf: global store 4B of 'out' block 256x1x1
// CHECK-NEXT: address: out + -4*W*(256*blockIdx.x / W) + 4*W*((256*blockIdx.x / W) % H) + 1024*blockIdx.x bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8
// CHECK-NOT: decide the alignment
// CHECK: assume: 'W' taken as a multiple of 32: each warp's 32 consecutive indices divided by it share one quotient
}

// An offset not a multiple of 32 may split the warp's lanes between two
// quotients: not known.
__global__ void offsetRows(float *out, int off, int w) {
  out[(threadIdx.x + off) % w] = 0.f;
// CHECK: warp-quotients.cu:[[@LINE-1]]:3: offsetRows: global store 4B of 'out'
// CHECK-NEXT: unknown: an index non-linear in a runtime value at line [[@LINE-2]]
}

// In a 64x1 block threadIdx.y is 0 in every lane: the row `(y + 1) % ny`
// is one value for the warp, as if computed from blockIdx.y alone, and the
// row's start (4 * nx * row bytes) decides the alignment.
__global__ void periodic(float *out, int nx, int ny) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  out[((y + 1 + ny) % ny) * nx + x] = 0.f;
// CHECK: warp-quotients.cu:[[@LINE-1]]:3: periodic: global store 4B of 'out' block 64x1x1
// CHECK-NEXT: address: out + 4*nx*((ny + blockIdx.y + 1) % ny) + 256*blockIdx.x bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: 'nx', '((ny + blockIdx.y + 1) % ny)' decide the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
}

// Sizes the launch passes as constants: 160 * 160 is a multiple of 32, so a
// warp's 32 consecutive indices share one quotient, with no assumption. The
// channel's neighbours, clamped by max and min, are one value per warp too:
// each trip reads 32 consecutive floats, 4 sectors, the ideal.
__global__ void channels(float *out, const float *in, int C, int HW) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int c = (idx / HW) % C;
  int p = idx % HW;
  float s = 0.f;
  for (int k = max(c - 2, 0); k < min(c + 3, C); ++k)
    s += in[k * HW + p];
// CHECK: warp-quotients.cu:[[@LINE-1]]:10: channels: global load 4B of 'in' block 256x1x1
// CHECK-NEXT: address: in + 1024*blockIdx.x - 102400*(256*blockIdx.x / 25600) + 102400*max(((256*blockIdx.x / 25600) % 150) - 2, 0) bytes
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: taken as a multiple of 32
// CHECK: warp-quotients.cu:[[@LINE+1]]:3: channels: global store
  out[idx] = s;
}

void launch(float *o, const float *in, int W, int H) {
  rowsOf<<<64, 256>>>(o, in, W, H);
  offsetRows<<<64, 256>>>(o, W, H);
  periodic<<<dim3(W / 64, H), 64>>>(o, W, H);
  channels<<<64, 256>>>(o, in, 150, 160 * 160);
}
// clang-format on
