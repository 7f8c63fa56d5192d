// A struct passed by value to a kernel: its integer fields take the values
// the launch site gives them, from the struct's initializer list or a later
// store to the field, as the kernel reads them (`p.w`). A struct whose
// address escapes before the launch is not followed.
// RUN: %cal --dump-accesses %s -- 2>&1 | FileCheck %s

struct Params {
  int rows;
  int w;
};

// p.w = 36 floats: lanes at bytes 144..271, sectors 4 (128..159) to 8
// (256..287): 5 where 4 would do.
__global__ void offset(float *out, Params p) {
  out[p.w + threadIdx.x] = 0.f;
  // CHECK: launch-struct-fields.cu:[[@LINE-1]]:3: offset: global store 4B of 'out' block 32x1x1
  // CHECK-NEXT: address: out + 144 bytes
  // CHECK: sectors: 5 best 5 ideal 4
}

// The grid from `(size_t)p.rows * p.w / 32` = 4 * 36 / 32 = 4 (an explicit
// cast keeps the value): gridDim.x * 32 floats = 512 bytes.
__global__ void grid(float *out) {
  out[gridDim.x * 32 + threadIdx.x] = 0.f;
  // CHECK: launch-struct-fields.cu:[[@LINE-1]]:3: grid: global store 4B of 'out' block 32x1x1
  // CHECK-NEXT: address: out + 512 bytes
}

__global__ void escaped(float *out, Params p) {
  out[p.w + threadIdx.x] = 0.f;
  // CHECK: launch-struct-fields.cu:[[@LINE-1]]:3: escaped: global store 4B of 'out' block 32x1x1
  // CHECK-NEXT: address: out + 4*p.w bytes
}

// Two parameters the launch gives the same struct (d3q19's `domain,
// domain`) hold the same fields: `w - b.w` is 0, and the lanes store 32
// contiguous floats from out (4 sectors). Given two structs, the fields are
// two values not known.
__global__ void same(float *out, Params a, Params b) {
  out[threadIdx.x + a.w - b.w] = 0.f;
  // CHECK: launch-struct-fields.cu:[[@LINE-1]]:3: same: global store 4B of 'out' block 32x1x1
  // CHECK-NEXT: address: out + 0 bytes
  // CHECK: sectors: 4 best 4 ideal 4
  // CHECK: launch-struct-fields.cu:[[@LINE-4]]:3: same: global store 4B of 'out' block 32x1x1
  // CHECK-NEXT: address: out + 4*a.w - 4*b.w bytes
}

void set(Params *p);

int main() {
  float *out;
  Params p = {4};
  p.w = 36;
  offset<<<1, 32>>>(out, p);
  grid<<<(size_t)p.rows * p.w / 32, 32>>>(out);
  Params q = {4, 36};
  set(&q);
  escaped<<<1, 32>>>(out, q);
  same<<<1, 32>>>(out, q, q);
  Params r = {4, 36};
  set(&r);
  same<<<1, 32>>>(out, q, r);
  return 0;
}
