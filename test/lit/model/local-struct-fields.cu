// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A local struct copied from memory (quicksort's `block_record block =
// blocks[blockid]`) holds what was loaded: each field comes from that load,
// alike in every lane where its address is: a symbol of the warp named by
// the load. An `if` on such a field then sends the whole warp one way; an
// index made of one has its lanes' layout, and the loaded value decides its
// alignment. A field stored later holds what was stored.

// clang-format off
struct rec { unsigned start, end, dir; };

__global__ void fields(const rec *blocks, float *d, float *dn) {
  rec b = blocks[blockIdx.x];
  float *s;
  if (b.dir == 1)
    s = d;
  else
    s = dn;
  s[threadIdx.x] = 0;
// CHECK: local-struct-fields.cu:[[@LINE-1]]:3: fields: global store 4B of 's'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: lanes decided by
// CHECK: assume: 's' is one of the kernel's arrays
  s[b.start + threadIdx.x] = 1;
// Lanes 4 bytes apart from 4*start: 4 sectors where start is a multiple of
// 8, else 5; 4.88 over start's residues mod 8.
// CHECK: local-struct-fields.cu:[[@LINE-3]]:3: fields: global store 4B of 's'
// CHECK-NEXT: address: s + 4*blocks[blockIdx.x].start@13 bytes
// CHECK: sectors: 5 best 4 ideal 4 lines128 2 avg 4.88
// CHECK: assume: 'blocks[blockIdx.x].start@13' decides the alignment: 4 sectors when it is a multiple of 8, up to 5 otherwise
  rec c = b;
  c.start = threadIdx.x;
  if (c.start > 3)
    d[threadIdx.x] = 2;
// A field stored from threadIdx.x: lanes 4-31 of each warp store 112
// contiguous bytes from d + 16, 4 sectors, the fewest that hold them.
// CHECK: local-struct-fields.cu:[[@LINE-3]]:5: fields: global store 4B of 'd'
// CHECK-NEXT: address: d + 16 bytes
// CHECK-NOT: lanes decided by
// CHECK: sectors: 4 best 4 ideal 4
}
// A structured binding names a field of the object it copies (or refers
// to): a = threadIdx.x and b = 5 put lane 0 at out + 20 bytes, 5 sectors;
// c * 2 strides the lanes 8 bytes apart, 8 sectors.
struct pair_ { int a, b; };
__global__ void bindings(float *out) {
  pair_ p{int(threadIdx.x), 5};
  auto [a, b] = p;
  out[a + b] = 4.f;
// CHECK: local-struct-fields.cu:[[@LINE-1]]:3: bindings: global store 4B of 'out'
// CHECK-NEXT: address: out + 20 bytes
// CHECK: sectors: 5 best 5 ideal 4
  auto &[c, d] = p;
  out[c * 2] = 5.f;
// CHECK: local-struct-fields.cu:[[@LINE-1]]:3: bindings: global store 4B of 'out'
// CHECK: sectors: 8 best 8 ideal 4
}

// clang-format on
