// RUN: %cal --dump-accesses %s -- | FileCheck %s
// Double-precision sin, cos, sinpi and cospi read six coefficients from
// the math library's table of 16 doubles in global memory: the half the
// argument's quadrant picks, in three 16-byte loads at the call's line
// (cuda-samples/trig_tables.cu, measured). Where every lane has one angle,
// every lane reads one half: 1 sector per load, the ideal. Where lanes'
// angles differ, their quadrants decide how many halves a load touches
// (the H200: 2 sectors for alternating quadrants, 1 for one quadrant), and
// nothing here computes a quadrant: unknown. float sinf and the like, and
// sincos and tan, read no table for ordinary arguments. nvcc computes sin
// of one value once (ddbp's rotation: cos(phi) and sin(phi) twice each,
// measured at their first lines only), and folds sin of a constant.

// clang-format off
__global__ void oneAngle(double *out, double phi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cos(phi) + sinpi(phi);
// CHECK: trig-tables.cu:[[@LINE-1]]:12: oneAngle: global load 16B x3 of '__cudart_sin_cos_coeffs' block 128x1x1
// CHECK-NEXT: address: __cudart_sin_cos_coeffs + 64*(quadrant(cos(phi)@[[@LINE-2]]) % 2) bytes
// CHECK-NEXT: lanes: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// CHECK: sectors: 1 best 1 ideal 1 lines128 1 avg 1.00 requests 12 executions 12
// CHECK: trig-tables.cu:[[@LINE-5]]:23: oneAngle: global load 16B x3 of '__cudart_sin_cos_coeffs' block 128x1x1
// CHECK: sectors: 1 best 1 ideal 1 lines128 1 avg 1.00 requests 12 executions 12
}

__global__ void laneAngles(double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = sin(i * 0.5);
// CHECK: trig-tables.cu:[[@LINE-1]]:12: laneAngles: global load 16B x3 of '__cudart_sin_cos_coeffs' block 128x1x1
// CHECK-NEXT: unknown: each lane's argument of 'sin' picks the half of the coefficient table it reads
}

__global__ void rotate(double *x, double *y, double phi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double a = x[i] * cos(phi) - y[i] * sin(phi);
// CHECK: trig-tables.cu:[[@LINE-1]]:21: rotate: global load 16B x3 of '__cudart_sin_cos_coeffs' block 128x1x1
// CHECK: trig-tables.cu:[[@LINE-2]]:39: rotate: global load 16B x3 of '__cudart_sin_cos_coeffs' block 128x1x1
  double b = x[i] * sin(phi) + y[i] * cos(phi);
// CHECK-NOT: trig-tables.cu:[[@LINE-1]]:{{.*}}__cudart_sin_cos_coeffs
  x[i] = a;
  y[i] = b + sin(0.25);
// CHECK-NOT: trig-tables.cu:[[@LINE-1]]:{{.*}}__cudart_sin_cos_coeffs
}

__global__ void noTable(double *out, float *f, double phi, float x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double s, c;
  sincos(phi, &s, &c);
  out[i] = s + c + tan(phi);
  f[i] = sinf(x) + cosf(x) + sin(x);
// CHECK-NOT: noTable: global load
}
// clang-format on

int main() {
  oneAngle<<<1, 128>>>(nullptr, 0.5);
  laneAngles<<<1, 128>>>(nullptr);
  rotate<<<1, 128>>>(nullptr, nullptr, 0.5);
  noTable<<<1, 128>>>(nullptr, nullptr, 0.5, 0.5f);
}
