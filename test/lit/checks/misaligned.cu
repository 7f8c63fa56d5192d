// RUN: %cal --checks='-*,cuda-access-misaligned' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='{{^.*}}: warning:'

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

// The row width is a runtime value: best and worst case are both reported.
__global__ void rowsW(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 128 + x] = in[y * width + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: global load of 'in' is misaligned: a warp touches 6 sectors where 4 would do
  // CHECK-MESSAGES: note: assumed: 'width' decides the alignment: 4 sectors when it is a multiple of 8, up to 6 otherwise
}

// Negative cases: offsets of whole sectors, and the same kernel with the
// width given on the command line in a second run.
__global__ void offset8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 8] + in[i + 32];
}

int main(int argc, char **argv) {
  rows100<<<dim3(8, 8), dim3(16, 16)>>>(0, 0);
  rowsW<<<dim3(8, 8), dim3(16, 16)>>>(0, 0, argc);
}
