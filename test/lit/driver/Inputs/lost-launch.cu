template <int N> __global__ void scale(float *x) { x[threadIdx.x * N] = 1.f; }
__global__ void fill(float *x) { x[threadIdx.x] = 1.f; }
int main() {
  scale<2><<<1, 32>>>(nullptr, undeclared);
  fill<<<1, 32>>>(nullptr);
  int y = undeclared_too;
  return y;
}
