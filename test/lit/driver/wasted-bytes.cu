// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(a['op'], a['line'], a.get('wasted_bytes'), a.get('waste_per')) for a in json.load(sys.stdin)['accesses']]" | FileCheck %s
// The bytes an access wastes in a launch are its requests' sectors beyond
// each request's own ideal, as the profiler sums them: requests of fewer
// lanes need fewer sectors. head() reads a row's first 32 floats, then
// the next 16: ideally 4 and 2 sectors, 3 on average. Block b's row starts
// 144 * b bytes in, on a sector boundary in even blocks (4 + 2 sectors)
// and 16 bytes past it in odd ones (5 + 3): 3.5 a request, half a sector
// over the ideal, 16 bytes, twice a warp, in 64 warps: 2048 bytes. Against
// the worst request's ideal (4) it would be none.

// clang-format off
__device__ float head(const float *__restrict__ p, unsigned lanes) {
  return threadIdx.x < lanes ? p[threadIdx.x] : 0.f;
  // CHECK-DAG: load [[@LINE-1]] 2048 launch
}

__global__ void halves(const float *__restrict__ in, float *__restrict__ out) {
  const float *row = in + blockIdx.x * 36;
  out[blockIdx.x * 32 + threadIdx.x] = head(row, 32) + head(row + 32, 16);
  // CHECK-DAG: store [[@LINE-1]] 0 launch
}
// clang-format on

int main() { halves<<<64, 32>>>(nullptr, nullptr); }
