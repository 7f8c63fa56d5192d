// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A local struct copied from memory (quicksort's `block_record block =
// blocks[blockid]`) holds what was loaded: each field comes from that load,
// alike in every lane where its address is. An `if` on such a field then
// sends the whole warp one way; an index made of one is unknown for the
// load that gave it. A field stored later holds what was stored.

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
// CHECK: local-struct-fields.cu:[[@LINE-1]]:3: fields: global store 4B of 's'
// CHECK-NEXT: unknown: a value loaded from global memory at line [[@LINE-13]]
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
// clang-format on
