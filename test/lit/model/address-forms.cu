// Each address form the evaluator understands, checked on the model's dump.
// RUN: %cal --dump-accesses %s -- | FileCheck %s

#define N 1024
constexpr int Pad = 1;
struct Mixed { char c; float f; double d; };

__global__ void forms(const float *in, float *out, const Mixed *m,
                      const float4 *v4, const double2 *d2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = *(in + i);
  // CHECK: address-forms.cu:[[@LINE-1]]:13: forms: global load 4B of 'in' block 128x1x1
  // CHECK-NEXT: address: in + 512*blockIdx.x bytes
  // CHECK: sectors: 4 best 4 ideal 4
  float b = m[i].f;
  // CHECK: address-forms.cu:[[@LINE-1]]:13: forms: global load 4B of 'm'
  // CHECK-NEXT: address: m + 2048*blockIdx.x + 4 bytes
  // CHECK: stride.x: 16
  // CHECK-NEXT: sectors: 16 best 16 ideal 4
  double c = m[i].d;
  // CHECK: address-forms.cu:[[@LINE-1]]:14: forms: global load 8B of 'm'
  // CHECK-NEXT: address: m + 2048*blockIdx.x + 8 bytes
  float4 q = v4[i];
  // CHECK: address-forms.cu:[[@LINE-1]]:14: forms: global load 16B of 'v4'
  // CHECK: sectors: 16 best 16 ideal 16
  double2 r = d2[i];
  // CHECK: address-forms.cu:[[@LINE-1]]:15: forms: global load 16B of 'd2'
  float4 s = reinterpret_cast<const float4 *>(in)[i];
  // CHECK: address-forms.cu:[[@LINE-1]]:14: forms: global load 16B of 'in'
  // CHECK: sectors: 16 best 16 ideal 16
  float t = __ldg(&in[i + Pad]);
  // CHECK: address-forms.cu:[[@LINE-1]]:13: forms: global load 4B of 'in'
  // CHECK-NEXT: address: in + 512*blockIdx.x + 4 bytes
  // CHECK: sectors: 5 best 5 ideal 4
  atomicAdd(&out[i % 32], 1.0f);
  // CHECK: address-forms.cu:[[@LINE-1]]:3: forms: global atomic 4B of 'out'
  // CHECK: sectors: 4 best 4 ideal 4
  out[i] += a + b + c + q.x + r.x + s.x + t;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: forms: global load 4B of 'out'
  // CHECK: address-forms.cu:[[@LINE-2]]:3: forms: global store 4B of 'out'
  out[(i >> 5) * N + (i & 31) + sizeof(float)] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: forms: global store 4B of 'out'
  // CHECK-NEXT: address: out + 16384*blockIdx.x + 16 bytes
  // CHECK: sectors: 5 best 5 ideal 4
}

// Shared arrays of several dimensions, extern shared, pointers offset
// before use.
__global__ void shared(float *out, int pitch) {
  __shared__ float cube[2][32][33];
  extern __shared__ float dyn[];
  float *row = dyn + threadIdx.y * 64;
  cube[1][threadIdx.x][threadIdx.y] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: shared: shared store 4B of 'cube' block 32x4x1
  // CHECK-NEXT: address: cube + 4224 bytes
  // CHECK: stride.x: 132
  // CHECK-NEXT: stride.y: 4
  // CHECK-NEXT: wavefronts: 1 best 1 ideal 1
  row[threadIdx.x * 2] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: shared: shared store 4B of 'dyn' block 32x4x1
  // CHECK: stride.x: 8
  // CHECK-NEXT: stride.y: 256
  // CHECK-NEXT: wavefronts: 2 best 2 ideal 1
  float *g = (float *)((char *)out + threadIdx.y * pitch);
  g[threadIdx.x] = cube[0][0][threadIdx.x];
  // CHECK: address-forms.cu:[[@LINE-1]]:3: shared: global store 4B of 'out' block 32x4x1
  // CHECK: sectors: 4 best 4 ideal 4
  // CHECK: assume: 'pitch' comes from cudaMallocPitch: assumed a multiple of 128 bytes
}

// A __device__ helper, followed with its arguments bound.
__device__ float load(const float *p, int k) { return p[k]; }
__global__ void viaHelper(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load(in, 4 * i);
}
// CHECK: address-forms.cu:[[@LINE-5]]:55: load (from viaHelper): global load 4B of 'in'
// CHECK: sectors: 16 best 16 ideal 4

// Two instantiations, each with its own numbers.
template <int S> __global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[S * i];
}
// CHECK: address-forms.cu:[[@LINE-2]]:12: strided<1>: global load 4B of 'in'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: address-forms.cu:[[@LINE-4]]:12: strided<4>: global load 4B of 'in'
// CHECK: sectors: 16 best 16 ideal 4

