// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(a['op'], a['line'], a.get('end_line')) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// An access whose expression spans lines carries its last line too: nvcc
// may put the instruction on any of them (ncu attributed such a load to its
// last line). One on a single line has no end_line. A store spans its
// assignment, the value it stores included.

// clang-format off
__global__ void spans(const float *in, float *out, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[w +
              i];
  // CHECK-DAG: load [[@LINE-2]] [[@LINE-1]]
  // CHECK-DAG: store [[@LINE-3]] [[@LINE-2]]
}

// A store spans its whole assignment: ncu put SGEMM_CUDA's float4 stores
// (`reinterpret_cast<float4 *>(&C[...])[0] =\n tmp;`) on the line of the
// value, past the end of the stored expression.
__global__ void assigns(float4 *out, const float4 *in, float *f) {
  int i = threadIdx.x;
  out[i] =
      in[i];
  // CHECK-DAG: load [[@LINE-1]] None
  // CHECK-DAG: store [[@LINE-3]] [[@LINE-2]]
  f[i] +=
      1.f;
  // CHECK-DAG: load [[@LINE-2]] None
  // CHECK-DAG: store [[@LINE-3]] [[@LINE-2]]
}
// clang-format on
