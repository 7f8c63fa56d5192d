// RUN: %cal --dump-accesses %s -- | FileCheck %s
// An element sits at a multiple of its size: a pointer to int holds a
// multiple of 4, one to float4 a multiple of 16, whatever unknown byte
// offset it was made from. Such an element never straddles a 32-byte
// sector, and the lanes' elements keep that alignment together.

// clang-format off
__global__ void k(const char *base, int off, int *out) {
  const int *p = (const int *)(base + off);
  out[blockIdx.x * blockDim.x + threadIdx.x] = *p;
// Every lane reads the same int at base + off, a multiple of 4: 1 sector
// whatever off is (without the fact, off = 30 would give 2).
// CHECK: natural-alignment.cu:[[@LINE-3]]:48: k: global load 4B of 'base' block 256x1x1
// CHECK-NEXT: address: base + off bytes
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NOT: decides the alignment
  const float4 *q = (const float4 *)(base + off);
  float4 w = q[threadIdx.x];
  out[threadIdx.x] = (int)(w.x + w.y + w.z + w.w);
// 32 float4s, 512 contiguous bytes from a multiple of 16: 16 sectors where
// off is a multiple of 32 (as at a round off, the average), 17 where it is
// 16 more; never the 17 of a start 4 bytes past a sector.
// CHECK: natural-alignment.cu:[[@LINE-5]]:14: k: global load 16B of 'base' block 256x1x1
// CHECK-NEXT: address: base + off bytes
// CHECK: sectors: 17 best 16 ideal 16 lines128 5 avg 16.00
// CHECK: assume: 'off' decides the alignment: 16 sectors when it is a multiple of 32, up to 17 otherwise
}

// One lane at an address the data decide (tsp's serial shuffle under
// `threadIdx.x == 0`): its one aligned element is one sector, and one
// wavefront in shared memory, wherever it is. Two lanes at such addresses
// may share a sector or not: that stays unknown.
__global__ void lone(float *g, const int *idx, int n) {
  __shared__ float s[1024];
  s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    for (int i = 0; i < n; i++) {
      int j = idx[threadIdx.x + i];
      g[j] = s[j];
// CHECK: natural-alignment.cu:[[@LINE-1]]:7: lone: global store 4B of 'g' block 256x1x1
// CHECK-NEXT: address: not known (a value loaded from global memory at line [[@LINE-3]]); one lane a request, one aligned element
// CHECK-NEXT: sectors: 1 best 1 ideal 1 lines128 1
// CHECK: natural-alignment.cu:[[@LINE-4]]:14: lone: shared load 4B of 's' block 256x1x1
// CHECK-NEXT: address: not known (a value loaded from global memory at line [[@LINE-6]]); one lane a request, one aligned element
// CHECK-NEXT: wavefronts: 1 best 1 ideal 1
    }
  if (threadIdx.x < 2)
    g[idx[threadIdx.x]] = 0;
// CHECK: natural-alignment.cu:[[@LINE-1]]:5: lone: global store 4B of 'g' block 256x1x1
// CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-2]]
}

void launch(const char *b, int o, int *out) { k<<<64, 256>>>(b, o, out); }
void launchLone(float *g, const int *idx) { lone<<<1, 256>>>(g, idx, 8); }
// clang-format on
