// Lanes that take different ways: evaluated together under a lane mask,
// they must give what lanes one at a time give (lanes-together.test).

__device__ int clampIndex(int i, int n) {
  if (i >= n)
    return n - 1;
  if (i < 0)
    return 0;
  return i;
}

__device__ int pick(int t) {
  if (t % 2)
    return t * 3;
  return t;
}

__global__ void split_if_else(float *out, const float *in) {
  int t = threadIdx.x;
  float v;
  int k;
  if (t < 16) {
    v = in[t];
    k = t * 2;
  } else {
    v = in[t * 4];
    k = t + 100;
  }
  out[k] = v;
}

__global__ void early_return(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 100)
    return;
  out[i] = 1;
  if (threadIdx.x % 3 == 0)
    return;
  out[i * 2] = 2;
}

__global__ void device_returns(float *out) {
  out[clampIndex(threadIdx.x - 8, 64) * 3] = 1;
  out[pick(threadIdx.x) + 1024] = 2;
}

__global__ void lane_trip_counts(float *out) {
  int s = 0;
  for (int k = 0; k < threadIdx.x % 5; ++k) {
    out[k * 32 + threadIdx.x] = k;
    s += k;
  }
  out[s * 64 + threadIdx.x] = 0;
}

__global__ void while_lanes(float *out) {
  int i = threadIdx.x;
  while (i < 64) {
    out[i] = 0;
    i += 48;
  }
  out[i + 512] = 1;
}

__global__ void ternaries(float *out, int n) {
  int a = threadIdx.x, b = threadIdx.x * 5;
  int c = (threadIdx.x & 1) ? a : b;
  out[c] = 0;
  out[(threadIdx.x < 8 && threadIdx.x > 2) ? a : b] = 1;
  out[threadIdx.x < 8 || threadIdx.x > 24 ? a + 1 : 7] = 2;
  out[!(threadIdx.x < 4) ? a : 3] = 3;
}

// Some lanes know the address and some do not: lanes one at a time.
__global__ void mixed_unknown(float *out, int n) {
  int a = threadIdx.x, b = threadIdx.x * 5;
  out[(threadIdx.x < 8 && n > 0) ? a : b] = 1;
}

__global__ void shared_reduce(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1;
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

__global__ void break_apart(float *out, const int *data) {
  for (int k = 0; k < 16; ++k) {
    if (k == threadIdx.x % 4)
      break;
    out[k * 256 + threadIdx.x] = 0;
  }
}

__global__ void continue_apart(float *out) {
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x % 2)
      continue;
    out[k * 256 + threadIdx.x] = 0;
  }
}

__global__ void unknown_then_split(float *out, const int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 0;
  if (flags[i])
    v = 1;
  if (i < n) {
    if (threadIdx.x < 4)
      out[i] = v;
    else
      out[2 * i] = v;
  }
}

__global__ void non_affine_lanes(float *out, int w) {
  int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  int x = (threadIdx.x * 7) & 31, y = threadIdx.x >> 3;
  out[ty * w + tx] = 0;
  out[y * 33 + x] = 1;
  out[min(threadIdx.x, 40u) * 2] = 2;
  out[max((int)threadIdx.x - 3, 0)] = 3;
}

__global__ void two_d(float *out, int pitch) {
  int x = threadIdx.x, y = threadIdx.y;
  if (x > y)
    out[y * pitch + x] = 0;
  else
    out[x * pitch + y] = 1;
}

// A loop whose exit is not known: s keeps 0 in lane 0 (its step is 0) and
// is lost in the others, lane by lane as lanes one at a time lose it. Found
// by the fuzzer: lanes together lost s in every lane, and the unknown
// address gave another reason.
__constant__ int table[4];
__global__ void loop_keeps_lane0(float *out, int n) {
  int s = 0;
  for (int k = 0; k < n; k += threadIdx.x)
    s += k;
  out[min(table[0], s)] = 0;
}

