// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Integer intrinsics of a value each lane knows are that value's bits, lane
// by lane (m = 7 from the launch: __popc(m) = 3, row 3 at out + 3072
// bytes); of a value no lane knows, not known. Checked by hand for warp 0
// (t = 0..31), words of 4 bytes, sectors of 8 words:
// - __popc(t) * 256 + t: in each group of 8 lanes (one sector of a row),
//   4 distinct popcounts: 4 rows each, 16 sectors.
// - __brev(t) >> 27 is a permutation of 0..31: every lane its own row, 32.
// - __clz(t + 1): rows 31, 30, 29, 28 in the first 8 lanes, 28 and 27 in
//   the next, 27 in the third, 27 and 26 in the last: 9 sectors.
// - __ffs(t + 1) * 256 + t: the first set bit of 1..32, 1 to 6: 16
//   sectors as __popc's (each group of 8 has 4 distinct values).
// - __mul24(t, 2) is 2t: 8 sectors.

// clang-format off
__global__ void bits(float *out, unsigned m) {
  unsigned t = threadIdx.x;
  out[__popc(t) * 256 + t] = 1.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK: sectors: 16 best 16 ideal 4
  out[(__brev(t) >> 27) * 256 + t] = 2.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK: sectors: 32 best 32 ideal 4
  out[__clz(t + 1) * 256 + t] = 3.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK: sectors: 9 best 9 ideal 4
  out[__ffs(t + 1) * 256 + t] = 4.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK: sectors: 16 best 16 ideal 4
  out[__mul24(t, 2)] = 5.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK: sectors: 8 best 8 ideal 4
  out[__popc(m) * 256 + t] = 6.f;
// CHECK: integer-intrinsics.cu:[[@LINE-1]]:3: bits: global store 4B of 'out'
// CHECK-NEXT: address: out + 3072 bytes
}
// clang-format on

int main() { bits<<<1, 32>>>(nullptr, 0u + 7); }
