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

// 64^3 trips of a few expressions each: past the default budget of 400000
// expressions a lane. The note names the option that raises it, and with
// it raised the whole loop is evaluated and the note is gone.
// RUN: %cal --block-dim=32 --checks='-*,cuda-access-uncoalesced' --max-steps=20000000 %s -- 2>&1 | FileCheck %s --check-prefix=RAISED
// RUN: not %cal --block-dim=32 --max-steps=10 %s -- 2>&1 | FileCheck %s --check-prefix=BADSTEPS
// BADSTEPS: error: --max-steps/--max-loop-trips: MaxSteps 10 is not between 1000 and 1000000000
// RUN: not %cal --block-dim=32 --max-loop-trips=0 %s -- 2>&1 | FileCheck %s --check-prefix=BADTRIPS
// BADTRIPS: error: --max-steps/--max-loop-trips: MaxLoopTrips 0 is not between 1 and 65536
__global__ void deepLoops(const float *in, float *out) {
  float s = 0;
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      for (int c = 0; c < 64; ++c)
        s += in[threadIdx.x * 4096 + a * 64 + b + c];
  // CHECK: budget-notes.cu:[[@LINE-1]]:14: warning: global load of 'in' is uncoalesced
  // CHECK: note: assumed: the evaluation was cut short: {{.*}}stopped at its budget{{.*}} (a larger MaxSteps, --max-steps, evaluates further)
  // RAISED: budget-notes.cu:[[@LINE-3]]:14: warning: global load of 'in' is uncoalesced
  // RAISED-NOT: cut short
  // RAISED-NOT: evaluation stopped
  out[threadIdx.x] = s;
}
