// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(a['op'], a['line'], a.get('end_line')) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// An access whose expression spans lines carries its last line too: nvcc
// may put the instruction on any of them (ncu attributed such a load to its
// last line). One on a single line has no end_line.

// clang-format off
__global__ void spans(const float *in, float *out, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[w +
              i];
  // CHECK-DAG: load [[@LINE-2]] [[@LINE-1]]
  // CHECK-DAG: store [[@LINE-3]] None
}
// clang-format on
