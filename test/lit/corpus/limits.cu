// Hostile kernels end at the evaluator's limits (EvalLimits: MaxLoopTrips,
// MaxCallDepth, MaxSteps) and say so, never loop for ever.
// RUN: %cal --dump-accesses %s -- > %t.out
// RUN: FileCheck %s < %t.out

// A billion trips: the first MaxLoopTrips are evaluated.
__global__ void billion(float *out) {
  for (long long i = 0; i < 1000000000LL; ++i)
    out[i * 256 + threadIdx.x] = 0;
}
// CHECK: limits.cu:[[@LINE-2]]:5: billion: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: evaluated the first iterations of the loop at line [[@LINE-5]]
// CHECK-NOT: calls nested deeper

// while (1) left only on data the evaluator cannot know.
__global__ void spin(const int *flag, float *out) {
  int k = 0;
  while (1) {
    out[k * 256 + threadIdx.x] = 0;
    if (flag[k] != 0)
      break;
    ++k;
  }
}
// CHECK: limits.cu:[[@LINE-6]]:5: spin: global store 4B of 'out'
// CHECK: assume: evaluated the first iterations of the loop at line [[@LINE-8]]
// CHECK: limits.cu:[[@LINE-7]]:9: spin: global load 4B of 'flag'
// CHECK: assume: evaluated the first iterations of the loop at line [[@LINE-10]]

// Recursion without a base case: followed to MaxCallDepth, then the call's
// result is unknown and the caller goes on.
__device__ int unbounded(const float *p, int n) {
  return unbounded(p, n + 1) + int(p[n * 32 + threadIdx.x]);
}
__global__ void recurse(const float *in, float *out) {
  out[threadIdx.x] = unbounded(in, 0);
}
// CHECK: limits.cu:[[@LINE-5]]:{{[0-9]+}}: unbounded (from recurse): global load 4B of 'in'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: calls nested deeper than 24 levels were not followed: the accesses they make are not counted
// CHECK: limits.cu:[[@LINE-5]]:3: recurse: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK: assume: calls nested deeper than 24 levels were not followed

// 64^4 trips, each under MaxLoopTrips: only the step budget stops it. All
// lanes stop together; the requests before the stop are reported, with the
// budget among the assumptions.
__global__ void nested(float *out) {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      for (int c = 0; c < 64; ++c)
        for (int d = 0; d < 64; ++d)
          out[a + b + c + d + threadIdx.x] = 0;
}
// CHECK: limits.cu:[[@LINE-2]]:11: nested: global store 4B of 'out'
// CHECK-NOT: limits.cu:
// CHECK: assume: evaluation stopped at its budget

// What the full run does not reach past a 4-deep nest comes from the last
// and cheapest run: warp 4 alone, every loop cut at 2 trips (16 trips in
// all), out[tid] and in[tid] 4 sectors each.
__global__ void after_budget(float *out, const float *in) {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      for (int c = 0; c < 64; ++c)
        for (int d = 0; d < 64; ++d)
          out[a + b + c + d + threadIdx.x] = 0;
  out[threadIdx.x] = in[threadIdx.x];
}
// CHECK: limits.cu:[[@LINE-3]]:11: after_budget: global store 4B of 'out'
// CHECK: assume: evaluation stopped at its budget
// CHECK: limits.cu:[[@LINE-4]]:3: after_budget: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 1
// CHECK: assume: evaluated for warp 4 alone
// CHECK-NEXT: assume: evaluated with every loop cut at 2 trips: the budget ran out before the full run reached it
// CHECK: limits.cu:[[@LINE-8]]:22: after_budget: global load 4B of 'in'
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 1

