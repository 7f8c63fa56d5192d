// RUN: %cal --dump-accesses %s -- | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck %s --check-prefix=JSON
// Which lanes run an access under `if (flag[i])` is for the data to say:
// the numbers are those of a request whose lanes all run it, and the report
// names the value that decides. A value every lane reads from one address is
// the same in every lane, and a guard on the launch's values (`i < n`) is
// not data: the whole warp runs those accesses, as far as the analyzer
// knows.

// clang-format off
__global__ void data_lanes(float *out, const int *flag, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (flag[i])
    out[i] = 0;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: data_lanes: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-4]]
// JSON: "lanes_decided_by": "a value loaded from global memory at line [[@LINE-5]]"
  if (flag[0])
    out[i] = 1;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: data_lanes: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: lanes decided by
// CHECK: assume:
  if (i < n)
    out[i] = 2;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: data_lanes: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: lanes decided by
// CHECK: assume:
  if (flag[i] > 2)
    return;
  out[i] = 3;
// Lanes may have left, as the data say.
// CHECK: data-decided-lanes.cu:[[@LINE-2]]:3: data_lanes: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-6]]
}

// Floats computed from the kernel's arguments are not known, but every lane
// holds the same: a loop they bound runs the whole warp (wsm5's time steps).
__global__ void float_steps(float *out, float delt) {
  float step = 120.f;
  int loops = delt / step + .5f;
  loops = loops > 1 ? loops : 1;
  for (int l = 1; l <= loops; l++)
    out[threadIdx.x] += 1.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: float_steps: global load 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: lanes decided by
// CHECK: assume:
  float x = out[threadIdx.x];
  if (x > delt)
    out[threadIdx.x] = 0;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: float_steps: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-5]]
}

// A side of `?:` runs in the lanes that take it, as a branch of an `if`
// does. A side that loads what its condition loaded (`MAX(a[i], m)`) loads
// nothing: the compiler reuses the condition's value.
__global__ void sides(const float *a, const int *f, float *out, float m) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = a[i] > m ? a[i] : m;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:12: sides: global load 4B of 'a'
// CHECK-NOT: lanes decided by
// CHECK-NOT: data-decided-lanes.cu:[[@LINE-3]]:23:
// CHECK: data-decided-lanes.cu:[[@LINE+1]]:3: sides: global store 4B of 'out'
  out[i] = f[i] > 0 ? a[i] : 0.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:23: sides: global load 4B of 'a'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-3]]
}

// `c ? a[i + 1] : a[i]` read as a value is one load from the address each
// lane's side gives (clang joins the two addresses): which, the flag or
// the data decide here, so the load is unknown, never left out.
__global__ void choices(const float *a, const int *f, float *out, int wrap) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = wrap ? a[i + 1] : a[i];
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:12: choices: global load 4B of 'a'
// CHECK-NEXT: unknown: a condition not known at line [[@LINE-2]]
  out[i + 1] = f[i] > 0 ? a[i + 1] : a[i + 2];
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:16: choices: global load 4B of 'f'
// CHECK: data-decided-lanes.cu:[[@LINE-2]]:16: choices: global load 4B of 'a'
// CHECK-NEXT: unknown: a condition not known at line [[@LINE-3]]
}

// Lanes that all touch one address, or one lane alone, need the same
// sectors whichever of them the data run: the count holds (1 sector of 32
// bytes for a 4-byte word), though how often it runs is for the data to say.
// The atomic's branch is a jump, which a warp with no lane to run skips.
__global__ void one_address(float *out, const int *flag, float *sum) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (flag[i] > 0)
    atomicAdd(sum, 1.f);
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: one_address: global atomic 4B of 'sum'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-4]] (the count holds whichever lanes)
// JSON: "count_holds_for_any_lanes": true
  if (threadIdx.x == 0)
    if (flag[i] > 2)
      for (int k = 0; k < 2; ++k)
        out[blockIdx.x * 2 + k] = 2;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:9: one_address: global store 4B of 'out'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-5]] (the count holds whichever lanes)
// A small body is predicated: every warp that reaches it runs the store,
// with no lane on where the data say no, and the average is not known. So
// is a side of `?:`, a select.
  if (flag[i] > 1)
    out[0] = 1.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: one_address: global store 4B of 'out'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-4]]{{$}}
  out[i] = flag[i] > 3 ? sum[0] : 0.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:26: one_address: global load 4B of 'sum'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-3]]{{$}}
}

// A lane equal to a value read from memory (tsp's non-deterministic
// winner, `threadIdx.x == buf_s[1]`) is the data's pick: one lane at most,
// not the whole warp as under a bound (`i < n`). The `if`, the kernel's
// last statement, is an early exit, not predicated: the count holds.
__global__ void winner(float *out, const int *flag) {
  __shared__ int s[2];
  if (threadIdx.x == 0)
    s[1] = flag[blockIdx.x];
  __syncthreads();
  if (threadIdx.x == s[1])
    out[blockIdx.x] = 1.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: winner: global store 4B of 'out'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a condition not known at line [[@LINE-4]] (one lane at most: the count holds)
}

