// RUN: %cal --format=json %s -- | python3 -c "import json,sys; [print(d['line'], d['check'], d['kernel'], '|', ' '.join(d['kernels'])) for d in json.load(sys.stdin)['diagnostics']]" | FileCheck %s --implicit-check-not=cuda-access
// RUN: %cal %s -- 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// Two instantiations of a kernel make the same warning at the same place:
// it is shown once, as clang-tidy shows a template's warning once, and its
// JSON entry names every kernel it stands for ("kernels"), the first also
// as "kernel" (the one its fingerprint names). Lane i reads in[32 * i]: 32
// sectors where 4 would do for floats, 32 where 8 would do for doubles,
// one message each.
template <typename T> __global__ void strided(T *out, const T *in) {
  out[threadIdx.x] = in[threadIdx.x * 32];
}
// CHECK: [[@LINE-2]] cuda-access-uncoalesced strided<float> | strided<float> strided<int>
// CHECK: [[@LINE-3]] cuda-access-uncoalesced strided<double> | strided<double>
// TEXT: repeated-warnings.cu:[[@LINE-4]]:22: warning: global load of 'in' is uncoalesced: a warp touches 32 sectors where 4 would do
// TEXT: repeated-warnings.cu:[[@LINE-5]]:22: warning: global load of 'in' is uncoalesced: a warp touches 32 sectors where 8 would do

int main() {
  strided<float><<<1, 256>>>(0, 0);
  strided<int><<<1, 256>>>(0, 0);
  strided<double><<<1, 256>>>(0, 0);
}
