// RUN: %cal --dump-accesses %s -- | FileCheck %s
// A local struct copied from memory (quicksort's `block_record block =
// blocks[blockid]`) holds what was loaded: its fields are not followed, but
// they come from that load, alike in every lane where its address is. An
// `if` on such a field then sends the whole warp one way; an index made of
// one is unknown for the load that gave it.

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
// A field stored from threadIdx.x: lanes apart.
// CHECK: local-struct-fields.cu:[[@LINE-2]]:5: fields: global store 4B of 'd'
// CHECK: lanes decided by: a field of 'c' stored at line [[@LINE-5]]
}
// clang-format on