// A condition true only for small blockIdx.x, by lane: each lane alone
// would call it the grid's edge within threadIdx.x blocks, the lanes
// together cannot (found by the fuzzer). Only an edge against a guard's
// bound, where the lanes' own parts cancel, is taken as such.
__global__ void block_below_lane(float *out) {
  int j = threadIdx.x;
  if (blockIdx.x < threadIdx.x)
    j = 0;
  out[j] = 0;
  out[threadIdx.x] = 1;
}

// threadIdx.z of a 256x1x1 block is 0 in every lane: an operation on it
// and a block symbol is one opaque value of the warp, lanes together or
// one at a time (found by the fuzzer: one at a time called it non-linear).
__global__ void flat_axis(float *out) {
  out[(unsigned)(threadIdx.z ^ blockIdx.x)] = out[threadIdx.y];
}

// min of an argument and a constant: one opaque value that no lane
// changes, lanes together or one at a time (found by the fuzzer: one at a
// time called it not known).
__global__ void min_of_argument(float *out, int m) {
  out[min(m, 68) + threadIdx.x * 4] = 0;
}

// A guard's fact decides a comparison lane by lane: k differs from the
// guarded i by each lane's own -threadIdx.x / 2, which cancels in no lane
// symbol together but is a constant in each lane alone.
__global__ void guard_by_lane(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k = blockIdx.x * blockDim.x + threadIdx.x / 2;
  int j = k;
  if (k >= n)
    j = 0;
  out[i] = in[j];
}

// A clamp at 0 that lanes 0-39 of block 0 take: within a warp's width of
// the grid's start for lanes 8-39, not for lanes 0-7; the lanes part on it
// (one at a time: some take the edge, some do not).
__global__ void clamp_wide_start(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i - 40;
  if (k < 0)
    k = 0;
  out[i] = in[k];
}

// A local that lanes 0-15 know and lanes 16-31 do not (loaded), after the
// ways meet: held apart. Read by lanes 0-15 alone it is what they know;
// by lanes 16-31 alone, unknown; by all, the lanes part.
__global__ void held_apart(float *out, const int *d) {
  int t = threadIdx.x;
  int k = t;
  if (t >= 16)
    k = d[t];
  if (t < 16)
    out[k] = 0;
  if (t >= 16)
    out[k] = 1;
}
__global__ void held_apart_read_by_all(float *out, const int *d) {
  int t = threadIdx.x;
  int k = 2 * t;
  if (t % 2)
    k = d[t];
  out[k] = 0;
}

// Held apart, only stored where nothing reads it back: no lane's value
// shows, the lanes stay together.
__global__ void held_apart_stored(int *out, const int *d) {
  int t = threadIdx.x;
  int k = t;
  if (t >= 16)
    k = d[t];
  out[t] = k + 1;
}

// Held apart through a loop whose trips are not known: lanes whose value
// the loop left as it was keep it, the others lose it. Where the lanes
// share the loop's unknown exit, what it moves by a step per trip would
// be a symbol for the lanes that know it: they part.
__global__ void held_apart_loop(float *out, const int *d, int n) {
  int t = threadIdx.x;
  int k = t;
  if (t >= 16)
    k = d[t];
  for (int i = t; i < n; i += 32)
    if (t < 8)
      k = k + 1;
  if (t < 16)
    out[k] = 0;
  for (int i = 0; i < n; ++i) // an exit the lanes share: they part
    if (t < 8)
      k = k + 1;
  if (t < 16)
    out[k] = 0;
}

// max of two constants is as lane-varying as they are: shifted past its
// width, one opaque value that no lane changes, lanes together or one at a
// time (found by the fuzzer: one at a time called it non-linear).
__global__ void max_of_constants(float *out) {
  out[(max(558, 2147483647) << 2147483647) + threadIdx.x] = 0;
}

// Lane symbols that cancel leave no lane symbol, but the value derives
// from threadIdx: lanes together and one at a time both call the shift
// by it non-linear (found by the fuzzer: together named an opaque value).
__global__ void cancelled_lanes(float *out) {
  out[((unsigned)blockIdx.x >>
       ((blockDim.z - gridDim.x - threadIdx.x) + threadIdx.x)) +
      threadIdx.x] = 0;
}