// Branches: agreeing values survive the merge, differing ones do not; a
// data-dependent index is unknown with its reason.
__global__ void branches(const float *in, float *out, const int *idx, int n) {
  int i = threadIdx.x, j;
  if (n > 10)
    j = i;
  else
    j = i;
  out[j] = in[idx[i]];
  // CHECK: address-forms.cu:[[@LINE-1]]:3: branches: global store 4B of 'out'
  // CHECK: sectors: 4 best 4 ideal 4
  // CHECK: address-forms.cu:[[@LINE-3]]:12: branches: global load 4B of 'in'
  // CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-4]]
  int k = i;
  if (n > 10)
    k = 2 * i;
  out[k] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: branches: global store 4B of 'out'
  // CHECK-NEXT: unknown: 'k' differs between the branches at line [[@LINE-4]]
}

// Lanes masked off by a bounds check the evaluator decides.
__global__ void masked(const float *in, float *out, int n) {
  int i = threadIdx.x;
  if (i < n)
    out[i] = in[i];
  // CHECK: address-forms.cu:[[@LINE-1]]:14: masked: global load 4B of 'in' block 32x1x1
  // CHECK: lanes: 0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76{{$}}
  // CHECK-NEXT: stride.x: 4
  // CHECK-NEXT: sectors: 3 best 3 ideal 3
}

// A loop: each iteration is a request; a column walk costs 32 sectors.
__global__ void loops(const float *in, float *out) {
  float s = 0;
  for (int k = 0; k < 16; k += 2)
    s += in[k * 1024 + threadIdx.x] + in[threadIdx.x * 1024 + k];
  // CHECK: address-forms.cu:[[@LINE-1]]:10: loops: global load 4B of 'in'
  // CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8
  // CHECK: address-forms.cu:[[@LINE-3]]:39: loops: global load 4B of 'in'
  // CHECK: sectors: 32 best 32 ideal 4 lines128 32 avg 32.00 requests 8
  out[threadIdx.x] = s;
}

// A non-affine value that every lane shares stays known (an opaque symbol);
// one that differs per lane does not, but where the warp's 32 lanes divided
// by a runtime size share a quotient, that size taken as a multiple of 32.
__global__ void opaque(int *counts, int w) {
  atomicAdd(&counts[blockIdx.x % 7], 1);
  // CHECK: address-forms.cu:[[@LINE-1]]:3: opaque: global atomic 4B of 'counts'
  // CHECK-NEXT: address: counts + 4*(blockIdx.x % 7) bytes
  // CHECK: sectors: 1 best 1 ideal 1
  counts[threadIdx.x % w] = 0;
  // Lanes 0 to 31, below any positive multiple of 32: each lane's own int,
  // the quotient (0 / w) being 0.
  // CHECK: address-forms.cu:[[@LINE-3]]:3: opaque: global store 4B of 'counts'
  // CHECK-NEXT: address: counts + -4*w*(0 / w) bytes
  // CHECK: sectors: 4 best 4 ideal 4
  // CHECK: assume: 'w' taken as a multiple of 32: each warp's 32 consecutive indices divided by it share one quotient
  counts[threadIdx.x * 3 % w] = 0;
  // Lanes 0 to 93: w = 32 or 64 would split them, w = 96 would not.
  // CHECK: address-forms.cu:[[@LINE-2]]:3: opaque: global store 4B of 'counts'
  // CHECK-NEXT: unknown: an index non-linear in a runtime value at line [[@LINE-3]]
}

// A pointer read from memory has no known space.
__global__ void indirect(float **table, float *out) {
  out[threadIdx.x] = table[blockIdx.x][threadIdx.x];
  // CHECK: address-forms.cu:[[@LINE-1]]:22: indirect: unknown load 4B of '<unknown>'
  // CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-2]]
}

// An unsigned 64-bit literal past INT64_MAX wraps, as the index arithmetic
// does: the same value whether the literal stands alone or is converted.
__global__ void wrapping(float *p) {
  p[threadIdx.x + 0xFFFFFFFFFFFFFFFFull] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: wrapping: global store 4B of 'p'
  // CHECK-NEXT: address: p + -4 bytes
  p[threadIdx.x + (long long)0xFFFFFFFFFFFFFFFFull] = 0;
  // CHECK: address-forms.cu:[[@LINE-1]]:3: wrapping: global store 4B of 'p'
  // CHECK-NEXT: address: p + -4 bytes
}

int main(int argc, char **argv) {
  const int threads = 128;
  forms<<<N / threads, threads>>>(0, 0, 0, 0, 0);
  size_t pitch;
  float *p;
  cudaMallocPitch((void **)&p, &pitch, 100 * sizeof(float), 4);
  dim3 block(32, 4);
  shared<<<1, block, 1024>>>(p, pitch);
  viaHelper<<<4, 256>>>(0, 0);
  strided<1><<<4, 256>>>(0, 0);
  strided<4><<<4, 256>>>(0, 0);
  branches<<<1, 32>>>(0, 0, 0, argc);
  masked<<<1, 32>>>(0, 0, 20);
  loops<<<1, 32>>>(0, 0);
  indirect<<<1, 32>>>(0, 0);
  opaque<<<16, 32>>>(0, argc);
  wrapping<<<1, 32>>>(0);
}