// Lanes whose x differ are equal to an unknown n in one lane at most, not
// in the whole warp as under a bound: the store is one lane's 4-byte word,
// 1 sector, whichever lane it is. The first `if` is predicated, which every
// warp runs, with no lane on in most: the average is not known. The other
// side is every lane but one, as far as the analyzer knows: 4 sectors. The
// last `if` is an early exit: the count holds.
__global__ void at_the_end(float *out, int width) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  if (x == width - 1)
    out[x] = 1.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: at_the_end: global store 4B of 'out'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a condition not known at line [[@LINE-4]] (one lane at most){{$}}
// JSON: "one_lane_at_most": true
  if (x != width - 1 && x != 0)
    out[x] = 2.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: at_the_end: global store 4B of 'out'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NOT: lanes decided by
// CHECK: assume:
  if (!(x != width - 1))
    out[x] = 3.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: at_the_end: global store 4B of 'out'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a condition not known at line [[@LINE-4]] (one lane at most: the count holds)
}

// In a 16x16 block a warp is two rows, so lanes 15 and 31 share their x:
// `x == width - 1` holds in one of sixteen pairs of lanes, which pair an
// unknown block decides: some lanes, which ones not known, not the whole
// warp (4 sectors, as the analyzer took it before). `x == 0` holds in one
// pair alone, the lanes of column 0 (2 sectors, rows 2048 bytes apart),
// all or none: that is known. The edges together (a stencil's border, of
// heat_simulation) are some lanes again.
__global__ void columns(float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x == width - 1)
    out[y * width + x] = 1.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: columns: global store 4B of 'out' block 16x16x1
// CHECK: lanes decided by: a condition not known at line [[@LINE-3]]{{$}}
  if (x == 0)
    out[y * width + x] = 2.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: columns: global store 4B of 'out' block 16x16x1
// CHECK: sectors: 2 best 2 ideal 1
// CHECK-NOT: lanes decided by
// CHECK: assume:
  if (x == 0 || x == width - 1 || y == 0)
    out[y * width + x] = 3.f;
// CHECK: data-decided-lanes.cu:[[@LINE-1]]:5: columns: global store 4B of 'out' block 16x16x1
// CHECK: lanes decided by: a condition not known at line [[@LINE-3]]{{$}}
}

void launch_columns(float *out) {
  columns<<<dim3(32, 32), dim3(16, 16)>>>(out, 512);
}

// 32 lanes' bytes in one sector, and 32 words in one wavefront: any few of
// those lanes need that one too, and the count holds. 32 words in 4
// sectors may need fewer where fewer lanes run: not known.
__global__ void one_sector(char *c, float *f, const int *flag) {
  __shared__ float s[256];
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (flag[i] > 0) {
    c[i] = 1;
    s[threadIdx.x] = 1.f;
    f[i] = 1.f;
  }
// CHECK: data-decided-lanes.cu:[[@LINE-4]]:5: one_sector: global store 1B of 'c'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-7]] (the count holds whichever lanes)
// CHECK: data-decided-lanes.cu:[[@LINE-6]]:5: one_sector: shared store 4B of 's'
// CHECK: wavefronts: 1 best 1 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-10]] (the count holds whichever lanes)
// CHECK: data-decided-lanes.cu:[[@LINE-8]]:5: one_sector: global store 4B of 'f'
// CHECK: sectors: 4 best 4 ideal 4
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-13]]{{$}}
}
// The right side of `&&` runs in the lanes whose left side holds: where the
// data decide that (ss's two-character filter, `first == text[i] && second
// == text[i + 1]`), which lanes load there is theirs to say. 32 lanes
// reading bytes 1..32 need 2 sectors together, one alone: not known. The
// left side's load runs in every lane, and a left side the lanes share
// (`n > 4`) leaves the warp whole.
__global__ void short_circuit(int *hits, const char *text, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (text[i] == 'a' && text[i + 1] == 'b')
    hits[i] = 1;
// CHECK: data-decided-lanes.cu:[[@LINE-2]]:7: short_circuit: global load 1B of 'text'
// CHECK: sectors: 1 best 1 ideal 1
// CHECK-NOT: lanes decided by
// CHECK: data-decided-lanes.cu:[[@LINE-5]]:25: short_circuit: global load 1B of 'text'
// CHECK: sectors: 2 best 2 ideal 1
// CHECK-NEXT: lanes decided by: a value loaded from global memory at line [[@LINE-7]]{{$}}
  if (n > 4 && text[i + 1] == 'b')
    hits[i] = 2;
// CHECK: data-decided-lanes.cu:[[@LINE-2]]:16: short_circuit: global load 1B of 'text'
// CHECK: sectors: 2 best 2 ideal 1
// CHECK-NOT: lanes decided by
// CHECK: assume:
}
// clang-format on