// What not even that run reaches (20 nested loops: 2^20 trips, past a
// lane's step budget) is still an access, unknown for that reason: never
// dropped.
#define LOOP(v) for (int v = 0; v < 64; ++v)
__global__ void past_every_run(float *out, const float *in) {
  LOOP(a) LOOP(b) LOOP(c) LOOP(d) LOOP(e) LOOP(f) LOOP(g) LOOP(h) LOOP(i)
  LOOP(j) LOOP(k) LOOP(l) LOOP(m) LOOP(n) LOOP(o) LOOP(p) LOOP(q) LOOP(r)
  LOOP(s) LOOP(t) out[threadIdx.x] = 0;
  out[threadIdx.x] = in[threadIdx.x];
}
// CHECK: limits.cu:[[@LINE-3]]:19: past_every_run: global store 4B of 'out'
// CHECK: assume: evaluation stopped at its budget
// CHECK: limits.cu:[[@LINE-4]]:3: past_every_run: global store 4B of 'out'
// CHECK-NEXT: unknown: evaluation budget exhausted
// CHECK: limits.cu:[[@LINE-6]]:22: past_every_run: global load 4B of 'in'
// CHECK-NEXT: unknown: evaluation budget exhausted

// A loop nest the budget stops before the block's 8 warps, evaluated
// together, leave it: the nest's store keeps the requests the run made
// before it stopped (3684 trips of each of 8 warps: 57 rows of 64 and 36
// more), and what follows it comes from a run of all 8 warps that cuts
// every loop at 8 trips, the trips of a loop whose exit is not known,
// rather than left unknown. In the loop, lanes start at a + b floats: off
// a 32-byte boundary unless (a + b) % 8 == 0, 5 sectors, else 4 (8 of the
// 64 pairs of a row: average 4.88); after it, out[tid] takes 4 sectors and
// in[2 * tid] 8.
__global__ void eight_trips(float *out, const float *in) {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      out[a + b + threadIdx.x] = 0;
  out[threadIdx.x] = in[threadIdx.x * 2];
}
// CHECK: limits.cu:[[@LINE-3]]:7: eight_trips: global store 4B of 'out'
// CHECK: sectors: 5 best 5 ideal 4 lines128 2 avg 4.88 requests 29472
// CHECK-NOT: assume: evaluated with every loop cut
// CHECK: assume: evaluation stopped at its budget
// CHECK: limits.cu:[[@LINE-6]]:3: eight_trips: global store 4B of 'out'
// CHECK-NEXT: address: out + 0 bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8
// CHECK: assume: evaluated with every loop cut at 8 trips
// CHECK: limits.cu:[[@LINE-10]]:22: eight_trips: global load 4B of 'in'
// CHECK-NEXT: address: in + 0 bytes
// CHECK: sectors: 8 best 8 ideal 4 lines128 2 avg 8.00 requests 8

// The same loop nest under an if that no lane can decide: the budget stops
// the lanes together inside the branch, which is no parting of lanes, so
// they are not run again one at a time (that took 1.8 s here, and gave
// requests of a few lanes each: out + 0 bytes, 5 requests, avg 3.60). What
// follows the if comes from the run cut at 8 trips, as in eight_trips:
// out[tid] 4 sectors, in[2 * tid] 8.
__global__ void budget_in_branch(float *out, const float *in, int n) {
  if (n > 0) {
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b)
        out[a + b + threadIdx.x] = 0;
  }
  out[threadIdx.x] = in[threadIdx.x * 2];
}
// CHECK: limits.cu:[[@LINE-4]]:9: budget_in_branch: global store 4B of 'out'
// CHECK: sectors: 5 best 5 ideal 4
// CHECK: assume: evaluation stopped at its budget
// CHECK: limits.cu:[[@LINE-5]]:3: budget_in_branch: global store 4B of 'out'
// CHECK-NEXT: address: out + 0 bytes
// CHECK: sectors: 4 best 4 ideal 4 lines128 1 avg 4.00 requests 8
// CHECK: assume: evaluated with every loop cut at 8 trips
// CHECK: limits.cu:[[@LINE-9]]:22: budget_in_branch: global load 4B of 'in'
// CHECK-NEXT: address: in + 0 bytes
// CHECK: sectors: 8 best 8 ideal 4 lines128 2 avg 8.00 requests 8

// A goto back for ever: the evaluator follows a goto forward only, one pass.
__global__ void goto_loop(float *out) {
  int k = 0;
top:
  out[k++ * 256 + threadIdx.x] = 0;
  goto top;
}
// CHECK: limits.cu:[[@LINE-3]]:3: goto_loop: global store 4B of 'out'
