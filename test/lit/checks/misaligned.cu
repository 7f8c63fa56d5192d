// RUN: %cal --checks='-*,cuda-access-misaligned' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'
// With WarnOnUnknownAlignment, waste that depends on an unknown value is a
// warning that says "may".
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/misaligned.cu
// RUN: printf 'CheckOptions:\n  cuda-access-misaligned.WarnOnUnknownAlignment: true\n' > %t/.cuda-access-lint.yaml
// RUN: %cal --checks='-*,cuda-access-misaligned' %t/misaligned.cu -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,CHECK-MAY --implicit-check-not='{{^.*}}: warning:'

__global__ void offset1(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' is misaligned: a warp touches 5 sectors where 4 would do (80% efficiency) [cuda-access-misaligned]
  // CHECK-MESSAGES: note: the warp's first lane starts 4 bytes past a 32-byte boundary: shift the offset to a multiple of 8 elements
}

// Rows of 100 floats (400 bytes) under a 16-wide block: the second row of
// each warp starts 16 bytes into a sector.
__global__ void rows100(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 128 + x] = in[y * 100 + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: global load of 'in' is misaligned: a warp touches 5 sectors where 4 would do (80% efficiency)
  // CHECK-MESSAGES: note: one warp spans several rows that are 400 bytes apart, not a multiple of 32: pad each row to a multiple of 128 bytes (cudaMallocPitch)
}

// The row width is a runtime value: a warp's two rows of 16 floats take 4
// sectors when width is a multiple of 8, up to 6 otherwise (each row 2 or
// 3). The waste is not certain, so no warning unless asked.
__global__ void rowsW(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 128 + x] = in[y * width + x];
  // CHECK-MAY: :[[@LINE-1]]:22: warning: global load of 'in' may be misaligned: a warp touches 4 to 6 sectors where 4 would do, as a value not known here decides its alignment
  // CHECK-MAY: note: assumed: 'width' decides the alignment: 4 sectors when it is a multiple of 8, up to 6 otherwise
}

// A stencil's neighbour in a row of runtime width: a warp's first row of 16
// floats starts 4 bytes past a 32-byte boundary (3 sectors), its second
// 4 * width bytes further (3 sectors, or 2 where 4 * width + 4 is a
// multiple of 32): 5 or 6 where 4 would do. Waste whatever width is; the
// count is not certain, so the warning gives both.
__global__ void stencilW(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 128 + x] = in[y * width + x + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: global load of 'in' is misaligned: a warp touches 5 to 6 sectors where 4 would do, as a value not known here decides its alignment [cuda-access-misaligned]
}

// A periodic neighbour: every lane but the row's last reads in[x + 1], 128
// bytes 4 past a sector boundary, 5 sectors where 4 would do; the last lane
// wraps to the row's start. How many warps hold that edge depends on nx, so
// the warning needs WarnOnUnknownAlignment.
__global__ void periodic(const float *in, float *out, int nx) {
  for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < nx;
       x += blockDim.x * gridDim.x)
    out[x] = in[(x + 1 + nx) % nx];
  // CHECK-MAY: :[[@LINE-1]]:14: warning: global load of 'in' is misaligned: a warp touches 5 sectors where 4 would do (80% efficiency) [cuda-access-misaligned]
  // CHECK-MAY: note: assumed: at line [[@LINE-2]], the indices divided by 'nx' taken as the guards bound them: the lanes at the edge, where an index wraps around, are not counted
}

// Tiles that overlap by two elements (a stencil's halo): block b starts
// 30 * b floats in, 120 * b bytes, 0, 24, 16 or 8 past a sector boundary as
// b goes round by four. Every block runs, so the count is no case of a
// value not known: a warp touches 4 sectors in one block of four and 5 in
// the others, 4.75 on average where 4 would do.
__global__ void tiles(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 30 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: global load of 'in' is misaligned: a warp touches 4.8 sectors where 4 would do, on average over the blocks (5 in the worst; 84% efficiency) [cuda-access-misaligned]
}

// Requests of fewer lanes need fewer sectors, and the average is held to
// their average ideal, as the profiler sums it (PaddleJitLab's naive_conv,
// its rows cut at the image's edge). Trip i runs lanes below 32 - 8i: 128,
// 96, 64 and 32 bytes, ideally 4, 3, 2 and 1 sectors, 2.5 on average. Block
// b starts 144 * b bytes in: on a sector boundary in even blocks (4 + 3 +
// 2 + 1 sectors), 16 bytes past it in odd ones (5 + 4 + 3 + 2): 3.0 on
// average, more than a tenth over 2.5, where the worst request's ideal (4)
// would call it none.
__global__ void shrinking(const float *__restrict__ in,
                          float *__restrict__ out) {
  float s = 0;
  for (int i = 0; i < 4; i++)
    if (threadIdx.x + 8 * i < 32)
      s += in[blockIdx.x * 36 + threadIdx.x + 8 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'in' is misaligned: a warp touches 3.0 sectors where 2.5 would do, on average over the blocks (5 in the worst; 83% efficiency) [cuda-access-misaligned]
  out[blockIdx.x * 32 + threadIdx.x] = s;
}

// Negative cases: offsets of whole sectors, and the same kernel with the
// width given on the command line in a second run. Doubles in blocks 255
// elements apart, 2040 * b bytes: 8 sectors where the block starts on a
// sector, 9 in the three blocks of four that do not, 8.75 on average,
// within a tenth of the ideal 8.
__global__ void tilesDouble(const double *in, double *out) {
  out[blockIdx.x * 256 + threadIdx.x] = in[blockIdx.x * 255 + threadIdx.x];
}

__global__ void offset8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 8] + in[i + 32];
}

int main(int argc, char **argv) {
  rows100<<<dim3(8, 8), dim3(16, 16)>>>(0, 0);
  rowsW<<<dim3(8, 8), dim3(16, 16)>>>(0, 0, argc);
  stencilW<<<dim3(8, 8), dim3(16, 16)>>>(0, 0, argc);
  periodic<<<8, 256>>>(0, 0, argc);
  tiles<<<64, 32>>>(0, 0);
  shrinking<<<64, 32>>>(0, 0);
  tilesDouble<<<64, 256>>>(0, 0);
}
