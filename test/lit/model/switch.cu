// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- > %t.together.json
// RUN: %cal --lane-by-lane --format=json %s -- > %t.lanes.json
// RUN: diff %t.lanes.json %t.together.json
// A switch sends each lane to the label its value matches, and the lane
// runs on from there through the labels below until a `break`. A value the
// launch gives (k = 1) takes its case alone: b[2 * i], 8 sectors, then
// c[i] below it, 4; the other cases run in no lane.

// clang-format off
__global__ void launch_value(float *a, float *b, float *c, int k) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  switch (k) {
  case 0:
    a[i] = 1.f;
    break;
  case 1:
    b[2 * i] = 2.f;
// CHECK: switch.cu:[[@LINE-1]]:5: launch_value: global store 4B of 'b'
// CHECK: sectors: 8 best 8 ideal 4
  case 2:
    c[i] = 3.f;
// CHECK: switch.cu:[[@LINE-1]]:5: launch_value: global store 4B of 'c'
// CHECK: sectors: 4 best 4 ideal 4
    break;
  default:
    a[i + 1] = 4.f;
  }
}
// CHECK-NOT: launch_value: global store 4B of 'a'

// Lanes apart by their own value: the even lanes take i (words 0 to 30, 4
// sectors), the odd ones i + 32 (words 33 to 63, 4 more): a[o] takes 8
// sectors, both ways met.
__global__ void by_lane(float *a) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int o;
  switch (threadIdx.x % 2) {
  case 0:
    o = i;
    break;
  default:
    o = i + 32;
  }
  a[o] = 1.f;
// CHECK: switch.cu:[[@LINE-1]]:3: by_lane: global store 4B of 'a'
// CHECK: sectors: 8 best 8 ideal
}

// A value not known: every case runs, in the whole warp, as both sides of
// an `if` on such a value do (a[i] 4 sectors, a[2 * i] 8); what the cases
// leave apart in a local is not known after the switch.
__global__ void not_known(float *a, int k) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int s = 1;
  switch (k) {
  case 0:
    s = 2;
    break;
  case 1:
    a[i] = 0.f;
// CHECK: switch.cu:[[@LINE-1]]:5: not_known: global store 4B of 'a'
// CHECK: sectors: 4 best 4 ideal 4
    break;
  default:
    a[2 * i] = 0.f;
// CHECK: switch.cu:[[@LINE-1]]:5: not_known: global store 4B of 'a'
// CHECK: sectors: 8 best 8 ideal 4
  }
  a[s * i] = 1.f;
// CHECK: switch.cu:[[@LINE-1]]:3: not_known: global store 4B of 'a'
// CHECK-NEXT: unknown: 's' differs between the branches at line [[@LINE-16]]
}

// `continue` in a case goes on with the loop: trips 0, 2 and 3 store, 3
// requests of each of the 8 warps.
__global__ void in_a_loop(float *a) {
  for (int j = 0; j < 4; ++j) {
    switch (j) {
    case 1:
      continue;
    default:
      break;
    }
    a[j * 256 + threadIdx.x] = 0.f;
// CHECK: switch.cu:[[@LINE-1]]:5: in_a_loop: global store 4B of 'a'
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 24
  }
}

int main(int argc, char **argv) {
  launch_value<<<8, 256>>>(0, 0, 0, 1);
  by_lane<<<8, 256>>>(0);
  not_known<<<8, 256>>>(0, argc);
  in_a_loop<<<8, 256>>>(0);
}
// clang-format on
