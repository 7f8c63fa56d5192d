// RUN: %cal --block-dim=32 --checks='-*,cuda-access-uncoalesced' %s -- 2>&1 | FileCheck %s
// Where the evaluation was cut short in several ways (two loops of runtime
// trips), a warning says so in one note, not one note each.
__global__ void twoLoops(const float *in, float *out, int n, int m) {
  float s = 0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < m; ++b)
      s += in[(threadIdx.x * 32 + a) * 64 + b];
  // CHECK: budget-notes.cu:[[@LINE-1]]:12: warning: global load of 'in' is uncoalesced
  // CHECK: note: assumed: the evaluation was cut short: the loops at lines 6 and 7 evaluated for their first iterations
  // CHECK-NOT: assumed: evaluated the first iterations
  out[threadIdx.x] = s;
}

// One loop alone keeps its own note.
__global__ void oneLoop(const float *in, float *out, int n) {
  float s = 0;
  for (int a = 0; a < n; ++a)
    s += in[threadIdx.x * 64 + a];
  // CHECK: budget-notes.cu:[[@LINE-1]]:10: warning: global load of 'in' is uncoalesced
  // CHECK: note: assumed: evaluated the first iterations of the loop at line 18
  out[threadIdx.x] = s;
}