// threadIdx.z * threadIdx.x of a 256x1x1 block is 0 in every lane but
// derives from threadIdx: max of it and an opaque value is not known,
// lanes together or one at a time (found by the fuzzer).
__global__ void max_of_cancelled(float *out) {
  out[max(2147483647 << 2147442527, (int)(threadIdx.z * threadIdx.x)) +
      threadIdx.x] += 1;
}

// Lane 0 alone returns early from seed(): its result is known in lane 0
// and not in the others, which parts the lanes together. Warps 1 to 7,
// where no lane returns, still run together; warp 0 runs lane by lane.
__device__ long seed(long n) {
  if (n == 0)
    return 1;
  long r = 2;
  for (int i = 0; i < 8; i++)
    if ((n >> i) & 1)
      r ^= 7;
  return r;
}
__global__ void warp0_parts(float *out, long m) {
  long r = seed(m * threadIdx.x);
  out[blockIdx.x * 256 + threadIdx.x] = r;
  out[r & 255] = 0;
}

// Lanes 0-3 read scale and the others bias (CUTLASS's scale-bias vector
// iterator): warp 0 parts on pointers into two arrays and runs as those two
// groups, each together; warp 1, one lane of a 33-thread block, alone.
__global__ void two_arrays_by_lane(const float *scale, const float *bias,
                                   float *out) {
  const float *p = threadIdx.x < 4 ? scale : bias;
  int t = threadIdx.x < 4 ? threadIdx.x : threadIdx.x - 4;
  out[blockIdx.x * 256 + threadIdx.x] = p[2 * t];
}

// Lane 0's `lane` is 0 whichever way the uniform `flag` goes; the other
// lanes' is not known: warp 0 parts on reading it and runs as lane 0 and
// lanes 1-31, each together. Lane 0 stores out[64 * blockIdx.x]; the other
// lanes' store is unknown.
__global__ void knowing_lane(const float *in, float *out, int flag) {
  int lane = threadIdx.x % 32;
  if (flag > 0)
    lane = 0;
  out[blockIdx.x * 64 + lane] = in[threadIdx.x];
}

// A size clamp chosen by a helper, whose bound every lane reads from one
// address: each lane takes the index as lanes together do (a fuzzer
// finding: a lane alone took it as not known). Lane t stores out[t].
__constant__ int limits[1];
__device__ int smaller(int a, int b) { return a < b ? a : b; }
__global__ void clamp_by_choice(float *out) {
  out[smaller(limits[0], threadIdx.x)] = 1.f;
}

// A choice whose sides equal its compared index only by value, in one lane
// (lane 0's t and 4 * t): no size clamp, alone or together (a fuzzer
// finding: a lane alone took it as one). Lane t stores out[t].
__global__ void clamp_by_value(float *out, int c) {
  int t = threadIdx.x;
  out[c < 4 * t ? t : t] = 2.f;
}

// A lane's own quotient and remainder by the warp (`t / 32`, `t % 32`):
// numbers, exact in a lane alone, with no grid edge where an index wraps
// (lanes 30 and 31 were once taken below 0). Lane t of warp w reads
// rows[w][t % 32 + 32 * k], one wavefront.
__global__ void warp_rows(float *out) {
  __shared__ float rows[4][256];
  float s = 0.f;
  for (int k = 0; k < 8; ++k)
    s += rows[threadIdx.x / 32][threadIdx.x % 32 + 32 * k];
  out[blockIdx.x * 128 + threadIdx.x] = s;
}

void launch(float *o, const float *i, const int *d, int flag) {
  two_d<<<1, dim3(16, 16)>>>(o, 512);
  two_arrays_by_lane<<<1, 33>>>(i, i + 64, o);
  knowing_lane<<<1, 32>>>(i, o, flag);
  warp_rows<<<8, 128>>>(o);
}
