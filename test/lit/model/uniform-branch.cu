// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck --check-prefix=JSON %s
// An `if` whose condition is not known but the same in every lane (it reads
// only values the lanes share) sends the whole warp one way. A local it sets
// is then one of two values in every lane alike: what the lanes do not share
// becomes a new symbol, and the access is known up to that symbol.

// clang-format off
__global__ void shared_choice(float *out, int n, int m) {
  int base = n;
  if (m > 4)
    base = n + 64;
  out[base + threadIdx.x] = 0;
// Lane i stores at out + 4*(base + i): 128 contiguous bytes, 4 sectors when
// base is a multiple of 8, else 5.
// CHECK: uniform-branch.cu:[[@LINE-3]]:3: shared_choice: global store 4B of 'out' block 256x1x1
// CHECK-NEXT: address: out + 4*base@[[@LINE-6]] bytes
// CHECK: sectors: 5 best 4 ideal 4
// CHECK: assume: 'base@[[@LINE-8]]' decides the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
}

// The lanes' own part is the same either way (threadIdx.x), the rest is the
// symbol.
__global__ void shifted(float *out, int m) {
  int i = threadIdx.x;
  if (m > 4)
    i += 32;
  out[2 * i] = 0;
// Lane i stores at out + 8*(i + s): a stride of 8 bytes, 8 sectors (256
// bytes) when s is a multiple of 4, 9 otherwise.
// CHECK: uniform-branch.cu:[[@LINE-3]]:3: shifted: global store 4B of 'out' block 256x1x1
// CHECK: stride.x: 8
// CHECK: sectors: 9 best 8 ideal 4
}

// Either side's value lies alike in a sector only where they differ by
// whole sectors: base and base + 64 do (shared_choice, no mark); a row's
// neighbour (i * w) against a column's (i + 1) do not, so which side ran
// decides the alignment, as data would: JSON marks it, and the prediction
// counts as unknown in make validate-real (extrema's axis).
__global__ void side_decides_alignment(float *out, int w, int axis) {
  int k = threadIdx.x + w;
  if (axis == 0)
    k = threadIdx.x + 1;
  out[k] = 0;
// CHECK: uniform-branch.cu:[[@LINE-1]]:3: side_decides_alignment: global store 4B of 'out' block 256x1x1
// CHECK-NEXT: address: out + 4*k@[[@LINE-4]] bytes
// JSON: "alignment_from_data": true,
// JSON-NEXT: "assumptions": [
// JSON-NEXT: "block 256x1x1 from launch at line {{[0-9]+}}",
// JSON-NEXT: "'k@[[@LINE-8]]' decides
}

// Lanes that may go different ways keep no value.
__global__ void lanewise(float *out, const int *flag, int n) {
  int base = n;
  if (flag[threadIdx.x])
    base = n + 64;
  out[base + threadIdx.x] = 0;
// CHECK: uniform-branch.cu:[[@LINE-1]]:3: lanewise: global store 4B of 'out'
// CHECK-NEXT: unknown: 'base' differs between the branches at line [[@LINE-4]]
}

// One of two arrays of the kernel, at one offset (quicksort's direction):
// the addresses are the same from either, both allocated 256-byte aligned.
// Lane i loads s + 8*i: 256 bytes, 8 sectors where 4 would do.
__global__ void either_array(const float *d, const float *dn, float *out,
                             int dir) {
  const float *s;
  if (dir == 1)
    s = d;
  else
    s = dn;
  out[threadIdx.x] = s[2 * threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: either_array: global load 4B of 's' block 256x1x1
// CHECK-NEXT: address: s + 0 bytes
// CHECK: sectors: 8 best 8 ideal 4
// CHECK: assume: 's' is one of the kernel's arrays, each assumed 256-byte aligned
// At different offsets, they are not one address.
  const float *t;
  if (dir == 1)
    t = d;
  else
    t = dn + 1;
  out[threadIdx.x] = t[threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: either_array: unknown load 4B of '<unknown>'
// CHECK-NEXT: unknown: 't' differs between the branches at line [[@LINE-6]]
}

// The same as `c ? a : b`, declared or assigned; `dir` alone as the
// condition is as uniform as `dir == 1`. Unnamed, it stays unknown.
__global__ void either_choice(const float *d, const float *dn, float *out,
                              int dir) {
  const float *s = dir == 1 ? d : dn;
  out[threadIdx.x] = s[2 * threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: either_choice: global load 4B of 's' block 256x1x1
// CHECK: sectors: 8 best 8 ideal 4
  const float *t;
  t = dir ? dn : d;
  out[threadIdx.x] = t[threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: either_choice: global load 4B of 't' block 256x1x1
// CHECK: sectors: 4 best 4 ideal 4
  out[threadIdx.x] = (dir ? d : dn)[threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: either_choice: unknown load 4B of '<unknown>'
}

// A __device__ array is not one of the kernel's arrays: no such note.
__device__ float table[1024];
__global__ void device_array(float *out) {
  out[threadIdx.x] = table[threadIdx.x];
// CHECK: uniform-branch.cu:[[@LINE-1]]:22: device_array: global load 4B of 'table'
// CHECK-NOT: is one of the kernel's arrays
}
// clang-format on

void launch(float *o, int w, int axis) {
  side_decides_alignment<<<1, 256>>>(o, w, axis);
}
