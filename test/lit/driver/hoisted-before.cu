// RUN: %cal %s -- 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(a['op'], a['line'], a['column'], (a.get('hoisted_before') or {}).get('line')) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// A load that every trip of a loop makes at the same address, which the
// loop does not store to, is made once before the loop: JSON names the
// loop's line, where Nsight Compute counts it (mini-nbody's p[i].x,
// measured on the H200 on its `for` line), and a warning on it says so. A
// load the loop moves has none.

// clang-format off
__global__ void force(const float *p, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float F = 0;
  for (int j = 0; j < n; j++)
    F += p[j] - p[2 * i];
// CHECK-DAG: load [[@LINE-1]] 10 None
// CHECK-DAG: load [[@LINE-2]] 17 [[@LINE-3]]
// Lanes 8 bytes apart: 8 sectors where 4 would do.
// TEXT: hoisted-before.cu:[[@LINE-4]]:17: warning: global load of 'p' is uncoalesced
// TEXT: note: loaded once, before the loop at line [[@LINE-6]]: Nsight Compute counts it on that line
  f[i] = F;
}
// clang-format on

int main(int argc, char **) { force<<<4, 256>>>(nullptr, nullptr, argc); }
