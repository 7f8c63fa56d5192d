// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- > %t.together.json
// RUN: %cal --lane-by-lane --format=json %s -- > %t.lanes.json
// RUN: diff %t.lanes.json %t.together.json
// A goto forward to a later statement of an enclosing block leaves what
// lies between: out of the loop at k == 2, 2 trips of each of the 8 warps
// store (16 requests), and the label's statement runs after. A goto
// backward is followed no further than its own statement.

// clang-format off
__global__ void out_of_loop(float *a, float *b, int n) {
  for (int k = 0; k < n; ++k) {
    if (k == 2)
      goto done;
    b[k * 256 + threadIdx.x] = 5.f;
// CHECK: goto.cu:[[@LINE-1]]:5: out_of_loop: global store 4B of 'b'
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 16
  }
  a[threadIdx.x] = 1.f;
// CHECK-NOT: goto.cu:[[@LINE-1]]:3: out_of_loop
done:
  a[threadIdx.x + 1] = 6.f;
// CHECK: goto.cu:[[@LINE-1]]:3: out_of_loop: global store 4B of 'a'
// CHECK: sectors: 5 best 5 ideal 4
}
// clang-format on

int main() { out_of_loop<<<8, 256>>>(nullptr, nullptr, 10); }
